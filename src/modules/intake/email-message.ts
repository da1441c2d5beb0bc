import type { Readable } from 'node:stream'
import { simpleParser } from 'mailparser'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { IncomingFile } from '../files/files-port.js'
import type { IncomingMessage } from './intake-service.js'

export const tooManyPartsMessage = `A message may have at most ${limits.intakeMessagePartsMax} MIME parts.`

/**
 * Turns a raw RFC 822 message into what intake files: recipients, attachments, body. The parser
 * stops at the part after the last allowed one, so a message of a thousand parts costs no more
 * than one at the limit. Attachments keep their bytes exactly as decoded from the message.
 */
export async function parseEmailMessage(
  raw: Buffer | Readable,
  envelopeRecipients: string[] = [],
): Promise<Result<IncomingMessage>> {
  // mailparser hands its options to its MIME splitter, which counts every node, the root included.
  const options = {
    skipImageLinks: true,
    skipTextToHtml: true,
    maxChildNodes: limits.intakeMessagePartsMax,
  }
  let mail: Awaited<ReturnType<typeof simpleParser>>
  try {
    mail = await simpleParser(raw, options)
  } catch (error) {
    if (isTooManyParts(error)) return fail('TOO_MANY_PARTS', tooManyPartsMessage)
    return fail('MALFORMED_MESSAGE', 'The message could not be parsed.')
  }
  const listed = [mail.to, mail.cc]
    .flatMap((field) => (field ? (Array.isArray(field) ? field : [field]) : []))
    .flatMap((field) => field.value.map((a) => a.address ?? ''))
  const headerRecipients = ['delivered-to', 'x-original-to'].flatMap((name) => {
    const value = mail.headers.get(name)
    return typeof value === 'string' ? [value] : []
  })
  const files: IncomingFile[] = mail.attachments.map((a) => ({
    filename: a.filename,
    bytes: new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength),
  }))
  return ok({
    addressType: 'email',
    recipients: [...envelopeRecipients, ...headerRecipients, ...listed].filter((a) => a !== ''),
    files,
    body: { text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : null },
  })
}

function isTooManyParts(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return code === 'EMAXLEN' && typeof message === 'string' && /child nodes/i.test(message)
}

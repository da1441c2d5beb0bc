import { simpleParser } from 'mailparser'
import type { IncomingFile } from '../receipts/receipt-service.js'
import type { IncomingMessage } from './intake-service.js'

/** Turns a raw RFC 822 message into what intake files: recipients, attachments, body. */
export async function parseEmailMessage(
  raw: Buffer,
  envelopeRecipients: string[] = [],
): Promise<IncomingMessage> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true })
  const listed = [mail.to, mail.cc]
    .flatMap((field) => (field ? (Array.isArray(field) ? field : [field]) : []))
    .flatMap((field) => field.value.map((a) => a.address ?? ''))
  const headerRecipients = ['delivered-to', 'x-original-to'].flatMap((name) => {
    const value = mail.headers.get(name)
    return typeof value === 'string' ? [value] : []
  })
  const files: IncomingFile[] = mail.attachments.map((a) => ({
    filename: a.filename,
    bytes: new Uint8Array(a.content),
  }))
  return {
    addressType: 'email',
    recipients: [...envelopeRecipients, ...headerRecipients, ...listed].filter((a) => a !== ''),
    files,
    body: { text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : null },
  }
}

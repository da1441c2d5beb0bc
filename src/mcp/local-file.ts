import { constants } from 'node:fs'
import { open, realpath } from 'node:fs/promises'
import path from 'node:path'
import { limits } from '../kernel/limits.js'
import { ok } from '../kernel/result.js'
import type { DaybookAnswer } from './daybook-http.js'

/** Read in pieces so a file that grows, or a device that never ends, stops at the cap. */
const readChunkBytes = 1024 * 1024

export interface LocalFile {
  bytes: Uint8Array
  /** The name the upload carries: the file's own, without its folders. */
  filename: string
}

/** What a file tool sends: a bank's statement, or a receipt. */
export type LocalFileKind = 'statement' | 'receipt'

/** The names each kind of file goes by: the formats Daybook reads, and no others. */
export const localFileExtensions: Readonly<Record<LocalFileKind, readonly string[]>> = {
  statement: ['.ofx', '.qfx', '.qbo', '.xml', '.sta', '.mt940', '.940', '.qif', '.csv', '.tsv', '.txt'],
  receipt: ['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.pdf'],
}

export type ReadLocalFile = (filePath: string, kind: LocalFileKind) => Promise<DaybookAnswer<LocalFile>>

/**
 * Files on the agent's machine, to be sent to POST /uploads, from one folder the operator chose
 * (DAYBOOK_MCP_FILES_DIR) and of the kinds the tool takes. An agent can be talked into a path by
 * the text it reads, so a path elsewhere (after every symbolic link is followed) or of another
 * kind is refused unread: no key, configuration or document beside it can leave the machine as
 * a "statement". A relative path is taken from that folder. Without a folder, no path is read.
 */
export function localFileReader(folder: string | undefined): ReadLocalFile {
  return async (filePath, kind) => {
    const refused = (reason: string) => ({
      ok: false as const,
      error: { errorCode: 'LOCAL_FILE_REFUSED', error: reason },
    })
    if (folder === undefined) {
      return refused(
        'Reading files from this machine is off: the operator names the one folder files may come from with DAYBOOK_MCP_FILES_DIR. Give the s3Key of a file already uploaded instead.',
      )
    }
    const extensions = localFileExtensions[kind]
    const wanted = path.resolve(folder, filePath)
    if (!extensions.includes(path.extname(wanted).toLowerCase())) {
      return refused(`${wanted} is not a ${kind} file: its name must end in ${extensions.join(', ')}.`)
    }
    let real: string
    try {
      real = await realpath(wanted)
    } catch (error) {
      return cannotRead(wanted, reasonOf(error))
    }
    const inside = path.relative(folder, real)
    if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
      return refused(
        `${wanted} is outside ${folder}, the folder files may be read from (DAYBOOK_MCP_FILES_DIR).`,
      )
    }
    if (!extensions.includes(path.extname(real).toLowerCase())) {
      return refused(`${wanted} is not a ${kind} file: its name must end in ${extensions.join(', ')}.`)
    }
    return readFileAt(real, wanted)
  }
}

const reasonOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error)

const cannotRead = (shown: string, reason: string) => ({
  ok: false as const,
  error: { errorCode: 'LOCAL_FILE_UNREADABLE', error: `Cannot read ${shown}: ${reason}.` },
})

/** The file at a path already resolved, opened without following a link swapped in since. */
async function readFileAt(real: string, shown: string): Promise<DaybookAnswer<LocalFile>> {
  const tooLarge = {
    ok: false as const,
    error: {
      errorCode: 'FILE_TOO_LARGE',
      error: `${shown} is larger than ${limits.uploadBytesMax / (1024 * 1024)} MiB, the most an upload may be.`,
    },
  }
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW)
  } catch (error) {
    return cannotRead(shown, reasonOf(error))
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) return cannotRead(shown, 'not a regular file')
    if (stats.size > limits.uploadBytesMax) return tooLarge
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.alloc(readChunkBytes)
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
      if (bytesRead === 0) break
      total += bytesRead
      if (total > limits.uploadBytesMax) return tooLarge
      chunks.push(chunk.subarray(0, bytesRead))
    }
    return ok({ bytes: Buffer.concat(chunks, total), filename: path.basename(shown) })
  } catch (error) {
    return cannotRead(shown, reasonOf(error))
  } finally {
    await handle.close()
  }
}

import { open } from 'node:fs/promises'
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

/**
 * A file on the agent's machine, to be sent to POST /uploads. The agent and this server run side
 * by side, so a path is cheaper and safer than bytes pasted into a tool call; a relative path is
 * taken from the folder the MCP client started the server in.
 */
export async function readLocalFile(filePath: string): Promise<DaybookAnswer<LocalFile>> {
  const absolute = path.resolve(filePath)
  const cannotRead = (reason: string) => ({
    ok: false as const,
    error: { errorCode: 'LOCAL_FILE_UNREADABLE', error: `Cannot read ${absolute}: ${reason}.` },
  })
  const reasonOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error)
  const tooLarge = {
    ok: false as const,
    error: {
      errorCode: 'FILE_TOO_LARGE',
      error: `${absolute} is larger than ${limits.uploadBytesMax / (1024 * 1024)} MiB, the most an upload may be.`,
    },
  }
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(absolute, 'r')
  } catch (error) {
    return cannotRead(reasonOf(error))
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) return cannotRead('not a regular file')
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
    return ok({ bytes: Buffer.concat(chunks, total), filename: path.basename(absolute) })
  } catch (error) {
    return cannotRead(reasonOf(error))
  } finally {
    await handle.close()
  }
}

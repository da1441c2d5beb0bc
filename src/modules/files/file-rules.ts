import { createHash } from 'node:crypto'
import { limits } from '../../kernel/limits.js'
import { fail } from '../../kernel/result.js'

// The pure rules of files: a safe display name, the size refusal, the digest a file is known by.

/** A display name safe to show and store: no path, no control characters, bounded. */
export function cleanFilename(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = Array.from(base)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0
      return code >= 0x20 && code !== 0x7f
    })
    .join('')
    .trim()
    .slice(0, limits.filenameLengthMax)
  return cleaned === '' ? fallback : cleaned
}

export const fileTooLarge = () =>
  fail('FILE_TOO_LARGE', `Files may be at most ${limits.uploadBytesMax / (1024 * 1024)} MiB.`, 'file')

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

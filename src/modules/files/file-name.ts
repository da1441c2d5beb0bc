import { limits } from '../../kernel/limits.js'

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

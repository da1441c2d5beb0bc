// Mail clients and phones mislabel attachments (a JPEG sent as application/octet-stream, a PDF as
// image/png), so the bytes decide what a binary document is; the declared type only breaks ties.

export type DocumentKind = 'png' | 'jpeg' | 'webp' | 'pdf'

export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp'
  // The PDF header may follow some junk; readers look for it in the first kilobyte.
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return 'pdf'
  return null
}

export interface ImageSize {
  width: number
  height: number
}

/** Width and height from the image header, without decoding it; null when the header is damaged. */
export function imageSize(bytes: Uint8Array, kind: Exclude<DocumentKind, 'pdf'>): ImageSize | null {
  const size = kind === 'png' ? pngSize(bytes) : kind === 'jpeg' ? jpegSize(bytes) : webpSize(bytes)
  return size && size.width > 0 && size.height > 0 ? size : null
}

function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null
  return { width: uint32(bytes, 16), height: uint32(bytes, 20) }
}

function jpegSize(bytes: Uint8Array): ImageSize | null {
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1] ?? 0
    // Fill bytes, and markers that stand alone without a length.
    if (marker === 0xff) {
      offset++
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2
      continue
    }
    const length = uint16(bytes, offset + 2)
    // Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: uint16(bytes, offset + 5), width: uint16(bytes, offset + 7) }
    }
    if (length < 2) return null
    offset += 2 + length
  }
  return null
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  const chunk = ascii(bytes, 12, 4)
  const at = (index: number) => bytes[index] ?? 0
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: (at(26) | (at(27) << 8)) & 0x3fff, height: (at(28) | (at(29) << 8)) & 0x3fff }
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    return {
      width: 1 + (((at(22) & 0x3f) << 8) | at(21)),
      height: 1 + (((at(24) & 0x0f) << 10) | (at(23) << 2) | ((at(22) & 0xc0) >> 6)),
    }
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return {
      width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)),
      height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)),
    }
  }
  return null
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length))
}

function uint16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)
}

function uint32(bytes: Uint8Array, at: number): number {
  return (
    (bytes[at] ?? 0) * 0x1000000 +
    (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0))
  )
}

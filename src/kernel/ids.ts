import { createHash, randomUUID } from 'node:crypto'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A new id: a UUID of version 7, whose first 48 bits are the time in milliseconds and the other
 * 74 random. Rows made one after another then sit side by side in every index keyed by id, so a
 * write changes the last pages of those indexes rather than a random page in each, and a commit
 * writes far fewer pages.
 */
export function newId(): string {
  const time = Date.now().toString(16).padStart(12, '0')
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`
}

let lastMs = 0
let counter = 0

/**
 * newId, increasing within this process even inside one millisecond: the 12 bits after the
 * version count (RFC 9562, method 1), and a millisecond whose 4,096 ids are spent borrows the
 * next. For records whose order is their meaning, such as the audit trail's, sealed in id order.
 */
export function monotonicId(): string {
  const nowMs = Date.now()
  if (nowMs > lastMs) {
    lastMs = nowMs
    counter = 0
  } else if (++counter > 0xfff) {
    lastMs++
    counter = 0
  }
  const time = lastMs.toString(16).padStart(12, '0')
  const count = counter.toString(16).padStart(3, '0')
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${count}${randomUUID().slice(18)}`
}

export const isUuid = (value: string): boolean => uuidPattern.test(value)

/**
 * A UUID (version 5 layout) derived from a name, for reference data that must keep the same id
 * on every installation, such as the GIFI codes.
 */
export function nameBasedId(namespace: string, name: string): string {
  const hex = createHash('sha1').update(`${namespace}:${name}`).digest('hex')
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`
}

/**
 * Ids in UUID layout that are unique but not secret, for things made on every request: a random
 * prefix per generator and a counter, rather than fresh randomness each time.
 */
export function sequentialIds(): () => string {
  const prefix = randomUUID().slice(0, 24)
  let next = 0
  return () => prefix + (next++).toString(16).padStart(12, '0')
}

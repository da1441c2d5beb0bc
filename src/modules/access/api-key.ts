import { createHash, randomBytes } from 'node:crypto'
import { limits } from '../../kernel/limits.js'

// Keys look like dbk_<43 base64url characters>: the prefix says what the secret is at a glance,
// 256 random bits make guessing hopeless, and only the SHA-256 is ever stored.
export const apiKeyPrefix = 'dbk_'
const displayPrefixLength = 12

export interface NewApiKey {
  key: string
  hash: string
  displayPrefix: string
}

export function generateApiKey(): NewApiKey {
  const key = apiKeyPrefix + randomBytes(32).toString('base64url')
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, displayPrefixLength) }
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

export const looksLikeApiKey = (value: string): boolean =>
  value.startsWith(apiKeyPrefix) && value.length <= limits.apiKeyLengthMax

import { createHmac, randomBytes } from 'node:crypto'

// Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` and the
// base64 of random bytes, and each signature is the HMAC-SHA256, keyed with those bytes, of
// "id.timestamp.body".

const secretPrefix = 'whsec_'
const secretBytes = 32

export function newWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(secretBytes).toString('base64')}`
}

export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`
}

/** The webhook-signature header: one signature per secret in force, separated by spaces. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets.map((secret) => signatureOf(secret, id, timestampSeconds, body)).join(' ')
}

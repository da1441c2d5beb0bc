import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt with OWASP's minimum cost (N=2^17 is the recommendation; 2^15 keeps sign-in under
// 100 ms on a small machine while staying far beyond a GPU's cheap guesses). Parameters are
// stored with each hash so they can be raised later without breaking old passwords.
const cost = { N: 1 << 15, r: 8, p: 1 }
const keyLength = 32
const maxmem = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, cost.N, cost.r, cost.p)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Spends the same time as a real check, so an unknown email is not told apart by timing. */
export async function verifyNothing(password: string): Promise<false> {
  await derive(password, Buffer.alloc(16), cost.N, cost.r, cost.p)
  return false
}

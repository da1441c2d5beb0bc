import { randomBytes, timingSafeEqual } from 'node:crypto'
import { limits } from '../../kernel/limits.js'
import type { ScryptJob, ScryptPool } from './scrypt-pool.js'

// scrypt with OWASP's minimum cost (N=2^17 is the recommendation; 2^15 keeps sign-in under
// 100 ms on a small machine while staying far beyond a GPU's cheap guesses). Parameters are
// stored with each hash so they can be raised later without breaking old passwords.
const cost = { N: 1 << 15, r: 8, p: 1 }
const keyLength = 32

function job(password: string, salt: Buffer, N: number, r: number, p: number): ScryptJob {
  return {
    password: password.normalize('NFKC'),
    salt,
    keyLength,
    options: { N, r, p, maxmem: limits.scryptMemoryBytesMax },
  }
}

/** Hashes and checks passwords on the scrypt pool, in the stored format `scrypt$N$r$p$salt$key`. */
export class Passwords {
  constructor(private readonly pool: ScryptPool) {}

  /** Waits for a thread however busy the pool is: only operators and members create users. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16)
    const key = await this.pool.derive(job(password, salt, cost.N, cost.r, cost.p))
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
  }

  /**
   * Checks a password against a stored hash, or spends the same time when there is none, so an
   * unknown email is not told apart by timing. Undefined when the pool's queue is full.
   */
  async verify(password: string, stored: string | undefined): Promise<boolean | undefined> {
    if (stored === undefined) {
      const derived = this.pool.tryDerive(job(password, Buffer.alloc(16), cost.N, cost.r, cost.p))
      return derived === undefined ? undefined : derived.then(() => false)
    }
    const [scheme, n, r, p, salt, key] = stored.split('$')
    if (scheme !== 'scrypt' || !salt || !key) return false
    const expected = Buffer.from(key, 'base64')
    const derived = this.pool.tryDerive(
      job(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p)),
    )
    if (derived === undefined) return undefined
    const actual = await derived
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  }
}

import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import type { Clock } from '../../kernel/clock.js'
import { limits } from '../../kernel/limits.js'
import { WindowCounter } from './window-counter.js'

export interface SignInQuotas {
  /** Sign-in attempts one client address may make in a minute. */
  perAddressPerMinute: number
  /** Sign-in attempts the whole server takes in a minute, from every address together. */
  perMinute: number
}

export type SignInRefusal = 'rate_limited' | 'too_many_attempts'

const minuteMs = 60_000
const overallKey = 'all'
// tokenAuth called inside the server process (operator tooling) comes from no address.
const inProcessAddress = 'in-process'

/**
 * Who may try a password, in memory of this process (ADR 0015, ADR 0052). Two quotas bound how
 * many attempts reach the password hash, per client address and overall. The lockout counts
 * failures per email and address: an address that failed ten times on an email is refused it.
 * Once an email has ten failures from anywhere, any other address that failed on it is refused
 * too (guessing from many places gets one try each), except an address the person signed in from
 * lately, which keeps its own ten: a stranger's guesses cannot turn the owner's typo at their own
 * desk into a lockout.
 */
export class SignInGuard {
  private readonly attemptsByAddress = new WindowCounter(minuteMs)
  private readonly attemptsOverall = new WindowCounter(minuteMs)
  private readonly failuresByEmail: WindowCounter
  private readonly failuresByAddressAndEmail: WindowCounter
  /** Pairs of address and email that signed in, counted only to be known. */
  private readonly knownAddresses: WindowCounter

  constructor(
    private readonly deps: {
      clock: Clock
      quotas: SignInQuotas
      failuresMax: number
      failureWindowMs: number
      knownAddressMs: number
    },
  ) {
    this.failuresByEmail = new WindowCounter(deps.failureWindowMs)
    this.failuresByAddressAndEmail = new WindowCounter(deps.failureWindowMs)
    this.knownAddresses = new WindowCounter(deps.knownAddressMs)
  }

  /**
   * Takes one attempt from the quotas, or says why the attempt is refused. Without a client
   * address the caller is the server's own process, which the quotas do not limit.
   */
  admit(clientAddress: string | undefined, email: string): SignInRefusal | undefined {
    const nowMs = this.deps.clock.now().getTime()
    const address = clientAddress === undefined ? undefined : addressKey(clientAddress)
    if (address !== undefined) {
      if (this.attemptsByAddress.count(address, nowMs) >= this.deps.quotas.perAddressPerMinute)
        return 'rate_limited'
      if (this.attemptsOverall.count(overallKey, nowMs) >= this.deps.quotas.perMinute) return 'rate_limited'
    }
    const emailId = emailDigest(email)
    const pair = pairKey(address, emailId)
    const failedHere = this.failuresByAddressAndEmail.count(pair, nowMs)
    if (failedHere >= this.deps.failuresMax) return 'too_many_attempts'
    if (
      failedHere > 0 &&
      this.failuresByEmail.count(emailId, nowMs) >= this.deps.failuresMax &&
      this.knownAddresses.count(pair, nowMs) === 0
    ) {
      return 'too_many_attempts'
    }
    if (address !== undefined) {
      this.attemptsByAddress.add(address, nowMs)
      this.attemptsOverall.add(overallKey, nowMs)
    }
    return undefined
  }

  failed(clientAddress: string | undefined, email: string): void {
    const nowMs = this.deps.clock.now().getTime()
    const emailId = emailDigest(email)
    this.failuresByEmail.add(emailId, nowMs)
    this.failuresByAddressAndEmail.add(pairKey(addressOf(clientAddress), emailId), nowMs)
  }

  /**
   * Clears only this address's failures, and knows the address from now on: the email's count
   * stays, so a correct sign-in from one place does not hand whoever is guessing from another a
   * fresh set of tries.
   */
  succeeded(clientAddress: string | undefined, email: string): void {
    const pair = pairKey(addressOf(clientAddress), emailDigest(email))
    this.failuresByAddressAndEmail.delete(pair)
    // A fresh window from this sign-in on: the address stays known as long as it is used.
    this.knownAddresses.delete(pair)
    this.knownAddresses.add(pair, this.deps.clock.now().getTime())
  }
}

const addressOf = (clientAddress: string | undefined) =>
  clientAddress === undefined ? undefined : addressKey(clientAddress)

const pairKey = (address: string | undefined, emailId: string) => `${address ?? inProcessAddress} ${emailId}`

/** Fixed length whatever was sent: a megabyte-long "email" costs the counters 43 characters. */
const emailDigest = (emailKey: string) => createHash('sha256').update(emailKey).digest('base64url')

/**
 * The unit a quota counts. One IPv6 host usually holds a whole /64, so it counts as one address;
 * an IPv4 address mapped into IPv6 counts as the IPv4 address.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0] ?? ip
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1]
  if (isIPv4(bare)) return bare
  if (!isIPv6(bare)) return bare.slice(0, limits.signInAddressKeyLengthMax)
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const toGroups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
        })
  const [head = '', tail] = ip.split('::')
  const left = toGroups(head)
  const right = tail === undefined ? [] : toGroups(tail)
  const zeros = Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16))
}

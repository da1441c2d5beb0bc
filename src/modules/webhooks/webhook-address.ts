import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import type { WebhookSettings } from '../../config.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'

// Where a webhook may go (ADR 0037). A receiver's URL is an organization's input, and Daybook
// sends it requests from inside the operator's network: without these checks a URL could reach a
// database, a cloud metadata service or an admin page no outsider can. The host is checked when
// the URL is saved, for a clear refusal, and again before every attempt against the very
// addresses it resolves to then, which are the only ones the request may connect to.

const internalIpv4 = new BlockList()
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network", and 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT: private in all but name
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments: NAT64 discovery, DS-Lite, relays on the path
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking, used by some networks for their own devices
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  internalIpv4.addSubnet(network, bits, 'ipv4')
}
const internalIpv6 = new BlockList()
for (const [network, bits] of [
  ['100::', 64], // discard-only
  ['64:ff9b:1::', 48], // NAT64 for local use (RFC 8215): the network's own translators
  ['fe80::', 10],
  ['fec0::', 10], // the site-local range IPv6 retired, still routed by some networks
  ['fc00::', 7],
  ['ff00::', 8],
] as const) {
  internalIpv6.addSubnet(network, bits, 'ipv6')
}

/**
 * True for an address no webhook may reach. An IPv6 address that carries an IPv4 address, which
 * a translator or tunnel on the way turns back into that IPv4 destination, counts as the IPv4
 * address: IPv4-mapped, SIIT, IPv4-compatible, NAT64 and 6to4, and Teredo's server and client.
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  if (family === 4) return internalIpv4.check(address, 'ipv4')
  const words = ipv6Words(address)
  if (words === undefined) return true
  if (internalIpv6.check(ipv6Text(words), 'ipv6')) return true
  return embeddedIpv4(words).some((ipv4) => internalIpv4.check(ipv4, 'ipv4'))
}

/** The IPv4 addresses an IPv6 address stands for on the way to its destination. */
function embeddedIpv4(words: readonly number[]): string[] {
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0)
  const found: string[] = []
  // ::a.b.c.d (IPv4-compatible, which takes in :: and ::1), ::ffff:a.b.c.d (IPv4-mapped) and
  // ::ffff:0:a.b.c.d (SIIT, RFC 6052's IPv4-translated).
  if (zero(0, 5) && (words[5] === 0 || words[5] === 0xffff)) found.push(ipv4Of(words[6], words[7]))
  if (zero(0, 4) && words[4] === 0xffff && words[5] === 0) found.push(ipv4Of(words[6], words[7]))
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix (RFC 6052).
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) found.push(ipv4Of(words[6], words[7]))
  // 2002:aabb:ccdd::/48, 6to4 (RFC 3056): a relay sends it on to a.b.c.d.
  if (words[0] === 0x2002) found.push(ipv4Of(words[1], words[2]))
  // 2001:0:server:flags:port:client, Teredo (RFC 4380): the client's address is stored inverted.
  if (words[0] === 0x2001 && words[1] === 0) {
    found.push(ipv4Of(words[2], words[3]))
    found.push(ipv4Of(~(words[6] ?? 0) & 0xffff, ~(words[7] ?? 0) & 0xffff))
  }
  return found
}

function ipv4Of(high = 0, low = 0): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`
}

/** The eight 16-bit words of an IPv6 address isIP accepted, a zone (%eth0) left out. */
function ipv6Words(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? ''
  const tail: number[] = []
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    tail.push((a << 8) | b, (c << 8) | d)
    text = text.slice(0, dotted.index)
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1)
  }
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16))
  const [head = '', rest] = text.split('::')
  const left = groups(head)
  const right = rest === undefined ? [] : groups(rest)
  const missing = 8 - left.length - right.length - tail.length
  if (missing < 0 || (rest === undefined && missing !== 0)) return undefined
  const words = [...left, ...Array<number>(missing).fill(0), ...right, ...tail]
  return words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : undefined
}

const ipv6Text = (words: readonly number[]) => words.map((word) => word.toString(16)).join(':')

export interface ParsedUrl {
  url: URL
  /** The host as the allow-list names it: lower case, an IPv6 literal without brackets. */
  host: string
}

/** The URL's form: what can be judged without asking DNS. */
export function parseWebhookUrl(text: string, settings: WebhookSettings): Result<ParsedUrl> {
  const invalid = fail(
    'WEBHOOK_URL_INVALID',
    `url must be an absolute http(s) URL of at most ${limits.webhookUrlLengthMax} characters, without user or password.`,
    'url',
  )
  if (text.length > limits.webhookUrlLengthMax) return invalid
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return invalid
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return invalid
  if (url.username !== '' || url.password !== '' || url.hostname === '') return invalid
  if (url.protocol === 'http:' && !settings.allowHttp) {
    return fail(
      'WEBHOOK_URL_NOT_HTTPS',
      'url must use https (the operator allows http with WEBHOOK_ALLOW_HTTP=true).',
      'url',
    )
  }
  return ok({ url, host: url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1') })
}

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export type Resolve = (host: string) => Promise<ResolvedAddress[]>

export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }))

/**
 * The addresses a request to the host may connect to, or why it may not go there. Any internal
 * address among them refuses the host: a name that answers one public and one private address
 * could otherwise be sent to the private one on a later look-up.
 */
export async function permittedAddresses(
  host: string,
  settings: WebhookSettings,
  resolve: Resolve,
): Promise<Result<ResolvedAddress[]>> {
  const literal = isIP(host)
  const addresses: ResolvedAddress[] =
    literal === 0 ? await resolve(host) : [{ address: host, family: literal === 6 ? 6 : 4 }]
  if (addresses.length === 0) return fail('WEBHOOK_URL_INVALID', `The host ${host} has no address.`, 'url')
  const allowed = new Set(settings.allowedHosts)
  if (allowed.has(host)) return ok(addresses)
  const refused = addresses.find((entry) => isInternalAddress(entry.address) && !allowed.has(entry.address))
  if (refused) return privateHost(host)
  return ok(addresses)
}

export const privateHost = (host: string) =>
  fail(
    'WEBHOOK_URL_PRIVATE',
    `The host ${host} is (or resolves to) a private, loopback, link-local, multicast or unspecified address; the operator may allow it with WEBHOOK_ALLOWED_HOSTS.`,
    'url',
  )

/**
 * The check made when a URL is saved. A host that does not resolve yet is accepted: it may be
 * set up after its subscription, and every attempt checks it again before it connects.
 */
export async function checkWebhookUrl(
  text: string,
  settings: WebhookSettings,
  resolve: Resolve,
): Promise<Result<string>> {
  const parsed = parseWebhookUrl(text, settings)
  if (!parsed.ok) return parsed
  let permitted: Result<ResolvedAddress[]>
  try {
    permitted = await permittedAddresses(parsed.value.host, settings, resolve)
  } catch {
    return ok(parsed.value.url.toString())
  }
  if (!permitted.ok && permitted.error.code === 'WEBHOOK_URL_PRIVATE') return permitted
  return ok(parsed.value.url.toString())
}

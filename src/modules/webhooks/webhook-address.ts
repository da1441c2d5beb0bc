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

const internal = new BlockList()
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network", and 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT: private in all but name
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  internal.addSubnet(network, bits, 'ipv4')
}
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fec0::', 10], // the site-local range IPv6 retired, still routed by some networks
  ['fc00::', 7],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, bits, 'ipv6')
}

/** True for an address no webhook may reach; IPv4-mapped IPv6 addresses count as their IPv4. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

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

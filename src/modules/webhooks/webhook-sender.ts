import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookSettings } from '../../config.js'
import { limits } from '../../kernel/limits.js'
import { parseWebhookUrl, permittedAddresses, type Resolve, type ResolvedAddress } from './webhook-address.js'

export interface SendRequest {
  url: string
  headers: Record<string, string>
  body: string
}

export interface SendOutcome {
  delivered: boolean
  statusCode: number | null
  durationMs: number
  /** The first bytes of the answer, as text. */
  responseBody: string | null
  error: string | null
}

/**
 * One POST to a receiver. The host is resolved here and checked, and the connection goes to the
 * checked address only (the request's own look-up is replaced), so a name that resolves
 * elsewhere a moment later (DNS rebinding) still cannot reach an internal address. Redirects are
 * not followed: a 3xx is an answer like any other that is not 2xx.
 */
export async function sendWebhook(
  request: SendRequest,
  settings: WebhookSettings,
  resolve: Resolve,
  nowMs: () => number,
  stopping: AbortSignal,
): Promise<SendOutcome> {
  const startedMs = nowMs()
  const failed = (error: string, statusCode: number | null = null, responseBody: string | null = null) => ({
    delivered: false,
    statusCode,
    durationMs: Math.max(0, nowMs() - startedMs),
    responseBody,
    error,
  })
  const parsed = parseWebhookUrl(request.url, settings)
  if (!parsed.ok) return failed(parsed.error.message)
  let addresses: ResolvedAddress[]
  try {
    const permitted = await permittedAddresses(parsed.value.host, settings, resolve)
    if (!permitted.ok) return failed(permitted.error.message)
    addresses = permitted.value
  } catch (error) {
    return failed(`The host ${parsed.value.host} did not resolve: ${messageOf(error)}`)
  }
  const pinned = addresses[0] as ResolvedAddress
  const signal = AbortSignal.any([AbortSignal.timeout(limits.webhookTimeoutMs), stopping])
  try {
    const answer = await post(parsed.value.url, pinned, request, signal)
    const durationMs = Math.max(0, nowMs() - startedMs)
    const delivered = answer.statusCode >= 200 && answer.statusCode < 300
    return {
      delivered,
      statusCode: answer.statusCode,
      durationMs,
      responseBody: answer.body,
      error: delivered ? null : `The receiver answered ${answer.statusCode}.`,
    }
  } catch (error) {
    if (signal.aborted && !stopping.aborted) {
      return failed(`No answer within ${limits.webhookTimeoutMs / 1000} seconds.`)
    }
    return failed(messageOf(error))
  }
}

function post(
  url: URL,
  pinned: ResolvedAddress,
  request: SendRequest,
  signal: AbortSignal,
): Promise<{ statusCode: number; body: string }> {
  // Node asks for every address when it may try several (autoSelectFamily): answer the one.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolvePromise, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup,
        signal,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        let kept = 0
        response.on('data', (chunk: Buffer) => {
          if (kept >= limits.webhookResponseBytesKept) {
            response.destroy()
            return
          }
          chunks.push(chunk)
          kept += chunk.length
        })
        const finish = () =>
          resolvePromise({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, limits.webhookResponseBytesKept).toString('utf8'),
          })
        response.on('end', finish)
        response.on('close', finish)
        response.on('error', finish)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

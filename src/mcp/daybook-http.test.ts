// The MCP server's door to Daybook: credentials and idempotency keys sent, refusals in the API's words, and a 429 never hammered.
import { describe, expect, it } from 'vitest'
import { createDaybookHttp, retryAfterSeconds } from './daybook-http.js'

const config = {
  graphqlUrl: 'http://daybook.test/graphql',
  uploadsUrl: 'http://daybook.test/uploads',
  apiKey: 'dbk_test',
}

interface Sent {
  url: string
  headers: Record<string, string>
  body: unknown
}

/** A fetch that answers from a list, in order, and records what it was sent. */
function scripted(
  answers: Array<{ status: number; body: unknown; headers?: Record<string, string> } | Error>,
) {
  const sent: Sent[] = []
  const slept: number[] = []
  let keys = 0
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: init.body })
    const next = answers.shift()
    if (!next) throw new Error('no more answers scripted')
    if (next instanceof Error) throw next
    return new Response(JSON.stringify(next.body), { status: next.status, headers: next.headers ?? {} })
  }) as typeof globalThis.fetch
  const http = createDaybookHttp(config, {
    fetch,
    sleep: async (ms) => {
      slept.push(ms)
    },
    newIdempotencyKey: () => `key-${++keys}`,
    now: () => Date.parse('2026-11-03T10:00:00Z'),
  })
  return { http, sent, slept }
}

const rateLimited = (seconds: string) => ({
  status: 429,
  headers: { 'retry-after': seconds },
  body: {
    errors: [{ message: 'Rate Limit Exceeded. 5,000 Requests/Hour.', extensions: { code: 'RATE_LIMITED' } }],
  },
})

describe('graphql', () => {
  it('sends the key as a bearer, and an Idempotency-Key on mutations only', async () => {
    const { http, sent } = scripted([
      { status: 200, body: { data: { myOrganizations: [] } } },
      { status: 200, body: { data: { confirmLedgerEvent: { success: true } } } },
    ])
    expect(await http.graphql('{ myOrganizations { id } }', {}, { mutation: false })).toEqual({
      ok: true,
      value: { myOrganizations: [] },
    })
    await http.graphql('mutation { x }', { a: 1 }, { mutation: true })
    expect(sent.map((request) => request.headers.authorization)).toEqual([
      'Bearer dbk_test',
      'Bearer dbk_test',
    ])
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([undefined, 'key-1'])
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ query: 'mutation { x }', variables: { a: 1 } })
  })

  it('answers a GraphQL error with its code and message, and every error when there are several', async () => {
    const { http } = scripted([
      {
        status: 200,
        body: {
          data: null,
          errors: [
            {
              message: 'API Key Not Authorized For This Organization.',
              extensions: { code: 'API_KEY_NOT_AUTHORIZED' },
            },
          ],
        },
      },
      {
        status: 400,
        body: { errors: [{ message: 'one' }, { message: 'two', extensions: { code: 'BAD_USER_INPUT' } }] },
      },
    ])
    expect(await http.graphql('{ x }', {}, { mutation: false })).toEqual({
      ok: false,
      error: { errorCode: 'API_KEY_NOT_AUTHORIZED', error: 'API Key Not Authorized For This Organization.' },
    })
    expect(await http.graphql('{ x }', {}, { mutation: false })).toEqual({
      ok: false,
      error: {
        errorCode: 'GRAPHQL_ERROR',
        error: 'one',
        errors: [{ message: 'one' }, { message: 'two', extensions: { code: 'BAD_USER_INPUT' } }],
      },
    })
  })

  it('waits out a Retry-After of at most 2 seconds once, sending the same Idempotency-Key again', async () => {
    const { http, sent, slept } = scripted([
      rateLimited('2'),
      { status: 200, body: { data: { rejectLedgerEvent: { success: true } } } },
    ])
    const answer = await http.graphql('mutation { x }', {}, { mutation: true })
    expect(answer.ok).toBe(true)
    expect(slept).toEqual([2000])
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual(['key-1', 'key-1'])
  })

  it('answers a second 429 instead of waiting again', async () => {
    const { http, sent, slept } = scripted([rateLimited('1'), rateLimited('1')])
    expect(await http.graphql('{ x }', {}, { mutation: false })).toEqual({
      ok: false,
      error: {
        errorCode: 'RATE_LIMITED',
        error: 'Rate Limit Exceeded. 5,000 Requests/Hour.',
        retryAfterSeconds: 1,
      },
    })
    expect(sent).toHaveLength(2)
    expect(slept).toEqual([1000])
  })

  it('answers a long Retry-After at once, for the agent to schedule, without asking again', async () => {
    const { http, sent, slept } = scripted([rateLimited('3599')])
    const answer = await http.graphql('{ x }', {}, { mutation: false })
    expect(answer).toMatchObject({ ok: false, error: { errorCode: 'RATE_LIMITED', retryAfterSeconds: 3599 } })
    expect(sent).toHaveLength(1)
    expect(slept).toEqual([])
  })

  it('tells a server that does not answer, or answers no data, from a refusal', async () => {
    const { http } = scripted([new TypeError('fetch failed'), { status: 502, body: 'Bad gateway' }])
    expect(await http.graphql('{ x }', {}, { mutation: false })).toEqual({
      ok: false,
      error: {
        errorCode: 'NETWORK_ERROR',
        error: 'Daybook did not answer at http://daybook.test/graphql: fetch failed.',
      },
    })
    expect(await http.graphql('{ x }', {}, { mutation: false })).toEqual({
      ok: false,
      error: { errorCode: 'BAD_RESPONSE', error: 'Daybook answered HTTP 502 without data.' },
    })
  })
})

describe('upload', () => {
  it("sends one multipart file part and answers the server's 201", async () => {
    const stored = {
      s3Key: 'org/2026/11/a.png',
      filename: 'a.png',
      contentType: 'image/png',
      size: 3,
      sha256: 'f',
    }
    const { http, sent } = scripted([{ status: 201, body: stored }])
    expect(await http.upload(new Uint8Array([1, 2, 3]), 'a.png')).toEqual({ ok: true, value: stored })
    expect(sent[0]?.url).toBe('http://daybook.test/uploads')
    const form = sent[0]?.body as FormData
    const file = form.get('file') as File
    expect(file.name).toBe('a.png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
  })

  it("answers a refused upload with the server's code", async () => {
    const { http } = scripted([
      {
        status: 415,
        body: {
          errors: [{ message: 'Unsupported file type.', extensions: { code: 'UNSUPPORTED_FILE_TYPE' } }],
        },
      },
    ])
    expect(await http.upload(new Uint8Array([0]), 'x.exe')).toEqual({
      ok: false,
      error: { errorCode: 'UNSUPPORTED_FILE_TYPE', error: 'Unsupported file type.' },
    })
  })
})

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-03T10:00:00Z')
  it('reads whole seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('60', now)).toBe(60)
    expect(retryAfterSeconds('Tue, 03 Nov 2026 10:00:30 GMT', now)).toBe(30)
    expect(retryAfterSeconds('Tue, 03 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(retryAfterSeconds('soon', now)).toBeUndefined()
    expect(retryAfterSeconds(null, now)).toBeUndefined()
  })
})

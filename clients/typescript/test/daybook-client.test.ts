import { describe, expect, it } from 'vitest'
import { createDaybookClient, retryAfterSeconds } from '../src/daybook-client.js'
import { assertSuccess, DaybookError } from '../src/daybook-error.js'
import { ConfirmLedgerEventDocument, MyOrganizationsDocument } from '../src/generated/graphql.js'
import { operationType } from '../src/operation-type.js'

// The runtime against a fake fetch that answers from a script; test/daybook-server.test.ts runs it
// against a real server.

interface Sent {
  url: string
  headers: Record<string, string>
  body: { query: string; variables: unknown }
  atMs: number
}

function scriptedFetch(...answers: Array<() => Response>) {
  const sent: Sent[] = []
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push({
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: JSON.parse(String(init?.body)),
      atMs: Date.now(),
    })
    const answer = answers[sent.length - 1]
    if (!answer) throw new Error(`no answer scripted for request ${sent.length}`)
    return answer()
  }
  return { fetch: fake as typeof fetch, sent }
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    })
const rateLimited = (retryAfter: string) =>
  json(
    429,
    {
      errors: [
        { message: 'Rate Limit Exceeded. 5,000 Requests/Hour.', extensions: { code: 'RATE_LIMITED' } },
      ],
    },
    { 'retry-after': retryAfter },
  )
const confirmed = json(200, {
  data: {
    confirmLedgerEvent: { success: true, error: null, errorCode: null, eventId: 'e1', journalEntryId: 'j1' },
  },
})
const organizations = json(200, { data: { myOrganizations: [] } })
const url = 'http://daybook.test/graphql'
const confirm = { organizationId: 'o1', eventId: 'e1' }

describe('requests', () => {
  it('post the document and its variables with the API key as a Bearer credential', async () => {
    const { fetch, sent } = scriptedFetch(organizations)
    const client = createDaybookClient({ url, apiKey: 'dbk_secret', fetch })
    expect(await client.request(MyOrganizationsDocument, {})).toEqual({ myOrganizations: [] })
    expect(sent[0]?.url).toBe(url)
    expect(sent[0]?.headers).toMatchObject({
      authorization: 'Bearer dbk_secret',
      'content-type': 'application/json',
    })
    expect(sent[0]?.body).toEqual({ query: String(MyOrganizationsDocument), variables: {} })
  })

  it('take plain query text too, typed by the caller', async () => {
    const { fetch, sent } = scriptedFetch(json(200, { data: { myOrganizations: [{ id: 'o1' }] } }))
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    const answer = await client.request<{ myOrganizations: Array<{ id: string }> }>(
      '{ myOrganizations { id } }',
      {},
    )
    const ids: string[] = answer.myOrganizations.map((organization) => organization.id)
    expect(ids).toEqual(['o1'])
    expect(sent[0]?.body.query).toBe('{ myOrganizations { id } }')
  })

  it('send a JWT as a JWT credential', async () => {
    const { fetch, sent } = scriptedFetch(organizations)
    await createDaybookClient({ url, token: 'eyJ.a.b', fetch }).request(MyOrganizationsDocument, {})
    expect(sent[0]?.headers.authorization).toBe('JWT eyJ.a.b')
  })

  it('need exactly one credential and a sensible retry budget', () => {
    expect(() => createDaybookClient({ url } as never)).toThrow('Give either apiKey or token.')
    expect(() => createDaybookClient({ url, apiKey: 'k', token: 't' } as never)).toThrow(TypeError)
    expect(() => createDaybookClient({ url, apiKey: 'k', maxRetries: -1 })).toThrow(TypeError)
  })
})

describe('idempotency keys', () => {
  it('go with every mutation, a fresh UUID each time unless one is given', async () => {
    const { fetch, sent } = scriptedFetch(confirmed, confirmed, confirmed)
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    await client.request(ConfirmLedgerEventDocument, confirm)
    await client.request(ConfirmLedgerEventDocument, confirm)
    await client.request(ConfirmLedgerEventDocument, confirm, { idempotencyKey: 'month-end-42' })
    const keys = sent.map((request) => request.headers['idempotency-key'])
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keys[1]).not.toBe(keys[0])
    expect(keys[2]).toBe('month-end-42')
  })

  it('never go with a query, which changes nothing', async () => {
    const { fetch, sent } = scriptedFetch(organizations)
    await createDaybookClient({ url, apiKey: 'k', fetch }).request(MyOrganizationsDocument, {})
    expect(sent[0]?.headers).not.toHaveProperty('idempotency-key')
  })
})

describe('a 429', () => {
  it('is waited out for its Retry-After and sent again with the same idempotency key', async () => {
    const { fetch, sent } = scriptedFetch(rateLimited('1'), confirmed)
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    const answer = await client.request(ConfirmLedgerEventDocument, confirm)
    expect(answer.confirmLedgerEvent?.journalEntryId).toBe('j1')
    expect(sent).toHaveLength(2)
    const [first, second] = sent as [Sent, Sent]
    expect(second.atMs - first.atMs).toBeGreaterThanOrEqual(990)
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key'])
    expect(second.body).toEqual(first.body)
  })

  it('is thrown as RATE_LIMITED once maxRetries retries were refused too', async () => {
    const { fetch, sent } = scriptedFetch(rateLimited('0'), rateLimited('0'), rateLimited('0'))
    const client = createDaybookClient({ url, apiKey: 'k', fetch, maxRetries: 2 })
    const error = await client.request(ConfirmLedgerEventDocument, confirm).catch((e: unknown) => e)
    expect(sent).toHaveLength(3)
    expect(error).toBeInstanceOf(DaybookError)
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterSeconds: 0,
      message: 'Rate Limit Exceeded. 5,000 Requests/Hour.',
      idempotencyKey: sent[0]?.headers['idempotency-key'],
    })
  })

  it('is retried 3 times by default', async () => {
    const { fetch, sent } = scriptedFetch(...Array.from({ length: 4 }, () => rateLimited('0')))
    const error = await createDaybookClient({ url, apiKey: 'k', fetch })
      .request(MyOrganizationsDocument, {})
      .catch((e: unknown) => e)
    expect(sent).toHaveLength(4)
    expect(error).toMatchObject({ code: 'RATE_LIMITED' })
  })

  it('asking for a longer wait than retryWaitMaxSeconds is thrown at once, naming the wait', async () => {
    const { fetch, sent } = scriptedFetch(rateLimited('3540'))
    const client = createDaybookClient({ url, apiKey: 'k', fetch, retryWaitMaxSeconds: 60 })
    const error = await client.request(MyOrganizationsDocument, {}).catch((e: unknown) => e)
    expect(sent).toHaveLength(1)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 3540 })
  })

  it('stops waiting when the caller aborts', async () => {
    const { fetch } = scriptedFetch(rateLimited('30'), confirmed)
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    const controller = new AbortController()
    const pending = client.request(ConfirmLedgerEventDocument, confirm, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('shutting down')), 20)
    await expect(pending).rejects.toThrow('shutting down')
  })
})

describe('Retry-After', () => {
  it('is read in whole seconds or as an HTTP date, and falls back to a second', () => {
    const nowMs = Date.parse('2026-11-27T10:00:00Z')
    expect(retryAfterSeconds('120', nowMs)).toBe(120)
    expect(retryAfterSeconds('Fri, 27 Nov 2026 10:00:30 GMT', nowMs)).toBe(30)
    expect(retryAfterSeconds('Fri, 27 Nov 2026 09:00:00 GMT', nowMs)).toBe(0)
    expect(retryAfterSeconds(null, nowMs)).toBe(1)
    expect(retryAfterSeconds('soon', nowMs)).toBe(1)
  })
})

describe('failures', () => {
  it('a GraphQL error is thrown with its extensions.code, request id and any partial data', async () => {
    const { fetch } = scriptedFetch(
      json(
        200,
        {
          data: { confirmLedgerEvent: null },
          errors: [
            {
              message: 'API Key Not Authorized For This Organization.',
              path: ['confirmLedgerEvent'],
              extensions: { code: 'API_KEY_NOT_AUTHORIZED' },
            },
          ],
        },
        { 'x-request-id': 'req-7' },
      ),
    )
    const error = await createDaybookClient({ url, apiKey: 'k', fetch })
      .request(ConfirmLedgerEventDocument, confirm)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DaybookError)
    expect(error).toMatchObject({
      name: 'DaybookError',
      code: 'API_KEY_NOT_AUTHORIZED',
      message: 'API Key Not Authorized For This Organization.',
      status: 200,
      requestId: 'req-7',
      data: { confirmLedgerEvent: null },
    })
  })

  it('a refused request keeps its HTTP status', async () => {
    const { fetch } = scriptedFetch(
      json(400, { errors: [{ message: 'Syntax Error: …', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] }),
    )
    const error = await createDaybookClient({ url, apiKey: 'k', fetch })
      .request('{ broken', {})
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED', status: 400 })
  })

  it("an answer that is not Daybook's is BAD_RESPONSE", async () => {
    const { fetch } = scriptedFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = await createDaybookClient({ url, apiKey: 'k', fetch })
      .request(MyOrganizationsDocument, {})
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', status: 502 })
  })

  it('no answer at all is NETWORK_ERROR, carrying the key to send the mutation again with', async () => {
    const { fetch, sent } = scriptedFetch(() => {
      throw new TypeError('fetch failed')
    })
    const error = await createDaybookClient({ url, apiKey: 'k', fetch })
      .request(ConfirmLedgerEventDocument, confirm)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      status: undefined,
      idempotencyKey: sent[0]?.headers['idempotency-key'],
    })
    expect((error as Error).cause).toBeInstanceOf(TypeError)
  })

  it('an answer cut off midway is NETWORK_ERROR too', async () => {
    const cutOff = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":'))
        controller.error(new TypeError('terminated'))
      },
    })
    const { fetch } = scriptedFetch(() => new Response(cutOff, { status: 200 }))
    const error = await createDaybookClient({ url, apiKey: 'k', fetch })
      .request(ConfirmLedgerEventDocument, confirm)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', idempotencyKey: expect.any(String) })
  })

  it('an answer whose errors are not a list is BAD_RESPONSE', async () => {
    const { fetch } = scriptedFetch(json(200, { errors: 'broken' }))
    const error = await createDaybookClient({ url, apiKey: 'k', fetch })
      .request(MyOrganizationsDocument, {})
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', status: 200 })
  })

  it('a payload with success false is an answer, returned as data', async () => {
    const refusal = {
      success: false,
      error: 'The event needs a category before it can be confirmed.',
      errorCode: 'CATEGORY_REQUIRED',
      eventId: null,
      journalEntryId: null,
    }
    const { fetch } = scriptedFetch(json(200, { data: { confirmLedgerEvent: refusal } }))
    const answer = await createDaybookClient({ url, apiKey: 'k', fetch }).request(
      ConfirmLedgerEventDocument,
      confirm,
    )
    expect(answer.confirmLedgerEvent).toEqual(refusal)
    expect(() => assertSuccess(answer.confirmLedgerEvent)).toThrow(
      expect.objectContaining({ code: 'CATEGORY_REQUIRED', message: refusal.error, data: refusal }),
    )
  })
})

describe('operationType', () => {
  it('reads the first operation, past comments, strings and fragments', () => {
    expect(operationType(String(ConfirmLedgerEventDocument))).toBe('mutation')
    expect(operationType(String(MyOrganizationsDocument))).toBe('query')
    expect(operationType('{ myOrganizations { id } }')).toBe('query')
    expect(operationType('# mutation\nquery Q { a }')).toBe('query')
    expect(operationType('fragment mutation on Query { a }\nquery Q { ...mutation }')).toBe('query')
    expect(operationType('fragment F on X @d(a: {b: "{"}) { a }\n\nmutation M { m { ...F } }')).toBe(
      'mutation',
    )
    expect(operationType('"""query"""\nmutation M { m }')).toBe('mutation')
    expect(operationType('subscription S { s }')).toBe('subscription')
  })
})

describe('assertSuccess', () => {
  const payload = (fields: { success: boolean; eventId: string | null }) => ({
    error: null,
    errorCode: null,
    journalEntryId: null,
    ...fields,
  })

  it('narrows the fields it is told to check, and throws when one is missing', () => {
    const answer = payload({ success: true, eventId: 'e1' })
    assertSuccess(answer, 'eventId')
    const eventId: string = answer.eventId
    expect(eventId).toBe('e1')
    expect(() => assertSuccess(payload({ success: true, eventId: null }), 'eventId')).toThrow(
      expect.objectContaining({ code: 'BAD_RESPONSE', message: 'The payload succeeded without eventId.' }),
    )
  })

  it('throws a null payload, and a refusal without a code as UNSUCCESSFUL', () => {
    expect(() => assertSuccess(null)).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }))
    expect(() => assertSuccess(payload({ success: false, eventId: null }))).toThrow(
      expect.objectContaining({ code: 'UNSUCCESSFUL' }),
    )
  })
})

// The runtime's uploadFile, pages and its refusal of graphql-js ASTs, against a fake fetch that
// answers from a script; test/bank-files.test.ts runs them against a real server.
import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { createDaybookClient, uploadsUrlOf } from '../src/daybook-client.js'
import { DaybookError } from '../src/daybook-error.js'
import { ListLedgerEventsDocument, MyOrganizationsDocument } from '../src/generated/graphql.js'

interface Sent {
  url: string
  headers: Record<string, string>
  body: BodyInit | null | undefined
}

function scriptedFetch(...answers: Array<() => Response>) {
  const sent: Sent[] = []
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push({
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body,
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
const uploaded = {
  s3Key: 'org-1/statements/abc.ofx',
  filename: 'statement.ofx',
  contentType: 'application/x-ofx',
  size: 5,
  sha256: 'ab'.repeat(32),
}
const url = 'http://daybook.test/graphql'

describe('a graphql-js DocumentNode', () => {
  it('is refused with a TypeError naming what to pass, and nothing is sent', async () => {
    const { fetch, sent } = scriptedFetch()
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    const ast = parse('{ myOrganizations { id } }')
    // Through a cast, as plain JavaScript or a loose type would pass it.
    const refused = await client.request(ast as unknown as string, {}).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TypeError)
    expect((refused as TypeError).message).toMatch(/DocumentNode.*generated document.*query text/)
    await expect(client.request({} as unknown as string, {})).rejects.toThrow(TypeError)
    expect(sent).toEqual([])
  })

  it('leaves generated documents and query text alone', async () => {
    const { fetch, sent } = scriptedFetch(
      json(200, { data: { myOrganizations: [] } }),
      json(200, { data: { myOrganizations: [] } }),
    )
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    await client.request(MyOrganizationsDocument, {})
    await client.request('{ myOrganizations { id } }', {})
    expect(sent.map((request) => JSON.parse(String(request.body)).query)).toEqual([
      String(MyOrganizationsDocument),
      '{ myOrganizations { id } }',
    ])
  })
})

describe('uploadFile', () => {
  it('posts one file part to /uploads beside the GraphQL endpoint, with the same credential', async () => {
    const { fetch, sent } = scriptedFetch(json(201, uploaded))
    const client = createDaybookClient({ url, apiKey: 'dbk_secret', fetch })
    const answer = await client.uploadFile(new TextEncoder().encode('OFX..'), {
      filename: 'statement.ofx',
      contentType: 'application/x-ofx',
    })
    expect(answer).toEqual(uploaded)
    expect(sent[0]?.url).toBe('http://daybook.test/uploads')
    expect(sent[0]?.headers).toMatchObject({ authorization: 'Bearer dbk_secret' })
    // fetch writes the multipart content-type with its boundary; a fixed one would break the body.
    expect(sent[0]?.headers['content-type']).toBeUndefined()
    const form = sent[0]?.body as FormData
    expect([...form.keys()]).toEqual(['file'])
    const file = form.get('file') as File
    expect([file.name, file.type, await file.text()]).toEqual(['statement.ofx', 'application/x-ofx', 'OFX..'])
  })

  it('sends a JWT user’s organizationId field, and keeps a Blob’s own type', async () => {
    const { fetch, sent } = scriptedFetch(json(201, uploaded))
    const client = createDaybookClient({ url: 'https://books.example/api/graphql/', token: 'jwt', fetch })
    await client.uploadFile(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
      filename: 'receipt.pdf',
      organizationId: 'org-1',
    })
    expect(sent[0]?.url).toBe('https://books.example/api/uploads')
    expect(sent[0]?.headers.authorization).toBe('JWT jwt')
    const form = sent[0]?.body as FormData
    expect(form.get('organizationId')).toBe('org-1')
    expect((form.get('file') as File).type).toBe('application/pdf')
  })

  it("throws a refusal as DaybookError with the server's code and status", async () => {
    const { fetch } = scriptedFetch(
      json(415, {
        errors: [{ message: 'Unsupported file type.', extensions: { code: 'UNSUPPORTED_FILE_TYPE' } }],
      }),
      () => new Response('<html>bad gateway</html>', { status: 502 }),
    )
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    const refused = await client
      .uploadFile(new Uint8Array([1, 2, 3]), { filename: 'x.bin' })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DaybookError)
    expect(refused).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      status: 415,
      message: 'Unsupported file type.',
    })
    await expect(client.uploadFile(new Uint8Array([1]), { filename: 'x.bin' })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      status: 502,
    })
  })

  it('waits out a 429 as request() does, sending the whole file again', async () => {
    const limited = json(
      429,
      { errors: [{ message: 'Rate Limit Exceeded.', extensions: { code: 'RATE_LIMITED' } }] },
      { 'retry-after': '0' },
    )
    const { fetch, sent } = scriptedFetch(limited, json(201, uploaded))
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    expect(await client.uploadFile(new TextEncoder().encode('OFX..'), { filename: 'statement.ofx' })).toEqual(
      uploaded,
    )
    expect(sent).toHaveLength(2)
    const resent = sent[1]?.body as FormData
    expect(await (resent.get('file') as File).text()).toBe('OFX..')

    const exhausted = scriptedFetch(limited, limited)
    const quota = createDaybookClient({ url, apiKey: 'k', fetch: exhausted.fetch, maxRetries: 1 })
    await expect(quota.uploadFile(new Uint8Array([1]), { filename: 'x.ofx' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterSeconds: 0,
    })
  })

  it('derives the uploads URL from the GraphQL URL', () => {
    expect(uploadsUrlOf('http://127.0.0.1:4000/graphql')).toBe('http://127.0.0.1:4000/uploads')
    expect(uploadsUrlOf('http://127.0.0.1:4000/graphql/?x=1')).toBe('http://127.0.0.1:4000/uploads')
    expect(uploadsUrlOf('https://books.example/daybook/graphql')).toBe(
      'https://books.example/daybook/uploads',
    )
    expect(uploadsUrlOf('https://books.example/')).toBe('https://books.example/uploads')
  })
})

describe('pages', () => {
  const page = (offset: number, count: number, totalCount: number) =>
    json(200, {
      data: {
        listLedgerEvents: {
          items: Array.from({ length: count }, (_, index) => ({ id: `e${offset + index}` })),
          totalCount,
          pageSize: count,
          offset,
        },
      },
    })

  it('asks from the offset after the items received until totalCount is reached', async () => {
    // A limit over the largest page is served as that page: the next offset follows the items.
    const { fetch, sent } = scriptedFetch(page(0, 2, 5), page(2, 2, 5), page(4, 1, 5))
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    const ids: string[] = []
    for await (const listed of client.pages(
      ListLedgerEventsDocument,
      { organizationId: 'o1', limit: 10 },
      (data) => data.listLedgerEvents,
    )) {
      ids.push(...listed.items.map((event) => event.id))
    }
    expect(ids).toEqual(['e0', 'e1', 'e2', 'e3', 'e4'])
    expect(sent.map((request) => JSON.parse(String(request.body)).variables)).toEqual([
      { organizationId: 'o1', limit: 10, offset: 0 },
      { organizationId: 'o1', limit: 10, offset: 2 },
      { organizationId: 'o1', limit: 10, offset: 4 },
    ])
  })

  it('starts at the given offset and ends at an empty page, which it does not yield', async () => {
    // The list shrank under the reader: totalCount still promises more, the page is empty.
    const { fetch, sent } = scriptedFetch(page(3, 2, 9), page(5, 0, 9))
    const client = createDaybookClient({ url, apiKey: 'k', fetch })
    const seen: number[] = []
    for await (const listed of client.pages(
      ListLedgerEventsDocument,
      { organizationId: 'o1', offset: 3 },
      (data) => data.listLedgerEvents,
    )) {
      seen.push(listed.items.length)
    }
    expect(seen).toEqual([2])
    expect(sent).toHaveLength(2)
  })
})

// Hostile input against a real server process: every kind gets a clear 4xx or GraphQL error, never a 5xx, a hang or a crash, and a refused call writes nothing.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { multipart, tinyPng } from '../support/files.js'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import { freePort } from '../support/free-port.js'
import { startServer, type TestServer } from '../support/server.js'

// ---- the server under test: its own process, so a hang or a crash cannot take the test with it --

const secret = 'intake-secret-for-hostile-tests-0123'
const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-hostile-'))
/** Any single request must be answered within this; a server that takes longer is hanging. */
const requestBoundMs = 10_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

class ServerProcess {
  child: ChildProcess | undefined
  url = ''
  /** Why the process had to be restarted, for the failing case to report. */
  incidents: string[] = []
  private output = ''

  async start(): Promise<void> {
    const port = await freePort()
    this.url = `http://127.0.0.1:${port}`
    this.output = ''
    const child = spawn(process.execPath, [path.resolve('dist/main.js')], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: inject('databaseUrl') ?? '',
        INTAKE_WEBHOOK_SECRET: secret,
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    this.child = child
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited at start: ${this.output}`)
      try {
        const response = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(1000) })
        if (response.status === 200) return
      } catch {
        // not listening yet
      }
      await sleep(100)
    }
    throw new Error(`the server never answered /healthz: ${this.output}`)
  }

  /** Logged errors since the last call: a 5xx is logged with its cause. */
  takeOutput(): string {
    const out = this.output
    this.output = ''
    return out
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
    if (!done) {
      child.kill('SIGKILL')
      await exited
    }
  }

  /** GET /healthz must answer 200 promptly; otherwise the process is replaced and the case fails. */
  async expectHealthy(label: string): Promise<void> {
    let problem: string | undefined
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      problem = `the server process died (exit ${child?.exitCode}, signal ${child?.signalCode})`
    } else {
      try {
        const response = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(3000) })
        if (response.status !== 200) problem = `/healthz answered ${response.status}`
      } catch (error) {
        problem = `/healthz did not answer within 3 s (${(error as Error).name})`
      }
    }
    if (!problem) return
    const output = this.takeOutput()
    this.incidents.push(`${label}: ${problem}`)
    const child2 = this.child
    if (child2 && child2.exitCode === null) {
      child2.kill('SIGKILL')
      await new Promise((resolve) => child2.once('exit', resolve))
    }
    await this.start()
    throw new Error(`${label}: ${problem}. Server output: ${output.slice(-1000)}`)
  }
}

const target = new ServerProcess()
/** An in-process app on the same data, only to make organizations, users and keys. */
let helper: TestServer
let shared: Tenant

// ---- requests, each bounded in time -------------------------------------------------------------

interface Answer {
  status: number
  headers: Headers
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
  json: any
}

/** Every status a case saw; none may be 5xx. */
let seen: number[] = []

async function send(urlPath: string, init: RequestInit = {}, boundMs = requestBoundMs): Promise<Answer> {
  const started = Date.now()
  let response: Response
  try {
    response = await fetch(target.url + urlPath, { ...init, signal: AbortSignal.timeout(boundMs) })
  } catch (error) {
    throw new Error(
      `${init.method ?? 'GET'} ${urlPath} got no answer within ${boundMs} ms (${(error as Error).name}: ${(error as Error).message}); after ${Date.now() - started} ms`,
    )
  }
  const text = await response.text()
  seen.push(response.status)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

function postGraphQL(body: string | Buffer | Uint8Array, headers: Record<string, string> = {}) {
  return send('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body as RequestInit['body'],
  })
}

function gql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = shared.bearer,
) {
  return postGraphQL(JSON.stringify({ query, variables }), headers)
}

/** The stable code of an answer: a GraphQL error's, or the payload's errorCode. */
function codeOf(answer: Answer): string | undefined {
  const fromError = answer.json?.errors?.[0]?.extensions?.code
  if (fromError) return fromError
  const data = answer.json?.data
  if (data && typeof data === 'object') {
    for (const value of Object.values(data)) {
      if (value && typeof value === 'object' && 'errorCode' in value)
        return (value as { errorCode: string }).errorCode
    }
  }
  return undefined
}

/** A GraphQL-level refusal: HTTP 200, the field null or success false, with this code. */
function expectRefused(answer: Answer, ...codes: string[]) {
  expect(answer.status, answer.text.slice(0, 500)).toBe(200)
  expect(codes, answer.text.slice(0, 500)).toContain(codeOf(answer))
  const data = answer.json?.data
  if (data && typeof data === 'object') {
    for (const value of Object.values(data)) {
      if (value !== null && typeof value === 'object' && 'success' in value)
        expect(value).toMatchObject({ success: false })
    }
  }
}

/** The same, for an answer read from a raw socket. */
function expectRawHttp(
  answer: { status: number | undefined; text: string; json?: unknown },
  status: number,
  code?: string,
) {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status)
  // biome-ignore lint/suspicious/noExplicitAny: an error body
  if (code) expect((answer.json as any)?.errors?.[0]?.extensions?.code, answer.text.slice(0, 500)).toBe(code)
}

/** An HTTP-level refusal with a JSON error body. */
function expectHttp(answer: Answer, status: number, code?: string) {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status)
  if (code) expect(answer.json?.errors?.[0]?.extensions?.code, answer.text.slice(0, 500)).toBe(code)
}

// ---- queries ---------------------------------------------------------------------------------------

const createEvent = `mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $memo: String) {
  createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, memo: $memo) { success error errorCode eventId event { merchantName memo } } }`
const createContact = `mutation ($org: UUID!, $n: String!, $e: String, $p: String) {
  createContact(organizationId: $org, contactType: "vendor", displayName: $n, email: $e, phone: $p) { success error errorCode contact { id displayName } } }`
const createAccount = `mutation ($org: UUID!, $n: String!) {
  createAccount(organizationId: $org, name: $n, accountType: "expense", classification: "expense") { success error errorCode account { id } } }`
const createRule = `mutation ($org: UUID!, $p: String!, $c: UUID!) {
  createCategoryRule(organizationId: $org, vendorPattern: $p, categoryId: $c) { success error errorCode categoryRule { id vendorPattern } } }`
const createIntake = `mutation ($org: UUID!, $t: String!, $a: String!, $l: String) {
  createIntakeAddress(organizationId: $org, addressType: $t, address: $a, label: $l) { success error errorCode intakeAddress { id address } } }`
const importRows = `mutation ($org: UUID!, $p: UUID!, $rows: [BankStatementRowInput!]!) {
  importBankStatement(organizationId: $org, paymentAccountId: $p, rows: $rows) { success error errorCode importedCount skippedCount } }`
const listEvents = `query ($org: UUID!, $s: String, $l: Int, $o: Int, $since: Int, $from: String, $min: String, $sort: String, $dir: String, $st: [String!], $acc: [UUID!]) {
  listLedgerEvents(organizationId: $org, search: $s, limit: $l, offset: $o, sinceDays: $since, dateFrom: $from, amountMin: $min, sortBy: $sort, sortDir: $dir, status: $st, accountIds: $acc) { totalCount pageSize offset items { id merchantName memo } } }`
const listAccountsQuery = `query ($org: UUID!, $s: String, $l: Int) { listAccounts(organizationId: $org, search: $s, limit: $l) { totalCount items { id name } } }`
const listContactsQuery = `query ($org: UUID!, $s: String, $l: Int) { listContacts(organizationId: $org, search: $s, limit: $l) { totalCount items { id displayName } } }`
const listRulesQuery = `query ($org: UUID!, $s: String, $l: Int) { listCategoryRules(organizationId: $org, search: $s, limit: $l) { totalCount items { id vendorPattern } } }`
const listReceiptsQuery = `query ($org: UUID!, $s: String, $l: Int) { listReceipts(organizationId: $org, search: $s, limit: $l) { totalCount items { id } } }`

const MB = 'x'.repeat(1024 * 1024)
const org = (t: Tenant, extra: Record<string, unknown> = {}) => ({ org: t.organizationId, ...extra })

/** What a refused call must leave as it was. */
async function counts(t: Tenant) {
  const byKey = await gql(
    `query ($org: UUID!) {
      e: listLedgerEvents(organizationId: $org) { totalCount }
      a: listAccounts(organizationId: $org) { totalCount }
      c: listContacts(organizationId: $org) { totalCount }
      r: listCategoryRules(organizationId: $org) { totalCount }
      rc: listReceipts(organizationId: $org) { totalCount }
      i: listIntakeAddresses(organizationId: $org) { id }
    }`,
    org(t),
    t.bearer,
  )
  const byOwner = await gql(
    `query ($org: UUID!) { k: listApiKeys(organizationId: $org) { id } m: listMembers(organizationId: $org) { userId } o: myOrganizations { id } }`,
    org(t),
    t.owner.jwt,
  )
  expect(byKey.json?.errors, byKey.text).toBeUndefined()
  expect(byOwner.json?.errors, byOwner.text).toBeUndefined()
  const d = byKey.json.data
  const o = byOwner.json.data
  return {
    events: d.e.totalCount,
    accounts: d.a.totalCount,
    contacts: d.c.totalCount,
    rules: d.r.totalCount,
    receipts: d.rc.totalCount,
    intakeAddresses: d.i.length,
    apiKeys: o.k.length,
    members: o.m.length,
    organizations: o.o.length,
  }
}

async function accountId(t: Tenant, name: string): Promise<string> {
  const answer = await gql(listAccountsQuery, org(t, { l: 200 }), t.bearer)
  const found = (answer.json.data.listAccounts.items as Array<{ id: string; name: string }>).find(
    (a) => a.name === name,
  )
  if (!found) throw new Error(`no account ${name}`)
  return found.id
}

// ---- raw sockets, for what fetch will not send ------------------------------------------------------

interface RawOutcome {
  status: number | undefined
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
  json: any
  closedByServer: boolean
}

/**
 * Writes the pieces (with a pause between them), then waits, bounded, for an answer. Large pieces
 * go out in slices, and writing stops once the server has answered.
 */
function raw(
  pieces: Array<string | Buffer>,
  options: { pauseMs?: number; waitMs?: number; writeAll?: boolean } = {},
): Promise<RawOutcome> {
  const { pauseMs = 0, waitMs = 3000, writeAll = false } = options
  const port = Number(new URL(target.url).port)
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1')
    let text = ''
    let closedByServer = false
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      const status = match ? Number(match[1]) : undefined
      if (status !== undefined) seen.push(status)
      const body = text.slice(text.indexOf('\r\n\r\n') + 4)
      let json: unknown
      try {
        json = JSON.parse(Buffer.from(body, 'latin1').toString('utf8'))
      } catch {
        json = undefined
      }
      resolve({ status, text, json, closedByServer })
    }
    let timer = setTimeout(finish, waitMs + pieces.length * pauseMs)
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      if (!writeAll && /\r\n\r\n/.test(text)) {
        // Give the body a moment, then stop.
        clearTimeout(timer)
        timer = setTimeout(finish, 300)
      }
    })
    socket.on('end', () => {
      closedByServer = true
      finish()
    })
    socket.on('error', () => {
      closedByServer = true
      finish()
    })
    socket.on('connect', async () => {
      for (const piece of pieces) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece
        for (let at = 0; at < bytes.length; at += 256 * 1024) {
          if (settled || socket.destroyed || (text !== '' && !writeAll)) return
          if (!socket.write(bytes.subarray(at, at + 256 * 1024))) {
            await new Promise((resume) => {
              socket.once('drain', resume)
              socket.once('close', resume)
            })
          }
        }
        if (pauseMs > 0) await sleep(pauseMs)
      }
    })
  })
}

/** The bytes and the content type a browser would send for a form. */
async function formBytes(form: FormData): Promise<{ type: string; body: Buffer }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    type: request.headers.get('content-type') as string,
    body: Buffer.from(await request.arrayBuffer()),
  }
}

/**
 * A multipart POST on a connection of its own. Sent with fetch, a body the server refuses part-way
 * can leave fetch's pooled keep-alive connection waiting for the rest; a raw socket keeps each case
 * on its own connection.
 */
async function postForm(urlPath: string, headerLines: Record<string, string>, body: Buffer, type: string) {
  const head = [
    `POST ${urlPath} HTTP/1.1`,
    host(),
    ...Object.entries(headerLines).map(([name, value]) => `${name}: ${value}`),
    `Content-Type: ${type}`,
    `Content-Length: ${body.length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n')
  return raw([head, body], { waitMs: 15_000 })
}

const host = () => `Host: 127.0.0.1:${new URL(target.url).port}`

// ---- the cases ----------------------------------------------------------------------------------

interface Case {
  name: string
  /** A refused write: the organization's counts must not move. */
  refused?: true
  /** Runs in a fresh organization (it writes), without the counts check. */
  fresh?: true
  /** rebase: the counts to keep are taken again, after the case's own set-up writes. */
  run: (t: Tenant, rebase: () => Promise<void>) => Promise<void>
}

const hugeStrings: Case[] = [
  {
    name: 'merchantName of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(createEvent, org(t, { m: MB, a: '1.00', d: '2026-03-01' }), t.bearer),
        'INVALID_NAME',
      ),
  },
  {
    name: 'memo of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(createEvent, org(t, { m: 'Shop', a: '1.00', d: '2026-03-01', memo: MB }), t.bearer),
        'INVALID_MEMO',
      ),
  },
  ...(
    [
      ['listLedgerEvents', listEvents],
      ['listAccounts', listAccountsQuery],
      ['listContacts', listContactsQuery],
      ['listCategoryRules', listRulesQuery],
      ['listReceipts', listReceiptsQuery],
    ] as const
  ).map(
    ([field, query]): Case => ({
      name: `search of 1 MB in ${field}`,
      run: async (t) => {
        const answer = await gql(query, org(t, { s: MB }), t.bearer)
        expect(answer.status).toBe(200)
        if (answer.json.errors) expect(codeOf(answer)).toBe('INVALID_SEARCH')
        else expect(answer.json.data[field].totalCount).toBe(0)
      },
    }),
  ),
  {
    name: 'vendorPattern of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(createRule, org(t, { p: MB, c: await accountId(t, 'Office Expenses') }), t.bearer),
        'INVALID_PATTERN',
      ),
  },
  {
    name: 'account name of 1 MB',
    refused: true,
    run: async (t) => expectRefused(await gql(createAccount, org(t, { n: MB }), t.bearer), 'INVALID_NAME'),
  },
  {
    name: 'contact displayName of 1 MB',
    refused: true,
    run: async (t) => expectRefused(await gql(createContact, org(t, { n: MB }), t.bearer), 'INVALID_NAME'),
  },
  {
    name: 'contact email of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(createContact, org(t, { n: 'Mail Co', e: `${MB}@example.com` }), t.bearer),
        'INVALID_EMAIL',
      ),
  },
  {
    name: 'contact phone of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(await gql(createContact, org(t, { n: 'Phone Co', p: MB }), t.bearer), 'INVALID_PHONE'),
  },
  {
    name: 'intake e-mail address of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(createIntake, org(t, { t: 'email', a: `${MB}@example.com` }), t.bearer),
        'INVALID_EMAIL',
      ),
  },
  {
    name: 'intake label of 1 MB',
    refused: true,
    run: async (t) => {
      const answer = await gql(createIntake, org(t, { t: 'sms', a: '4165550123', l: MB }), t.bearer)
      expect(answer.status).toBe(200)
      expect(answer.json.data.createIntakeAddress.success).toBe(false)
    },
  },
  {
    name: 'organization name of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(
          'mutation ($n: String!) { createOrganization(name: $n) { success error errorCode } }',
          { n: MB },
          t.owner.jwt,
        ),
        'INVALID_NAME',
      ),
  },
  {
    name: 'API key name of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(
          'mutation ($org: UUID!, $n: String) { createApiKey(organizationId: $org, name: $n) { success error errorCode key } }',
          org(t, { n: MB }),
          t.owner.jwt,
        ),
        'INVALID_NAME',
      ),
  },
  {
    name: 'member e-mail of 1 MB',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(
          'mutation ($org: UUID!, $e: String!) { addMember(organizationId: $org, email: $e, role: "member") { success error errorCode } }',
          org(t, { e: `${MB}@example.com` }),
          t.owner.jwt,
        ),
        'USER_NOT_FOUND',
        'INVALID_EMAIL',
      ),
  },
  {
    name: 'tokenAuth with an e-mail and a password of 1 MB each',
    run: async () => {
      const answer = await gql(
        'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
        { e: `${MB}@example.com`, p: MB },
        {},
      )
      expect(answer.status).toBe(200)
      expect(answer.json.data).toEqual({ tokenAuth: null })
      expect(codeOf(answer)).toBe('INVALID_CREDENTIALS')
    },
  },
  {
    name: 'bank statement description of 1 MB',
    refused: true,
    run: async (t) => {
      const rows = [{ transactionDate: '2026-03-01', description: MB, amount: '-1.00', eventType: 'expense' }]
      expectRefused(
        await gql(importRows, org(t, { p: await accountId(t, 'Chequing'), rows }), t.bearer),
        'INVALID_ROW',
      )
    },
  },
  {
    name: 'sortBy of 1 MB',
    run: async (t) => expectRefused(await gql(listEvents, org(t, { sort: MB }), t.bearer), 'INVALID_SORT'),
  },
  {
    name: 'processor CSV of 1 MB of noise',
    refused: true,
    run: async (t) => {
      const answer = await gql(
        'mutation ($org: UUID!, $csv: String!) { importProcessorBalance(organizationId: $org, csv: $csv) { success error errorCode created } }',
        org(t, { csv: `"${'a,'.repeat(400_000)}\n\n"""\r\n` }),
        t.owner.jwt,
      )
      expect(answer.status).toBe(200)
      expect(answer.json.data.importProcessorBalance).toMatchObject({ success: false, created: 0 })
    },
  },
]

const nulBytes: Case[] = [
  {
    name: 'NUL in a variable',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(createEvent, org(t, { m: 'a\u0000b', a: '1.00', d: '2026-03-01' }), t.bearer),
        'INVALID_CHARACTER',
      ),
  },
  {
    name: 'NUL escape (\\u0000) in a GraphQL string literal',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(
          `mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "a\\u0000b", amount: "1.00", transactionDate: "2026-03-01") { success errorCode } }`,
          org(t),
          t.bearer,
        ),
        'INVALID_CHARACTER',
      ),
  },
  {
    name: 'raw NUL character in the query text',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(
          `mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "a\u0000b", amount: "1.00", transactionDate: "2026-03-01") { success errorCode } }`,
          org(t),
          t.bearer,
        ),
        'INVALID_CHARACTER',
        'GRAPHQL_PARSE_FAILED',
      ),
  },
  {
    name: 'NUL deep inside an input object',
    refused: true,
    run: async (t) => {
      const rows = [
        {
          transactionDate: '2026-03-01',
          description: 'Shop',
          amount: '-1.00',
          eventType: 'expense',
          memo: 'x\u0000',
        },
      ]
      expectRefused(
        await gql(importRows, org(t, { p: await accountId(t, 'Chequing'), rows }), t.bearer),
        'INVALID_CHARACTER',
      )
    },
  },
  {
    name: 'NUL in a variable name',
    refused: true,
    run: async (t) => {
      const answer = await postGraphQL(
        JSON.stringify({
          query: createEvent,
          variables: { ...org(t, { m: 'x', a: '1.00', d: '2026-03-01' }), 'm\u0000': 'y' },
        }),
        t.bearer,
      )
      expectRefused(answer, 'INVALID_CHARACTER')
    },
  },
  {
    name: 'NUL in a search argument',
    run: async (t) =>
      expectRefused(await gql(listEvents, org(t, { s: '\u0000' }), t.bearer), 'INVALID_CHARACTER'),
  },
  {
    name: 'NUL in operationName',
    run: async (t) => {
      const answer = await postGraphQL(
        JSON.stringify({ query: 'query Q { myOrganizations { id } }', operationName: 'Q\u0000' }),
        t.bearer,
      )
      expect(answer.status).toBeLessThan(500)
      expect(answer.json.errors?.length).toBeGreaterThan(0)
    },
  },
]

/** A JSON body with raw bytes spliced into the merchant name. */
function bodyWithBytes(t: Tenant, bytes: number[]): Buffer {
  const marker = 'MARKER'
  const text = JSON.stringify({
    query: createEvent,
    variables: org(t, { m: `Caf${marker}`, a: '1.00', d: '2026-03-01' }),
  })
  const [before, after] = text.split(marker)
  return Buffer.concat([Buffer.from(before as string), Buffer.from(bytes), Buffer.from(after as string)])
}

const encodings: Case[] = [
  {
    name: 'invalid UTF-8 (0xC3 0x28) inside a JSON string',
    refused: true,
    run: async (t) => {
      const answer = await postGraphQL(bodyWithBytes(t, [0xc3, 0x28]), t.bearer)
      // Not UTF-8 is not JSON (RFC 8259 section 8.1): refused whole, never stored altered.
      expectHttp(answer, 400, 'MALFORMED_REQUEST')
    },
  },
  {
    name: 'invalid UTF-8 byte 0xFF inside a JSON string',
    refused: true,
    run: async (t) =>
      expectHttp(await postGraphQL(bodyWithBytes(t, [0xff, 0xfe]), t.bearer), 400, 'MALFORMED_REQUEST'),
  },
  {
    name: 'overlong UTF-8 encoding of a slash (0xC0 0xAF)',
    refused: true,
    run: async (t) =>
      expectHttp(await postGraphQL(bodyWithBytes(t, [0xc0, 0xaf]), t.bearer), 400, 'MALFORMED_REQUEST'),
  },
  {
    name: 'lone high surrogate (\\ud800) in a variable',
    refused: true,
    run: async (t) => {
      const body = JSON.stringify({
        query: createEvent,
        variables: org(t, { m: 'SURROGATE', a: '1.00', d: '2026-03-01' }),
      })
      const answer = await postGraphQL(body.replace('SURROGATE', 'a\\ud800b'), t.bearer)
      // A lone surrogate cannot be stored as UTF-8 text: refused rather than silently replaced.
      expect(answer.status).toBeLessThan(500)
      expect(answer.json?.data?.createLedgerEvent?.success ?? false).toBe(false)
    },
  },
  {
    name: 'lone low surrogate (\\udc00) in a GraphQL string literal',
    refused: true,
    run: async (t) => {
      const answer = await gql(
        `mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "a\\udc00b", amount: "1.00", transactionDate: "2026-03-01") { success errorCode } }`,
        org(t),
        t.bearer,
      )
      expect(answer.status).toBeLessThan(500)
      expect(answer.json?.data?.createLedgerEvent?.success ?? false).toBe(false)
    },
  },
  {
    name: 'UTF-16 body declared as JSON',
    refused: true,
    run: async (t) => {
      const text = JSON.stringify({
        query: createEvent,
        variables: org(t, { m: 'Wide', a: '1.00', d: '2026-03-01' }),
      })
      const answer = await postGraphQL(Buffer.from(`\ufeff${text}`, 'utf16le'), t.bearer)
      expectHttp(answer, 400, 'MALFORMED_REQUEST')
    },
  },
  {
    name: 'a byte-order mark before the JSON',
    run: async (t) => {
      const answer = await postGraphQL(
        Buffer.from(`\ufeff${JSON.stringify({ query: '{ myOrganizations { id } }' })}`),
        t.bearer,
      )
      expect([200, 400]).toContain(answer.status)
    },
  },
  {
    name: 'direction overrides, zero-width and combining marks round-trip exactly',
    fresh: true,
    run: async (t) => {
      const name = 'Caf\u0065\u0301 \u202eevil\u202c \u200b\u200d \ud83d\udca9 \uffff'
      const answer = await gql(createEvent, org(t, { m: name, a: '1.00', d: '2026-03-01' }), t.bearer)
      expect(answer.json.data.createLedgerEvent).toMatchObject({
        success: true,
        event: { merchantName: name },
      })
      const listed = await gql(listEvents, org(t), t.bearer)
      expect(listed.json.data.listLedgerEvents.items[0].merchantName).toBe(name)
    },
  },
]

const sqlMetacharacters: Case[] = [
  {
    name: "merchantName `'; DROP TABLE ledger_events; --` is stored verbatim",
    fresh: true,
    run: async (t) => {
      const name = "'; DROP TABLE ledger_events; --"
      const answer = await gql(
        createEvent,
        org(t, { m: name, a: '1.00', d: '2026-03-01', memo: '" OR 1=1 --' }),
        t.bearer,
      )
      expect(answer.json.data.createLedgerEvent).toMatchObject({
        success: true,
        event: { merchantName: name },
      })
      const listed = await gql(listEvents, org(t, { s: "'; DROP" }), t.bearer)
      expect(listed.json.data.listLedgerEvents.items).toEqual([
        { id: answer.json.data.createLedgerEvent.eventId, merchantName: name, memo: '" OR 1=1 --' },
      ])
    },
  },
  {
    name: 'search `" OR 1=1` matches nothing',
    run: async (t) => {
      const answer = await gql(listEvents, org(t, { s: '" OR 1=1 --' }), t.bearer)
      expect(answer.json.data.listLedgerEvents.totalCount).toBe(0)
    },
  },
  {
    name: "search `' OR '1'='1` in listAccounts and listContacts matches nothing",
    run: async (t) => {
      for (const query of [listAccountsQuery, listContactsQuery]) {
        const answer = await gql(query, org(t, { s: "' OR '1'='1" }), t.bearer)
        expect(answer.status).toBe(200)
        expect(Object.values(answer.json.data as Record<string, { totalCount: number }>)[0]?.totalCount).toBe(
          0,
        )
      }
    },
  },
  {
    name: 'sortBy carrying SQL',
    run: async (t) =>
      expectRefused(
        await gql(listEvents, org(t, { sort: 'merchant_name; DROP TABLE accounts; --' }), t.bearer),
        'INVALID_SORT',
      ),
  },
  {
    name: 'sortDir carrying SQL',
    run: async (t) => {
      const answer = await gql(listEvents, org(t, { dir: 'desc; DELETE FROM ledger_events' }), t.bearer)
      expect(answer.status).toBe(200)
      expect(answer.json.data.listLedgerEvents).toBeNull()
      expect(codeOf(answer)).toMatch(/^INVALID_SORT/)
    },
  },
  {
    name: 'SQL in an id argument',
    run: async (t) =>
      expectRefused(
        await gql(
          'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { id } }',
          org(t, { e: "1' OR '1'='1" }),
          t.bearer,
        ),
        'BAD_USER_INPUT',
      ),
  },
  {
    name: 'SQL in a status filter value',
    run: async (t) =>
      expectRefused(
        await gql(listEvents, org(t, { st: ["confirmed' OR 1=1 --"] }), t.bearer),
        'INVALID_STATUS',
      ),
  },
]

/** How many of the shared organization's items hold the text literally (case-insensitively). */
async function literalMatches(query: string, field: string, key: string, needle: string): Promise<number> {
  const all = await gql(query, org(shared, { l: 200 }))
  const items = all.json.data[field].items as Array<Record<string, string>>
  return items.filter((item) => (item[key] ?? '').toLowerCase().includes(needle.toLowerCase())).length
}

const likeMetacharacters: Case[] = [
  ...(['%', '_', '\\', '\\%', '%_%', '[a]'] as const).flatMap((needle): Case[] => [
    {
      name: `search ${JSON.stringify(needle)} in listLedgerEvents is literal`,
      run: async () => {
        const answer = await gql(listEvents, org(shared, { s: needle, l: 200 }))
        const events = (await gql(listEvents, org(shared, { l: 200 }))).json.data.listLedgerEvents
          .items as Array<{
          merchantName: string
          memo: string
        }>
        const expected = events.filter((e) => `${e.merchantName}\n${e.memo}`.includes(needle)).length
        expect(answer.json.data.listLedgerEvents.totalCount).toBe(expected)
      },
    },
  ]),
  ...(
    [
      ['listAccounts', listAccountsQuery, 'name', '%'],
      ['listAccounts', listAccountsQuery, 'name', '\\'],
      ['listContacts', listContactsQuery, 'displayName', '_'],
      ['listContacts', listContactsQuery, 'displayName', '\\'],
      ['listCategoryRules', listRulesQuery, 'vendorPattern', '\\'],
      ['listCategoryRules', listRulesQuery, 'vendorPattern', '_'],
    ] as const
  ).map(
    ([field, query, key, needle]): Case => ({
      name: `search ${JSON.stringify(needle)} in ${field} is literal`,
      run: async () => {
        const answer = await gql(query, org(shared, { s: needle, l: 200 }))
        expect(answer.json.data[field].totalCount).toBe(await literalMatches(query, field, key, needle))
        expect(answer.json.data[field].totalCount).toBeGreaterThan(0)
      },
    }),
  ),
  {
    name: 'vendorPattern ending in a lone backslash',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(createRule, org(t, { p: 'Shop\\', c: await accountId(t, 'Office Expenses') }), t.bearer),
        'INVALID_PATTERN',
      ),
  },
]

/** Creates a rule, then an event per merchant; answers which merchants the rule categorized. */
async function ruleMatches(t: Tenant, pattern: string, merchants: string[]): Promise<boolean[]> {
  const category = await accountId(t, 'Office Expenses')
  const rule = await gql(createRule, org(t, { p: pattern, c: category }), t.bearer)
  expect(rule.json.data.createCategoryRule, rule.text).toMatchObject({ success: true })
  const matched: boolean[] = []
  for (const merchant of merchants) {
    const query = `mutation ($org: UUID!, $m: String!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "1.00", transactionDate: "2026-03-01") { success errorCode event { category { id } } } }`
    // Matching one name against one rule takes microseconds; five seconds is a hang.
    const answer = await send(
      '/graphql',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...t.bearer },
        body: JSON.stringify({ query, variables: org(t, { m: merchant }) }),
      },
      5000,
    )
    expect(answer.json.data.createLedgerEvent, answer.text).toMatchObject({ success: true })
    matched.push(answer.json.data.createLedgerEvent.event.category?.id === category)
  }
  return matched
}

const regexMetacharacters: Case[] = [
  {
    name: 'vendorPattern `(a+)+$` is literal and quick against a long run of a',
    fresh: true,
    run: async (t) => {
      expect(await ruleMatches(t, '(a+)+$', [`${'a'.repeat(60)}!`, '(A+)+$', 'aaa'])).toEqual([
        false,
        true,
        false,
      ])
    },
  },
  {
    name: 'vendorPattern `[` compiles as a literal',
    fresh: true,
    run: async (t) => {
      expect(await ruleMatches(t, '[', ['[', 'x'])).toEqual([true, false])
    },
  },
  {
    name: 'vendorPattern `.*` and `^$|` are literal',
    fresh: true,
    run: async (t) => {
      expect(await ruleMatches(t, '.*^$|', ['.*^$|', 'anything'])).toEqual([true, false])
    },
  },
  {
    name: 'vendorPattern of many wildcards against a long merchant name answers in time',
    fresh: true,
    run: async (t) => {
      // %a%a...%b over "aaaa...abc": a backtracking matcher takes exponential time here.
      const pattern = `${'%a'.repeat(12)}%b`
      expect(await ruleMatches(t, pattern, [`${'a'.repeat(40)}bc`, `${'a'.repeat(12)}b`])).toEqual([
        false,
        true,
      ])
    },
  },
  {
    name: 'vendorPattern with escaped \\% and \\_ matches them literally',
    fresh: true,
    run: async (t) => {
      expect(
        await ruleMatches(t, '100\\% off\\_x%', ['100% off_x deal', '1000 off_x', '100% offYx']),
      ).toEqual([true, false, false])
    },
  },
  {
    name: 'vendorPattern of 200 underscores against a 200-character name',
    fresh: true,
    run: async (t) => {
      expect(await ruleMatches(t, '_'.repeat(200), ['y'.repeat(200), 'y'.repeat(199)])).toEqual([true, false])
    },
  },
]

const numbers: Case[] = [
  {
    name: 'limit 2^31-1 is clamped to 200',
    run: async (t) => {
      const answer = await gql(listEvents, org(t, { l: 2 ** 31 - 1 }), t.bearer)
      expect(answer.json.data.listLedgerEvents.pageSize).toBe(200)
    },
  },
  {
    name: 'limit -2^31',
    run: async (t) =>
      expectRefused(await gql(listEvents, org(t, { l: -(2 ** 31) }), t.bearer), 'INVALID_LIMIT'),
  },
  {
    name: 'limit 0 on generalLedger',
    run: async (t) =>
      expectRefused(
        await gql(
          'query ($org: UUID!, $a: UUID!) { generalLedger(organizationId: $org, accountId: $a, limit: 0) { accountId } }',
          org(t, { a: await accountId(t, 'Chequing') }),
          t.bearer,
        ),
        'INVALID_LIMIT',
      ),
  },
  {
    name: 'limit 1e308 as an Int variable',
    run: async (t) => {
      const answer = await postGraphQL(
        `{"query": ${JSON.stringify(listEvents)}, "variables": {"org": "${t.organizationId}", "l": 1e308}}`,
        t.bearer,
      )
      expect(answer.status).toBe(200)
      expect(answer.json.data ?? null).toBeNull()
      expect(answer.json.errors[0].message).toMatch(/Int/)
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
    },
  },
  {
    name: 'limit 2^31 as an Int literal',
    run: async (t) => {
      const answer = await gql(
        `query ($org: UUID!) { listAccounts(organizationId: $org, limit: 2147483648) { totalCount } }`,
        org(t),
        t.bearer,
      )
      expect(answer.status).toBe(200)
      expect(codeOf(answer)).toBe('BAD_USER_INPUT')
    },
  },
  {
    name: 'limit as a string and as a fraction',
    run: async (t) => {
      for (const l of ['10', 1.5]) {
        const answer = await gql(listEvents, org(t, { l }), t.bearer)
        expect(answer.status).toBe(200)
        expect(answer.json.data ?? null).toBeNull()
        expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
      }
    },
  },
  {
    name: 'offset -1',
    run: async (t) => expectRefused(await gql(listEvents, org(t, { o: -1 }), t.bearer), 'INVALID_OFFSET'),
  },
  {
    name: 'offset 2^31-1 gives an empty page',
    run: async (t) => {
      const answer = await gql(
        listAccountsQuery.replace('limit: $l)', 'limit: $l, offset: 2147483647)'),
        org(t),
        t.bearer,
      )
      expect(answer.json.data.listAccounts.items).toEqual([])
    },
  },
  {
    name: 'sinceDays 2^31-1',
    run: async (t) => {
      const answer = await gql(listEvents, org(t, { since: 2 ** 31 - 1 }), t.bearer)
      expect(answer.status).toBe(200)
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
      if (!answer.json.errors) expect(answer.json.data.listLedgerEvents.totalCount).toBeGreaterThanOrEqual(0)
    },
  },
  {
    name: 'sinceDays -2^31',
    run: async (t) =>
      expectRefused(await gql(listEvents, org(t, { since: -(2 ** 31) }), t.bearer), 'INVALID_SINCE_DAYS'),
  },
]

const amounts: Case[] = [
  ...[
    '1e3',
    '99999999999999999999.99',
    '-0',
    '0x10',
    'NaN',
    'Infinity',
    '0.00',
    '1.001',
    ' 1.00',
    '1,000.00',
    '\uff11.00',
    '',
  ].map(
    (amount): Case => ({
      name: `amount ${JSON.stringify(amount)}`,
      refused: true,
      run: async (t) =>
        expectRefused(
          await gql(createEvent, org(t, { m: 'Shop', a: amount, d: '2026-03-01' }), t.bearer),
          'INVALID_AMOUNT',
        ),
    }),
  ),
  {
    name: 'amountMin "NaN" in a filter',
    run: async (t) =>
      expectRefused(await gql(listEvents, org(t, { min: 'NaN' }), t.bearer), 'INVALID_AMOUNT'),
  },
  {
    name: 'bank row amount "1e3"',
    refused: true,
    run: async (t) => {
      const rows = [
        { transactionDate: '2026-03-01', description: 'Shop', amount: '1e3', eventType: 'expense' },
      ]
      expectRefused(
        await gql(importRows, org(t, { p: await accountId(t, 'Chequing'), rows }), t.bearer),
        'INVALID_ROW',
      )
    },
  },
]

const ids: Case[] = [
  {
    name: 'an id that is not a UUID',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(
          'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
          org(t, { e: 'not-a-uuid' }),
          t.bearer,
        ),
        'BAD_USER_INPUT',
      ),
  },
  {
    name: 'an organizationId of 10,000 characters',
    run: async () => {
      const answer = await gql(listAccountsQuery, { org: 'f'.repeat(10_000) })
      expectRefused(answer, 'BAD_USER_INPUT')
    },
  },
  {
    name: 'a UUID given as a number',
    run: async () => {
      const answer = await gql(listAccountsQuery, { org: 12345 })
      expectRefused(answer, 'BAD_USER_INPUT')
    },
  },
  {
    name: 'the nil UUID as organizationId',
    run: async () => {
      const answer = await gql(listAccountsQuery, { org: '00000000-0000-0000-0000-000000000000' })
      expectRefused(answer, 'ORGANIZATION_NOT_FOUND')
    },
  },
  {
    name: '70,000 accountIds in a filter',
    run: async (t) => {
      const acc = Array.from({ length: 70_000 }, () => randomUUID())
      const answer = await gql(listEvents, org(t, { acc }), t.bearer)
      expect(answer.status).toBe(200)
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
      if (!answer.json.errors) expect(answer.json.data.listLedgerEvents.totalCount).toBe(0)
    },
  },
  {
    name: '70,000 eventIds to markLedgerEventsSynced',
    refused: true,
    run: async (t) => {
      const eventIds = Array.from({ length: 70_000 }, () => randomUUID())
      const answer = await gql(
        'mutation ($org: UUID!, $ids: [UUID!]!) { markLedgerEventsSynced(organizationId: $org, eventIds: $ids) { success syncedCount errorCode } }',
        org(t, { ids: eventIds }),
        t.bearer,
      )
      expect(answer.status).toBe(200)
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
      if (answer.json.data?.markLedgerEventsSynced)
        expect(answer.json.data.markLedgerEventsSynced.syncedCount).toBe(0)
    },
  },
]

const dates: Case[] = [
  ...['2026-02-30', '0000-00-00', '9999-99-99', '2026-2-3', '+002026-03-01', '2026-03-01T00:00:00Z'].map(
    (d): Case => ({
      name: `transactionDate ${d}`,
      refused: true,
      run: async (t) =>
        expectRefused(await gql(createEvent, org(t, { m: 'Shop', a: '1.00', d }), t.bearer), 'INVALID_DATE'),
    }),
  ),
  {
    name: 'Date scalar 2026-02-30 in dashboardSummary',
    run: async (t) =>
      expectRefused(
        await gql(
          'query ($org: UUID!, $s: Date) { dashboardSummary(organizationId: $org, startDate: $s) { netIncome } }',
          org(t, { s: '2026-02-30' }),
          t.bearer,
        ),
        'INVALID_DATE',
      ),
  },
  {
    name: 'dateFrom 9999-99-99 in listLedgerEvents',
    run: async (t) =>
      expectRefused(await gql(listEvents, org(t, { from: '9999-99-99' }), t.bearer), 'INVALID_DATE'),
  },
]

function aliasedMutations(t: Tenant, count: number) {
  return `mutation { ${Array.from(
    { length: count },
    (_, i) =>
      `c${i}: createContact(organizationId: "${t.organizationId}", contactType: "vendor", displayName: "Alias ${i}") { success }`,
  ).join(' ')} }`
}

const documents: Case[] = [
  {
    name: 'depth 50',
    run: async (t) => {
      const deep = `{ __schema { types { ${'fields { type { '.repeat(25)} name ${'} } '.repeat(25)} } } }`
      const answer = await gql(deep, {}, t.bearer)
      expectRefused(answer, 'QUERY_TOO_COMPLEX', 'GRAPHQL_VALIDATION_FAILED')
      expect(answer.text).toMatch(/depth/i)
    },
  },
  {
    name: '1,000 aliases',
    run: async (t) => {
      const query = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: myOrganizations { id }`).join(' ')} }`
      expectRefused(await gql(query, {}, t.bearer), 'QUERY_TOO_COMPLEX')
    },
  },
  {
    name: '100 root mutations',
    refused: true,
    run: async (t) =>
      expectRefused(
        await gql(aliasedMutations(t, 100), {}, t.bearer),
        'TOO_MANY_MUTATIONS',
        'QUERY_TOO_COMPLEX',
      ),
  },
  {
    name: '1,000 directives',
    run: async (t) => {
      const query = `{ myOrganizations { id ${'@include(if: true) '.repeat(1000)} } }`
      expectRefused(await gql(query, {}, t.bearer), 'QUERY_TOO_COMPLEX', 'GRAPHQL_VALIDATION_FAILED')
    },
  },
  {
    name: 'more than 50,000 tokens',
    run: async (t) => {
      const query = `{ myOrganizations { ${'id '.repeat(60_000)} } }`
      const answer = await gql(query, {}, t.bearer)
      expectHttp(answer, 400, 'GRAPHQL_PARSE_FAILED')
    },
  },
  {
    name: 'a fragment cycle in a query',
    run: async (t) => {
      const query =
        'query { ...A } fragment A on Query { myOrganizations { id } ...B } fragment B on Query { ...A }'
      const answer = await gql(query, {}, t.bearer)
      expectRefused(answer, 'GRAPHQL_VALIDATION_FAILED', 'QUERY_TOO_COMPLEX')
    },
  },
  {
    name: 'a fragment cycle in a mutation',
    refused: true,
    run: async (t) => {
      const query = `mutation { ...A } fragment A on Mutation { createContact(organizationId: "${t.organizationId}", contactType: "vendor", displayName: "Cycle") { success } ...B } fragment B on Mutation { ...A }`
      expectRefused(await gql(query, {}, t.bearer), 'GRAPHQL_VALIDATION_FAILED', 'QUERY_TOO_COMPLEX')
    },
  },
  {
    name: 'a list literal nested 20,000 deep in the query text',
    run: async (t) => {
      const query = `{ listAccounts(organizationId: "${t.organizationId}", search: ${'['.repeat(20_000)}${']'.repeat(20_000)}) { totalCount } }`
      const answer = await gql(query, {}, t.bearer)
      expect([200, 400]).toContain(answer.status)
      expect(answer.json.data ?? null).toBeNull()
    },
  },
  {
    name: '10,000 levels of arrays in a variable',
    run: async (t) => {
      const nested = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`
      const answer = await postGraphQL(
        `{"query": ${JSON.stringify(listEvents)}, "variables": {"org": "${t.organizationId}", "s": ${nested}}}`,
        t.bearer,
      )
      expect(answer.status).toBe(200)
      expect(answer.json.data ?? null).toBeNull()
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
    },
  },
  {
    name: '100,000 levels of arrays in a variable',
    run: async (t) => {
      const nested = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`
      const answer = await postGraphQL(
        `{"query": ${JSON.stringify(listEvents)}, "variables": {"org": "${t.organizationId}", "s": ${nested}}}`,
        t.bearer,
      )
      expect([200, 400]).toContain(answer.status)
      expect(answer.json?.data ?? null).toBeNull()
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
    },
  },
  {
    name: '10,000 levels of objects in a variable',
    run: async (t) => {
      const nested = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`
      const answer = await postGraphQL(
        `{"query": ${JSON.stringify(listEvents)}, "variables": {"org": "${t.organizationId}", "s": ${nested}}}`,
        t.bearer,
      )
      expect([200, 400]).toContain(answer.status)
      expect(answer.json?.data ?? null).toBeNull()
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
    },
  },
  {
    name: 'an unknown operationName',
    run: async (t) => {
      const answer = await postGraphQL(
        JSON.stringify({ query: 'query Q { myOrganizations { id } }', operationName: 'Nope' }),
        t.bearer,
      )
      expect(answer.status).toBe(200)
      expect(answer.json.errors.length).toBeGreaterThan(0)
      expect(codeOf(answer)).not.toBe('INTERNAL_SERVER_ERROR')
    },
  },
  {
    name: 'operationName that is not a string',
    run: async (t) =>
      expectRefused(
        await postGraphQL(
          JSON.stringify({ query: '{ myOrganizations { id } }', operationName: { a: 1 } }),
          t.bearer,
        ),
        'BAD_REQUEST',
      ),
  },
  {
    name: 'variables that are a string',
    run: async (t) =>
      expectRefused(
        await postGraphQL(
          JSON.stringify({ query: '{ myOrganizations { id } }', variables: '{"a":1}' }),
          t.bearer,
        ),
        'BAD_REQUEST',
      ),
  },
  {
    name: 'a mutation over GET',
    refused: true,
    run: async (t) => {
      const query = encodeURIComponent(
        `mutation { createContact(organizationId: "${t.organizationId}", contactType: "vendor", displayName: "Via GET") { success } }`,
      )
      expectHttp(await send(`/graphql?query=${query}`, { headers: t.bearer }), 405, 'METHOD_NOT_ALLOWED')
    },
  },
  {
    name: 'bank import of 10,001 rows',
    refused: true,
    run: async (t) => {
      const rows = Array.from({ length: 10_001 }, (_, i) => ({
        transactionDate: '2026-03-01',
        description: `Row ${i}`,
        amount: '-1.00',
        eventType: 'expense',
      }))
      expectRefused(
        await gql(importRows, org(t, { p: await accountId(t, 'Chequing'), rows }), t.bearer),
        'TOO_MANY_ROWS',
      )
    },
  },
  {
    name: 'batchCreateContacts of 501 items',
    refused: true,
    run: async (t) => {
      const items = Array.from({ length: 501 }, (_, i) => ({
        contactType: 'vendor',
        displayName: `Batch ${i}`,
      }))
      expectRefused(
        await gql(
          'mutation ($org: UUID!, $items: [ContactInput!]!) { batchCreateContacts(organizationId: $org, items: $items) { success errorCode created } }',
          org(t, { items }),
          t.bearer,
        ),
        'BATCH_TOO_LARGE',
      )
    },
  },
  {
    name: 'a status filter of 10,000 unknown values',
    run: async (t) => {
      const answer = await gql(
        listEvents,
        org(t, { st: Array.from({ length: 10_000 }, (_, i) => `s${i}`) }),
        t.bearer,
      )
      expectRefused(answer, 'INVALID_STATUS')
    },
  },
]

const envelopes: Case[] = [
  {
    name: 'an array batch',
    run: async (t) =>
      expectHttp(
        await postGraphQL(
          JSON.stringify([{ query: '{ myOrganizations { id } }' }, { query: '{ myOrganizations { id } }' }]),
          t.bearer,
        ),
        400,
        'MALFORMED_REQUEST',
      ),
  },
  {
    name: 'a 5 MB body',
    refused: true,
    run: async (t) => {
      const body = JSON.stringify({
        query: createEvent,
        variables: org(t, { m: 'x'.repeat(5 * 1024 * 1024), a: '1.00', d: '2026-03-01' }),
      })
      // A raw socket, and the head only: the server answers as soon as it sees the length (a client
      // still writing the body would see the connection reset rather than the answer).
      const outcome = await raw([
        `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: ${t.bearer.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      ])
      expect(outcome.status).toBe(413)
      expect(outcome.text).toContain('PAYLOAD_TOO_LARGE')
    },
  },
  {
    name: 'a 5 MB chunked body with no Content-Length',
    refused: true,
    run: async (t) => {
      const body = JSON.stringify({
        query: createEvent,
        variables: org(t, { m: 'y'.repeat(5 * 1024 * 1024), a: '1.00', d: '2026-03-01' }),
      })
      const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`
      const pieces = [
        `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: ${t.bearer.authorization}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      ]
      // Exactly 4 MiB, then 100 bytes more: the server reads all of it, so it can answer and close
      // without resetting the connection.
      for (let at = 0; at < 4 * 1024 * 1024; at += 512 * 1024)
        pieces.push(chunk(body.slice(at, at + 512 * 1024)))
      pieces.push(chunk(body.slice(4 * 1024 * 1024, 4 * 1024 * 1024 + 100)))
      const outcome = await raw(pieces, { pauseMs: 30 })
      expect(outcome.status).toBe(413)
    },
  },
  ...(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'image/png'] as const).map(
    (type): Case => ({
      name: `content type ${type}`,
      refused: true,
      run: async (t) => {
        const answer = await send('/graphql', {
          method: 'POST',
          headers: { ...t.bearer, 'content-type': type },
          body: JSON.stringify({ query: aliasedMutations(t, 1) }),
        })
        expect([400, 415]).toContain(answer.status)
        expect(answer.json?.errors?.[0]?.message).toEqual(expect.any(String))
      },
    }),
  ),
  {
    name: 'multipart form data to /graphql',
    refused: true,
    run: async (t) => {
      const { type, body } = await formBytes(multipart([{ name: 'query', value: aliasedMutations(t, 1) }]))
      const answer = await postForm(
        '/graphql',
        { Authorization: t.bearer.authorization as string },
        body,
        type,
      )
      expectRawHttp(answer, 400, 'MALFORMED_REQUEST')
    },
  },
  {
    name: 'no content type at all',
    refused: true,
    run: async (t) => {
      const answer = await raw([
        `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: ${t.bearer.authorization}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      ])
      expect(answer.status).toBeDefined()
      expect([400, 415]).toContain(answer.status)
    },
  },
  ...(
    [
      ['an empty body', ''],
      ['a null body', 'null'],
      ['a JSON number', '42'],
      ['a JSON string', '"{ myOrganizations { id } }"'],
      ['JSON true', 'true'],
      ['truncated JSON', '{"query": "{ myOrganizations { id } }", "variables": {'],
      ['JSON with a trailing comma', '{"query": "{ myOrganizations { id } }",}'],
    ] as const
  ).map(
    ([label, body]): Case => ({
      name: `${label} as the request body`,
      run: async (t) => expectHttp(await postGraphQL(body, t.bearer), 400, 'MALFORMED_REQUEST'),
    }),
  ),
  {
    name: '__proto__ in the JSON body',
    run: async (t) => {
      const answer = await postGraphQL(
        `{"query": "query ($organizationId: UUID!) { listAccounts(organizationId: $organizationId) { totalCount } }", "__proto__": {"variables": {"organizationId": "${t.organizationId}"}}}`,
        t.bearer,
      )
      expect([200, 400]).toContain(answer.status)
      // Whatever happened, nothing was inherited: the variable is still missing.
      expect(answer.json?.data?.listAccounts ?? null).toBeNull()
    },
  },
  {
    name: '__proto__ and constructor.prototype in variables',
    run: async (t) => {
      const answer = await postGraphQL(
        `{"query": ${JSON.stringify(listEvents)}, "variables": {"org": "${t.organizationId}", "__proto__": {"s": "polluted", "isAdmin": true}, "constructor": {"prototype": {"l": 1}}}}`,
        t.bearer,
      )
      expect([200, 400]).toContain(answer.status)
      if (answer.status === 200 && !answer.json.errors) {
        expect(answer.json.data.listLedgerEvents.pageSize).toBe(25)
      }
      // A later request must not see anything inherited either.
      const later = await gql(
        'query ($org: UUID!, $s: String) { listAccounts(organizationId: $org, search: $s) { pageSize } }',
        org(t),
        t.bearer,
      )
      expect(later.json.data.listAccounts.pageSize).toBe(25)
    },
  },
  {
    name: '__proto__ as an input object field',
    refused: true,
    run: async (t) => {
      const answer = await postGraphQL(
        `{"query": ${JSON.stringify(importRows)}, "variables": {"org": "${t.organizationId}", "p": "${await accountId(t, 'Chequing')}", "rows": [{"__proto__": {"description": "x"}, "transactionDate": "2026-03-01", "amount": "-1.00", "eventType": "expense"}]}}`,
        t.bearer,
      )
      expect([200, 400]).toContain(answer.status)
      expect(answer.json?.data?.importBankStatement?.success ?? false).toBe(false)
    },
  },
]

const headers: Case[] = [
  {
    name: 'an Idempotency-Key of 300 characters',
    refused: true,
    run: async (t) => {
      const answer = await postGraphQL(JSON.stringify({ query: aliasedMutations(t, 1) }), {
        ...t.bearer,
        'idempotency-key': 'k'.repeat(300),
      })
      expectRefused(answer, 'INVALID_IDEMPOTENCY_KEY')
    },
  },
  {
    name: 'an Idempotency-Key with spaces and non-ASCII bytes',
    refused: true,
    run: async (t) => {
      const body = JSON.stringify({ query: aliasedMutations(t, 1) })
      const answer = await raw([
        Buffer.concat([
          Buffer.from(
            `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: ${t.bearer.authorization}\r\nContent-Type: application/json\r\nIdempotency-Key: a b `,
          ),
          Buffer.from([0xe9, 0xff]),
          Buffer.from(`\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`),
        ]),
      ])
      expect(answer.status).toBeDefined()
      expect(answer.status).toBeLessThan(500)
      if (answer.status === 200) expect(answer.text).toContain('INVALID_IDEMPOTENCY_KEY')
    },
  },
  {
    name: 'an Authorization header of 100 KB',
    run: async () => {
      const answer = await raw([
        `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: Bearer dbk_${'a'.repeat(100 * 1024)}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      ])
      expect(answer.status).toBe(431)
    },
  },
  {
    name: 'an Authorization header of 8 KB',
    run: async () => {
      const answer = await gql(
        '{ myOrganizations { id } }',
        {},
        { authorization: `Bearer dbk_${'a'.repeat(8 * 1024)}` },
      )
      expect(answer.json.errors[0].message).toBe('Invalid API Key.')
    },
  },
  {
    name: 'an unknown authorization scheme',
    run: async () => {
      const answer = await gql('{ myOrganizations { id } }', {}, { authorization: 'Basic dXNlcjpwYXNz' })
      expect(answer.json.errors[0].message).toBe('Authentication Required.')
    },
  },
  {
    name: '`Bearer ` with nothing after it',
    run: async () => {
      const body = '{"query":"{ myOrganizations { id } }"}'
      const answer = await raw([
        `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: Bearer \r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      ])
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('Invalid API Key.')
    },
  },
  {
    name: '`JWT ` with nothing after it, and a JWT of junk',
    run: async () => {
      for (const authorization of ['JWT', `JWT ${'x.'.repeat(4000)}x`]) {
        const answer = await gql('{ myOrganizations { id } }', {}, { authorization })
        expect(answer.json.errors[0].message).toBe('Invalid Or Expired Token.')
      }
    },
  },
]

async function uploadWith(t: Tenant, form: FormData) {
  const { type, body } = await formBytes(form)
  return postForm('/uploads', { Authorization: t.bearer.authorization as string }, body, type)
}

const uploads: Case[] = [
  {
    name: 'upload of a 21 MB file',
    refused: true,
    run: async (t) => {
      const big = Buffer.concat([tinyPng, Buffer.alloc(21 * 1024 * 1024)])
      const answer = await uploadWith(
        t,
        multipart([{ name: 'file', filename: 'big.png', bytes: big, type: 'image/png' }]),
      )
      expect(answer.status).toBe(413)
    },
  },
  {
    name: 'upload of a text file renamed .png',
    refused: true,
    run: async (t) => {
      const answer = await uploadWith(
        t,
        multipart([{ name: 'file', filename: 'x.png', bytes: Buffer.from('just text'), type: 'image/png' }]),
      )
      expectRawHttp(answer, 415, 'UNSUPPORTED_FILE_TYPE')
    },
  },
  {
    name: 'upload of an empty file',
    refused: true,
    run: async (t) => {
      const answer = await uploadWith(
        t,
        multipart([{ name: 'file', filename: 'x.png', bytes: Buffer.alloc(0), type: 'image/png' }]),
      )
      expect(answer.status).toBe(400)
    },
  },
  {
    name: 'multipart with 100 parts',
    refused: true,
    run: async (t) => {
      const parts = Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? { name: 'file', filename: `p${i}.png`, bytes: tinyPng, type: 'image/png' }
          : { name: `field${i}`, value: 'x' },
      )
      expectRawHttp(await uploadWith(t, multipart(parts)), 400, 'MALFORMED_REQUEST')
    },
  },
  {
    name: 'multipart with 100 text fields and no file',
    refused: true,
    run: async (t) => {
      const parts = Array.from({ length: 100 }, (_, i) => ({ name: `field${i}`, value: 'x' }))
      expectRawHttp(await uploadWith(t, multipart(parts)), 400, 'MALFORMED_REQUEST')
    },
  },
  {
    name: 'upload sent as JSON',
    refused: true,
    run: async (t) => {
      const body = Buffer.from(JSON.stringify({ file: tinyPng.toString('base64') }))
      const answer = await postForm(
        '/uploads',
        { Authorization: t.bearer.authorization as string },
        body,
        'application/json',
      )
      expect(answer.status).toBe(400)
    },
  },
  {
    name: 'upload with a multipart body that never ends',
    refused: true,
    run: async (t) => {
      const body = `--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${tinyPng.toString('latin1')}`
      const answer = await postForm(
        '/uploads',
        { Authorization: t.bearer.authorization as string },
        Buffer.from(body, 'latin1'),
        'multipart/form-data; boundary=b',
      )
      expectRawHttp(answer, 400, 'MALFORMED_REQUEST')
    },
  },
  {
    name: 'upload with a path-traversal file name',
    fresh: true,
    run: async (t) => {
      const answer = await uploadWith(
        t,
        multipart([
          { name: 'file', filename: '../../../../etc/passwd.png', bytes: tinyPng, type: 'image/png' },
        ]),
      )
      expect(answer.status).toBe(201)
      expect(answer.json.s3Key).toMatch(new RegExp(`^${t.organizationId}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$`))
      expect(answer.json.filename).not.toContain('/')
    },
  },
  {
    name: 'GET /files with a path traversal',
    run: async (t) => {
      for (const p of [
        '/files/../../etc/passwd',
        `/files/${t.organizationId}/../../../etc/passwd`,
        '/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      ]) {
        const answer = await send(p, { headers: t.bearer })
        expect(answer.status, p).toBe(404)
        expect(answer.text).not.toContain('root:')
      }
    },
  },
]

async function intakeEmail(
  body: string | Buffer,
  extra: Record<string, string> = { 'x-intake-secret': secret },
) {
  return send('/intake/email', {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', ...extra },
    body: body as RequestInit['body'],
  })
}

async function emailAddress(t: Tenant): Promise<string> {
  const address = `${unique('hostile').replace(' ', '.')}@example.com`.toLowerCase()
  const answer = await gql(createIntake, org(t, { t: 'email', a: address }), t.bearer)
  expect(answer.json.data.createIntakeAddress.success).toBe(true)
  return address
}

const intake: Case[] = [
  {
    name: 'a multipart body refused part-way leaves its keep-alive connection usable',
    run: async () => {
      const parts = [
        { name: 'to', value: '14165550000' },
        ...Array.from({ length: 98 }, (_, i) => ({
          name: 'media',
          filename: `m${i}.png`,
          bytes: tinyPng,
          type: 'image/png',
        })),
      ]
      const { type, body } = await formBytes(multipart(parts))
      const head = `POST /intake/sms HTTP/1.1\r\n${host()}\r\nX-Intake-Secret: ${secret}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`
      const outcome = await raw(
        [
          head,
          body.subarray(0, 8192),
          body.subarray(8192),
          `GET /healthz HTTP/1.1\r\n${host()}\r\nConnection: close\r\n\r\n`,
        ],
        { pauseMs: 100, waitMs: 2000, writeAll: true },
      )
      const statuses = [...outcome.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]))
      seen.push(...statuses.slice(1))
      expect(statuses[0]).toBe(400)
      // Either the next request on the connection is answered, or the refusal closed it.
      if (!/^connection: close/im.test(outcome.text.split('\r\n\r\n')[0] as string))
        expect(statuses).toEqual([400, 200])
    },
  },
  {
    name: 'intake e-mail: binary noise instead of a message',
    refused: true,
    run: async (t, rebase) => {
      await emailAddress(t)
      await rebase()
      const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))
      const answer = await intakeEmail(noise)
      expect([400, 404]).toContain(answer.status)
    },
  },
  {
    name: 'intake e-mail: malformed MIME addressed to a real intake address',
    fresh: true,
    run: async (t, rebase) => {
      const to = await emailAddress(t)
      await rebase()
      const message = [
        `To: ${to}`,
        'From: <<<>>>',
        'Content-Type: multipart/mixed; boundary="never"',
        'Content-Transfer-Encoding: quantum',
        '',
        '--never',
        'Content-Type: image/png',
        'Content-Transfer-Encoding: base64',
        'Content-Disposition: attachment; filename="..\\..\\x.png"',
        '',
        '!!!! not base64 !!!!',
      ].join('\r\n')
      const answer = await intakeEmail(message)
      expect([202, 400, 404, 415]).toContain(answer.status)
    },
  },
  {
    name: 'intake e-mail: 10,000 recipients, none of them ours',
    refused: true,
    run: async () => {
      const to = Array.from({ length: 10_000 }, (_, i) => `r${i}@nowhere.example`).join(', ')
      const answer = await intakeEmail(`To: ${to}\r\nSubject: x\r\n\r\nTOTAL 1.00\r\n`)
      expectHttp(answer, 404, 'INTAKE_ADDRESS_NOT_FOUND')
    },
  },
  {
    name: 'intake e-mail: wrong secret',
    refused: true,
    run: async (t, rebase) => {
      const to = await emailAddress(t)
      await rebase()
      const answer = await intakeEmail(`To: ${to}\r\nSubject: x\r\n\r\nTOTAL 1.00\r\n`, {
        'x-intake-secret': `${secret.slice(0, -1)}X`,
      })
      expectHttp(answer, 401, 'INTAKE_SECRET_INVALID')
    },
  },
  {
    name: 'intake e-mail: a secret of another length, and none',
    refused: true,
    run: async (t, rebase) => {
      const to = await emailAddress(t)
      await rebase()
      const attempts: Array<Record<string, string>> = [{ 'x-intake-secret': `${secret}${secret}` }, {}]
      for (const extra of attempts) {
        expectHttp(await intakeEmail(`To: ${to}\r\n\r\nTOTAL 1.00\r\n`, extra), 401, 'INTAKE_SECRET_INVALID')
      }
    },
  },
  {
    name: 'intake e-mail sent as JSON',
    refused: true,
    run: async (t, rebase) => {
      const to = await emailAddress(t)
      await rebase()
      const answer = await send('/intake/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-intake-secret': secret },
        body: JSON.stringify({ to, text: 'TOTAL 1.00' }),
      })
      expect(answer.status).toBe(415)
    },
  },
  {
    name: 'intake SMS with 100 parts',
    refused: true,
    run: async (t, rebase) => {
      const digits = `1416${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
      await gql(createIntake, org(t, { t: 'sms', a: digits }), t.bearer)
      await rebase()
      const parts = [
        { name: 'to', value: digits },
        { name: 'from', value: '14165550000' },
        ...Array.from({ length: 98 }, (_, i) => ({
          name: 'media',
          filename: `m${i}.png`,
          bytes: tinyPng,
          type: 'image/png',
        })),
      ]
      const { type, body } = await formBytes(multipart(parts))
      const answer = await postForm('/intake/sms', { 'X-Intake-Secret': secret }, body, type)
      expect([400, 413]).toContain(answer.status)
    },
  },
  {
    name: 'intake SMS without a recipient',
    refused: true,
    run: async () => {
      const { type, body } = await formBytes(multipart([{ name: 'body', value: 'TOTAL 1.00' }]))
      expectRawHttp(
        await postForm('/intake/sms', { 'X-Intake-Secret': secret }, body, type),
        400,
        'MALFORMED_REQUEST',
      )
    },
  },
]

/** Other requests are answered while a slow client holds a connection. */
async function expectServedMeanwhile() {
  const started = Date.now()
  const answer = await send('/healthz', {}, 3000)
  expect(answer.status).toBe(200)
  expect(Date.now() - started).toBeLessThan(3000)
}

const slowClients: Case[] = [
  {
    name: 'request headers sent byte by byte over three seconds',
    run: async (t) => {
      const body = '{"query":"{ myOrganizations { id } }"}'
      const request = `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: ${t.bearer.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`
      const pieces = [...request].map((c) => c)
      const pauseMs = Math.floor(3000 / pieces.length)
      const slow = raw([...pieces, body], { pauseMs, waitMs: 5000 })
      await sleep(1000)
      await expectServedMeanwhile()
      const outcome = await slow
      // Either answered in full or cut off by the server's own timeout: never a hang, never a 5xx.
      if (outcome.status !== undefined) {
        expect([200, 408]).toContain(outcome.status)
        if (outcome.status === 200) expect(outcome.text).toContain(t.organizationId)
      }
    },
  },
  {
    name: 'Content-Length larger than the body, then silence',
    refused: true,
    run: async (t) => {
      const body = JSON.stringify({ query: aliasedMutations(t, 1) })
      const slow = raw(
        [
          `POST /graphql HTTP/1.1\r\n${host()}\r\nAuthorization: ${t.bearer.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 1000}\r\n\r\n${body}`,
        ],
        { waitMs: 2500 },
      )
      await sleep(500)
      await expectServedMeanwhile()
      const outcome = await slow
      // The body never completed, so nothing may run; a timeout answer is fine, a 5xx is not.
      if (outcome.status !== undefined) expect([400, 408]).toContain(outcome.status)
    },
  },
  {
    name: 'fifty idle connections that never send a byte',
    run: async () => {
      const port = Number(new URL(target.url).port)
      const sockets = Array.from({ length: 50 }, () => connect(port, '127.0.0.1'))
      try {
        await sleep(300)
        await expectServedMeanwhile()
        await expectServedMeanwhile()
      } finally {
        for (const socket of sockets) socket.destroy()
      }
    },
  },
  {
    name: 'an invalid Content-Length',
    run: async () => {
      const outcome = await raw([
        `POST /graphql HTTP/1.1\r\n${host()}\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n{}`,
      ])
      expect(outcome.status).toBe(400)
    },
  },
  {
    name: 'both Content-Length and Transfer-Encoding',
    run: async () => {
      const outcome = await raw([
        `POST /graphql HTTP/1.1\r\n${host()}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\n${host()}\r\n\r\n`,
      ])
      expect(outcome.status).toBe(400)
    },
  },
  {
    name: 'a chunked body with a bad chunk size',
    run: async () => {
      const outcome = await raw([
        `POST /graphql HTTP/1.1\r\n${host()}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
      ])
      expect(outcome.status).toBe(400)
    },
  },
]

// ---- running them --------------------------------------------------------------------------------

beforeAll(async () => {
  helper = await startServer({ dataDir, env: { JOB_WORKER: 'off', INTAKE_WEBHOOK_SECRET: secret } })
  await target.start()
  shared = await createTenant(helper)
  // Names that hold every LIKE metacharacter, so that searches have something to be literal about.
  const names = ['Cafe 100% Bio', 'Under_Score Ltd', 'Back\\slash Inc', 'Plain Shop', 'Brackets [a] Co']
  for (const name of names) {
    await gql(createEvent, org(shared, { m: name, a: '5.00', d: '2026-03-01' }))
    await gql(createContact, org(shared, { n: name }))
    await gql(createAccount, org(shared, { n: `${name} Account` }))
  }
  const category = await accountId(shared, 'Office Expenses')
  for (const pattern of ['100\\% Bio', 'Under\\_Score%', 'Back\\\\slash%', 'Plain%']) {
    const answer = await gql(createRule, org(shared, { p: pattern, c: category }))
    expect(answer.json.data.createCategoryRule.success, answer.text).toBe(true)
  }
}, 120_000)

afterAll(async () => {
  await target.stop()
  await helper?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The server's logged errors, one line each: message, error, and where in Daybook it was thrown. */
function summarize(log: string): string {
  return log
    .split('\n')
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as {
          msg?: string
          err?: { type?: string; message?: string; stack?: string }
        }
        if (!entry.err) return []
        const frames = (entry.err.stack ?? '')
          .split('\n')
          .filter((frame) => frame.includes('/dist/'))
          .slice(0, 3)
          .map((frame) =>
            frame
              .trim()
              .replace(/^at /, '')
              .replace(/file:\/\/\S*\/dist\//, 'dist/'),
          )
        return [
          `${entry.msg}: ${entry.err.type}: ${entry.err.message?.slice(0, 200)} [${frames.join(' < ')}]`,
        ]
      } catch {
        return line.trim() === '' ? [] : [line.slice(0, 300)]
      }
    })
    .slice(-5)
    .join('\n')
}

function runCases(cases: Case[]) {
  // Refusals share one organization per group (each case counts before and after); cases that
  // really write get one of their own.
  let refusals: Tenant | undefined
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (name, c) => {
      if (c.refused) refusals ??= await createTenant(helper)
      const t = c.fresh ? await createTenant(helper) : c.refused ? (refusals as Tenant) : shared
      let before = c.refused ? await counts(t) : undefined
      const rebase = async () => {
        if (c.refused) before = await counts(t)
      }
      seen = []
      let failure: unknown
      try {
        await c.run(t, rebase)
      } catch (error) {
        failure = error
      }
      const statuses = seen
      await target.expectHealthy(name)
      const log = summarize(target.takeOutput())
      if (failure instanceof Error && log) failure.message += `\nServer log:\n${log}`
      if (failure) throw failure
      expect(
        statuses.filter((s) => s >= 500),
        `5xx answers; server log:\n${log}`,
      ).toEqual([])
      if (before) expect(await counts(t)).toEqual(before)
    },
    60_000,
  )
}

const groups: Array<[string, Case[]]> = [
  ['huge strings', hugeStrings],
  ['NUL bytes', nulBytes],
  ['encodings', encodings],
  ['SQL metacharacters', sqlMetacharacters],
  ['LIKE metacharacters', likeMetacharacters],
  ['regular-expression metacharacters', regexMetacharacters],
  ['numbers', numbers],
  ['amounts', amounts],
  ['ids', ids],
  ['dates', dates],
  ['documents and limits', documents],
  ['request envelopes', envelopes],
  ['headers', headers],
  ['uploads', uploads],
  ['intake webhooks', intake],
  ['slow clients', slowClients],
]

for (const [label, cases] of groups) describe(label, () => runCases(cases))

describe('the whole file', () => {
  it('covers at least sixty distinct kinds of hostile input', () => {
    const names = groups.flatMap(([, cases]) => cases.map((c) => c.name))
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBeGreaterThanOrEqual(60)
  })

  it('never had to restart the server', () => {
    expect(target.incidents).toEqual([])
  })
})

// DESIGN 8.7 over HTTP: every role and every key scope against every operation of the schema, viewers and read keys changing nothing, the accountant's locks, a bank-import key, and the practice overview.
import { randomUUID } from 'node:crypto'
import {
  buildSchema,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSdl } from '../../src/graphql/sdl.js'
import { type Role, roles, type Scope, scopes } from '../../src/modules/access/principal.js'
import { keyMayCall, type OperationName, type Right, rights } from '../../src/modules/access/rights.js'
import { multipart, tinyPng } from '../support/files.js'
import { accountsByName, createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

type Headers = Record<string, string>
type User = Tenant['owner']

let server: TestServer
let tenant: Tenant
const people = {} as Record<Role, User>
const keys = {} as Record<Scope, Headers>

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
  const { access } = server.app.core.services
  people.owner = tenant.owner
  for (const role of roles.filter((r) => r !== 'owner')) {
    people[role] = await createUser(server)
    const added = await access.addMemberAsOperator(tenant.organizationId, people[role].email, role)
    expect(added.ok).toBe(true)
  }
  for (const scope of scopes) {
    const made = await access.createApiKeyAsOperator(tenant.organizationId, `${scope} key`, [scope])
    if (!made.ok) throw new Error(made.error.message)
    keys[scope] = { authorization: `Bearer ${made.value.key}` }
  }
}, 60_000)
afterAll(() => server.close())

// ---- calling any operation with arguments that pass validation ---------------------------------

const schema = buildSchema(loadSdl())
type Kind = 'query' | 'mutation'
interface Operation {
  name: OperationName
  kind: Kind
  field: GraphQLField<unknown, unknown>
}
const fieldsOf = (kind: Kind) =>
  Object.values((kind === 'query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {})
const schemaOperations: Operation[] = (['query', 'mutation'] as const).flatMap((kind) =>
  fieldsOf(kind)
    .filter((field) => field.args.some((arg) => arg.name === 'organizationId'))
    .map((field) => ({ name: field.name as OperationName, kind, field })),
)
const mutations = schemaOperations.filter((op) => op.kind === 'mutation')

/** A literal of the type that GraphQL accepts; the service may still refuse it, after access. */
function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType)
  if (isListType(type)) return `[${literal(type.ofType)}]`
  if (isEnumType(type)) return type.getValues()[0]?.name ?? ''
  if (isInputObjectType(type)) {
    const required = Object.values(type.getFields()).filter((f) => isNonNullType(f.type))
    return `{ ${required.map((f) => `${f.name}: ${literal(f.type)}`).join(', ')} }`
  }
  if (isScalarType(type)) {
    const byScalar: Record<string, string> = {
      UUID: `"${randomUUID()}"`,
      Date: '"2026-02-15"',
      Int: '1',
      Float: '1',
      Boolean: 'false',
    }
    return byScalar[type.name] ?? '"1.00"'
  }
  throw new Error(`no literal for ${String(type)}`)
}

const selectionOf = (type: GraphQLOutputType) => (isLeafType(getNamedType(type)) ? '' : ' { __typename }')

function callText(op: Operation, organizationId: string, alias: string): string {
  const args = op.field.args
    .filter((arg) => arg.name === 'organizationId' || isNonNullType(arg.type))
    .map((arg) => `${arg.name}: ${arg.name === 'organizationId' ? `"${organizationId}"` : literal(arg.type)}`)
  return `${alias}: ${op.name}(${args.join(', ')})${selectionOf(op.field.type)}`
}

interface Answer {
  status: number
  data: Record<string, unknown> | null
  errors: Array<{ message: string; path?: string[]; extensions?: { code?: string } }>
  text: string
}

/** The operations in requests of five (the most root mutations one request may hold), aliased. */
async function callAll(
  ops: Operation[],
  headers: Headers,
): Promise<Map<string, Answer['errors'][number] | null>> {
  const outcome = new Map<string, Answer['errors'][number] | null>()
  for (const kind of ['query', 'mutation'] as const) {
    const ofKind = ops.filter((op) => op.kind === kind)
    for (let start = 0; start < ofKind.length; start += 5) {
      const chunk = ofKind.slice(start, start + 5)
      const body = chunk.map((op, i) => callText(op, tenant.organizationId, `op${i}`)).join('\n')
      const answer = await send(`${kind} {\n${body}\n}`, headers)
      expect(answer.status, answer.text).toBe(200)
      chunk.forEach((op, i) => {
        const error = answer.errors.find((e) => e.path?.[0] === `op${i}`) ?? null
        outcome.set(op.name, error)
      })
    }
  }
  return outcome
}

async function send(
  query: string,
  headers: Headers,
  variables: Record<string, unknown> = {},
): Promise<Answer> {
  const response = await server.gql(query, variables, headers)
  return {
    status: response.status,
    data: (response.body.data ?? null) as Record<string, unknown> | null,
    errors: response.body.errors ?? [],
    text: JSON.stringify(response.body),
  }
}

const accessCodes = new Set([
  'READ_ONLY',
  'INSUFFICIENT_SCOPE',
  'API_KEY_ADMIN_FORBIDDEN',
  'OWNER_OR_ADMIN_REQUIRED',
  'NOT_A_MEMBER',
  'API_KEY_NOT_AUTHORIZED',
])

/** What the rights table says a person of the role hears, null when the role may call it. */
function refusalForRole(right: Right, role: Role): string | null {
  if (right.caller !== 'organization') return null
  if (right.writes && role === 'viewer') return 'READ_ONLY'
  return right.roles.includes(role) ? null : 'OWNER_OR_ADMIN_REQUIRED'
}

function refusalForScope(name: OperationName, right: Right, scope: Scope): string | null {
  if (right.caller === 'organization' && right.keyScopes === 'none') return 'API_KEY_ADMIN_FORBIDDEN'
  return keyMayCall(name, [scope]) ? null : 'INSUFFICIENT_SCOPE'
}

/** What the organization holds, seen by its owner: any write of any kind moves one of these. */
async function books(): Promise<string> {
  const answer = await send(
    `query ($org: UUID!) {
      auditLog(organizationId: $org, limit: 1) { totalCount }
      listLedgerEvents(organizationId: $org) { totalCount }
      listAccounts(organizationId: $org) { totalCount }
      listJournalEntries(organizationId: $org) { totalCount }
      listContacts(organizationId: $org) { totalCount }
      listCategoryRules(organizationId: $org) { totalCount }
      listReceipts(organizationId: $org) { totalCount }
      listApiKeys(organizationId: $org) { id revokedAt scopes }
      listMembers(organizationId: $org) { userId role }
      listIntakeAddresses(organizationId: $org) { __typename }
      listWebhookEndpoints(organizationId: $org) { __typename }
      myOrganizations { id lockDate yearEndLockDate fiscalYearEnd province salesTaxFrequency functionalCurrency }
    }`,
    tenant.owner.jwt,
    { org: tenant.organizationId },
  )
  expect(answer.errors, answer.text).toEqual([])
  return answer.text
}

// ---- the whole schema, for each role and each scope --------------------------------------------

describe('viewers and read keys change nothing', () => {
  it('refuses a viewer every mutation with READ_ONLY, five aliased to a request, and nothing changes', async () => {
    const before = await books()
    const outcome = await callAll(mutations, people.viewer.jwt)
    expect(outcome.size).toBe(mutations.length)
    for (const op of mutations) {
      expect(outcome.get(op.name), op.name).toMatchObject({
        message: 'Viewers Cannot Make Changes.',
        extensions: { code: 'READ_ONLY' },
      })
    }
    expect(await books()).toBe(before)
  })

  it('refuses every mutation to a read key, and nothing changes', async () => {
    const before = await books()
    const outcome = await callAll(mutations, keys.read)
    for (const op of mutations) {
      const code = outcome.get(op.name)?.extensions?.code
      expect(['INSUFFICIENT_SCOPE', 'API_KEY_ADMIN_FORBIDDEN'], op.name).toContain(code)
    }
    expect(await books()).toBe(before)
  })

  it('refuses every mutation of the schema at once: more than five in one request is refused whole', async () => {
    const before = await books()
    const body = mutations.map((op, i) => callText(op, tenant.organizationId, `op${i}`)).join('\n')
    const answer = await send(`mutation {\n${body}\n}`, people.viewer.jwt)
    expect(answer.data ?? null).toBeNull()
    expect(answer.errors.length).toBeGreaterThan(0)
    expect(await books()).toBe(before)
  })
})

describe('the rights table, over HTTP', () => {
  // Owners last: the writes they are allowed (a lock date, a closed year) must not change what the
  // other roles are told, which is decided before any rule about dates.
  const order: Role[] = ['viewer', 'member', 'accountant', 'admin', 'owner']
  it.each(order)(
    'answers a %s as the table says, for every operation',
    async (role) => {
      const outcome = await callAll(schemaOperations, people[role].jwt)
      const wrong: string[] = []
      for (const op of schemaOperations) {
        const right: Right = rights[op.name]
        const expected = refusalForRole(right, role)
        const error = outcome.get(op.name) ?? null
        const got =
          error?.extensions?.code && accessCodes.has(error.extensions.code) ? error.extensions.code : null
        // A rule the service adds (only an owner reopens a year) may refuse more than the table.
        if (got !== expected && !(expected === null && right.caller === 'organization' && right.note))
          wrong.push(`${op.name}: expected ${expected}, got ${got} (${error?.message ?? 'no error'})`)
      }
      expect(wrong).toEqual([])
    },
    60_000,
  )

  it.each([...scopes])(
    'answers a key with the %s scope as the table says, for every operation',
    async (scope) => {
      const outcome = await callAll(schemaOperations, keys[scope])
      const wrong: string[] = []
      for (const op of schemaOperations) {
        const expected = refusalForScope(op.name, rights[op.name], scope)
        const error = outcome.get(op.name) ?? null
        const got =
          error?.extensions?.code && accessCodes.has(error.extensions.code) ? error.extensions.code : null
        if (got !== expected)
          wrong.push(`${op.name}: expected ${expected}, got ${got} (${error?.message ?? 'no error'})`)
      }
      expect(wrong).toEqual([])
    },
    60_000,
  )
})

describe('the rights table, over REST', () => {
  it('answers GET /invoices/:id.pdf to each role and each scope as the table says', async () => {
    const right: Right = rights['GET /invoices/:id.pdf']
    const org = { org: tenant.organizationId }
    const sales = (await accountsByName(server, tenant))['Sales Revenue']
    const contact = await send(
      'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "customer", displayName: "PDF reader") { contact { id } } }',
      tenant.owner.jwt,
      org,
    )
    expect(contact.errors, contact.text).toEqual([])
    const contactId = (contact.data as { createContact: { contact: { id: string } } }).createContact.contact
      .id
    const made = await send(
      'mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { invoice { id } } }',
      tenant.owner.jwt,
      {
        ...org,
        input: {
          kind: 'invoice',
          contactId,
          issueDate: '2026-02-15',
          lines: [{ quantity: '1', unitPrice: '10.00', accountId: sales }],
        },
      },
    )
    expect(made.errors, made.text).toEqual([])
    const invoiceId = (made.data as { createInvoice: { invoice: { id: string } } }).createInvoice.invoice.id
    const codeOf = async (headers: Headers) => {
      const response = await fetch(`${server.url}/invoices/${invoiceId}.pdf`, { headers })
      if (response.status === 200) return null
      const body = (await response.json()) as { errors: Answer['errors'] }
      return `${response.status} ${body.errors[0]?.extensions?.code}`
    }
    const wrong: string[] = []
    for (const role of roles) {
      const expected = refusalForRole(right, role)
      const got = await codeOf(people[role].jwt)
      if (got !== (expected && `403 ${expected}`)) wrong.push(`${role}: expected ${expected}, got ${got}`)
    }
    for (const scope of scopes) {
      const expected = refusalForScope('GET /invoices/:id.pdf', right, scope)
      const got = await codeOf(keys[scope])
      if (got !== (expected && `403 ${expected}`))
        wrong.push(`${scope} key: expected ${expected}, got ${got}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('reads that each role and scope may make', () => {
  const eventsRead = 'query ($org: UUID!) { listLedgerEvents(organizationId: $org) { totalCount } }'
  it.each([...roles])('lets a %s read the queue, the income statement and its own role', async (role) => {
    const answer = await send(
      `query ($org: UUID!) {
        listLedgerEvents(organizationId: $org) { totalCount }
        incomeStatement(organizationId: $org, startDate: "2026-01-01", endDate: "2026-12-31") { netIncome }
        fiscalYears(organizationId: $org) { endDate }
        myAccess(organizationId: $org) { role scopes }
      }`,
      people[role].jwt,
      { org: tenant.organizationId },
    )
    expect(answer.errors, answer.text).toEqual([])
    expect(answer.data?.myAccess).toEqual({ role, scopes: null })
    expect(answer.data?.incomeStatement).toMatchObject({ netIncome: expect.any(String) })
  })

  const samples: Record<Scope, string> = {
    read: eventsRead,
    write: eventsRead,
    bank_import: 'query ($org: UUID!) { listAccounts(organizationId: $org) { totalCount } }',
    receipts: 'query ($org: UUID!) { listReceipts(organizationId: $org) { totalCount } }',
    events: 'query ($org: UUID!) { events(organizationId: $org) { lastSeq } }',
  }
  it.each([...scopes])('lets a %s key read what its scope is for, and tells it its scopes', async (scope) => {
    const answer = await send(samples[scope], keys[scope], { org: tenant.organizationId })
    expect(answer.errors, answer.text).toEqual([])
    const access = await send(
      'query ($org: UUID!) { myAccess(organizationId: $org) { role scopes } }',
      keys[scope],
      {
        org: tenant.organizationId,
      },
    )
    expect(access.data?.myAccess).toEqual({ role: null, scopes: [scope] })
  })

  it('tells a key made without scopes that it has them all', async () => {
    const access = await send(
      'query ($org: UUID!) { myAccess(organizationId: $org) { scopes } }',
      tenant.bearer,
      {
        org: tenant.organizationId,
      },
    )
    expect(access.data?.myAccess).toEqual({ scopes: [...scopes] })
  })
})

describe('an accountant and the two locks', () => {
  const entry = `mutation ($org: UUID!, $date: Date!, $lines: [JournalLineInput!]!) {
    createJournalEntry(organizationId: $org, date: $date, lines: $lines) { success errorCode error journalEntry { id } }
  }`

  it('writes past the lock date, is refused past the year-end lock, and a member is refused both', async () => {
    const books = await createTenant(server)
    const { access } = server.app.core.services
    const accountant = await createUser(server)
    const member = await createUser(server)
    expect((await access.addMemberAsOperator(books.organizationId, accountant.email, 'accountant')).ok).toBe(
      true,
    )
    expect((await access.addMemberAsOperator(books.organizationId, member.email, 'member')).ok).toBe(true)
    const accounts = await accountsByName(server, books)
    const lines = [
      { accountId: accounts.Rent, debit: '125.00' },
      { accountId: accounts.Chequing, credit: '125.00' },
    ]
    const post = async (headers: Headers, date: string) =>
      (await send(entry, headers, { org: books.organizationId, date, lines })).data?.createJournalEntry as {
        success: boolean
        errorCode: string | null
      }

    // The accountant closes 2025 and locks the books through March 2026, as an accountant may.
    const closed = await send(
      'mutation ($org: UUID!) { closeFiscalYear(organizationId: $org, endDate: "2025-12-31") { success errorCode error } }',
      accountant.jwt,
      { org: books.organizationId },
    )
    expect(closed.data?.closeFiscalYear, closed.text).toMatchObject({ success: true })
    const locked = await send(
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-03-31") { success organization { lockDate yearEndLockDate } } }',
      accountant.jwt,
      { org: books.organizationId },
    )
    expect(locked.data?.setLockDate).toEqual({
      success: true,
      organization: { lockDate: '2026-03-31', yearEndLockDate: '2025-12-31' },
    })

    expect(await post(accountant.jwt, '2026-02-10')).toMatchObject({ success: true })
    expect(await post(member.jwt, '2026-02-10')).toMatchObject({ success: false, errorCode: 'PERIOD_LOCKED' })
    expect(await post(books.bearer, '2026-02-10')).toMatchObject({
      success: false,
      errorCode: 'PERIOD_LOCKED',
    })
    expect(await post(accountant.jwt, '2025-06-30')).toMatchObject({
      success: false,
      errorCode: 'YEAR_CLOSED',
    })
    expect(await post(member.jwt, '2025-06-30')).toMatchObject({ success: false, errorCode: 'YEAR_CLOSED' })
    expect(await post(books.owner.jwt, '2025-12-31')).toMatchObject({
      success: false,
      errorCode: 'YEAR_CLOSED',
    })

    const listed = await send(
      'query ($org: UUID!) { listJournalEntries(organizationId: $org, sources: ["manual"]) { items { txnDate } } }',
      books.owner.jwt,
      { org: books.organizationId },
    )
    expect(listed.data?.listJournalEntries).toEqual({ items: [{ txnDate: '2026-02-10' }] })

    // And an accountant manages no one: members, keys and webhooks stay with owners and admins.
    for (const query of [
      'query ($org: UUID!) { listMembers(organizationId: $org) { userId } }',
      'mutation ($org: UUID!) { createApiKey(organizationId: $org, name: "k") { success } }',
      'query ($org: UUID!) { listWebhookEndpoints(organizationId: $org) { __typename } }',
    ]) {
      const refused = await send(query, accountant.jwt, { org: books.organizationId })
      expect(refused.errors[0], query).toMatchObject({ extensions: { code: 'OWNER_OR_ADMIN_REQUIRED' } })
    }
  })
})

describe('a bank-import key', () => {
  it('uploads and imports a statement, and may not confirm what it imported', async () => {
    const books = await createTenant(server)
    const made = await server.app.core.services.access.createApiKeyAsOperator(
      books.organizationId,
      'importer',
      ['bank_import'],
    )
    if (!made.ok) throw new Error(made.error.message)
    const importer = { authorization: `Bearer ${made.value.key}` }
    const statement = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKTRANLIST>',
      '<STMTTRN><DTPOSTED>20260301<TRNAMT>-12.34<FITID>SCOPE-1<NAME>Corner Store</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n')
    const uploaded = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: importer,
      body: multipart([{ name: 'file', filename: 'statement.ofx', bytes: Buffer.from(statement) }]),
    })
    expect(uploaded.status).toBe(201)
    const { s3Key } = (await uploaded.json()) as { s3Key: string }
    const accounts = await send(
      'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
      importer,
      { org: books.organizationId },
    )
    const chequing = (
      accounts.data as { listAccounts: { items: Array<{ id: string; name: string }> } }
    ).listAccounts.items.find((account) => account.name === 'Chequing')?.id
    const imported = await send(
      'mutation ($org: UUID!, $account: UUID!, $key: String!) { importBankStatementFile(organizationId: $org, paymentAccountId: $account, s3Key: $key) { success error importedCount } }',
      importer,
      { org: books.organizationId, account: chequing, key: s3Key },
    )
    expect(imported.data?.importBankStatementFile, imported.text).toMatchObject({
      success: true,
      importedCount: 1,
    })

    // It cannot read the queue it filled, nor confirm from it: the owner finds the event.
    const queue = await send(
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org) { items { id } } }',
      importer,
      {
        org: books.organizationId,
      },
    )
    expect(queue.errors[0]).toMatchObject({
      message: 'API Key Lacks The Scope For This Operation.',
      extensions: { code: 'INSUFFICIENT_SCOPE' },
    })
    const owned = await send(
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org) { items { id status } } }',
      books.owner.jwt,
      { org: books.organizationId },
    )
    const [event] = (owned.data as { listLedgerEvents: { items: Array<{ id: string; status: string }> } })
      .listLedgerEvents.items
    expect(event?.status).toBe('needs_review')
    const confirm = await send(
      'mutation ($org: UUID!, $id: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $id) { success } }',
      importer,
      { org: books.organizationId, id: event?.id },
    )
    expect(confirm.errors[0]).toMatchObject({ extensions: { code: 'INSUFFICIENT_SCOPE' } })
    const after = await send(
      'query ($org: UUID!, $id: UUID!) { getLedgerEvent(organizationId: $org, eventId: $id) { status } }',
      books.owner.jwt,
      { org: books.organizationId, id: event?.id },
    )
    expect(after.data?.getLedgerEvent).toEqual({ status: 'needs_review' })

    // A receipts key reads the files receipts hold, and not the statement uploaded for import.
    const keyWith = async (granted: Scope[]) => {
      const key = await server.app.core.services.access.createApiKeyAsOperator(
        books.organizationId,
        granted.join(' '),
        granted,
      )
      if (!key.ok) throw new Error(key.error.message)
      return { authorization: `Bearer ${key.value.key}` }
    }
    const receiptsKey = await keyWith(['receipts'])
    const fileStatus = async (key: string, headers: Record<string, string>) =>
      (await fetch(`${server.url}/files/${key}`, { headers })).status
    expect(await fileStatus(s3Key, receiptsKey)).toBe(404)
    expect(await fileStatus(s3Key, await keyWith(['read']))).toBe(200)
    const scan = await fetch(`${server.url}/uploads`, {
      method: 'POST',
      headers: receiptsKey,
      body: multipart([{ name: 'file', filename: 'scan.png', bytes: tinyPng }]),
    })
    const scanKey = ((await scan.json()) as { s3Key: string }).s3Key
    const attached = await send(
      'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k, filename: "scan.png") { success error } }',
      receiptsKey,
      { org: books.organizationId, e: event?.id, k: scanKey },
    )
    expect(attached.data?.attachReceiptToEvent, attached.text).toMatchObject({ success: true })
    expect(await fileStatus(scanKey, receiptsKey)).toBe(200)
  })
})

describe('the practice overview', () => {
  const create = `mutation ($org: UUID!, $merchant: String!, $date: String!, $category: UUID, $account: UUID) {
    createLedgerEvent(organizationId: $org, merchantName: $merchant, amount: "20.00", transactionDate: $date, eventType: "expense", categoryId: $category, paymentAccountId: $account) { success error event { id } }
  }`

  async function addEvents(books: Tenant, dates: string[], confirmOn: string[] = []): Promise<void> {
    const accounts = await accountsByName(server, books)
    for (const [index, date] of dates.entries()) {
      const account = index % 2 === 0 ? accounts.Chequing : accounts['Credit Card']
      const made = await send(create, books.bearer, {
        org: books.organizationId,
        merchant: `Shop ${index}`,
        date,
        category: accounts.Rent,
        account,
      })
      const id = (made.data as { createLedgerEvent: { event: { id: string } | null } }).createLedgerEvent
        .event?.id
      expect(id, made.text).toBeDefined()
      if (confirmOn.includes(date)) {
        const confirmed = await send(
          'mutation ($org: UUID!, $id: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $id) { success error } }',
          books.bearer,
          { org: books.organizationId, id },
        )
        expect(confirmed.data?.confirmLedgerEvent, confirmed.text).toMatchObject({ success: true })
      }
    }
  }

  /** Approved invoices of one customer: what each is, what is due and when, and what was paid. */
  async function addInvoices(
    books: Tenant,
    invoices: Array<{ kind: 'invoice' | 'credit_note'; price: string; due: string; paid?: string }>,
  ) {
    const accounts = await accountsByName(server, books)
    const call = async (query: string, variables: Record<string, unknown>) => {
      const answer = await send(query, books.bearer, { org: books.organizationId, ...variables })
      const payload = Object.values(answer.data ?? {})[0] as { error?: string | null; [key: string]: unknown }
      expect(payload?.error ?? '', answer.text).toBe('')
      return payload
    }
    const customer = (await call(
      'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "customer", displayName: "Slow Payer") { error contact { id } } }',
      {},
    )) as { contact: { id: string } }
    for (const { kind, price, due, paid } of invoices) {
      const input = {
        kind,
        contactId: customer.contact.id,
        issueDate: '2026-01-02',
        dueDate: due,
        lines: [{ quantity: '1', unitPrice: price, accountId: accounts['Sales Revenue'] }],
      }
      const created = (await call(
        'mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { error invoice { id } } }',
        { input },
      )) as { invoice: { id: string } }
      const id = created.invoice.id
      await call(
        'mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { error } }',
        { id },
      )
      if (paid) {
        await call(
          'mutation ($org: UUID!, $id: UUID!, $a: String!, $p: UUID!) { recordInvoicePayment(organizationId: $org, invoiceId: $id, amount: $a, date: "2026-01-20", paymentAccountId: $p) { error } }',
          { id, a: paid, p: accounts.Chequing },
        )
      }
    }
  }

  /** What the organization's own queries say, asked as the person. */
  async function ownView(organizationId: string, headers: Headers) {
    const answer = await send(
      `query ($org: UUID!) {
        waiting: listLedgerEvents(organizationId: $org, status: ["needs_review"], limit: 200) { totalCount items { transactionDate } }
        posted: listLedgerEvents(organizationId: $org, status: ["confirmed", "synced"], limit: 200) { items { paymentAccount { id } } }
        myOrganizations { id lockDate yearEndLockDate }
        myAccess(organizationId: $org) { role }
        listContacts(organizationId: $org, limit: 200) { items { contactType overdue } }
      }`,
      headers,
      { org: organizationId },
    )
    expect(answer.errors, answer.text).toEqual([])
    const data = answer.data as {
      waiting: { totalCount: number; items: Array<{ transactionDate: string }> }
      posted: { items: Array<{ paymentAccount: { id: string } | null }> }
      myOrganizations: Array<{ id: string; lockDate: string | null; yearEndLockDate: string | null }>
      myAccess: { role: string }
      listContacts: { items: Array<{ contactType: string; overdue: string }> }
    }
    const overdueCents = data.listContacts.items
      .filter((contact) => contact.contactType === 'customer')
      .reduce((sum, contact) => sum + BigInt(contact.overdue.replace('.', '')), 0n)
    const organization = data.myOrganizations.find((o) => o.id === organizationId)
    return {
      role: data.myAccess.role,
      unreviewedCount: data.waiting.totalCount,
      oldestUnreviewedDate: data.waiting.items.map((e) => e.transactionDate).sort()[0] ?? null,
      unreconciledAccounts: new Set(data.posted.items.map((e) => e.paymentAccount?.id)).size,
      lockDate: organization?.lockDate ?? null,
      yearEndLockDate: organization?.yearEndLockDate ?? null,
      overdueReceivables: `${overdueCents / 100n}.${String(overdueCents % 100n).padStart(2, '0')}`,
    }
  }

  it("counts for a person in three organizations what each organization's own queries say", async () => {
    const person = await createUser(server)
    const { access } = server.app.core.services
    const [busy, quiet, middling] = [
      await createTenant(server),
      await createTenant(server),
      await createTenant(server),
    ]
    const memberships: Array<[Tenant, Role]> = [
      [busy, 'accountant'],
      [quiet, 'viewer'],
      [middling, 'member'],
    ]
    for (const [books, role] of memberships)
      expect((await access.addMemberAsOperator(books.organizationId, person.email, role)).ok).toBe(true)
    await addEvents(
      busy,
      ['2026-01-05', '2026-01-03', '2026-02-11', '2026-02-12', '2026-02-13'],
      ['2026-02-11', '2026-02-12'],
    )
    await addEvents(middling, ['2026-03-09', '2026-03-10'], ['2026-03-10'])
    // Past due: 100.00 and what is left of 250.00; not yet due, 40.00; a credit note is never overdue.
    await addInvoices(middling, [
      { kind: 'invoice', price: '100.00', due: '2026-01-31' },
      { kind: 'invoice', price: '250.00', due: '2026-02-15', paid: '75.50' },
      { kind: 'invoice', price: '40.00', due: '2099-01-31' },
      { kind: 'credit_note', price: '30.00', due: '2026-01-31' },
    ])
    const locked = await send(
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-01-31") { success } }',
      busy.owner.jwt,
      { org: busy.organizationId },
    )
    expect(locked.data?.setLockDate).toEqual({ success: true })
    const profiled = await send(
      'mutation ($org: UUID!) { updateOrganizationProfile(organizationId: $org, province: "CA-ON", salesTaxFrequency: "quarterly") { success error } }',
      middling.owner.jwt,
      { org: middling.organizationId },
    )
    expect(profiled.data?.updateOrganizationProfile, profiled.text).toMatchObject({ success: true })

    const answer = await send(
      `{ practiceOverview { organization { id name } role unreviewedCount unreconciledAccounts oldestUnreviewedDate
         lockDate yearEndLockDate nextTaxReturnDue overdueReceivables } }`,
      person.jwt,
    )
    expect(answer.errors, answer.text).toEqual([])
    const overview = answer.data?.practiceOverview as Array<
      Record<string, unknown> & { organization: { id: string } }
    >
    expect(overview.map((row) => row.organization.id)).toEqual([
      busy.organizationId,
      middling.organizationId,
      quiet.organizationId,
    ])
    for (const row of overview) {
      const own = await ownView(row.organization.id, person.jwt)
      expect(row).toMatchObject(own)
    }
    expect(overview.map((row) => row.overdueReceivables)).toEqual(['0.00', '274.50', '0.00'])
    expect(overview[0]).toMatchObject({
      unreviewedCount: 3,
      unreconciledAccounts: 2,
      oldestUnreviewedDate: '2026-01-03',
    })
    expect(overview.map((row) => row.nextTaxReturnDue === null)).toEqual([true, false, true])

    // Keys have no practice: the overview is a person's.
    const byKey = await send('{ practiceOverview { role } }', busy.bearer)
    expect(byKey.errors[0]).toMatchObject({ extensions: { code: 'API_KEY_ADMIN_FORBIDDEN' } })
  })
})

describe('bad input changes nothing', () => {
  const addMember =
    'mutation ($org: UUID!, $email: String!, $role: String!) { addMember(organizationId: $org, email: $email, role: $role) { success errorCode error } }'
  const changeRole =
    'mutation ($org: UUID!, $user: UUID!, $role: String!) { updateMemberRole(organizationId: $org, userId: $user, role: $role) { success errorCode error member { role } } }'
  const createKey =
    'mutation ($org: UUID!, $scopes: [String!]) { createApiKey(organizationId: $org, name: "scoped", scopes: $scopes) { success errorCode error key apiKey { scopes } } }'

  it('refuses an unknown role, an unknown or empty scope list, and demoting the last owner', async () => {
    const books = await createTenant(server)
    const colleague = await createUser(server)
    const org = books.organizationId
    const state = async () =>
      (
        await send(
          'query ($org: UUID!) { listMembers(organizationId: $org) { userId role } listApiKeys(organizationId: $org) { id scopes } }',
          books.owner.jwt,
          { org },
        )
      ).text
    const before = await state()
    const answers = [
      [
        await send(addMember, books.owner.jwt, { org, email: colleague.email, role: 'auditor' }),
        'addMember',
        'INVALID_ROLE',
      ],
      [
        await send(changeRole, books.owner.jwt, { org, user: books.owner.userId, role: 'Viewer' }),
        'updateMemberRole',
        'INVALID_ROLE',
      ],
      [
        await send(changeRole, books.owner.jwt, { org, user: books.owner.userId, role: 'admin' }),
        'updateMemberRole',
        'LAST_OWNER',
      ],
      [
        await send(createKey, books.owner.jwt, { org, scopes: ['read', 'admin'] }),
        'createApiKey',
        'INVALID_SCOPE',
      ],
      [await send(createKey, books.owner.jwt, { org, scopes: [] }), 'createApiKey', 'INVALID_SCOPE'],
    ] as const
    for (const [answer, field, code] of answers) {
      expect(answer.data?.[field], answer.text).toMatchObject({ success: false, errorCode: code })
      expect(String((answer.data?.[field] as { error?: string } | undefined)?.error)).not.toBe('undefined')
    }
    expect(await state()).toBe(before)

    // The same key made with scopes given twice keeps each once, and a role change is recorded.
    const scoped = await send(createKey, books.owner.jwt, { org, scopes: ['receipts', 'read', 'receipts'] })
    expect(scoped.data?.createApiKey).toMatchObject({
      success: true,
      apiKey: { scopes: ['read', 'receipts'] },
    })
  })

  it('lets an owner change roles, and keeps an admin from making or unmaking owners', async () => {
    const books = await createTenant(server)
    const org = books.organizationId
    const admin = await createUser(server)
    const colleague = await createUser(server)
    const { access } = server.app.core.services
    expect((await access.addMemberAsOperator(org, admin.email, 'admin')).ok).toBe(true)
    expect((await access.addMemberAsOperator(org, colleague.email, 'member')).ok).toBe(true)
    const toViewer = await send(changeRole, admin.jwt, { org, user: colleague.userId, role: 'viewer' })
    expect(toViewer.data?.updateMemberRole).toMatchObject({ success: true, member: { role: 'viewer' } })
    const toOwner = await send(changeRole, admin.jwt, { org, user: colleague.userId, role: 'owner' })
    expect(toOwner.data?.updateMemberRole).toMatchObject({ success: false, errorCode: 'OWNER_REQUIRED' })
    const demoteOwner = await send(changeRole, admin.jwt, { org, user: books.owner.userId, role: 'member' })
    expect(demoteOwner.data?.updateMemberRole).toMatchObject({ success: false, errorCode: 'OWNER_REQUIRED' })
    // The viewer now writes nothing.
    const write = await send(
      'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "vendor", displayName: "Ghost") { success } }',
      colleague.jwt,
      { org },
    )
    expect(write.errors[0]).toMatchObject({ extensions: { code: 'READ_ONLY' } })
  })
})

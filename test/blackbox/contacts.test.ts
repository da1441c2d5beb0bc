// Contacts over HTTP: createContact, batchCreateContacts and listContacts with every rule, error and access check.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountIdByName, createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { catalogCalls, expectNulRefused } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

interface Contact {
  id: string
  contactType: string
  displayName: string
  email: string
  phone: string
  balance: number
  active: boolean
}

interface ContactPayload {
  contact: Contact | null
  success: boolean
  error: string | null
  errorCode: string | null
}

interface BatchPayload {
  created: number
  errors: Array<{ index: number; error: string; errorCode: string }>
  success: boolean
  error: string | null
  errorCode: string | null
}

const missingOrg = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'
const nameTaken = 'Contact with this name already exists.'
const contactFields = 'id contactType displayName email phone balance active'

const createQuery = `mutation ($org: UUID!, $contactType: String!, $displayName: String!, $email: String, $phone: String) {
  createContact(organizationId: $org, contactType: $contactType, displayName: $displayName, email: $email, phone: $phone) {
    contact { ${contactFields} } success error errorCode
  }
}`

const batchQuery = `mutation ($org: UUID!, $items: [ContactInput!]!) {
  batchCreateContacts(organizationId: $org, items: $items) { created errors { index error errorCode } success error errorCode }
}`

const listQuery = `query ($org: UUID!, $limit: Int, $offset: Int, $search: String, $sortBy: String, $sortDir: String) {
  listContacts(organizationId: $org, limit: $limit, offset: $offset, search: $search, sortBy: $sortBy, sortDir: $sortDir) {
    items { ${contactFields} } totalCount pageSize offset
  }
}`

const {
  create: createContact,
  created,
  refused,
  batch,
  list,
  listAll,
  listError,
  countOf,
} = catalogCalls<Contact, ContactPayload, BatchPayload>(() => server, {
  create: { query: createQuery, field: 'createContact', itemField: 'contact' },
  batch: { query: batchQuery, field: 'batchCreateContacts' },
  list: { query: listQuery, field: 'listContacts' },
})

const vendor = (displayName: string, extra: Record<string, unknown> = {}) => ({
  contactType: 'vendor',
  displayName,
  ...extra,
})
const customer = (displayName: string, extra: Record<string, unknown> = {}) => ({
  contactType: 'customer',
  displayName,
  ...extra,
})

/** Posts a confirmed event tagged with a contact, through the public ledger operations. */
async function post(
  tenant: Tenant,
  event: {
    eventType: string
    amount: string
    categoryId: string
    paymentAccountId: string
    contactId: string
  },
) {
  const createdEvent = await server.gql(
    `mutation ($org: UUID!, $amount: String!, $eventType: String, $categoryId: UUID, $paymentAccountId: UUID, $contactId: UUID) {
      createLedgerEvent(organizationId: $org, merchantName: "Posting", amount: $amount, transactionDate: "2025-05-01", eventType: $eventType, categoryId: $categoryId, paymentAccountId: $paymentAccountId, contactId: $contactId) { success eventId errorCode }
    }`,
    { org: tenant.organizationId, ...event },
    tenant.bearer,
  )
  expect(createdEvent.body.data?.createLedgerEvent).toMatchObject({ success: true })
  const confirmed = await server.gql(
    'mutation ($org: UUID!, $id: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $id) { success errorCode } }',
    { org: tenant.organizationId, id: createdEvent.body.data?.createLedgerEvent.eventId },
    tenant.bearer,
  )
  expect(confirmed.body.data?.confirmLedgerEvent).toMatchObject({ success: true })
}

const accountId = (tenant: Tenant, name: string) => accountIdByName(server, tenant, name)

describe('createContact', () => {
  it('answers in the shape of the spec', async () => {
    const tenant = await createTenant(server)
    const displayName = unique('Acme Supplies')
    const response = await server.gql(
      `mutation ($org: UUID!, $name: String!) {
        createContact(organizationId: $org, contactType: "vendor", displayName: $name) {
          contact { id displayName contactType } success error
        }
      }`,
      { org: tenant.organizationId, name: displayName },
      tenant.bearer,
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      data: {
        createContact: {
          contact: {
            id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
            displayName,
            contactType: 'vendor',
          },
          success: true,
          error: null,
        },
      },
    })
  })

  it('creates vendors and customers with "" for unset email and phone and a zero balance', async () => {
    const tenant = await createTenant(server)
    for (const contactType of ['vendor', 'customer']) {
      const displayName = unique(contactType)
      const contact = await created(tenant, { contactType, displayName })
      expect(contact).toEqual({
        id: expect.any(String),
        contactType,
        displayName,
        email: '',
        phone: '',
        balance: 0,
        active: true,
      })
      expect(typeof contact.balance).toBe('number')
      expect((await list(tenant, { search: displayName })).items).toEqual([contact])
    }
  })

  it('sends balance as a JSON number', async () => {
    const tenant = await createTenant(server)
    await created(tenant, vendor(unique('Numeric')))
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...tenant.bearer },
      body: JSON.stringify({ query: listQuery, variables: { org: tenant.organizationId } }),
    })
    const text = await response.text()
    expect(text).toContain('"balance":0')
    expect(text).not.toContain('"balance":"')
  })

  it('accepts only vendor or customer as contactType', async () => {
    const tenant = await createTenant(server)
    for (const contactType of ['supplier', 'employee', 'Vendor', 'CUSTOMER', '', ' vendor']) {
      await refused(tenant, { contactType, displayName: unique('Typed') }, 'INVALID_CONTACT_TYPE')
    }
    expect(await countOf(tenant)).toBe(0)
  })

  it('requires a displayName', async () => {
    const tenant = await createTenant(server)
    for (const displayName of ['', ' ', '\t  \n', 'z'.repeat(201)]) {
      await refused(tenant, vendor(displayName), 'INVALID_NAME')
    }
    expect(await countOf(tenant)).toBe(0)
  })

  it('keeps a displayName exactly as given', async () => {
    const tenant = await createTenant(server)
    for (const displayName of [
      unique('Boulangerie Ève 🥖'),
      `  ${unique('Padded')}  `,
      unique('Cafe\u0301'),
    ]) {
      const contact = await created(tenant, customer(displayName))
      expect(contact.displayName).toBe(displayName)
      expect(
        (await list(tenant, { search: displayName.trim() })).items.map((item) => item.displayName),
      ).toEqual([displayName])
    }
  })

  it('validates email and keeps a valid one as given', async () => {
    const tenant = await createTenant(server)
    for (const email of ['ap@example.com', 'First.Last+invoices@Sub.Example.CA', 'x@y.io']) {
      const contact = await created(tenant, vendor(unique('Mail'), { email }))
      expect(contact.email).toBe(email)
    }
    const unset = await created(tenant, vendor(unique('Empty mail'), { email: '' }))
    expect(unset.email).toBe('')
    const nulled = await created(tenant, vendor(unique('Null mail'), { email: null }))
    expect(nulled.email).toBe('')
    const before = await countOf(tenant)
    for (const email of [
      'not-an-email',
      'a@b',
      '@example.com',
      'ap@',
      'a b@example.com',
      'a@@example.com',
      ' ap@example.com',
      'ap@example.com ',
      'ap@example.',
      `${'x'.repeat(250)}@example.com`,
    ]) {
      await refused(tenant, vendor(unique('Bad mail'), { email }), 'INVALID_EMAIL')
    }
    expect(await countOf(tenant)).toBe(before)
  })

  it('keeps a phone number exactly as given, "" when unset', async () => {
    const tenant = await createTenant(server)
    for (const phone of [
      '+1 (613) 555-0100 ext. 12',
      '613.555.0100',
      ' 5550100 ',
      '+33 1 23 45 67 89',
      '☎ 555',
      '',
    ]) {
      const contact = await created(tenant, customer(unique('Phone'), { phone }))
      expect(contact.phone).toBe(phone)
      expect((await list(tenant, { search: contact.displayName })).items[0]?.phone).toBe(phone)
    }
    const nulled = await created(tenant, customer(unique('Null phone'), { phone: null }))
    expect(nulled.phone).toBe('')
    for (const phone of ['1'.repeat(51)]) {
      await refused(tenant, customer(unique('Long phone'), { phone }), 'INVALID_PHONE')
    }
  })

  it('refuses a displayName taken for the same contactType, whatever its case', async () => {
    const tenant = await createTenant(server)
    const displayName = unique('Café Dupont')
    const first = await created(tenant, vendor(displayName))
    for (const duplicate of [
      displayName,
      displayName.toUpperCase(),
      displayName.toLowerCase(),
      ` ${displayName} `,
    ]) {
      const payload = await createContact(tenant, vendor(duplicate, { email: 'other@example.com' }))
      expect(payload, duplicate).toEqual({
        contact: null,
        success: false,
        error: nameTaken,
        errorCode: 'CONTACT_NAME_TAKEN',
      })
    }
    expect((await list(tenant, { search: displayName })).items).toEqual([first])
  })

  it('allows one displayName across contact types and across organizations', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const displayName = unique('Both Ways Ltd')
    const asVendor = await created(tenant, vendor(displayName))
    const asCustomer = await created(tenant, customer(displayName))
    expect(asCustomer.id).not.toBe(asVendor.id)
    await refused(tenant, customer(displayName.toUpperCase()), 'CONTACT_NAME_TAKEN')
    const elsewhere = await created(other, vendor(displayName))
    expect(elsewhere.id).not.toBe(asVendor.id)
    expect((await list(tenant, { search: displayName })).totalCount).toBe(2)
  })

  it('refuses a NUL in any field without an internal error', async () => {
    const tenant = await createTenant(server)
    for (const fields of [
      vendor('Nul\u0000Name'),
      vendor(unique('Nul mail'), { email: 'ap\u0000@example.com' }),
      vendor(unique('Nul phone'), { phone: '555\u00000100' }),
    ]) {
      await expectNulRefused(server, tenant, createQuery, fields, 'createContact')
      await expectNulRefused(server, tenant, batchQuery, { items: [fields] }, 'batchCreateContacts')
    }
    expect(await countOf(tenant)).toBe(0)
  })

  it('makes exactly one contact when one name is created concurrently', async () => {
    const tenant = await createTenant(server)
    const displayName = unique('Race')
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => createContact(tenant, vendor(displayName))),
    )
    expect(answers.filter((answer) => answer.success)).toHaveLength(1)
    for (const answer of answers.filter((candidate) => !candidate.success)) {
      expect(answer).toEqual({
        contact: null,
        success: false,
        error: nameTaken,
        errorCode: 'CONTACT_NAME_TAKEN',
      })
    }
    expect(await countOf(tenant)).toBe(1)
  })
})

describe('batchCreateContacts', () => {
  it("draws each field's length line where createContact draws it", async () => {
    const single = await createTenant(server)
    const batched = await createTenant(server)
    const prefix = unique('Edge')
    const domain = '@example.com'
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [vendor(`${prefix} `.padEnd(200, 'n')), null],
      [vendor(`${prefix} `.padEnd(201, 'n')), 'INVALID_NAME'],
      [vendor(`${prefix} phone`, { phone: '1'.repeat(50) }), null],
      [vendor(`${prefix} phone long`, { phone: '1'.repeat(51) }), 'INVALID_PHONE'],
      [vendor(`${prefix} email`, { email: 'e'.repeat(254 - domain.length) + domain }), null],
      [vendor(`${prefix} email long`, { email: 'e'.repeat(255 - domain.length) + domain }), 'INVALID_EMAIL'],
    ]
    const one = await Promise.all(cases.map(([input]) => createContact(single, input)))
    expect(one.map((payload) => payload.errorCode)).toEqual(cases.map(([, code]) => code))
    const many = await batch(
      batched,
      cases.map(([input]) => input),
    )
    const codeAt = new Map(many.errors.map((e) => [e.index, e.errorCode]))
    expect(cases.map((_, index) => codeAt.get(index) ?? null)).toEqual(cases.map(([, code]) => code))
    expect(many.created).toBe(3)
    expect(await countOf(batched)).toBe(3)
  })

  it('reports failing items by index and keeps the others', async () => {
    const tenant = await createTenant(server)
    const existing = await created(tenant, vendor(unique('Existing')))
    const prefix = unique('Batch')
    const outcome = await batch(tenant, [
      vendor(`${prefix} 0`, { email: 'zero@example.com', phone: '555-0000' }),
      { contactType: 'supplier', displayName: `${prefix} 1` },
      customer(`${prefix} 2`),
      vendor(`${prefix} 3`, { email: 'not-an-email' }),
      vendor(existing.displayName.toUpperCase()),
      customer('  '),
      vendor(`${prefix} 6`, { phone: '9'.repeat(60) }),
      customer(existing.displayName),
    ])
    expect(outcome).toEqual({
      created: 3,
      errors: [
        { index: 1, error: expect.any(String), errorCode: 'INVALID_CONTACT_TYPE' },
        { index: 3, error: expect.any(String), errorCode: 'INVALID_EMAIL' },
        { index: 4, error: nameTaken, errorCode: 'CONTACT_NAME_TAKEN' },
        { index: 5, error: expect.any(String), errorCode: 'INVALID_NAME' },
        { index: 6, error: expect.any(String), errorCode: 'INVALID_PHONE' },
      ],
      success: true,
      error: null,
      errorCode: null,
    })
    const listed = await list(tenant, { search: prefix })
    expect(
      listed.items.map((contact) => [contact.displayName, contact.contactType, contact.email, contact.phone]),
    ).toEqual([
      [`${prefix} 0`, 'vendor', 'zero@example.com', '555-0000'],
      [`${prefix} 2`, 'customer', '', ''],
    ])
    const sameName = await list(tenant, { search: existing.displayName })
    expect(sameName.items.map((contact) => contact.contactType).sort()).toEqual(['customer', 'vendor'])
    expect(await countOf(tenant)).toBe(4)
  })

  it('reports a name repeated for one type inside a batch, and allows it across types', async () => {
    const tenant = await createTenant(server)
    const name = unique('Twice')
    const outcome = await batch(tenant, [
      vendor(name),
      customer(name),
      vendor(name.toLowerCase()),
      customer(` ${name}`),
      vendor(unique('Other')),
    ])
    expect(outcome.created).toBe(3)
    expect(outcome.errors).toEqual([
      { index: 2, error: nameTaken, errorCode: 'CONTACT_NAME_TAKEN' },
      { index: 3, error: nameTaken, errorCode: 'CONTACT_NAME_TAKEN' },
    ])
    const listed = await list(tenant, { search: name, sortBy: 'contactType' })
    expect(listed.items.map((contact) => [contact.contactType, contact.displayName])).toEqual([
      ['customer', name],
      ['vendor', name],
    ])
  })

  it('lets a later item use a name whose earlier item failed', async () => {
    const tenant = await createTenant(server)
    const name = unique('Freed')
    const outcome = await batch(tenant, [vendor(name, { email: 'broken' }), vendor(name)])
    expect(outcome).toMatchObject({ created: 1, errors: [{ index: 0, errorCode: 'INVALID_EMAIL' }] })
    expect((await list(tenant, { search: name })).totalCount).toBe(1)
  })

  it('creates exactly 500 items in one call', async () => {
    const tenant = await createTenant(server)
    const prefix = unique('Bulk')
    const items = Array.from({ length: 500 }, (_, i) =>
      (i % 2 ? vendor : customer)(`${prefix} ${String(i).padStart(3, '0')}`, { email: `c${i}@example.com` }),
    )
    expect(await batch(tenant, items)).toEqual({
      created: 500,
      errors: [],
      success: true,
      error: null,
      errorCode: null,
    })
    expect(await countOf(tenant)).toBe(500)
    const listed = await listAll(tenant, { search: prefix })
    expect(listed.map((contact) => contact.displayName)).toEqual(items.map((item) => item.displayName))
    expect(listed.filter((contact) => contact.contactType === 'vendor')).toHaveLength(250)
  })

  it('refuses 501 items whole with BATCH_TOO_LARGE and creates nothing', async () => {
    const tenant = await createTenant(server)
    const items = Array.from({ length: 501 }, (_, i) => vendor(unique(`TooMany ${i}`)))
    const answer = await batch(tenant, items)
    expect(answer).toMatchObject({ created: 0, success: false, errorCode: 'BATCH_TOO_LARGE' })
    expect(answer.error).toContain('500')
    // A client reading only {created, errors} sees the refusal on every item.
    expect(answer.errors).toHaveLength(501)
    expect(answer.errors.map((e: { index: number }) => e.index)).toEqual(items.map((_, i) => i))
    for (const e of answer.errors)
      expect(e).toEqual({ index: e.index, error: answer.error, errorCode: 'BATCH_TOO_LARGE' })
    expect(await countOf(tenant)).toBe(0)
  })

  it('answers an empty batch with nothing created', async () => {
    const tenant = await createTenant(server)
    expect(await batch(tenant, [])).toEqual({
      created: 0,
      errors: [],
      success: true,
      error: null,
      errorCode: null,
    })
  })
})

describe('listContacts', () => {
  it('answers the paginated envelope, 25 contacts from offset 0 by default', async () => {
    const tenant = await createTenant(server)
    expect(await list(tenant)).toEqual({ items: [], totalCount: 0, pageSize: 25, offset: 0 })
    await batch(
      tenant,
      Array.from({ length: 30 }, (_, i) => vendor(unique(`Env ${i}`))),
    )
    const first = await list(tenant)
    expect(first).toMatchObject({ totalCount: 30, pageSize: 25, offset: 0 })
    expect(first.items).toHaveLength(25)
    const second = await list(tenant, { offset: 25 })
    expect(second).toMatchObject({ totalCount: 30, pageSize: 25, offset: 25 })
    expect(second.items).toHaveLength(5)
  })

  it('searches display names case-insensitively, Unicode included', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    const epicerie = await created(tenant, vendor(`Épicerie Fine ${tag}`, { email: 'shop@example.com' }))
    const other = await created(tenant, customer(`Grocer ${tag}`, { email: 'epi@example.com' }))
    for (const search of ['épi', 'ÉPI', 'fINE', `ÉPICERIE FINE ${tag.toUpperCase()}`]) {
      const page = await list(tenant, { search })
      expect(
        page.items.map((contact) => contact.id),
        search,
      ).toEqual([epicerie.id])
      expect(page.totalCount).toBe(1)
    }
    expect((await list(tenant, { search: 'shop@' })).totalCount).toBe(0)
    expect((await list(tenant, { search: tag })).items.map((contact) => contact.id).sort()).toEqual(
      [epicerie.id, other.id].sort(),
    )
    expect(await list(tenant, { search: 'nobody by this name' })).toEqual({
      items: [],
      totalCount: 0,
      pageSize: 25,
      offset: 0,
    })
  })

  it('treats %, _ and \\ in the search as plain characters', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    const names = [
      `Save 20% ${tag}`,
      `Save 200 ${tag}`,
      `snake_case ${tag}`,
      `snakeXcase ${tag}`,
      `Slash\\Co ${tag}`,
    ]
    await batch(
      tenant,
      names.map((name) => vendor(name)),
    )
    const found = async (search: string) =>
      (await list(tenant, { search })).items.map((contact) => contact.displayName)
    expect(await found('%')).toEqual([names[0]])
    expect(await found('20%')).toEqual([names[0]])
    expect(await found('_')).toEqual([names[2]])
    expect(await found('e_c')).toEqual([names[2]])
    expect(await found('\\')).toEqual([names[4]])
    expect(await found('S%e')).toEqual([])
  })

  it('refuses a search containing a NUL character without an internal error', async () => {
    const tenant = await createTenant(server)
    await created(tenant, vendor('Acme'))
    for (const search of ['Ac\u0000me', '\u0000'])
      await expectNulRefused(server, tenant, listQuery, { search }, 'listContacts')
  })

  it('sorts by displayName, case-insensitively, ascending by default', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    await batch(tenant, [
      vendor(`bravo ${tag}`),
      customer(`Delta ${tag}`),
      vendor(`alpha ${tag}`),
      customer(`Charlie ${tag}`),
    ])
    const ordered = [`alpha ${tag}`, `bravo ${tag}`, `Charlie ${tag}`, `Delta ${tag}`]
    const found = async (args: Record<string, unknown>) =>
      (await list(tenant, { search: tag, ...args })).items.map((contact) => contact.displayName)
    expect(await found({})).toEqual(ordered)
    expect(await found({ sortBy: 'displayName' })).toEqual(ordered)
    expect(await found({ sortDir: 'asc' })).toEqual(ordered)
    expect(await found({ sortDir: 'desc' })).toEqual([...ordered].reverse())
  })

  it('sorts by contactType in both directions, then by name', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    await batch(tenant, [vendor(`b ${tag}`), customer(`d ${tag}`), vendor(`a ${tag}`), customer(`c ${tag}`)])
    const found = async (args: Record<string, unknown>) =>
      (await list(tenant, { search: tag, ...args })).items.map((contact) => contact.displayName.charAt(0))
    expect(await found({ sortBy: 'contactType' })).toEqual(['c', 'd', 'a', 'b'])
    expect(await found({ sortBy: 'contactType', sortDir: 'desc' })).toEqual(['b', 'a', 'd', 'c'])
  })

  it('sorts by balance in both directions', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    const big = await created(tenant, vendor(`a big ${tag}`))
    const small = await created(tenant, vendor(`b small ${tag}`))
    const none = await created(tenant, vendor(`c none ${tag}`))
    const client = await created(tenant, customer(`d client ${tag}`))
    const payable = await accountId(tenant, 'Accounts Payable')
    const receivable = await accountId(tenant, 'Accounts Receivable')
    const office = await accountId(tenant, 'Office Expenses')
    const sales = await accountId(tenant, 'Sales Revenue')
    await post(tenant, {
      eventType: 'expense',
      amount: '120.00',
      categoryId: office,
      paymentAccountId: payable,
      contactId: big.id,
    })
    await post(tenant, {
      eventType: 'expense',
      amount: '7.25',
      categoryId: office,
      paymentAccountId: payable,
      contactId: small.id,
    })
    await post(tenant, {
      eventType: 'income',
      amount: '30.50',
      categoryId: sales,
      paymentAccountId: receivable,
      contactId: client.id,
    })
    const page = async (sortDir: string) =>
      (await list(tenant, { search: tag, sortBy: 'balance', sortDir })).items.map((contact) => [
        contact.displayName,
        contact.balance,
      ])
    const ascending = [
      [none.displayName, 0],
      [small.displayName, 7.25],
      [client.displayName, 30.5],
      [big.displayName, 120],
    ]
    expect(await page('asc')).toEqual(ascending)
    expect(await page('desc')).toEqual([...ascending].reverse())
  })

  it('pages without overlap or gaps for every sort and direction, ties included', async () => {
    const tenant = await createTenant(server)
    // The same name as vendor and as customer ties on name and on balance; the id must settle it.
    const names = Array.from(
      { length: 12 },
      (_, i) => `Tie ${String.fromCharCode(97 + (i % 4))} ${randomUUID().slice(0, 4)}`,
    )
    await batch(
      tenant,
      names.flatMap((name) => [vendor(name), customer(name)]),
    )
    const total = await countOf(tenant)
    expect(total).toBe(24)
    const everything = new Set((await listAll(tenant)).map((contact) => contact.id))
    for (const sortBy of ['displayName', 'contactType', 'balance']) {
      for (const sortDir of ['asc', 'desc']) {
        const whole = (await listAll(tenant, { sortBy, sortDir })).map((contact) => contact.id)
        for (const limit of [5, 7]) {
          const paged = (await listAll(tenant, { sortBy, sortDir }, limit)).map((contact) => contact.id)
          expect(paged, `${sortBy} ${sortDir} ${limit}`).toEqual(whole)
          expect(new Set(paged).size).toBe(total)
          expect(new Set(paged)).toEqual(everything)
        }
        const reversed = (await listAll(tenant, { sortBy, sortDir: sortDir === 'asc' ? 'desc' : 'asc' })).map(
          (contact) => contact.id,
        )
        expect(reversed).toEqual([...whole].reverse())
      }
    }
  })

  it('refuses an unknown sortBy or sortDir with INVALID_SORT', async () => {
    const tenant = await createTenant(server)
    for (const args of [
      { sortBy: 'name' },
      { sortBy: 'email' },
      { sortBy: 'DisplayName' },
      { sortDir: 'backwards' },
    ]) {
      const error = await listError(tenant, args)
      expect(error?.extensions?.code, JSON.stringify(args)).toBe('INVALID_SORT')
    }
  })

  it('clamps limit to 200 and refuses a limit below 1 or a negative offset', async () => {
    const tenant = await createTenant(server)
    await batch(
      tenant,
      Array.from({ length: 210 }, (_, i) => customer(unique(`Many ${i}`))),
    )
    for (const limit of [201, 10_000]) {
      const page = await list(tenant, { limit })
      expect(page).toMatchObject({ totalCount: 210, pageSize: 200, offset: 0 })
      expect(page.items).toHaveLength(200)
    }
    const rest = await list(tenant, { limit: 300, offset: 200 })
    expect(rest).toMatchObject({ totalCount: 210, pageSize: 200, offset: 200 })
    expect(rest.items).toHaveLength(10)
    for (const limit of [0, -5])
      expect((await listError(tenant, { limit }))?.extensions?.code).toBe('INVALID_LIMIT')
    expect((await listError(tenant, { offset: -1 }))?.extensions?.code).toBe('INVALID_OFFSET')
  })

  it('answers an offset beyond the end with an empty page', async () => {
    const tenant = await createTenant(server)
    await batch(tenant, [vendor(unique('Only one'))])
    expect((await list(tenant, { offset: 0 })).items).toHaveLength(1)
    for (const offset of [1, 2, 1_000_000]) {
      expect(await list(tenant, { offset })).toEqual({ items: [], totalCount: 1, pageSize: 25, offset })
    }
  })
})

describe('access', () => {
  const operations: Array<[string, string, Record<string, unknown>]> = [
    ['createContact', createQuery, { contactType: 'vendor', displayName: 'Intruder' }],
    ['batchCreateContacts', batchQuery, { items: [{ contactType: 'vendor', displayName: 'Intruder' }] }],
    ['listContacts', listQuery, {}],
  ]

  it.each(operations)('%s refuses callers outside the organization', async (field, query, extra) => {
    const home = await createTenant(server)
    const target = await createTenant(server)
    const stranger = await createUser(server)
    const cases: Array<[string, Record<string, string>, string]> = [
      [target.organizationId, home.bearer, 'API Key Not Authorized For This Organization.'],
      [target.organizationId, home.owner.jwt, 'Not A Member Of This Organization.'],
      [target.organizationId, stranger.jwt, 'Not A Member Of This Organization.'],
      [target.organizationId, {}, 'Authentication Required.'],
      [missingOrg, home.bearer, 'Organization Not Found.'],
    ]
    for (const [org, headers, message] of cases) {
      const response = await server.gql(query, { org, ...extra }, headers)
      expect(response.status).toBe(200)
      expect(response.body.errors?.[0]?.message).toBe(message)
      expect(response.body.errors?.[0]?.path).toEqual([field])
      expect(response.body.data).toEqual({ [field]: null })
    }
    expect(await countOf(target)).toBe(0)
  })

  it('lets the owner work with contacts through a JWT', async () => {
    const tenant = await createTenant(server)
    const displayName = unique('By person')
    const response = await server.gql(
      createQuery,
      { org: tenant.organizationId, contactType: 'customer', displayName },
      tenant.owner.jwt,
    )
    expect(response.body.data?.createContact).toMatchObject({ success: true, contact: { displayName } })
    const listed = await server.gql(listQuery, { org: tenant.organizationId }, tenant.owner.jwt)
    expect(listed.body.data?.listContacts.totalCount).toBe(1)
  })

  it("never shows one organization's contacts to another", async () => {
    const a = await createTenant(server)
    const b = await createTenant(server)
    await created(a, vendor(unique('Mine')))
    const tag = randomUUID().slice(0, 8)
    await created(b, vendor(`B only ${tag}`))
    await batch(b, [customer(`B batch 1 ${tag}`), vendor(`B batch 2 ${tag}`)])
    expect(await countOf(a)).toBe(1)
    expect(await list(a, { search: tag })).toMatchObject({ items: [], totalCount: 0 })
    expect((await list(b, { search: tag })).totalCount).toBe(3)
  })
})

describe('updateContact', () => {
  const updateQuery = `mutation ($org: UUID!, $id: UUID!, $contactType: String, $displayName: String, $email: String, $phone: String, $active: Boolean) {
    updateContact(organizationId: $org, contactId: $id, contactType: $contactType, displayName: $displayName, email: $email, phone: $phone, active: $active) {
      contact { ${contactFields} } success error errorCode
    }
  }`
  const update = async (tenant: Tenant, id: string, changes: Record<string, unknown>) =>
    (await server.gql(updateQuery, { org: tenant.organizationId, id, ...changes }, tenant.bearer)).body.data
      ?.updateContact as ContactPayload

  it('changes the fields given, keeps the others, and tells the feed', async () => {
    const tenant = await createTenant(server)
    const paper = await created(
      tenant,
      vendor('Paper Co', { email: 'sales@paper.example', phone: '555-0100' }),
    )
    const changed = await update(tenant, paper.id, { displayName: 'Paper Company', phone: '' })
    expect(changed).toEqual({
      contact: { ...paper, displayName: 'Paper Company', phone: '' },
      success: true,
      error: null,
      errorCode: null,
    })
    const retired = await update(tenant, paper.id, { active: false, contactType: 'customer' })
    expect(retired.contact).toEqual({
      ...paper,
      displayName: 'Paper Company',
      phone: '',
      active: false,
      contactType: 'customer',
    })
    expect((await listAll(tenant)).find((c) => c.id === paper.id)).toEqual(retired.contact)

    const feed = await server.gql(
      'query ($org: UUID!) { events(organizationId: $org, types: ["contact.updated"]) { items { entityId data } } }',
      { org: tenant.organizationId },
      tenant.bearer,
    )
    const items = feed.body.data?.events.items as Array<{ entityId: string; data: string }>
    expect(items.map((item) => item.entityId)).toEqual([paper.id, paper.id])
    expect(JSON.parse(items[0]?.data ?? '{}')).toMatchObject({
      before: { displayName: 'Paper Co', phone: '555-0100' },
      after: { displayName: 'Paper Company', phone: '' },
    })
  })

  it('refuses a name taken within the type, a bad field, and an unknown or foreign contact, changing nothing', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const ink = await created(tenant, vendor('Ink Ltd'))
    await created(tenant, vendor('Toner Ltd'))
    const foreign = await created(other, vendor('Foreign Ltd'))

    expect(await update(tenant, ink.id, { displayName: 'TONER LTD' })).toEqual({
      contact: null,
      success: false,
      error: nameTaken,
      errorCode: 'CONTACT_NAME_TAKEN',
    })
    expect(await update(tenant, ink.id, { email: 'not an address' })).toMatchObject({
      success: false,
      errorCode: 'INVALID_EMAIL',
    })
    expect(await update(tenant, ink.id, { contactType: 'supplier' })).toMatchObject({
      success: false,
      errorCode: 'INVALID_CONTACT_TYPE',
    })
    for (const id of [randomUUID(), foreign.id]) {
      expect(await update(tenant, id, { displayName: 'Mine Now' })).toEqual({
        contact: null,
        success: false,
        error: 'No contact with this contactId.',
        errorCode: 'CONTACT_NOT_FOUND',
      })
    }
    expect((await listAll(tenant)).find((c) => c.id === ink.id)).toEqual(ink)
    expect(await listAll(other)).toEqual([foreign])
  })
})

// The chart of accounts over HTTP (DESIGN 5.3): the default chart, createAccount, batchCreateAccounts, listAccounts and their access rules.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { catalogCalls, expectNulRefused } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let reader: Tenant

beforeAll(async () => {
  server = await startServer()
  reader = await createTenant(server)
})
afterAll(() => server.close())

interface Account {
  id: string
  name: string
  accountType: string
  classification: string
  subType: string
  currentBalance: number
  active: boolean
  lastFour: string | null
  parentId: string | null
  taxCode: { code: string; name: string } | null
}

interface AccountPayload {
  account: Account | null
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

const missingId = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'
const nameTaken = 'Account with this name already exists.'

const accountFields =
  'id name accountType classification subType currentBalance active lastFour parentId taxCode { code name }'

const createAccountQuery = `mutation ($org: UUID!, $name: String!, $taxCodeId: UUID, $accountType: String, $classification: String, $subType: String, $lastFour: String, $parentId: UUID) {
  createAccount(organizationId: $org, name: $name, taxCodeId: $taxCodeId, accountType: $accountType, classification: $classification, subType: $subType, lastFour: $lastFour, parentId: $parentId) {
    account { ${accountFields} } success error errorCode
  }
}`

const batchQuery = `mutation ($org: UUID!, $items: [AccountInput!]!) {
  batchCreateAccounts(organizationId: $org, items: $items) { created errors { index error errorCode } success error errorCode }
}`

const listQuery = `query ($org: UUID!, $limit: Int, $offset: Int, $search: String, $sortBy: String, $sortDir: String) {
  listAccounts(organizationId: $org, limit: $limit, offset: $offset, search: $search, sortBy: $sortBy, sortDir: $sortDir) {
    items { ${accountFields} } totalCount pageSize offset
  }
}`

const taxCodeIds = new Map<string, string>()

/** The id listTaxCodes gives a GIFI code: what a client passes as taxCodeId. */
async function taxCodeId(code: string): Promise<string> {
  const known = taxCodeIds.get(code)
  if (known) return known
  const response = await server.gql(
    'query ($org: UUID!, $search: String) { listTaxCodes(organizationId: $org, search: $search, limit: 200) { items { id code } } }',
    { org: reader.organizationId, search: code },
    reader.bearer,
  )
  const items = response.body.data?.listTaxCodes.items as Array<{ id: string; code: string }>
  const id = items.find((item) => item.code === code)?.id
  if (!id) throw new Error(`GIFI ${code} is not listed`)
  taxCodeIds.set(code, id)
  return id
}

const {
  create: createAccount,
  created,
  refused,
  batch,
  list,
  listAll,
  listError,
  countOf,
} = catalogCalls<Account, AccountPayload, BatchPayload>(() => server, {
  create: { query: createAccountQuery, field: 'createAccount', itemField: 'account' },
  batch: { query: batchQuery, field: 'batchCreateAccounts' },
  list: { query: listQuery, field: 'listAccounts' },
})

/** Posts a confirmed event through the public ledger operations, so balances move. */
async function post(
  tenant: Tenant,
  event: { eventType: string; amount: string; categoryId: string; paymentAccountId: string },
) {
  const createdEvent = await server.gql(
    `mutation ($org: UUID!, $amount: String!, $eventType: String, $categoryId: UUID, $paymentAccountId: UUID) {
      createLedgerEvent(organizationId: $org, merchantName: "Posting", amount: $amount, transactionDate: "2025-05-01", eventType: $eventType, categoryId: $categoryId, paymentAccountId: $paymentAccountId) { success eventId errorCode }
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

const typeClassifications: Array<[string, string]> = [
  ['bank', 'asset'],
  ['credit_card', 'liability'],
  ['accounts_receivable', 'asset'],
  ['other_current_asset', 'asset'],
  ['fixed_asset', 'asset'],
  ['other_asset', 'asset'],
  ['accounts_payable', 'liability'],
  ['other_current_liability', 'liability'],
  ['long_term_liability', 'liability'],
  ['equity', 'equity'],
  ['income', 'revenue'],
  ['other_income', 'revenue'],
  ['cost_of_goods_sold', 'expense'],
  ['expense', 'expense'],
  ['other_expense', 'expense'],
]
const classifications = ['asset', 'liability', 'equity', 'revenue', 'expense']

describe('the default chart', () => {
  const expected: Array<[name: string, accountType: string, classification: string, gifi: string]> = [
    ['Chequing', 'bank', 'asset', '1002'],
    ['Accounts Receivable', 'accounts_receivable', 'asset', '1060'],
    ['Taxes Recoverable', 'other_current_asset', 'asset', '1483'],
    ['Accounts Payable', 'accounts_payable', 'liability', '2620'],
    ['GST/HST Payable', 'other_current_liability', 'liability', '2680'],
    ['Retained Earnings', 'equity', 'equity', '3600'],
    ['Sales Revenue', 'income', 'revenue', '8000'],
    ['Cost of Goods Sold', 'cost_of_goods_sold', 'expense', '8320'],
    ['Bank Fees & Charges', 'expense', 'expense', '8715'],
    ['Office Expenses', 'expense', 'expense', '8810'],
  ]

  it('gives a new organization the accounts of DESIGN 5.3 at a zero balance', async () => {
    const tenant = await createTenant(server)
    const accounts = await listAll(tenant)
    const byName = new Map(accounts.map((account) => [account.name, account]))
    for (const [name, accountType, classification, gifi] of expected) {
      const account = byName.get(name)
      expect(account, name).toMatchObject({
        accountType,
        classification,
        subType: '',
        active: true,
        taxCode: { code: gifi, name: expect.any(String) },
        lastFour: null,
        parentId: null,
      })
      expect(typeof account?.currentBalance, name).toBe('number')
      expect(account?.currentBalance, name).toBe(0)
    }
  })

  it('sends currentBalance as a JSON number', async () => {
    const tenant = await createTenant(server)
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...tenant.bearer },
      body: JSON.stringify({
        query: listQuery,
        variables: { org: tenant.organizationId, search: 'Chequing' },
      }),
    })
    const text = await response.text()
    expect(text).toContain('"currentBalance":0')
    expect(text).not.toContain('"currentBalance":"')
  })

  it('keys each default account to a GIFI code whose classification it has', async () => {
    const accounts = await listAll(reader)
    const withCodes = accounts.filter((account) => account.taxCode !== null)
    expect(withCodes.length).toBeGreaterThanOrEqual(expected.length)
    for (const account of withCodes) {
      const response = await server.gql(
        'query ($org: UUID!, $search: String) { listTaxCodes(organizationId: $org, search: $search) { items { code name classification isTotalLine } } }',
        { org: reader.organizationId, search: account.taxCode?.code },
        reader.bearer,
      )
      const items: Array<{ code: string }> = response.body.data?.listTaxCodes.items ?? []
      const code = items.find((item) => item.code === account.taxCode?.code)
      expect(code, account.name).toMatchObject({
        name: account.taxCode?.name,
        classification: account.classification,
        isTotalLine: false,
      })
    }
  })

  it('gives each organization a chart of its own', async () => {
    const one = await createTenant(server)
    const two = await createTenant(server)
    const first = (await list(one, { search: 'Chequing' })).items
    const second = (await list(two, { search: 'Chequing' })).items
    expect(first).toHaveLength(1)
    expect(second).toHaveLength(1)
    expect(first[0]?.id).not.toBe(second[0]?.id)
  })
})

describe('createAccount with a GIFI code', () => {
  it('answers in the shape of the spec', async () => {
    const tenant = await createTenant(server)
    const name = unique('Petty Cash')
    const response = await server.gql(
      `mutation ($org: UUID!, $name: String!, $taxCodeId: UUID!) {
        createAccount(organizationId: $org, name: $name, taxCodeId: $taxCodeId) {
          account { id name accountType classification taxCode { code name } } success error errorCode
        }
      }`,
      { org: tenant.organizationId, name, taxCodeId: await taxCodeId('1001') },
      tenant.bearer,
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      data: {
        createAccount: {
          account: {
            id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
            name,
            accountType: 'bank',
            classification: 'asset',
            taxCode: { code: '1001', name: 'Cash' },
          },
          success: true,
          error: null,
          errorCode: null,
        },
      },
    })
  })

  it('derives accountType and classification from the code', async () => {
    const tenant = await createTenant(server)
    const cases: Array<[string, string, string]> = [
      ['1002', 'bank', 'asset'],
      ['1060', 'accounts_receivable', 'asset'],
      ['1120', 'other_current_asset', 'asset'],
      ['1740', 'fixed_asset', 'asset'],
      ['2180', 'other_asset', 'asset'],
      ['2600', 'other_current_liability', 'liability'],
      ['2620', 'accounts_payable', 'liability'],
      ['2680', 'other_current_liability', 'liability'],
      ['3140', 'long_term_liability', 'liability'],
      ['3500', 'equity', 'equity'],
      ['8000', 'income', 'revenue'],
      ['8320', 'cost_of_goods_sold', 'expense'],
      ['8810', 'expense', 'expense'],
      ['9660', 'expense', 'expense'],
      ['9990', 'expense', 'expense'],
    ]
    for (const [code, accountType, classification] of cases) {
      const name = unique(`GIFI ${code}`)
      const account = await created(tenant, { name, taxCodeId: await taxCodeId(code) })
      expect(account).toMatchObject({
        name,
        accountType,
        classification,
        subType: '',
        currentBalance: 0,
        active: true,
        taxCode: { code },
      })
      const listed = await list(tenant, { search: name })
      expect(listed.items).toEqual([account])
    }
  })

  it('files farm revenue (9370-9659) as revenue although it sits above the expense codes', async () => {
    const tenant = await createTenant(server)
    for (const code of ['9370', '9421', '9470', '9600']) {
      const account = await created(tenant, {
        name: unique(`Farm ${code}`),
        taxCodeId: await taxCodeId(code),
      })
      expect(account, code).toMatchObject({
        accountType: 'income',
        classification: 'revenue',
        taxCode: { code },
      })
    }
  })

  it('refuses total lines with TAX_CODE_TOTAL_LINE and creates nothing', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    for (const code of ['1599', '2599', '3499', '8089', '8299', '8518', '8519', '9368', '9659', '9999']) {
      const error = await refused(
        tenant,
        { name: unique(`Total ${code}`), taxCodeId: await taxCodeId(code) },
        'TAX_CODE_TOTAL_LINE',
      )
      expect(error).toContain(code)
    }
    expect(await countOf(tenant)).toBe(before)
  })

  it('refuses 8518 (cost of sales, a computed line) but files 8320 as cost of goods sold', async () => {
    const tenant = await createTenant(server)
    await refused(
      tenant,
      { name: unique('Cost of sales'), taxCodeId: await taxCodeId('8518') },
      'TAX_CODE_TOTAL_LINE',
    )
    const purchases = await created(tenant, { name: unique('Purchases'), taxCodeId: await taxCodeId('8320') })
    expect(purchases).toMatchObject({
      accountType: 'cost_of_goods_sold',
      classification: 'expense',
      taxCode: { code: '8320' },
    })
  })

  it('refuses an unknown taxCodeId with TAX_CODE_NOT_FOUND', async () => {
    const tenant = await createTenant(server)
    await refused(tenant, { name: unique('Nowhere'), taxCodeId: missingId }, 'TAX_CODE_NOT_FOUND')
    const accountId = (await list(tenant, { search: 'Chequing' })).items[0]?.id
    await refused(tenant, { name: unique('Not a code'), taxCodeId: accountId }, 'TAX_CODE_NOT_FOUND')
  })

  it('refuses a taxCodeId that is not a UUID before doing anything', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    const response = await server.gql(
      createAccountQuery,
      { org: tenant.organizationId, name: unique('Bad id'), taxCodeId: '1002' },
      tenant.bearer,
    )
    expect(response.status).toBe(200)
    expect(response.body.errors?.[0]?.message).toContain('Invalid UUID')
    expect(await countOf(tenant)).toBe(before)
  })

  it('accepts a taxCodeId written in upper case', async () => {
    const tenant = await createTenant(server)
    const account = await created(tenant, {
      name: unique('Upper'),
      taxCodeId: (await taxCodeId('8810')).toUpperCase(),
    })
    expect(account.taxCode?.code).toBe('8810')
  })

  it('refuses a classification or a type that contradicts the code with ACCOUNT_TYPE_MISMATCH', async () => {
    const tenant = await createTenant(server)
    const office = await taxCodeId('8810')
    const before = await countOf(tenant)
    await refused(
      tenant,
      { name: unique('M1'), taxCodeId: office, classification: 'asset' },
      'ACCOUNT_TYPE_MISMATCH',
    )
    await refused(
      tenant,
      { name: unique('M2'), taxCodeId: office, accountType: 'bank' },
      'ACCOUNT_TYPE_MISMATCH',
    )
    await refused(
      tenant,
      { name: unique('M3'), taxCodeId: office, accountType: 'bank', classification: 'asset' },
      'ACCOUNT_TYPE_MISMATCH',
    )
    await refused(
      tenant,
      { name: unique('M4'), taxCodeId: await taxCodeId('9421'), classification: 'expense' },
      'ACCOUNT_TYPE_MISMATCH',
    )
    expect(await countOf(tenant)).toBe(before)
  })

  it('accepts a type that refines the code within its classification', async () => {
    const tenant = await createTenant(server)
    const card = await created(tenant, {
      name: unique('Visa'),
      taxCodeId: await taxCodeId('2620'),
      accountType: 'credit_card',
      lastFour: '4242',
    })
    expect(card).toMatchObject({
      accountType: 'credit_card',
      classification: 'liability',
      lastFour: '4242',
      taxCode: { code: '2620' },
    })
    const explicit = await created(tenant, {
      name: unique('Amex'),
      taxCodeId: await taxCodeId('2620'),
      accountType: 'credit_card',
      classification: 'liability',
    })
    expect(explicit).toMatchObject({ accountType: 'credit_card', classification: 'liability' })
    const other = await created(tenant, {
      name: unique('Side income'),
      taxCodeId: await taxCodeId('8230'),
      accountType: 'other_income',
    })
    expect(other).toMatchObject({ accountType: 'other_income', classification: 'revenue' })
  })

  it('refuses an unknown accountType next to a code', async () => {
    const tenant = await createTenant(server)
    await refused(
      tenant,
      { name: unique('Odd'), taxCodeId: await taxCodeId('2620'), accountType: 'creditcard' },
      'INVALID_ACCOUNT_TYPE',
    )
  })
})

describe('createAccount with accountType and classification', () => {
  it('accepts every type with its own classification', async () => {
    const tenant = await createTenant(server)
    for (const [accountType, classification] of typeClassifications) {
      const name = unique(accountType)
      const account = await created(tenant, { name, accountType, classification })
      expect(account).toEqual({
        id: expect.any(String),
        name,
        accountType,
        classification,
        subType: '',
        currentBalance: 0,
        active: true,
        lastFour: null,
        parentId: null,
        taxCode: null,
      })
    }
  })

  it('refuses every type under any other classification', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    for (const [accountType, own] of typeClassifications) {
      for (const classification of classifications.filter((candidate) => candidate !== own)) {
        await refused(
          tenant,
          { name: unique('Mismatch'), accountType, classification },
          'ACCOUNT_TYPE_MISMATCH',
        )
      }
    }
    expect(await countOf(tenant)).toBe(before)
  })

  it('refuses unknown types and classifications', async () => {
    const tenant = await createTenant(server)
    for (const accountType of ['savings', 'Bank', 'BANK', '', 'asset']) {
      await refused(
        tenant,
        { name: unique('T'), accountType, classification: 'asset' },
        'INVALID_ACCOUNT_TYPE',
      )
    }
    for (const classification of ['assets', 'Asset', '', 'income']) {
      await refused(
        tenant,
        { name: unique('C'), accountType: 'bank', classification },
        'INVALID_CLASSIFICATION',
      )
    }
  })

  it('requires a taxCodeId or a type with its classification (ACCOUNT_TYPE_REQUIRED)', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    await refused(tenant, { name: unique('Bare') }, 'ACCOUNT_TYPE_REQUIRED')
    await refused(tenant, { name: unique('Type only'), accountType: 'bank' }, 'ACCOUNT_TYPE_REQUIRED')
    await refused(tenant, { name: unique('Class only'), classification: 'asset' }, 'ACCOUNT_TYPE_REQUIRED')
    await refused(
      tenant,
      { name: unique('Nulls'), taxCodeId: null, accountType: null, classification: null },
      'ACCOUNT_TYPE_REQUIRED',
    )
    expect(await countOf(tenant)).toBe(before)
  })

  it('keeps subType as given', async () => {
    const tenant = await createTenant(server)
    const account = await created(tenant, {
      name: unique('Savings'),
      accountType: 'bank',
      classification: 'asset',
      subType: 'High-interest savings',
    })
    expect(account.subType).toBe('High-interest savings')
    expect((await list(tenant, { search: account.name })).items[0]?.subType).toBe('High-interest savings')
  })
})

describe('lastFour', () => {
  it('accepts exactly four digits and keeps them as given', async () => {
    const tenant = await createTenant(server)
    for (const lastFour of ['1234', '0042', '0000']) {
      const account = await created(tenant, {
        name: unique('Card'),
        accountType: 'credit_card',
        classification: 'liability',
        lastFour,
      })
      expect(account.lastFour).toBe(lastFour)
      expect((await list(tenant, { search: account.name })).items[0]?.lastFour).toBe(lastFour)
    }
  })

  it('refuses anything but four digits with INVALID_LAST_FOUR', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    for (const lastFour of ['123', '12345', '12a4', 'abcd', ' 1234', '1234 ', '12 4', '12-4', '１２３４']) {
      await refused(
        tenant,
        { name: unique('Card'), accountType: 'credit_card', classification: 'liability', lastFour },
        'INVALID_LAST_FOUR',
      )
    }
    await refused(
      tenant,
      { name: unique('Card'), taxCodeId: await taxCodeId('1002'), lastFour: '123' },
      'INVALID_LAST_FOUR',
    )
    expect(await countOf(tenant)).toBe(before)
  })
})

describe('parentId', () => {
  it('accepts a parent of the same organization and classification', async () => {
    const tenant = await createTenant(server)
    const chequing = (await list(tenant, { search: 'Chequing' })).items[0] as Account
    const child = await created(tenant, {
      name: unique('Payroll'),
      accountType: 'bank',
      classification: 'asset',
      parentId: chequing.id,
    })
    expect(child.parentId).toBe(chequing.id)
    const grandchild = await created(tenant, {
      name: unique('Payroll reserve'),
      taxCodeId: await taxCodeId('1002'),
      parentId: child.id,
    })
    expect(grandchild.parentId).toBe(child.id)
    expect((await list(tenant, { search: grandchild.name })).items[0]?.parentId).toBe(child.id)
  })

  it('refuses a parent of another classification', async () => {
    const tenant = await createTenant(server)
    const expenses = (await list(tenant, { search: 'Office Expenses' })).items[0] as Account
    await refused(
      tenant,
      { name: unique('Stray'), accountType: 'bank', classification: 'asset', parentId: expenses.id },
      'PARENT_CLASSIFICATION_MISMATCH',
    )
    await refused(
      tenant,
      {
        name: unique('COGS child'),
        accountType: 'cost_of_goods_sold',
        classification: 'expense',
        parentId: (await list(tenant, { search: 'Sales Revenue' })).items[0]?.id,
      },
      'PARENT_CLASSIFICATION_MISMATCH',
    )
  })

  it("treats another organization's account exactly like a missing one (PARENT_NOT_FOUND)", async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const theirs = (await list(other, { search: 'Chequing' })).items[0] as Account
    const before = await countOf(tenant)
    const name = unique('Sub')
    const foreign = await createAccount(tenant, {
      name,
      accountType: 'bank',
      classification: 'asset',
      parentId: theirs.id,
    })
    const missing = await createAccount(tenant, {
      name,
      accountType: 'bank',
      classification: 'asset',
      parentId: missingId,
    })
    expect(foreign).toMatchObject({ success: false, errorCode: 'PARENT_NOT_FOUND', account: null })
    expect(foreign).toEqual(missing)
    const foreignMismatch = await createAccount(tenant, {
      name,
      accountType: 'expense',
      classification: 'expense',
      parentId: theirs.id,
    })
    expect(foreignMismatch).toEqual(missing)
    expect(await countOf(tenant)).toBe(before)
  })
})

describe('account names', () => {
  it('refuses a name already used in the organization, whatever its case', async () => {
    const tenant = await createTenant(server)
    const name = unique('Équipement Lourd')
    await created(tenant, { name, accountType: 'fixed_asset', classification: 'asset' })
    const before = await countOf(tenant)
    for (const duplicate of [
      name,
      name.toUpperCase(),
      name.toLowerCase(),
      'Chequing',
      'CHEQUING',
      'office expenses',
      ` ${name} `,
    ]) {
      const payload = await createAccount(tenant, {
        name: duplicate,
        accountType: 'bank',
        classification: 'asset',
      })
      expect(payload, duplicate).toEqual({
        account: null,
        success: false,
        error: nameTaken,
        errorCode: 'ACCOUNT_NAME_TAKEN',
      })
    }
    const viaCode = await createAccount(tenant, { name: 'Sales revenue', taxCodeId: await taxCodeId('8000') })
    expect(viaCode).toEqual({
      account: null,
      success: false,
      error: nameTaken,
      errorCode: 'ACCOUNT_NAME_TAKEN',
    })
    expect(await countOf(tenant)).toBe(before)
  })

  it('allows the same name in another organization', async () => {
    const one = await createTenant(server)
    const two = await createTenant(server)
    const name = unique('Shared Name')
    const first = await created(one, { name, accountType: 'expense', classification: 'expense' })
    const second = await created(two, { name, accountType: 'expense', classification: 'expense' })
    expect(second.id).not.toBe(first.id)
    expect(second.name).toBe(name)
  })

  it('refuses blank and overlong names', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    for (const name of ['', ' ', '   ', '\t\n', 'x'.repeat(201)]) {
      await refused(tenant, { name, accountType: 'bank', classification: 'asset' }, 'INVALID_NAME')
    }
    await refused(tenant, { name: '  ', taxCodeId: await taxCodeId('1002') }, 'INVALID_NAME')
    expect(await countOf(tenant)).toBe(before)
    const longest = await created(tenant, {
      name: 'y'.repeat(200),
      accountType: 'bank',
      classification: 'asset',
    })
    expect(longest.name).toHaveLength(200)
  })

  it('keeps a name exactly as given', async () => {
    const tenant = await createTenant(server)
    for (const name of [
      unique('Cafe\u0301 – caisse 🧾'),
      unique('Caf\u00e9 – caisse'),
      `  ${unique('Padded')}  `,
    ]) {
      const account = await created(tenant, { name, accountType: 'bank', classification: 'asset' })
      expect(account.name).toBe(name)
      expect((await list(tenant, { search: name.trim() })).items.map((item) => item.name)).toEqual([name])
    }
  })

  it('makes exactly one account when one name is created concurrently', async () => {
    const tenant = await createTenant(server)
    const name = unique('Race')
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createAccount(tenant, {
          name: i % 2 ? name : name.toUpperCase(),
          accountType: 'bank',
          classification: 'asset',
        }),
      ),
    )
    expect(answers.filter((answer) => answer.success)).toHaveLength(1)
    for (const answer of answers.filter((candidate) => !candidate.success)) {
      expect(answer).toEqual({
        account: null,
        success: false,
        error: nameTaken,
        errorCode: 'ACCOUNT_NAME_TAKEN',
      })
    }
    expect((await list(tenant, { search: name })).totalCount).toBe(1)
  })
})

describe('batchCreateAccounts', () => {
  const item = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    accountType: 'expense',
    classification: 'expense',
    ...extra,
  })

  it("draws each field's length line where createAccount draws it", async () => {
    const single = await createTenant(server)
    const batched = await createTenant(server)
    const prefix = unique('Edge')
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [item(`${prefix} `.padEnd(200, 'n')), null],
      [item(`${prefix} `.padEnd(201, 'n')), 'INVALID_NAME'],
      [item(`${prefix} sub`, { subType: 's'.repeat(100) }), null],
      [item(`${prefix} sub long`, { subType: 's'.repeat(101) }), 'INVALID_SUB_TYPE'],
    ]
    const one = await Promise.all(cases.map(([input]) => createAccount(single, input)))
    expect(one.map((payload) => payload.errorCode)).toEqual(cases.map(([, code]) => code))
    const many = await batch(
      batched,
      cases.map(([input]) => input),
    )
    const codeAt = new Map(many.errors.map((e) => [e.index, e.errorCode]))
    expect(cases.map((_, index) => codeAt.get(index) ?? null)).toEqual(cases.map(([, code]) => code))
    expect(many.created).toBe(2)
    expect((await list(batched, { search: prefix })).totalCount).toBe(2)
  })

  it('reports failing items by index and keeps the others', async () => {
    const tenant = await createTenant(server)
    const prefix = unique('Batch')
    const outcome = await batch(tenant, [
      item(`${prefix} 0`),
      item(`${prefix} 1`, { accountType: 'savings' }),
      item(`${prefix} 2`, { accountType: 'bank', classification: 'asset', lastFour: '9876' }),
      item(`${prefix} 3`, { lastFour: '12a4' }),
      item('Chequing'),
      item(`${prefix} 5`, { classification: 'revenue' }),
      item('   '),
      item(`${prefix} 7`, { classification: 'equities' }),
      item(`${prefix} 8`, { accountType: 'income', classification: 'revenue', subType: 'Consulting' }),
    ])
    expect(outcome).toEqual({
      created: 3,
      errors: [
        { index: 1, error: expect.any(String), errorCode: 'INVALID_ACCOUNT_TYPE' },
        { index: 3, error: expect.any(String), errorCode: 'INVALID_LAST_FOUR' },
        { index: 4, error: nameTaken, errorCode: 'ACCOUNT_NAME_TAKEN' },
        { index: 5, error: expect.any(String), errorCode: 'ACCOUNT_TYPE_MISMATCH' },
        { index: 6, error: expect.any(String), errorCode: 'INVALID_NAME' },
        { index: 7, error: expect.any(String), errorCode: 'INVALID_CLASSIFICATION' },
      ],
      success: true,
      error: null,
      errorCode: null,
    })
    const listed = await list(tenant, { search: prefix })
    expect(
      listed.items.map((account) => [account.name, account.accountType, account.lastFour, account.subType]),
    ).toEqual([
      [`${prefix} 0`, 'expense', null, ''],
      [`${prefix} 2`, 'bank', '9876', ''],
      [`${prefix} 8`, 'income', null, 'Consulting'],
    ])
    expect((await list(tenant, { search: 'Chequing' })).totalCount).toBe(1)
  })

  it('reports a name repeated inside one batch as a failure of the later items', async () => {
    const tenant = await createTenant(server)
    const name = unique('Twice')
    const outcome = await batch(tenant, [
      item(name),
      item(name.toUpperCase()),
      item(unique('Between')),
      item(` ${name}`),
      item(name, { accountType: 'bank', classification: 'asset' }),
    ])
    expect(outcome.created).toBe(2)
    expect(outcome.errors).toEqual(
      [1, 3, 4].map((index) => ({ index, error: nameTaken, errorCode: 'ACCOUNT_NAME_TAKEN' })),
    )
    const listed = await list(tenant, { search: name })
    expect(listed.items.map((account) => [account.name, account.accountType])).toEqual([[name, 'expense']])
  })

  it('lets a later item use a name whose earlier item failed', async () => {
    const tenant = await createTenant(server)
    const badLastFour = unique('Freed by validation')
    const badParent = unique('Freed by parent')
    const outcome = await batch(tenant, [
      item(badLastFour, { lastFour: '1' }),
      item(badLastFour),
      item(badParent, { parentId: missingId }),
      item(badParent),
    ])
    expect(outcome).toMatchObject({
      created: 2,
      errors: [
        { index: 0, errorCode: 'INVALID_LAST_FOUR' },
        { index: 2, errorCode: 'PARENT_NOT_FOUND' },
      ],
    })
    expect((await list(tenant, { search: badLastFour })).totalCount).toBe(1)
    expect((await list(tenant, { search: badParent })).totalCount).toBe(1)
  })

  it('checks each parent: same organization, same classification', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const expenses = (await list(tenant, { search: 'Office Expenses' })).items[0] as Account
    const revenue = (await list(tenant, { search: 'Sales Revenue' })).items[0] as Account
    const theirs = (await list(other, { search: 'Office Expenses' })).items[0] as Account
    const prefix = unique('Child')
    const outcome = await batch(tenant, [
      item(`${prefix} 0`, { parentId: expenses.id }),
      item(`${prefix} 1`, { parentId: revenue.id }),
      item(`${prefix} 2`, { parentId: theirs.id }),
      item(`${prefix} 3`, { parentId: missingId }),
      item(`${prefix} 4`, { parentId: expenses.id }),
    ])
    const missing = await batch(tenant, [item(`${prefix} 5`, { parentId: missingId })])
    expect(outcome).toEqual({
      created: 2,
      errors: [
        { index: 1, error: expect.any(String), errorCode: 'PARENT_CLASSIFICATION_MISMATCH' },
        { index: 2, error: missing.errors[0]?.error, errorCode: 'PARENT_NOT_FOUND' },
        { index: 3, error: missing.errors[0]?.error, errorCode: 'PARENT_NOT_FOUND' },
      ],
      success: true,
      error: null,
      errorCode: null,
    })
    const listed = await list(tenant, { search: prefix })
    expect(listed.items.map((account) => [account.name, account.parentId])).toEqual([
      [`${prefix} 0`, expenses.id],
      [`${prefix} 4`, expenses.id],
    ])
  })

  it('accepts every type with its own classification and refuses the rest', async () => {
    const tenant = await createTenant(server)
    const items = typeClassifications.flatMap(([accountType]) =>
      classifications.map((classification) =>
        item(unique(`${accountType} ${classification}`), { accountType, classification }),
      ),
    )
    const outcome = await batch(tenant, items)
    expect(outcome.created).toBe(typeClassifications.length)
    expect(outcome.errors).toHaveLength(items.length - typeClassifications.length)
    for (const error of outcome.errors) expect(error.errorCode).toBe('ACCOUNT_TYPE_MISMATCH')
    const fitting = new Set(typeClassifications.map(([type, classification]) => `${type}/${classification}`))
    const failedIndexes = new Set(outcome.errors.map((error) => error.index))
    items.forEach((candidate, index) => {
      expect(failedIndexes.has(index)).toBe(
        !fitting.has(`${candidate.accountType}/${candidate.classification}`),
      )
    })
  })

  it('creates exactly 500 items in one call', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    const prefix = unique('Bulk')
    const items = Array.from({ length: 500 }, (_, i) => item(`${prefix} ${String(i).padStart(3, '0')}`))
    expect(await batch(tenant, items)).toEqual({
      created: 500,
      errors: [],
      success: true,
      error: null,
      errorCode: null,
    })
    expect(await countOf(tenant)).toBe(before + 500)
    const listed = await listAll(tenant, { search: prefix })
    expect(listed.map((account) => account.name)).toEqual(items.map((candidate) => candidate.name))
  })

  it('refuses 501 items whole with BATCH_TOO_LARGE and creates nothing', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    const prefix = unique('TooMany')
    const items = Array.from({ length: 501 }, (_, i) => item(`${prefix} ${i}`))
    const answer = await batch(tenant, items)
    expect(answer).toMatchObject({ created: 0, success: false, errorCode: 'BATCH_TOO_LARGE' })
    expect(answer.error).toContain('500')
    // A client reading only {created, errors} sees the refusal on every item.
    expect(answer.errors).toHaveLength(501)
    expect(answer.errors.map((e: { index: number }) => e.index)).toEqual(items.map((_, i) => i))
    for (const e of answer.errors)
      expect(e).toEqual({ index: e.index, error: answer.error, errorCode: 'BATCH_TOO_LARGE' })
    expect(await countOf(tenant)).toBe(before)
    expect((await list(tenant, { search: prefix })).totalCount).toBe(0)
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

describe('listAccounts', () => {
  it('answers the paginated envelope, 25 accounts from offset 0 by default', async () => {
    const tenant = await createTenant(server)
    await batch(
      tenant,
      Array.from({ length: 30 }, (_, i) => ({
        name: unique(`Env ${i}`),
        accountType: 'expense',
        classification: 'expense',
      })),
    )
    const page = await list(tenant)
    expect(page.totalCount).toBeGreaterThanOrEqual(40)
    expect(page).toMatchObject({ pageSize: 25, offset: 0 })
    expect(page.items).toHaveLength(25)
    const second = await list(tenant, { offset: 25 })
    expect(second).toMatchObject({ pageSize: 25, offset: 25, totalCount: page.totalCount })
    expect(second.items).toHaveLength(Math.min(25, page.totalCount - 25))
  })

  it('searches names case-insensitively, Unicode included', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    const epicerie = await created(tenant, {
      name: `Épicerie ${tag}`,
      accountType: 'expense',
      classification: 'expense',
    })
    const other = await created(tenant, {
      name: `Grocery ${tag}`,
      accountType: 'expense',
      classification: 'expense',
    })
    for (const search of ['épi', 'ÉPI', 'Épi', 'picerie', `ÉPICERIE ${tag.toUpperCase()}`]) {
      const page = await list(tenant, { search })
      expect(
        page.items.map((account) => account.id),
        search,
      ).toEqual([epicerie.id])
      expect(page.totalCount).toBe(1)
    }
    const both = await list(tenant, { search: tag.toUpperCase() })
    expect(both.items.map((account) => account.id).sort()).toEqual([epicerie.id, other.id].sort())
    for (const search of ['chequing', 'CHEQUING', 'cHeQuInG']) {
      expect(
        (await list(tenant, { search })).items.map((account) => account.name),
        search,
      ).toEqual(['Chequing'])
    }
    expect(await list(tenant, { search: 'no account is called this' })).toEqual({
      items: [],
      totalCount: 0,
      pageSize: 25,
      offset: 0,
    })
  })

  it('treats %, _ and \\ in the search as plain characters', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    const names = {
      percent: `Growth 100% ${tag}`,
      noPercent: `Growth 1000 ${tag}`,
      underscore: `Tax_Reserve ${tag}`,
      noUnderscore: `TaxeReserve ${tag}`,
      backslash: `Back\\slash ${tag}`,
    }
    for (const name of Object.values(names))
      await created(tenant, { name, accountType: 'expense', classification: 'expense' })
    const found = async (search: string) =>
      (await list(tenant, { search })).items.map((account) => account.name)
    expect(await found('%')).toEqual([names.percent])
    expect(await found('100%')).toEqual([names.percent])
    expect(await found('0%')).toEqual([names.percent])
    expect(await found('_')).toEqual([names.underscore])
    expect(await found('x_r')).toEqual([names.underscore])
    expect(await found('\\')).toEqual([names.backslash])
    expect(await found('k\\s')).toEqual([names.backslash])
    expect(await found('%%')).toEqual([])
    expect(await found('G%h')).toEqual([])
    expect(await found('Ta_e')).toEqual([])
  })

  it('refuses a NUL in a name or a search without an internal error', async () => {
    const tenant = await createTenant(server)
    const before = await countOf(tenant)
    const item = { name: 'Bad\u0000Name', accountType: 'bank', classification: 'asset' }
    await expectNulRefused(server, tenant, createAccountQuery, item, 'createAccount')
    await expectNulRefused(server, tenant, batchQuery, { items: [item] }, 'batchCreateAccounts')
    await expectNulRefused(server, tenant, listQuery, { search: 'Cheq\u0000uing' }, 'listAccounts')
    await expectNulRefused(server, tenant, listQuery, { search: '\u0000' }, 'listAccounts')
    expect(await countOf(tenant)).toBe(before)
  })

  it('sorts by name case-insensitively, ascending by default', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    const names = [`bravo ${tag}`, `Delta ${tag}`, `alpha ${tag}`, `Charlie ${tag}`]
    await batch(
      tenant,
      names.map((name) => ({ name, accountType: 'bank', classification: 'asset' })),
    )
    const ordered = [`alpha ${tag}`, `bravo ${tag}`, `Charlie ${tag}`, `Delta ${tag}`]
    const found = async (args: Record<string, unknown>) =>
      (await list(tenant, { search: tag, ...args })).items.map((account) => account.name)
    expect(await found({})).toEqual(ordered)
    expect(await found({ sortBy: 'name' })).toEqual(ordered)
    expect(await found({ sortDir: 'asc' })).toEqual(ordered)
    expect(await found({ sortDir: 'desc' })).toEqual([...ordered].reverse())
    expect(await found({ sortBy: 'name', sortDir: 'desc' })).toEqual([...ordered].reverse())
  })

  it('sorts by accountType and currentBalance in both directions', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    await batch(tenant, [
      { name: `b ${tag}`, accountType: 'income', classification: 'revenue' },
      { name: `a ${tag}`, accountType: 'income', classification: 'revenue' },
      { name: `c ${tag}`, accountType: 'bank', classification: 'asset' },
      { name: `d ${tag}`, accountType: 'equity', classification: 'equity' },
      { name: `e ${tag}`, accountType: 'accounts_payable', classification: 'liability' },
    ])
    const found = async (args: Record<string, unknown>) =>
      (await list(tenant, { search: tag, ...args })).items.map((account) => account.name.charAt(0))
    expect(await found({ sortBy: 'accountType' })).toEqual(['e', 'c', 'd', 'a', 'b'])
    expect(await found({ sortBy: 'accountType', sortDir: 'desc' })).toEqual(['b', 'a', 'd', 'c', 'e'])
    // Nothing is posted yet, so every balance is 0 and the name decides.
    expect(await found({ sortBy: 'currentBalance' })).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(await found({ sortBy: 'currentBalance', sortDir: 'desc' })).toEqual(['e', 'd', 'c', 'b', 'a'])

    const byType = await listAll(tenant, { sortBy: 'accountType' })
    const types = byType.map((account) => account.accountType)
    expect(types).toEqual([...types].sort())
    expect(await listAll(tenant, { sortBy: 'accountType', sortDir: 'desc' })).toEqual([...byType].reverse())
    const byBalance = await listAll(tenant, { sortBy: 'currentBalance' })
    expect(await listAll(tenant, { sortBy: 'currentBalance', sortDir: 'desc' })).toEqual(
      [...byBalance].reverse(),
    )
  })

  it('sorts by the posted currentBalance, natural sign included, in both directions', async () => {
    const tenant = await createTenant(server)
    const tag = randomUUID().slice(0, 6)
    await batch(tenant, [
      { name: `a ${tag}`, accountType: 'expense', classification: 'expense' },
      { name: `b ${tag}`, accountType: 'expense', classification: 'expense' },
      { name: `c ${tag}`, accountType: 'income', classification: 'revenue' },
      { name: `d ${tag}`, accountType: 'bank', classification: 'asset' },
      { name: `e ${tag}`, accountType: 'expense', classification: 'expense' },
    ])
    const ids = new Map(
      (await list(tenant, { search: tag })).items.map((account) => [account.name.charAt(0), account.id]),
    )
    const id = (letter: string) => ids.get(letter) as string
    await post(tenant, {
      eventType: 'expense',
      amount: '140.00',
      categoryId: id('a'),
      paymentAccountId: id('d'),
    })
    await post(tenant, {
      eventType: 'expense',
      amount: '2.50',
      categoryId: id('b'),
      paymentAccountId: id('d'),
    })
    await post(tenant, {
      eventType: 'income',
      amount: '100.00',
      categoryId: id('c'),
      paymentAccountId: id('d'),
    })
    const found = async (sortDir: string) =>
      (await list(tenant, { search: tag, sortBy: 'currentBalance', sortDir })).items.map((account) => [
        account.name.charAt(0),
        account.currentBalance,
      ])
    const ascending = [
      ['d', -42.5],
      ['e', 0],
      ['b', 2.5],
      ['c', 100],
      ['a', 140],
    ]
    expect(await found('asc')).toEqual(ascending)
    expect(await found('desc')).toEqual([...ascending].reverse())
  })

  it('pages without overlap or gaps for every sort and direction', async () => {
    const tenant = await createTenant(server)
    await batch(
      tenant,
      Array.from({ length: 30 }, (_, i) => ({
        name: unique(`Page ${i % 3}`),
        accountType: ['expense', 'bank', 'income'][i % 3],
        classification: ['expense', 'asset', 'revenue'][i % 3],
      })),
    )
    const everything = await listAll(tenant)
    const total = everything.length
    expect(total).toBe(await countOf(tenant))
    for (const sortBy of ['name', 'accountType', 'currentBalance']) {
      for (const sortDir of ['asc', 'desc']) {
        const whole = await listAll(tenant, { sortBy, sortDir })
        const paged = await listAll(tenant, { sortBy, sortDir }, 7)
        const ids = paged.map((account) => account.id)
        expect(ids, `${sortBy} ${sortDir}`).toHaveLength(total)
        expect(new Set(ids).size).toBe(total)
        expect(ids).toEqual(whole.map((account) => account.id))
        expect(new Set(ids)).toEqual(new Set(everything.map((account) => account.id)))
      }
    }
  })

  it('refuses an unknown sortBy or sortDir with INVALID_SORT', async () => {
    const tenant = await createTenant(server)
    for (const args of [
      { sortBy: 'balance' },
      { sortBy: 'Name' },
      { sortBy: 'id' },
      { sortDir: 'ascending' },
      { sortDir: 'ASC' },
    ]) {
      const error = await listError(tenant, args)
      expect(error?.extensions?.code, JSON.stringify(args)).toBe('INVALID_SORT')
    }
  })

  it('clamps limit to 200 and refuses a limit below 1 or a negative offset', async () => {
    const tenant = await createTenant(server)
    await batch(
      tenant,
      Array.from({ length: 210 }, (_, i) => ({
        name: unique(`Many ${i}`),
        accountType: 'expense',
        classification: 'expense',
      })),
    )
    const total = await countOf(tenant)
    expect(total).toBeGreaterThan(220)
    for (const limit of [201, 500, 2_147_483_647]) {
      const page = await list(tenant, { limit })
      expect(page).toMatchObject({ pageSize: 200, offset: 0, totalCount: total })
      expect(page.items).toHaveLength(200)
    }
    const rest = await list(tenant, { limit: 1000, offset: 200 })
    expect(rest).toMatchObject({ pageSize: 200, offset: 200 })
    expect(rest.items).toHaveLength(total - 200)
    for (const limit of [0, -1])
      expect((await listError(tenant, { limit }))?.extensions?.code).toBe('INVALID_LIMIT')
    expect((await listError(tenant, { offset: -1 }))?.extensions?.code).toBe('INVALID_OFFSET')
  })

  it('answers an offset beyond the end with an empty page', async () => {
    const tenant = await createTenant(server)
    const total = await countOf(tenant)
    for (const offset of [total, total + 1, 1_000_000]) {
      expect(await list(tenant, { offset })).toEqual({ items: [], totalCount: total, pageSize: 25, offset })
    }
    expect((await list(tenant, { offset: total - 1 })).items).toHaveLength(1)
  })
})

describe('access', () => {
  const operations: Array<[string, string, Record<string, unknown>]> = [
    ['createAccount', createAccountQuery, { name: 'Intruder', accountType: 'bank', classification: 'asset' }],
    [
      'batchCreateAccounts',
      batchQuery,
      { items: [{ name: 'Intruder', accountType: 'bank', classification: 'asset' }] },
    ],
    ['listAccounts', listQuery, {}],
  ]

  it.each(operations)('%s refuses callers outside the organization', async (field, query, extra) => {
    const home = await createTenant(server)
    const target = await createTenant(server)
    const stranger = await createUser(server)
    const before = await countOf(target)
    const cases: Array<[string, Record<string, string>, string]> = [
      [target.organizationId, home.bearer, 'API Key Not Authorized For This Organization.'],
      [target.organizationId, home.owner.jwt, 'Not A Member Of This Organization.'],
      [target.organizationId, stranger.jwt, 'Not A Member Of This Organization.'],
      [target.organizationId, {}, 'Authentication Required.'],
      [missingId, home.bearer, 'Organization Not Found.'],
    ]
    for (const [org, headers, message] of cases) {
      const response = await server.gql(query, { org, ...extra }, headers)
      expect(response.status).toBe(200)
      expect(response.body.errors?.[0]?.message).toBe(message)
      expect(response.body.errors?.[0]?.path).toEqual([field])
      expect(response.body.data).toEqual({ [field]: null })
    }
    expect(await countOf(target)).toBe(before)
    expect((await list(target, { search: 'Intruder' })).totalCount).toBe(0)
  })

  it('lets the owner and plain members work with the chart through a JWT', async () => {
    const tenant = await createTenant(server)
    const member = await createUser(server)
    const added = await server.gql(
      'mutation ($org: UUID!, $email: String!) { addMember(organizationId: $org, email: $email, role: "member") { success } }',
      { org: tenant.organizationId, email: member.email },
      tenant.owner.jwt,
    )
    expect(added.body.data).toEqual({ addMember: { success: true } })
    for (const headers of [tenant.owner.jwt, member.jwt]) {
      const name = unique('By person')
      const response = await server.gql(
        createAccountQuery,
        { org: tenant.organizationId, name, accountType: 'bank', classification: 'asset' },
        headers,
      )
      expect(response.body.data?.createAccount).toMatchObject({ success: true, account: { name } })
      const listed = await server.gql(listQuery, { org: tenant.organizationId, search: name }, headers)
      expect(listed.body.data?.listAccounts.totalCount).toBe(1)
    }
  })

  it("never shows one organization's accounts to another", async () => {
    const a = await createTenant(server)
    const b = await createTenant(server)
    const before = await countOf(a)
    const tag = randomUUID().slice(0, 8)
    await created(b, { name: `B only ${tag}`, accountType: 'bank', classification: 'asset' })
    await batch(b, [
      { name: `B batch 1 ${tag}`, accountType: 'expense', classification: 'expense' },
      { name: `B batch 2 ${tag}`, accountType: 'expense', classification: 'expense' },
    ])
    expect(await countOf(a)).toBe(before)
    expect(await list(a, { search: tag })).toMatchObject({ items: [], totalCount: 0 })
    const aIds = new Set((await listAll(a)).map((account) => account.id))
    for (const account of await listAll(b)) expect(aIds.has(account.id)).toBe(false)
    expect((await list(b, { search: tag })).totalCount).toBe(3)
  })
})

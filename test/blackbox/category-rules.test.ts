// Category rules over HTTP (spec parts 2, 4 rule 9, 8): ILIKE matching, precedence, match counts, filling waiting events, and the rule operations.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

interface Rule {
  id: string
  vendorPattern: string
  account: { id: string; name: string }
  matchCount: number
  createdAt: string
}

interface RulePayload {
  categoryRule: Rule | null
  success: boolean
  error: string | null
  errorCode: string | null
}

const ruleFields = 'id vendorPattern account { id name } matchCount createdAt'

const createRuleQuery = `mutation ($org: UUID!, $vendorPattern: String!, $categoryId: UUID!) {
  createCategoryRule(organizationId: $org, vendorPattern: $vendorPattern, categoryId: $categoryId) { categoryRule { ${ruleFields} } success error errorCode }
}`

const updateRuleQuery = `mutation ($org: UUID!, $ruleId: UUID!, $vendorPattern: String, $categoryId: UUID) {
  updateCategoryRule(organizationId: $org, ruleId: $ruleId, vendorPattern: $vendorPattern, categoryId: $categoryId) { categoryRule { ${ruleFields} } success error errorCode }
}`

const deleteRuleQuery = `mutation ($org: UUID!, $ruleId: UUID!) {
  deleteCategoryRule(organizationId: $org, ruleId: $ruleId) { success error errorCode }
}`

const listRulesQuery = `query ($org: UUID!, $limit: Int, $offset: Int, $search: String, $sortBy: String, $sortDir: String) {
  listCategoryRules(organizationId: $org, limit: $limit, offset: $offset, search: $search, sortBy: $sortBy, sortDir: $sortDir) {
    items { ${ruleFields} } totalCount pageSize offset
  }
}`

const createEventQuery = `mutation ($org: UUID!, $merchantName: String!, $amount: String!, $transactionDate: String!, $eventType: String, $categoryId: UUID, $paymentAccountId: UUID) {
  createLedgerEvent(organizationId: $org, merchantName: $merchantName, amount: $amount, transactionDate: $transactionDate, eventType: $eventType, categoryId: $categoryId, paymentAccountId: $paymentAccountId) {
    success eventId errorCode event { id category { id name } }
  }
}`

const getEventQuery = `query ($org: UUID!, $eventId: UUID!) {
  getLedgerEvent(organizationId: $org, eventId: $eventId) { id status category { id name } account { id name accountType } }
}`

const rejectQuery = `mutation ($org: UUID!, $eventId: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $eventId) { success } }`

const accountsQuery = `query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }`

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
async function data(tenant: Tenant, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  expect(response.status).toBe(200)
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined()
  return response.body.data
}

const charts = new Map<string, Map<string, string>>()

async function acct(tenant: Tenant, name: string): Promise<string> {
  let chart = charts.get(tenant.organizationId)
  if (!chart) {
    const items = (await data(tenant, accountsQuery)).listAccounts.items as Array<{
      id: string
      name: string
    }>
    chart = new Map(items.map((a) => [a.name, a.id]))
    charts.set(tenant.organizationId, chart)
  }
  const id = chart.get(name)
  if (!id) throw new Error(`no account named ${name}`)
  return id
}

async function createRule(tenant: Tenant, vendorPattern: string, categoryId: string): Promise<RulePayload> {
  return (await data(tenant, createRuleQuery, { vendorPattern, categoryId })).createCategoryRule
}

// Distinct creation instants, so "the oldest" is never decided by a tie.
async function rule(tenant: Tenant, vendorPattern: string, category: string): Promise<Rule> {
  await sleep(5)
  const payload = await createRule(tenant, vendorPattern, await acct(tenant, category))
  expect(payload, vendorPattern).toMatchObject({ success: true, error: null, errorCode: null })
  return payload.categoryRule as Rule
}

async function updateRule(
  tenant: Tenant,
  ruleId: string,
  input: Record<string, unknown>,
): Promise<RulePayload> {
  return (await data(tenant, updateRuleQuery, { ruleId, ...input })).updateCategoryRule
}

async function listRules(
  tenant: Tenant,
  args: Record<string, unknown> = {},
): Promise<{ items: Rule[]; totalCount: number; pageSize: number; offset: number }> {
  return (await data(tenant, listRulesQuery, args)).listCategoryRules
}

async function ruleById(tenant: Tenant, id: string): Promise<Rule | undefined> {
  return (await listRules(tenant, { limit: 200 })).items.find((r) => r.id === id)
}

async function newEvent(tenant: Tenant, merchantName: string, input: Record<string, unknown> = {}) {
  const payload = (
    await data(tenant, createEventQuery, {
      merchantName,
      amount: '10.00',
      transactionDate: '2026-03-01',
      ...input,
    })
  ).createLedgerEvent
  expect(payload.success, merchantName).toBe(true)
  return payload.eventId as string
}

/** The category name a new event with this merchant name is given (null for none). */
async function categoryOf(tenant: Tenant, merchantName: string): Promise<string | null> {
  const eventId = await newEvent(tenant, merchantName)
  return (await data(tenant, getEventQuery, { eventId })).getLedgerEvent.category?.name ?? null
}

async function eventCategory(tenant: Tenant, eventId: string): Promise<string | null> {
  return (await data(tenant, getEventQuery, { eventId })).getLedgerEvent.category?.name ?? null
}

function refusal(errorCode: string) {
  return { categoryRule: null, success: false, error: expect.any(String), errorCode }
}

// Every printable ASCII character that is not a wildcard or the escape, each one literal.
const punctuation = ' !"#$&\'()*+,-./:;<=>?@[]^`{|}~'

describe('matching (SQL ILIKE over the whole merchant name)', () => {
  let t: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
    await rule(t, 'staples', 'Office Expenses')
    await rule(t, 'home depot%', 'Rent')
    await rule(t, '50\\% off%', 'Advertising & Promotion')
    await rule(t, 'uber _ trip', 'Travel')
    await rule(t, 'CAFÉ%', 'Meals & Entertainment')
    await rule(t, '%insurance%', 'Insurance')
    await rule(t, '_ cafe', 'Utilities')
    await rule(t, 'back\\\\slash', 'Professional Fees')
    await rule(t, 'a.b*c(d)', 'Bank Fees & Charges')
    await rule(t, 'petro-canada%', 'Other Expenses')
    await rule(t, punctuation, 'Cost of Goods Sold')
  })

  it.each([
    ['staples', 'Office Expenses'],
    ['STAPLES', 'Office Expenses'],
    ['Staples', 'Office Expenses'],
    ['staples inc', null],
    ['the staples', null],
    ['Home Depot', 'Rent'],
    ['HOME DEPOT #1234 TORONTO', 'Rent'],
    ['my home depot', null],
    ['50% OFF SALE', 'Advertising & Promotion'],
    ['50% off', 'Advertising & Promotion'],
    ['500 OFF', null],
    ['50x off sale', null],
    ['Uber 1 trip', 'Travel'],
    ['UBER X TRIP', 'Travel'],
    ['uber  trip', null],
    ['uber xl trip', null],
    ['café du monde', 'Meals & Entertainment'],
    ['CAFÉ DU MONDE', 'Meals & Entertainment'],
    ['Café', 'Meals & Entertainment'],
    ['cafe du monde', null],
    ['Intact Insurance Co', 'Insurance'],
    ['INSURANCE', 'Insurance'],
    ['😀 Cafe', 'Utilities'],
    ['é cafe', 'Utilities'],
    ['ab cafe', null],
    ['back\\slash', 'Professional Fees'],
    ['backslash', null],
    ['A.B*C(D)', 'Bank Fees & Charges'],
    ['axbbc(d)', null],
    ['Petro-Canada 1234', 'Other Expenses'],
    ['petro canada', null],
    [punctuation, 'Cost of Goods Sold'],
    [`${punctuation}x`, null],
  ])('%j gets %s', async (merchantName, category) => {
    expect(await categoryOf(t, merchantName)).toBe(category)
  })

  it('leaves an event created with a category as it is', async () => {
    const eventId = await newEvent(t, 'staples', { categoryId: await acct(t, 'Travel') })
    expect(await eventCategory(t, eventId)).toBe('Travel')
  })
})

describe('precedence', () => {
  it('gives the rule with the most literal characters, whatever the order of creation', async () => {
    const t = await createTenant(server)
    await rule(t, 's%', 'Office Expenses')
    await rule(t, '%coffee%', 'Meals & Entertainment')
    await rule(t, 'star%', 'Travel')
    await rule(t, 'starbucks coffee #__', 'Rent')
    expect(await categoryOf(t, 'Starbucks Coffee #12')).toBe('Rent')
    expect(await categoryOf(t, 'Starbucks Coffee #123')).toBe('Meals & Entertainment')
    expect(await categoryOf(t, 'Starbucks')).toBe('Travel')
    expect(await categoryOf(t, 'Sobeys')).toBe('Office Expenses')
    expect(await categoryOf(t, 'Tim Hortons Coffee')).toBe('Meals & Entertainment')
  })

  it('gives the oldest rule among equally literal ones', async () => {
    const first = await createTenant(server)
    await rule(first, 'star%', 'Travel')
    await rule(first, '%ucks', 'Rent')
    expect(await categoryOf(first, 'Starbucks')).toBe('Travel')

    const second = await createTenant(server)
    await rule(second, '%ucks', 'Rent')
    await rule(second, 'star%', 'Travel')
    expect(await categoryOf(second, 'Starbucks')).toBe('Rent')
  })

  it('decides again when a rule changes', async () => {
    const t = await createTenant(server)
    const broad = await rule(t, 'acme%', 'Travel')
    const narrow = await rule(t, 'acme corp%', 'Rent')
    expect(await categoryOf(t, 'ACME Corp Ltd')).toBe('Rent')
    expect((await updateRule(t, narrow.id, { vendorPattern: 'zzz%' })).success).toBe(true)
    expect(await categoryOf(t, 'ACME Corp Ltd')).toBe('Travel')
    expect((await data(t, deleteRuleQuery, { ruleId: broad.id })).deleteCategoryRule.success).toBe(true)
    expect(await categoryOf(t, 'ACME Corp Ltd')).toBeNull()
  })
})

describe('matchCount and waiting events', () => {
  it('counts the events a rule filled, not those created with a category', async () => {
    const t = await createTenant(server)
    const office = await rule(t, 'staples%', 'Office Expenses')
    const rent = await rule(t, 'landlord', 'Rent')
    expect(office.matchCount).toBe(0)
    await newEvent(t, 'Staples 1')
    await newEvent(t, 'STAPLES 2')
    await newEvent(t, 'Staples 3', { categoryId: await acct(t, 'Travel') })
    await newEvent(t, 'Landlord')
    await newEvent(t, 'Someone else')
    expect((await ruleById(t, office.id))?.matchCount).toBe(2)
    expect((await ruleById(t, rent.id))?.matchCount).toBe(1)
  })

  it('counts only the winning rule', async () => {
    const t = await createTenant(server)
    const broad = await rule(t, '%', 'Other Expenses')
    const narrow = await rule(t, 'bell%', 'Utilities')
    await newEvent(t, 'Bell Canada')
    await newEvent(t, 'Rogers')
    expect((await ruleById(t, narrow.id))?.matchCount).toBe(1)
    expect((await ruleById(t, broad.id))?.matchCount).toBe(1)
  })

  it('fills waiting uncategorized events when a rule is created, and counts them', async () => {
    const t = await createTenant(server)
    const waiting = await newEvent(t, 'Hydro One')
    const waitingToo = await newEvent(t, 'HYDRO ONE')
    const classified = await newEvent(t, 'Hydro One', { categoryId: await acct(t, 'Rent') })
    const ignored = await newEvent(t, 'Hydro One')
    expect((await data(t, rejectQuery, { eventId: ignored })).rejectLedgerEvent.success).toBe(true)
    const other = await newEvent(t, 'Enbridge')
    const created = await rule(t, 'hydro one', 'Utilities')
    expect(await eventCategory(t, waiting)).toBe('Utilities')
    expect(await eventCategory(t, waitingToo)).toBe('Utilities')
    expect(await eventCategory(t, classified)).toBe('Rent')
    expect(await eventCategory(t, ignored)).toBeNull()
    expect(await eventCategory(t, other)).toBeNull()
    expect((await ruleById(t, created.id))?.matchCount).toBe(2)
    const event = (await data(t, getEventQuery, { eventId: waiting })).getLedgerEvent
    expect(event.account).toEqual({
      id: await acct(t, 'Utilities'),
      name: 'Utilities',
      accountType: 'expense',
    })
    expect(event.status).toBe('needs_review')
  })

  it('does not take over an event another rule already filled', async () => {
    const t = await createTenant(server)
    await rule(t, 'shell%', 'Travel')
    const eventId = await newEvent(t, 'Shell Canada')
    const narrow = await rule(t, 'shell canada', 'Utilities')
    expect(await eventCategory(t, eventId)).toBe('Travel')
    expect((await ruleById(t, narrow.id))?.matchCount).toBe(0)
  })

  it('fills waiting events when a rule is updated to match them', async () => {
    const t = await createTenant(server)
    const created = await rule(t, 'nothing matches this', 'Travel')
    const eventId = await newEvent(t, 'Air Canada')
    expect(await eventCategory(t, eventId)).toBeNull()
    const payload = await updateRule(t, created.id, { vendorPattern: 'air canada%' })
    expect(payload.success).toBe(true)
    expect(await eventCategory(t, eventId)).toBe('Travel')
    expect((await ruleById(t, created.id))?.matchCount).toBe(1)
  })
})

describe('createCategoryRule', () => {
  let t: Tenant
  let other: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
    other = await createTenant(server)
  })

  it('answers the new rule', async () => {
    const vendorPattern = `${unique('Vendor')}%`
    const payload = await createRule(t, vendorPattern, await acct(t, 'Sales Revenue'))
    expect(payload).toEqual({
      success: true,
      error: null,
      errorCode: null,
      categoryRule: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        vendorPattern,
        account: { id: await acct(t, 'Sales Revenue'), name: 'Sales Revenue' },
        matchCount: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      },
    })
  })

  it.each(['Sales Revenue', 'Interest Income', 'Office Expenses', 'Cost of Goods Sold'])(
    'takes %s as the category',
    async (name) => {
      const payload = await createRule(t, unique(name), await acct(t, name))
      expect(payload.success).toBe(true)
      expect(payload.categoryRule?.account.name).toBe(name)
    },
  )

  it.each(['Chequing', 'Taxes Recoverable', 'Accounts Payable', 'GST/HST Payable', 'Share Capital'])(
    'refuses %s as the category',
    async (name) => {
      const vendorPattern = unique(name)
      expect(await createRule(t, vendorPattern, await acct(t, name))).toEqual(refusal('CATEGORY_NOT_ALLOWED'))
      expect((await listRules(t, { search: vendorPattern })).totalCount).toBe(0)
    },
  )

  it("refuses another organization's account exactly like a missing one", async () => {
    const vendorPattern = unique('Foreign')
    const foreign = await createRule(t, vendorPattern, await acct(other, 'Office Expenses'))
    const missing = await createRule(t, vendorPattern, randomUUID())
    expect(foreign).toEqual(refusal('CATEGORY_NOT_FOUND'))
    expect(foreign).toEqual(missing)
    expect((await listRules(t, { search: vendorPattern })).totalCount).toBe(0)
    expect((await listRules(other)).totalCount).toBe(0)
  })

  it('refuses a pattern that is already taken, whatever its case', async () => {
    const vendorPattern = `${unique('Dup')}%`
    expect((await createRule(t, vendorPattern, await acct(t, 'Rent'))).success).toBe(true)
    expect(await createRule(t, vendorPattern, await acct(t, 'Travel'))).toEqual(refusal('RULE_PATTERN_TAKEN'))
    expect(await createRule(t, vendorPattern.toUpperCase(), await acct(t, 'Travel'))).toEqual(
      refusal('RULE_PATTERN_TAKEN'),
    )
    const listed = await listRules(t, { search: vendorPattern })
    expect(listed.items.map((r) => r.account.name)).toEqual(['Rent'])
  })

  it('lets two organizations use the same pattern', async () => {
    const vendorPattern = unique('Shared')
    expect((await createRule(t, vendorPattern, await acct(t, 'Rent'))).success).toBe(true)
    expect((await createRule(other, vendorPattern, await acct(other, 'Rent'))).success).toBe(true)
  })

  it.each(['', '   ', 'ends with a backslash\\', 'x'.repeat(201)])(
    'refuses the pattern %j',
    async (vendorPattern) => {
      const before = (await listRules(t, { limit: 200 })).totalCount
      expect(await createRule(t, vendorPattern, await acct(t, 'Rent'))).toEqual(refusal('INVALID_PATTERN'))
      expect((await listRules(t, { limit: 200 })).totalCount).toBe(before)
    },
  )

  it.each(['TIM HORTONS*', '*HORTONS', '*'])(
    'refuses %j, whose star was meant as %, naming the pattern it meant',
    async (vendorPattern) => {
      const before = (await listRules(t, { limit: 200 })).totalCount
      const answer = await server.gql(
        'mutation ($org: UUID!, $p: String!, $c: UUID!) { createCategoryRule(organizationId: $org, vendorPattern: $p, categoryId: $c) { success errorCode error field } }',
        { org: t.organizationId, p: vendorPattern, c: await acct(t, 'Rent') },
        t.bearer,
      )
      expect(answer.body.data?.createCategoryRule).toMatchObject({
        success: false,
        errorCode: 'INVALID_PATTERN',
        field: 'vendorPattern',
        error: expect.stringContaining('%'),
      })
      expect((await listRules(t, { limit: 200 })).totalCount).toBe(before)
    },
  )

  it('keeps a star inside a pattern, and an escaped one at its end, as literal stars', async () => {
    for (const vendorPattern of [unique('SQ *COFFEE') + '%', unique('TIM') + ' HORTONS\\*']) {
      expect((await createRule(t, vendorPattern, await acct(t, 'Rent'))).success, vendorPattern).toBe(true)
    }
  })

  it('refuses a NUL character with a GraphQL error', async () => {
    const before = (await listRules(t, { limit: 200 })).totalCount
    const response = await server.gql(
      createRuleQuery,
      { org: t.organizationId, vendorPattern: 'nul\u0000byte', categoryId: await acct(t, 'Rent') },
      t.bearer,
    )
    expect(response.status).toBe(200)
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INVALID_CHARACTER')
    expect((await listRules(t, { limit: 200 })).totalCount).toBe(before)
  })
})

describe('updateCategoryRule and deleteCategoryRule', () => {
  let t: Tenant
  let other: Tenant
  beforeAll(async () => {
    t = await createTenant(server)
    other = await createTenant(server)
  })

  it('changes the pattern and the category, keeping the count and the events already filled', async () => {
    const created = await rule(t, 'costco%', 'Office Expenses')
    const filled = await newEvent(t, 'Costco Wholesale')
    const payload = await updateRule(t, created.id, {
      vendorPattern: 'costco wholesale%',
      categoryId: await acct(t, 'Cost of Goods Sold'),
    })
    expect(payload).toEqual({
      success: true,
      error: null,
      errorCode: null,
      categoryRule: {
        ...created,
        vendorPattern: 'costco wholesale%',
        account: { id: await acct(t, 'Cost of Goods Sold'), name: 'Cost of Goods Sold' },
        matchCount: 1,
      },
    })
    expect(await eventCategory(t, filled)).toBe('Office Expenses')
    expect(await categoryOf(t, 'Costco Wholesale #5')).toBe('Cost of Goods Sold')
    expect(await categoryOf(t, 'Costco Gas')).toBeNull()
  })

  it('changes only what is given', async () => {
    const created = await rule(t, 'loblaws%', 'Office Expenses')
    const renamed = await updateRule(t, created.id, { vendorPattern: 'loblaw%' })
    expect(renamed.categoryRule).toMatchObject({
      vendorPattern: 'loblaw%',
      account: { name: 'Office Expenses' },
    })
    const moved = await updateRule(t, created.id, { categoryId: await acct(t, 'Travel') })
    expect(moved.categoryRule).toMatchObject({ vendorPattern: 'loblaw%', account: { name: 'Travel' } })
  })

  it('lets a rule keep its own pattern in another case, but not take another rule’s', async () => {
    const mine = await rule(t, 'metro%', 'Office Expenses')
    await rule(t, 'sobeys%', 'Office Expenses')
    expect((await updateRule(t, mine.id, { vendorPattern: 'METRO%' })).categoryRule?.vendorPattern).toBe(
      'METRO%',
    )
    expect(await updateRule(t, mine.id, { vendorPattern: 'SOBEYS%' })).toEqual(refusal('RULE_PATTERN_TAKEN'))
    expect((await ruleById(t, mine.id))?.vendorPattern).toBe('METRO%')
  })

  it('refuses a bad category or pattern and changes nothing', async () => {
    const created = await rule(t, 'rona%', 'Office Expenses')
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ categoryId: await acct(t, 'Chequing') }, 'CATEGORY_NOT_ALLOWED'],
      [{ categoryId: randomUUID() }, 'CATEGORY_NOT_FOUND'],
      [{ categoryId: await acct(other, 'Rent') }, 'CATEGORY_NOT_FOUND'],
      [{ vendorPattern: '' }, 'INVALID_PATTERN'],
      [{ vendorPattern: 'trailing\\' }, 'INVALID_PATTERN'],
      [{ vendorPattern: 'ok%', categoryId: await acct(t, 'Share Capital') }, 'CATEGORY_NOT_ALLOWED'],
    ]
    for (const [input, errorCode] of cases) {
      expect(await updateRule(t, created.id, input), JSON.stringify(input)).toEqual(refusal(errorCode))
    }
    expect(await ruleById(t, created.id)).toEqual(created)
  })

  it('deletes a rule: later events are no longer filled by it', async () => {
    const created = await rule(t, 'petro-canada%', 'Travel')
    expect(await categoryOf(t, 'Petro-Canada 1')).toBe('Travel')
    expect((await data(t, deleteRuleQuery, { ruleId: created.id })).deleteCategoryRule).toEqual({
      success: true,
      error: null,
      errorCode: null,
    })
    expect(await ruleById(t, created.id)).toBeUndefined()
    expect(await categoryOf(t, 'Petro-Canada 2')).toBeNull()
    expect((await data(t, deleteRuleQuery, { ruleId: created.id })).deleteCategoryRule).toEqual({
      success: false,
      error: expect.any(String),
      errorCode: 'RULE_NOT_FOUND',
    })
  })

  it("treats another organization's rule exactly like a missing one", async () => {
    const theirs = await rule(other, 'esso%', 'Travel')
    const missing = randomUUID()
    const updateTheirs = await updateRule(t, theirs.id, { vendorPattern: 'hijacked%' })
    expect(updateTheirs).toEqual(refusal('RULE_NOT_FOUND'))
    expect(updateTheirs).toEqual(await updateRule(t, missing, { vendorPattern: 'hijacked%' }))
    const deleteTheirs = (await data(t, deleteRuleQuery, { ruleId: theirs.id })).deleteCategoryRule
    expect(deleteTheirs).toMatchObject({ success: false, errorCode: 'RULE_NOT_FOUND' })
    expect(deleteTheirs).toEqual((await data(t, deleteRuleQuery, { ruleId: missing })).deleteCategoryRule)
    expect(await ruleById(other, theirs.id)).toEqual(theirs)
    expect(await categoryOf(other, 'Esso Station')).toBe('Travel')
  })
})

describe('listCategoryRules', () => {
  let t: Tenant
  const patterns = ['delta%', 'Alpha%', 'charlie_x', 'BRAVO\\%%', 'echo%']

  beforeAll(async () => {
    t = await createTenant(server)
    for (const pattern of patterns) await rule(t, pattern, 'Office Expenses')
    await newEvent(t, 'echo 1')
    await newEvent(t, 'echo 2')
    await newEvent(t, 'echo 3')
    await newEvent(t, 'alpha')
    await newEvent(t, 'delta')
    await newEvent(t, 'delta 2')
  })

  const patternsOf = async (args: Record<string, unknown>) =>
    (await listRules(t, args)).items.map((r) => r.vendorPattern)

  it('returns an envelope sorted by pattern, ascending by default, ignoring case', async () => {
    const page = await listRules(t)
    expect(page).toMatchObject({ totalCount: 5, pageSize: 25, offset: 0 })
    const ascending = ['Alpha%', 'BRAVO\\%%', 'charlie_x', 'delta%', 'echo%']
    expect(page.items.map((r) => r.vendorPattern)).toEqual(ascending)
    expect(await patternsOf({ sortBy: 'vendorPattern', sortDir: 'asc' })).toEqual(ascending)
    expect(await patternsOf({ sortBy: 'vendorPattern', sortDir: 'desc' })).toEqual([...ascending].reverse())
  })

  it('sorts by matchCount', async () => {
    const counts = async (sortDir?: string) =>
      (await listRules(t, { sortBy: 'matchCount', ...(sortDir ? { sortDir } : {}) })).items.map((r) => [
        r.vendorPattern,
        r.matchCount,
      ])
    const asc = await counts()
    expect(asc.map(([, count]) => count)).toEqual([0, 0, 1, 2, 3])
    expect(asc.slice(2)).toEqual([
      ['Alpha%', 1],
      ['delta%', 2],
      ['echo%', 3],
    ])
    const desc = await counts('desc')
    expect(desc.map(([, count]) => count)).toEqual([3, 2, 1, 0, 0])
    expect(desc[0]).toEqual(['echo%', 3])
  })

  it.each([
    ['ALPHA', ['Alpha%']],
    ['a%', ['Alpha%', 'delta%']],
    ['\\%', ['BRAVO\\%%']],
    ['_', ['charlie_x']],
    ['%', ['Alpha%', 'BRAVO\\%%', 'delta%', 'echo%']],
    ['h', ['Alpha%', 'charlie_x', 'echo%']],
    ['zulu', []],
  ])('searches patterns for %j, case-insensitively and literally', async (search, expected) => {
    const page = await listRules(t, { search })
    expect(page.items.map((r) => r.vendorPattern)).toEqual(expected)
    expect(page.totalCount).toBe(expected.length)
  })

  it('pages with limit and offset', async () => {
    const page = await listRules(t, { limit: 2, offset: 1 })
    expect(page).toMatchObject({ totalCount: 5, pageSize: 2, offset: 1 })
    expect(page.items.map((r) => r.vendorPattern)).toEqual(['BRAVO\\%%', 'charlie_x'])
    expect(await listRules(t, { offset: 5 })).toEqual({ items: [], totalCount: 5, pageSize: 25, offset: 5 })
    expect((await listRules(t, { limit: 1000 })).pageSize).toBe(200)
  })

  it.each([
    [{ sortBy: 'account' }, 'INVALID_SORT'],
    [{ sortDir: 'sideways' }, 'INVALID_SORT'],
    [{ limit: 0 }, 'INVALID_LIMIT'],
    [{ offset: -1 }, 'INVALID_OFFSET'],
  ])('answers %j with a GraphQL error', async (args, code) => {
    const response = await server.gql(listRulesQuery, { org: t.organizationId, ...args }, t.bearer)
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ listCategoryRules: null })
    expect(response.body.errors?.[0]?.extensions?.code).toBe(code)
  })

  it("never shows another organization's rules", async () => {
    const other = await createTenant(server)
    expect(await listRules(other)).toEqual({ items: [], totalCount: 0, pageSize: 25, offset: 0 })
  })
})

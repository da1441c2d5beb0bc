// Category rules with conditions, priority, account scope and actions over HTTP (DESIGN 8.9): each operator, preview, apply, the feed's rule id, and every refusal.
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const ruleFields = `id vendorPattern conditions { field operator value value2 negate } conditionMatch priority
  paymentAccountIds account { id name } taxCode contactId lines { accountId account { name } percent taxCode } matchCount createdAt`

const ruleArgs = `$vendorPattern: String, $categoryId: UUID, $conditions: [RuleConditionInput!], $conditionMatch: String,
  $priority: Int, $paymentAccountIds: [UUID!], $taxCode: String, $contactId: UUID, $lines: [RuleLineInput!]`
const ruleValues = `vendorPattern: $vendorPattern, categoryId: $categoryId, conditions: $conditions,
  conditionMatch: $conditionMatch, priority: $priority, paymentAccountIds: $paymentAccountIds, taxCode: $taxCode,
  contactId: $contactId, lines: $lines`

const createRuleQuery = `mutation ($org: UUID!, ${ruleArgs}) {
  createCategoryRule(organizationId: $org, ${ruleValues}) { categoryRule { ${ruleFields} } success error errorCode }
}`

const updateRuleQuery = `mutation ($org: UUID!, $ruleId: UUID!, ${ruleArgs}) {
  updateCategoryRule(organizationId: $org, ruleId: $ruleId, ${ruleValues}) { categoryRule { ${ruleFields} } success error errorCode }
}`

const listRulesQuery = `query ($org: UUID!) { listCategoryRules(organizationId: $org, limit: 100) { items { ${ruleFields} } totalCount } }`

const previewQuery = `query ($org: UUID!, $rule: CategoryRuleInput!, $limit: Int) {
  previewCategoryRule(organizationId: $org, rule: $rule, limit: $limit) { matchCount items { eventId merchantName amount transactionDate } }
}`

const applyQuery = `mutation ($org: UUID!, $ruleId: UUID!) {
  applyCategoryRule(organizationId: $org, ruleId: $ruleId) { success error errorCode classifiedCount }
}`

const createEventQuery = `mutation ($org: UUID!, $merchantName: String!, $amount: String!, $transactionDate: String!, $eventType: String, $categoryId: UUID, $paymentAccountId: UUID, $memo: String, $direction: String) {
  createLedgerEvent(organizationId: $org, merchantName: $merchantName, amount: $amount, transactionDate: $transactionDate, eventType: $eventType, categoryId: $categoryId, paymentAccountId: $paymentAccountId, memo: $memo, direction: $direction) {
    success eventId errorCode
  }
}`

const importQuery = `mutation ($org: UUID!, $paymentAccountId: UUID!, $rows: [BankStatementRowInput!]!) {
  importBankStatement(organizationId: $org, paymentAccountId: $paymentAccountId, rows: $rows) { success importedCount errorCode }
}`

const eventQuery = `query ($org: UUID!, $eventId: UUID!) {
  getLedgerEvent(organizationId: $org, eventId: $eventId) {
    id status merchantName category { id name } taxCode taxAmount contact { id }
    lines { accountId account { name } amount taxCode taxAmount }
  }
}`

const confirmQuery = `mutation ($org: UUID!, $eventId: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $eventId) { success } }`

const updateEventQuery = `mutation ($org: UUID!, $eventId: UUID!, $amount: String) { updateLedgerEvent(organizationId: $org, eventId: $eventId, amount: $amount) { success errorCode } }`

const listEventsQuery = `query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 500) { items { id merchantName status category { name } } } }`

const accountsQuery = `query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }`

const feedQuery = `query ($org: UUID!, $types: [String!]) { events(organizationId: $org, types: $types, limit: 100) { items { type entityId data } } }`

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
async function data(tenant: Tenant, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.bearer)
  expect(response.status).toBe(200)
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined()
  return response.body.data
}

interface Books {
  tenant: Tenant
  acct: (name: string) => string
}

async function books(): Promise<Books> {
  const tenant = await createTenant(server)
  const items = (await data(tenant, accountsQuery)).listAccounts.items as Array<{ id: string; name: string }>
  const chart = new Map(items.map((a) => [a.name, a.id]))
  return {
    tenant,
    acct: (name) => {
      const id = chart.get(name)
      if (!id) throw new Error(`no account named ${name}`)
      return id
    },
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
async function createRule(b: Books, input: Record<string, unknown>): Promise<any> {
  return (await data(b.tenant, createRuleQuery, input)).createCategoryRule
}

// Distinct creation instants, so "the oldest" is never decided by a tie.
async function rule(b: Books, input: Record<string, unknown>): Promise<{ id: string }> {
  await sleep(5)
  const payload = await createRule(b, input)
  expect(payload, JSON.stringify(input)).toMatchObject({ success: true, errorCode: null })
  return payload.categoryRule
}

async function newEvent(
  b: Books,
  merchantName: string,
  input: Record<string, unknown> = {},
): Promise<string> {
  const payload = (
    await data(b.tenant, createEventQuery, {
      merchantName,
      amount: '10.00',
      transactionDate: '2026-03-01',
      ...input,
    })
  ).createLedgerEvent
  expect(payload.success, merchantName).toBe(true)
  return payload.eventId
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
async function event(b: Books, eventId: string): Promise<any> {
  return (await data(b.tenant, eventQuery, { eventId })).getLedgerEvent
}

async function categoryOf(b: Books, merchantName: string, input: Record<string, unknown> = {}) {
  return (await event(b, await newEvent(b, merchantName, input))).category?.name ?? null
}

const cond = (field: string, operator: string, value: string, extra: Record<string, unknown> = {}) => ({
  field,
  operator,
  value,
  ...extra,
})

describe('conditions', () => {
  it('match each text operator case-insensitively on merchant, memo and reference', async () => {
    const b = await books()
    await rule(b, {
      conditions: [cond('merchant', 'contains', 'COFFEE')],
      categoryId: b.acct('Meals & Entertainment'),
    })
    await rule(b, { conditions: [cond('merchant', 'starts_with', 'uber')], categoryId: b.acct('Travel') })
    await rule(b, { conditions: [cond('merchant', 'equals', 'Shell')], categoryId: b.acct('Utilities') })
    await rule(b, {
      conditions: [cond('merchant', 'ilike', 'staples #%')],
      categoryId: b.acct('Office Expenses'),
    })
    await rule(b, { conditions: [cond('memo', 'contains', 'lease')], categoryId: b.acct('Rent') })
    expect(await categoryOf(b, 'The Coffee Shop')).toBe('Meals & Entertainment')
    expect(await categoryOf(b, 'UBER *TRIP')).toBe('Travel')
    expect(await categoryOf(b, 'sHeLl')).toBe('Utilities')
    expect(await categoryOf(b, 'Shell Station')).toBeNull()
    expect(await categoryOf(b, 'Staples #123')).toBe('Office Expenses')
    expect(await categoryOf(b, 'Staples 123')).toBeNull()
    expect(await categoryOf(b, 'Landlord Inc', { memo: 'March LEASE' })).toBe('Rent')
    expect(await categoryOf(b, 'Ride uber')).toBeNull()

    await rule(b, { conditions: [cond('reference', 'starts_with', 'ins-')], categoryId: b.acct('Insurance') })
    const imported = await data(b.tenant, importQuery, {
      paymentAccountId: b.acct('Chequing'),
      rows: [
        {
          transactionDate: '2026-03-02',
          description: 'Policy',
          amount: '-40.00',
          eventType: 'expense',
          reference: 'INS-77',
        },
        {
          transactionDate: '2026-03-02',
          description: 'Other',
          amount: '-41.00',
          eventType: 'expense',
          reference: 'X-1',
        },
      ],
    })
    expect(imported.importBankStatement).toMatchObject({ success: true, importedCount: 2 })
    const listed = (await data(b.tenant, listEventsQuery)).listLedgerEvents.items as Array<{
      merchantName: string
      category: { name: string } | null
    }>
    expect(listed.find((e) => e.merchantName === 'Policy')?.category?.name).toBe('Insurance')
    expect(listed.find((e) => e.merchantName === 'Other')?.category).toBeNull()
  })

  it('compare amounts with equals, gt, gte, lt, lte and between (inclusive)', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, boolean>]> = [
      [cond('amount', 'equals', '10'), { '10.00': true, '10.01': false }],
      [cond('amount', 'gt', '10.00'), { '10.00': false, '10.01': true }],
      [cond('amount', 'gte', '10.00'), { '9.99': false, '10.00': true }],
      [cond('amount', 'lt', '10.00'), { '9.99': true, '10.00': false }],
      [cond('amount', 'lte', '10.00'), { '10.00': true, '10.01': false }],
      [
        cond('amount', 'between', '5.00', { value2: '10.00' }),
        { '4.99': false, '5.00': true, '10.00': true, '10.01': false },
      ],
    ]
    for (const [condition, expected] of cases) {
      const b = await books()
      await rule(b, {
        vendorPattern: 'shop%',
        conditions: [condition],
        categoryId: b.acct('Office Expenses'),
      })
      for (const [amount, matches] of Object.entries(expected)) {
        expect(await categoryOf(b, 'Shop', { amount }), `${JSON.stringify(condition)} ${amount}`).toBe(
          matches ? 'Office Expenses' : null,
        )
      }
    }
  })

  it('match direction and eventType, and negate inverts a condition', async () => {
    const b = await books()
    await rule(b, {
      conditions: [cond('eventType', 'equals', 'income'), cond('direction', 'equals', 'in')],
      categoryId: b.acct('Other Revenue'),
    })
    await rule(b, {
      conditions: [
        cond('merchant', 'contains', 'amazon'),
        cond('memo', 'contains', 'book', { negate: true }),
      ],
      categoryId: b.acct('Office Expenses'),
    })
    expect(await categoryOf(b, 'Client', { eventType: 'income' })).toBe('Other Revenue')
    expect(await categoryOf(b, 'Client', { eventType: 'expense' })).toBeNull()
    expect(await categoryOf(b, 'Amazon', { memo: 'paper' })).toBe('Office Expenses')
    expect(await categoryOf(b, 'Amazon', { memo: 'a Book' })).toBeNull()
  })

  it('need all conditions by default, and one of them with conditionMatch any', async () => {
    const b = await books()
    await rule(b, {
      conditions: [cond('merchant', 'contains', 'hydro'), cond('amount', 'gt', '100')],
      categoryId: b.acct('Utilities'),
    })
    await rule(b, {
      conditions: [cond('merchant', 'contains', 'air canada'), cond('merchant', 'contains', 'westjet')],
      conditionMatch: 'any',
      categoryId: b.acct('Travel'),
    })
    expect(await categoryOf(b, 'Hydro One', { amount: '150.00' })).toBe('Utilities')
    expect(await categoryOf(b, 'Hydro One', { amount: '50.00' })).toBeNull()
    expect(await categoryOf(b, 'WestJet 123')).toBe('Travel')
    expect(await categoryOf(b, 'Air Canada')).toBe('Travel')
    expect(await categoryOf(b, 'Porter')).toBeNull()
  })

  it('run by priority, lower first, and keep the old specificity order at equal priority', async () => {
    const b = await books()
    await rule(b, { vendorPattern: 'tim hortons #1%', categoryId: b.acct('Office Expenses') })
    await rule(b, { vendorPattern: 'tim%', categoryId: b.acct('Travel') })
    expect(await categoryOf(b, 'Tim Hortons #12')).toBe('Office Expenses')
    await rule(b, { vendorPattern: 'tim h%', priority: -1, categoryId: b.acct('Meals & Entertainment') })
    expect(await categoryOf(b, 'Tim Hortons #12')).toBe('Meals & Entertainment')
    const late = await rule(b, {
      conditions: [cond('amount', 'gte', '500')],
      priority: -5,
      categoryId: b.acct('Rent'),
    })
    expect(await categoryOf(b, 'Tim Hortons #12', { amount: '600.00' })).toBe('Rent')
    const listed = (await data(b.tenant, listRulesQuery)).listCategoryRules.items as Array<{
      id: string
      priority: number
    }>
    expect(listed.find((r) => r.id === late.id)?.priority).toBe(-5)
  })

  it('apply only to the payment accounts named', async () => {
    const b = await books()
    await rule(b, {
      vendorPattern: 'fee%',
      paymentAccountIds: [b.acct('Credit Card')],
      categoryId: b.acct('Bank Fees & Charges'),
    })
    expect(await categoryOf(b, 'Fee', { paymentAccountId: b.acct('Credit Card') })).toBe(
      'Bank Fees & Charges',
    )
    expect(await categoryOf(b, 'Fee', { paymentAccountId: b.acct('Chequing') })).toBeNull()
    expect(await categoryOf(b, 'Fee')).toBeNull()
  })

  it('let two rules share a pattern when they differ in conditions, but not two pattern-only rules', async () => {
    const b = await books()
    await rule(b, {
      vendorPattern: 'amazon%',
      conditions: [cond('amount', 'gt', '100')],
      categoryId: b.acct('Office Expenses'),
    })
    await rule(b, {
      vendorPattern: 'amazon%',
      conditions: [cond('amount', 'lte', '100')],
      categoryId: b.acct('Other Expenses'),
    })
    await rule(b, { vendorPattern: 'amazon%', categoryId: b.acct('Travel') })
    expect(await createRule(b, { vendorPattern: 'AMAZON%', categoryId: b.acct('Rent') })).toMatchObject({
      success: false,
      errorCode: 'RULE_PATTERN_TAKEN',
    })
    expect(await categoryOf(b, 'Amazon', { amount: '150.00' })).toBe('Office Expenses')
    expect(await categoryOf(b, 'Amazon', { amount: '15.00' })).toBe('Other Expenses')
  })
})

describe('actions', () => {
  it('split an event 60/40 by percent, and give its tax code and contact', async () => {
    const b = await books()
    const contact = (
      await data(
        b.tenant,
        'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "vendor", displayName: "Phone Co") { contact { id } } }',
      )
    ).createContact.contact.id
    const created = await rule(b, {
      vendorPattern: 'phone co%',
      contactId: contact,
      taxCode: 'HST_ON',
      lines: [
        { accountId: b.acct('Utilities'), percent: '60' },
        { accountId: b.acct('Office Expenses'), percent: '40', taxCode: 'ZERO_RATED' },
      ],
    })
    expect(created).toMatchObject({
      account: { name: 'Utilities' },
      contactId: contact,
      taxCode: 'HST_ON',
      lines: [
        { account: { name: 'Utilities' }, percent: '60', taxCode: null },
        { account: { name: 'Office Expenses' }, percent: '40', taxCode: 'ZERO_RATED' },
      ],
    })
    const found = await event(b, await newEvent(b, 'Phone Co', { amount: '113.00' }))
    expect(found.contact).toEqual({ id: contact })
    expect(found.category.name).toBe('Utilities')
    expect(found.lines).toMatchObject([
      {
        accountId: b.acct('Utilities'),
        account: { name: 'Utilities' },
        amount: '67.80',
        taxCode: 'HST_ON',
        taxAmount: '7.80',
      },
      {
        accountId: b.acct('Office Expenses'),
        account: { name: 'Office Expenses' },
        amount: '45.20',
        taxCode: 'ZERO_RATED',
      },
    ])
  })

  it('give a rule of one category its tax code worked out at the event date', async () => {
    const b = await books()
    await rule(b, { vendorPattern: 'paper%', taxCode: 'HST_ON', categoryId: b.acct('Office Expenses') })
    const found = await event(b, await newEvent(b, 'Paper Co', { amount: '113.00' }))
    expect(found).toMatchObject({
      category: { name: 'Office Expenses' },
      taxCode: 'HST_ON',
      taxAmount: '13.00',
    })
  })

  it('share three ways with the rounding on the last line', async () => {
    const b = await books()
    const three = (percents: string[]) =>
      ['Rent', 'Utilities', 'Insurance'].map((name, i) => ({ accountId: b.acct(name), percent: percents[i] }))
    await rule(b, { vendorPattern: 'landlord a', lines: three(['33.33', '33.33', '33.34']) })
    await rule(b, { vendorPattern: 'landlord b', lines: three(['33', '33', '34']) })
    await rule(b, { vendorPattern: 'landlord c', lines: three(['33.33', '33.33', '33.34']) })
    const amounts = async (merchant: string, amount: string) =>
      ((await event(b, await newEvent(b, merchant, { amount }))).lines as Array<{ amount: string }>).map(
        (l) => l.amount,
      )
    expect(await amounts('Landlord A', '100.00')).toEqual(['33.33', '33.33', '33.34'])
    expect(await amounts('Landlord B', '10.00')).toEqual(['3.30', '3.30', '3.40'])
    expect(await amounts('Landlord C', '10.00')).toEqual(['3.33', '3.33', '3.34'])
    expect(await amounts('Landlord C', '0.02')).toEqual(['0.02'])
  })
})

describe('preview and apply', () => {
  it('preview lists the needs_review events a rule matches and writes nothing', async () => {
    const b = await books()
    await newEvent(b, 'Costco 1', { amount: '20.00', transactionDate: '2026-03-05' })
    await newEvent(b, 'Costco 2', { amount: '200.00', transactionDate: '2026-03-04' })
    await newEvent(b, 'Walmart', { amount: '300.00' })
    const confirmed = await newEvent(b, 'Costco 3', {
      amount: '400.00',
      categoryId: b.acct('Office Expenses'),
      paymentAccountId: b.acct('Chequing'),
    })
    expect((await data(b.tenant, confirmQuery, { eventId: confirmed })).confirmLedgerEvent.success).toBe(true)
    const before = await data(b.tenant, listEventsQuery)
    const rulesBefore = await data(b.tenant, listRulesQuery)
    const preview = (await data(b.tenant, previewQuery, { rule: { vendorPattern: 'costco%' }, limit: 1 }))
      .previewCategoryRule
    expect(preview.matchCount).toBe(2)
    expect(preview.items).toEqual([
      {
        eventId: expect.any(String),
        merchantName: 'Costco 2',
        amount: '200.00',
        transactionDate: '2026-03-04',
      },
    ])
    const bigOnes = (
      await data(b.tenant, previewQuery, {
        rule: { conditions: [cond('amount', 'gte', '200')], conditionMatch: 'all' },
      })
    ).previewCategoryRule
    expect(bigOnes.items.map((i: { merchantName: string }) => i.merchantName).sort()).toEqual([
      'Costco 2',
      'Walmart',
    ])
    expect(await data(b.tenant, listEventsQuery)).toEqual(before)
    expect(await data(b.tenant, listRulesQuery)).toEqual(rulesBefore)
    const refused = await server.gql(
      previewQuery,
      { org: b.tenant.organizationId, rule: { conditions: [cond('colour', 'equals', 'red')] } },
      b.tenant.bearer,
    )
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('INVALID_RULE_CONDITION')
  })

  it('apply classifies only what waits unclassified, and the feed names the rule', async () => {
    const b = await books()
    const confirm = (eventId: string) =>
      data(b.tenant, confirmQuery, { eventId }).then((d) => expect(d.confirmLedgerEvent.success).toBe(true))
    const waiting = await newEvent(b, 'Bell 1', { amount: '150.00' })
    const classified = await newEvent(b, 'Bell 2', { amount: '150.00', categoryId: b.acct('Travel') })
    const confirmed = await newEvent(b, 'Bell 3', {
      amount: '150.00',
      categoryId: b.acct('Travel'),
      paymentAccountId: b.acct('Chequing'),
    })
    await confirm(confirmed)
    const created = await rule(b, {
      conditions: [cond('merchant', 'starts_with', 'bell'), cond('amount', 'gte', '100')],
      categoryId: b.acct('Utilities'),
    })
    // Creating a rule classifies the events waiting without a category, as it always has.
    expect((await event(b, waiting)).category.name).toBe('Utilities')
    // An event that arrived too small for the rule and was corrected afterwards waits for apply.
    const corrected = await newEvent(b, 'Bell 4', { amount: '10.00' })
    expect((await event(b, corrected)).category).toBeNull()
    const edited = await data(b.tenant, updateEventQuery, { eventId: corrected, amount: '120.00' })
    expect(edited.updateLedgerEvent.success).toBe(true)
    const eventsBefore = await data(b.tenant, listEventsQuery)
    const applied = (await data(b.tenant, applyQuery, { ruleId: created.id })).applyCategoryRule
    expect(applied).toEqual({ success: true, error: null, errorCode: null, classifiedCount: 1 })
    expect((await event(b, corrected)).category.name).toBe('Utilities')
    expect((await event(b, classified)).category.name).toBe('Travel')
    expect(await event(b, confirmed)).toMatchObject({ status: 'confirmed', category: { name: 'Travel' } })
    const before = new Map(
      (eventsBefore.listLedgerEvents.items as Array<{ id: string }>).map((e) => [e.id, JSON.stringify(e)]),
    )
    const changed = (
      (await data(b.tenant, listEventsQuery)).listLedgerEvents.items as Array<{ id: string }>
    ).filter((after) => JSON.stringify(after) !== before.get(after.id))
    expect(changed.map((e: { id: string }) => e.id)).toEqual([corrected])
    expect((await data(b.tenant, applyQuery, { ruleId: created.id })).applyCategoryRule.classifiedCount).toBe(
      0,
    )

    const feed = (await data(b.tenant, feedQuery, { types: ['ledger_event.classified'] })).events
      .items as Array<{
      entityId: string
      data: string
    }>
    for (const eventId of [waiting, corrected]) {
      const told = feed.find((item) => item.entityId === eventId)
      expect(JSON.parse(told?.data ?? '{}').after, eventId).toMatchObject({
        categoryId: b.acct('Utilities'),
        categoryRuleId: created.id,
      })
    }
    const rules = (await data(b.tenant, listRulesQuery)).listCategoryRules.items as Array<{
      id: string
      matchCount: number
    }>
    expect(rules.find((r) => r.id === created.id)?.matchCount).toBe(2)
    expect(
      (await data(b.tenant, applyQuery, { ruleId: '00000000-0000-4000-8000-000000000000' }))
        .applyCategoryRule,
    ).toMatchObject({ success: false, errorCode: 'RULE_NOT_FOUND', classifiedCount: 0 })
  })
})

describe('refusals', () => {
  it('refuse each bad rule with its code and write nothing', async () => {
    const b = await books()
    const office = b.acct('Office Expenses')
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ conditions: [cond('colour', 'equals', 'red')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [{ conditions: [cond('merchant', 'like', 'x')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [{ conditions: [cond('merchant', 'gt', '10')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [{ conditions: [cond('amount', 'contains', '10')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [{ conditions: [cond('amount', 'between', '10')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [
        { conditions: [cond('amount', 'between', '10', { value2: '5' })], categoryId: office },
        'INVALID_RULE_CONDITION',
      ],
      [{ conditions: [cond('amount', 'gt', 'ten dollars')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [
        { conditions: [cond('amount', 'between', '1', { value2: 'lots' })], categoryId: office },
        'INVALID_RULE_CONDITION',
      ],
      [
        { conditions: [cond('direction', 'equals', 'sideways')], categoryId: office },
        'INVALID_RULE_CONDITION',
      ],
      [{ conditions: [cond('merchant', 'ilike', 'x\\')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [{ conditions: [cond('memo', 'contains', '')], categoryId: office }, 'INVALID_RULE_CONDITION'],
      [{ vendorPattern: 'x%', conditionMatch: 'most', categoryId: office }, 'INVALID_RULE_CONDITION'],
      [{ categoryId: office }, 'RULE_WITHOUT_CONDITION'],
      [{ conditions: [], categoryId: office }, 'RULE_WITHOUT_CONDITION'],
      [{ vendorPattern: 'x%' }, 'RULE_WITHOUT_ACTION'],
      [
        {
          vendorPattern: 'x%',
          lines: [
            { accountId: office, percent: '60' },
            { accountId: office, percent: '30' },
          ],
        },
        'INVALID_RULE_LINES',
      ],
      [
        {
          vendorPattern: 'x%',
          lines: [
            { accountId: office, percent: '60' },
            { accountId: office, percent: '40.01' },
          ],
        },
        'INVALID_RULE_LINES',
      ],
      [
        {
          vendorPattern: 'x%',
          lines: [
            { accountId: office, percent: '100' },
            { accountId: office, percent: '0' },
          ],
        },
        'INVALID_RULE_LINES',
      ],
      [{ vendorPattern: 'x%', lines: [{ accountId: office, percent: 'sixty' }] }, 'INVALID_RULE_LINES'],
      [{ vendorPattern: 'x%', lines: [] }, 'INVALID_RULE_LINES'],
      [
        { vendorPattern: 'x%', categoryId: office, lines: [{ accountId: office, percent: '100' }] },
        'INVALID_RULE_LINES',
      ],
      [
        { vendorPattern: 'x%', lines: [{ accountId: b.acct('Chequing'), percent: '100' }] },
        'CATEGORY_NOT_ALLOWED',
      ],
      [
        {
          vendorPattern: 'x%',
          lines: [{ accountId: '00000000-0000-4000-8000-000000000000', percent: '100' }],
        },
        'CATEGORY_NOT_FOUND',
      ],
      [
        { vendorPattern: 'x%', lines: [{ accountId: office, percent: '100', taxCode: 'NOPE' }] },
        'SALES_TAX_CODE_NOT_FOUND',
      ],
      [{ vendorPattern: 'x%', categoryId: office, taxCode: 'NOPE' }, 'SALES_TAX_CODE_NOT_FOUND'],
      [
        { vendorPattern: 'x%', categoryId: office, contactId: '00000000-0000-4000-8000-000000000000' },
        'CONTACT_NOT_FOUND',
      ],
      [
        {
          vendorPattern: 'x%',
          categoryId: office,
          paymentAccountIds: ['00000000-0000-4000-8000-000000000000'],
        },
        'PAYMENT_ACCOUNT_NOT_FOUND',
      ],
    ]
    const ruleBefore = await rule(b, { vendorPattern: 'kept%', categoryId: office })
    const before = await data(b.tenant, listRulesQuery)
    for (const [input, code] of cases) {
      expect(await createRule(b, input), JSON.stringify(input)).toMatchObject({
        success: false,
        errorCode: code,
        categoryRule: null,
      })
      // Without a condition or an action is what a new rule lacks; a rule being changed keeps its own.
      if (code === 'RULE_WITHOUT_CONDITION' || code === 'RULE_WITHOUT_ACTION') continue
      const updated = (await data(b.tenant, updateRuleQuery, { ruleId: ruleBefore.id, ...input }))
        .updateCategoryRule
      expect(updated, `update ${JSON.stringify(input)}`).toMatchObject({ success: false, errorCode: code })
    }
    expect(await data(b.tenant, listRulesQuery)).toEqual(before)
  })
})

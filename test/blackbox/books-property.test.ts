// Random sequences of ledger-event operations over HTTP keep the books balanced (DESIGN 5.4, 5.5): after every step the trial balance is zero, every balance matches a model of the postings, and every posted entry totals its event's amount.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

// ---- the model ------------------------------------------------------------------------------

type EventType = 'expense' | 'income' | 'transfer'
type Status = 'needs_review' | 'confirmed' | 'synced' | 'ignored'

interface Account {
  id: string
  name: string
  accountType: string
  classification: string
  currentBalance: number
}

interface Line {
  account: string
  debit: bigint
  credit: bigint
}

interface ModelEvent {
  id: string
  type: EventType
  amount: bigint
  date: string
  category: string | null
  payment: string | null
  tax: bigint | null
  taxFromCode: boolean
  taxCode: string | null
  taxAccount: string | null
  status: Status
  posted: Line[] | null
  reversed: boolean
}

// Choices that are not picked to fit come from these pools, which mix accounts that fit with
// accounts the rules refuse, so refusals are exercised too.
const categoryPool = [
  'Office Expenses',
  'Sales Revenue',
  'Rent',
  'Cost of Goods Sold',
  'Taxes Recoverable',
  'Credit Card',
  'Chequing',
  'Share Capital',
] as const
const paymentPool = [
  'Chequing',
  'Credit Card',
  'Accounts Receivable',
  'Accounts Payable',
  'Office Expenses',
] as const
const taxAccountPool = ['GST/HST Payable', 'Taxes Recoverable', 'Credit Card', 'Rent'] as const
const taxCodes = ['GST', 'HST_ON', 'HST_NS', 'GST_QST'] as const
const paymentTypes = ['bank', 'credit_card', 'accounts_receivable', 'accounts_payable']

/** A sales tax rate as an exact fraction on a date (data/sales-tax-codes.csv). */
function rateOf(code: (typeof taxCodes)[number], date: string): { num: bigint; den: bigint } {
  switch (code) {
    case 'GST':
      return { num: 5n, den: 100n }
    case 'HST_ON':
      return { num: 13n, den: 100n }
    case 'HST_NS':
      return { num: date < '2025-04-01' ? 15n : 14n, den: 100n }
    case 'GST_QST':
      return { num: 14975n, den: 100000n }
  }
}

/** numerator / denominator of non-negative integers, ties to the even integer. */
function halfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator
  const twice = 2n * (numerator % denominator)
  if (twice < denominator) return quotient
  if (twice > denominator) return quotient + 1n
  return quotient % 2n === 0n ? quotient : quotient + 1n
}

/** The tax inside a tax-inclusive amount, gross * r / (1 + r), ties to the even cent. */
function taxIncluded(gross: bigint, code: (typeof taxCodes)[number], date: string): bigint {
  const { num, den } = rateOf(code, date)
  return halfEven(gross * num, den + num)
}

/**
 * DESIGN 8.2: of the tax on a meal bought (a purchase on Meals & Entertainment, GIFI 8523), half of
 * each tax its code holds is claimed back and the rest stays in the expense; GST_QST's GST part is
 * 5/14.975 of the whole.
 */
function claimedTax(tax: bigint, code: string | null, category: Account, categoryName: string): bigint {
  if (code === null || categoryName !== 'Meals & Entertainment' || category.classification !== 'expense')
    return tax
  const parts = code === 'GST_QST' ? [halfEven(tax * 5000n, 14975n)] : [tax]
  if (code === 'GST_QST') parts.push(tax - (parts[0] as bigint))
  return parts.reduce((sum, part) => sum + halfEven(part, 2n), 0n)
}

const isDebitNatural = (classification: string) => classification === 'asset' || classification === 'expense'

function money(cents: bigint): string {
  const whole = cents / 100n
  const fraction = (cents % 100n).toString().padStart(2, '0')
  return `${whole}.${fraction}`
}

function dateOf(day: number): string {
  const date = new Date(Date.UTC(2025, 0, 1))
  date.setUTCDate(date.getUTCDate() + day)
  return date.toISOString().slice(0, 10)
}

class Books {
  readonly events: ModelEvent[] = []
  readonly balances = new Map<string, bigint>()

  constructor(readonly chart: Map<string, Account>) {
    for (const name of chart.keys()) this.balances.set(name, 0n)
  }

  account(name: string): Account {
    const account = this.chart.get(name)
    if (!account) throw new Error(`the model names an unknown account ${name}`)
    return account
  }

  categoryFits(type: EventType, category: string, payment: string | null): boolean {
    if (category === payment) return false
    const { classification } = this.account(category)
    return type === 'transfer' || classification === 'revenue' || classification === 'expense'
  }

  paymentFits(payment: string): boolean {
    return paymentTypes.includes(this.account(payment).accountType)
  }

  taxAccountFits(name: string): boolean {
    const { classification } = this.account(name)
    return classification === 'liability' || classification === 'asset'
  }

  post(lines: Line[], sign: 1n | -1n) {
    for (const line of lines) {
      const { classification } = this.account(line.account)
      const natural = isDebitNatural(classification) ? line.debit - line.credit : line.credit - line.debit
      this.balances.set(line.account, (this.balances.get(line.account) ?? 0n) + sign * natural)
    }
  }

  /** DESIGN 5.4: the lines confirming an event posts. */
  linesOf(event: ModelEvent): Line[] {
    const a = event.amount
    const category = event.category as string
    const t = claimedTax(event.tax ?? 0n, event.taxCode, this.account(category), category)
    const payment = event.payment as string
    const taxAccount = event.taxAccount ?? 'GST/HST Payable'
    const dr = (account: string, amount: bigint): Line => ({ account, debit: amount, credit: 0n })
    const cr = (account: string, amount: bigint): Line => ({ account, debit: 0n, credit: amount })
    switch (event.type) {
      case 'expense':
        return [dr(category, a - t), dr(taxAccount, t), cr(payment, a)]
      case 'income':
        return [dr(payment, a), cr(category, a - t), cr(taxAccount, t)]
      case 'transfer':
        return [dr(category, a), cr(payment, a)]
    }
  }
}

// ---- operations ---------------------------------------------------------------------------

/** An account to pick: one the rules accept (fit), or any from a pool; absent means none given. */
type Choice = { fit: boolean; pick: number } | undefined

type Op =
  | {
      kind: 'create'
      type: EventType
      cents: number
      day: number
      category: Choice
      payment: Choice
    }
  | {
      kind: 'classify'
      target: number
      category: Choice
      payment: Choice
      tax:
        | { kind: 'none' }
        | { kind: 'permille'; permille: number }
        | { kind: 'code'; code: (typeof taxCodes)[number] }
      taxAccount: Choice
    }
  | {
      kind: 'update'
      target: number
      cents: number | undefined
      type: EventType | undefined
      day: number | undefined
    }
  | { kind: 'confirm' | 'reject' | 'sync'; target: number }

const eventTypeArb = fc.constantFrom<EventType>('expense', 'income', 'transfer')
const choiceArb: fc.Arbitrary<Choice> = fc.option(
  fc.record({ fit: fc.constantFrom(true, true, true, true, false), pick: fc.nat() }),
  { nil: undefined, freq: 6 },
)
// Operations name an event by how far back it was created: mostly the last few, so that events
// get classified, confirmed and rejected in one run instead of scattering over many.
const targetArb = fc.nat({ max: 4 })
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 })

const createArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('create' as const),
  type: eventTypeArb,
  cents: fc.integer({ min: 1, max: 2_000_000 }),
  day: fc.integer({ min: 0, max: 540 }),
  category: choiceArb,
  payment: choiceArb,
})

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: createArb },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('classify' as const),
      target: targetArb,
      category: choiceArb,
      payment: choiceArb,
      tax: fc.oneof(
        fc.constant({ kind: 'none' as const }),
        fc.record({ kind: fc.constant('permille' as const), permille: fc.integer({ min: 0, max: 1100 }) }),
        fc.record({ kind: fc.constant('code' as const), code: fc.constantFrom(...taxCodes) }),
      ),
      taxAccount: choiceArb,
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('confirm' as const), target: targetArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), target: targetArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      target: targetArb,
      cents: maybe(fc.integer({ min: 1, max: 2_000_000 })),
      type: maybe(eventTypeArb),
      day: maybe(fc.integer({ min: 0, max: 540 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sync' as const), target: targetArb }) },
)

// ---- HTTP -----------------------------------------------------------------------------------

const accountsQuery = `query ($org: UUID!) {
  listAccounts(organizationId: $org, limit: 200) { items { id name accountType classification currentBalance } totalCount }
}`

const eventsQuery = `query ($org: UUID!) {
  listLedgerEvents(organizationId: $org, limit: 200) {
    items {
      id eventType functionalAmount transactionDate status taxAmount taxCode
      category { name } paymentAccount { name } taxAccount { name }
      journalEntry { id txnDate totalAmount } reversalEntry { id txnDate totalAmount }
    }
    totalCount
  }
}`

const createQuery = `mutation ($org: UUID!, $merchantName: String!, $amount: String!, $transactionDate: String!, $eventType: String, $categoryId: UUID, $paymentAccountId: UUID) {
  createLedgerEvent(organizationId: $org, merchantName: $merchantName, amount: $amount, transactionDate: $transactionDate, eventType: $eventType, categoryId: $categoryId, paymentAccountId: $paymentAccountId) { success eventId errorCode }
}`

const classifyQuery = `mutation ($org: UUID!, $eventId: UUID!, $categoryId: UUID, $paymentId: UUID, $taxAmount: String, $taxAccountId: UUID, $taxCode: String) {
  updateStagedEntry(organizationId: $org, eventId: $eventId, categoryId: $categoryId, paymentId: $paymentId, taxAmount: $taxAmount, taxAccountId: $taxAccountId, taxCode: $taxCode) { success errorCode }
}`

const updateQuery = `mutation ($org: UUID!, $eventId: UUID!, $amount: String, $eventType: String, $transactionDate: String) {
  updateLedgerEvent(organizationId: $org, eventId: $eventId, amount: $amount, eventType: $eventType, transactionDate: $transactionDate) { success errorCode }
}`

const confirmQuery = `mutation ($org: UUID!, $eventId: UUID!) {
  confirmLedgerEvent(organizationId: $org, eventId: $eventId) { success errorCode journalEntryId }
}`

const rejectQuery = `mutation ($org: UUID!, $eventId: UUID!) {
  rejectLedgerEvent(organizationId: $org, eventId: $eventId) { success errorCode reversalEntryId }
}`

const syncQuery = `mutation ($org: UUID!, $eventIds: [UUID!]!) {
  markLedgerEventsSynced(organizationId: $org, eventIds: $eventIds) { success syncedCount errors { index errorCode } }
}`

// The owner's JWT: the API-key rate limit does not apply, so runs are never throttled.
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
async function call(tenant: Tenant, query: string, variables: Record<string, unknown>): Promise<any> {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, tenant.owner.jwt)
  expect(response.status).toBe(200)
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined()
  return response.body.data
}

async function chartOf(tenant: Tenant): Promise<Map<string, Account>> {
  const items = (await call(tenant, accountsQuery, {})).listAccounts.items as Account[]
  return new Map(items.map((a) => [a.name, a]))
}

function pick(choice: Choice, fitting: string[], pool: readonly string[]): string | undefined {
  if (!choice) return undefined
  const from = choice.fit && fitting.length > 0 ? fitting : pool
  return from[choice.pick % from.length]
}

function choosePayment(books: Books, choice: Choice): string | undefined {
  const names = [...books.chart.keys()]
  return pick(
    choice,
    names.filter((name) => books.paymentFits(name)),
    paymentPool,
  )
}

function chooseCategory(books: Books, choice: Choice, type: EventType, payment: string | null) {
  const names = [...books.chart.keys()]
  return pick(
    choice,
    names.filter((name) => books.categoryFits(type, name, payment)),
    categoryPool,
  )
}

function chooseTaxAccount(books: Books, choice: Choice): string | undefined {
  const names = [...books.chart.keys()]
  return pick(
    choice,
    names.filter((name) => books.taxAccountFits(name)),
    taxAccountPool,
  )
}

/** Runs one operation against the server and the model; the server must agree with the model. */
async function apply(tenant: Tenant, books: Books, op: Op, step: number): Promise<void> {
  const id = (name: string | undefined | null) => (name ? books.account(name).id : undefined)
  if (op.kind === 'create') {
    const payment = choosePayment(books, op.payment) ?? null
    const category = chooseCategory(books, op.category, op.type, payment) ?? null
    const accepted =
      (category === null || books.categoryFits(op.type, category, payment)) &&
      (payment === null || books.paymentFits(payment))
    const amount = BigInt(op.cents)
    const date = dateOf(op.day)
    const payload = (
      await call(tenant, createQuery, {
        merchantName: `Vendor ${step}`,
        amount: money(amount),
        transactionDate: date,
        eventType: op.type,
        categoryId: id(category),
        paymentAccountId: id(payment),
      })
    ).createLedgerEvent
    expect(payload.success, `create ${JSON.stringify(op)}: ${payload.errorCode}`).toBe(accepted)
    if (!accepted) return
    books.events.push({
      id: payload.eventId,
      type: op.type,
      amount,
      date,
      category,
      payment,
      tax: null,
      taxFromCode: false,
      taxCode: null,
      taxAccount: null,
      status: 'needs_review',
      posted: null,
      reversed: false,
    })
    return
  }
  const event = books.events[books.events.length - 1 - (op.target % Math.max(books.events.length, 1))]
  if (!event) return

  switch (op.kind) {
    case 'classify': {
      const newPayment = choosePayment(books, op.payment)
      const payment = newPayment ?? event.payment
      const newCategory = chooseCategory(books, op.category, event.type, payment)
      const category = newCategory ?? event.category
      const taxAccount = chooseTaxAccount(books, op.taxAccount)
      let tax = event.tax
      let taxFromCode = event.taxFromCode
      let accepted =
        event.status === 'needs_review' &&
        (category === null || books.categoryFits(event.type, category, payment)) &&
        (payment === null || books.paymentFits(payment)) &&
        (taxAccount === undefined || books.taxAccountFits(taxAccount))
      let taxAmount: string | undefined
      if (op.tax.kind === 'permille') {
        const explicit = (event.amount * BigInt(op.tax.permille)) / 1000n
        taxAmount = money(explicit)
        accepted &&= explicit < event.amount
        tax = explicit
        taxFromCode = false
      } else if (op.tax.kind === 'code') {
        tax = taxIncluded(event.amount, op.tax.code, event.date)
        taxFromCode = true
      }
      const payload = (
        await call(tenant, classifyQuery, {
          eventId: event.id,
          categoryId: id(newCategory),
          paymentId: id(newPayment),
          taxAmount,
          taxAccountId: id(taxAccount),
          taxCode: op.tax.kind === 'code' ? op.tax.code : undefined,
        })
      ).updateStagedEntry
      expect(payload.success, `classify ${JSON.stringify(op)}: ${payload.errorCode}`).toBe(accepted)
      if (!accepted) return
      event.category = category
      event.payment = payment
      event.tax = tax
      event.taxFromCode = taxFromCode
      if (op.tax.kind === 'code') event.taxCode = op.tax.code
      if (taxAccount) event.taxAccount = taxAccount
      return
    }
    case 'update': {
      const type = op.type ?? event.type
      const amount = op.cents === undefined ? event.amount : BigInt(op.cents)
      const date = op.day === undefined ? event.date : dateOf(op.day)
      let tax = event.tax
      let accepted =
        event.status === 'needs_review' &&
        (op.type === undefined ||
          event.category === null ||
          books.categoryFits(type, event.category, event.payment))
      if (event.taxFromCode && event.taxCode && (op.cents !== undefined || op.day !== undefined)) {
        tax = taxIncluded(amount, event.taxCode as (typeof taxCodes)[number], date)
      } else if (tax !== null && tax >= amount) {
        accepted = false
      }
      const payload = (
        await call(tenant, updateQuery, {
          eventId: event.id,
          amount: op.cents === undefined ? undefined : money(amount),
          eventType: op.type,
          transactionDate: op.day === undefined ? undefined : date,
        })
      ).updateLedgerEvent
      expect(payload.success, `update ${JSON.stringify(op)}: ${payload.errorCode}`).toBe(accepted)
      if (!accepted) return
      event.type = type
      event.amount = amount
      event.date = date
      event.tax = tax
      return
    }
    case 'confirm': {
      const accepted = event.status === 'needs_review' && event.category !== null && event.payment !== null
      const payload = (await call(tenant, confirmQuery, { eventId: event.id })).confirmLedgerEvent
      expect(payload.success, `confirm ${JSON.stringify(op)}: ${payload.errorCode}`).toBe(accepted)
      if (!accepted) return
      event.status = 'confirmed'
      event.posted = books.linesOf(event)
      books.post(event.posted, 1n)
      return
    }
    case 'reject': {
      const accepted = event.status !== 'ignored'
      const payload = (await call(tenant, rejectQuery, { eventId: event.id })).rejectLedgerEvent
      expect(payload.success, `reject ${JSON.stringify(op)}: ${payload.errorCode}`).toBe(accepted)
      if (!accepted) return
      expect(payload.reversalEntryId !== null).toBe(event.posted !== null)
      if (event.posted) {
        books.post(event.posted, -1n)
        event.reversed = true
      }
      event.status = 'ignored'
      return
    }
    case 'sync': {
      const accepted = event.status === 'confirmed'
      const payload = (await call(tenant, syncQuery, { eventIds: [event.id] })).markLedgerEventsSynced
      expect(payload.syncedCount).toBe(accepted ? 1 : 0)
      expect(payload.errors).toHaveLength(accepted ? 0 : 1)
      if (accepted) event.status = 'synced'
      return
    }
  }
}

interface EntryView {
  id: string
  txnDate: string
  totalAmount: string
}

interface ListedEvent {
  id: string
  eventType: string
  functionalAmount: string
  transactionDate: string
  status: string
  taxAmount: string | null
  taxCode: string | null
  category: { name: string } | null
  paymentAccount: { name: string } | null
  taxAccount: { name: string } | null
  journalEntry: EntryView | null
  reversalEntry: EntryView | null
}

/** The invariants checked after every step. */
async function check(tenant: Tenant, books: Books): Promise<void> {
  const accounts = (await call(tenant, accountsQuery, {})).listAccounts.items as Account[]
  let trialBalance = 0
  for (const account of accounts) {
    expect(typeof account.currentBalance).toBe('number')
    const cents = Math.round(account.currentBalance * 100)
    trialBalance += isDebitNatural(account.classification) ? cents : -cents
    expect(cents, account.name).toBe(Number(books.balances.get(account.name) ?? 0n))
  }
  expect(trialBalance).toBe(0)

  const listed = (await call(tenant, eventsQuery, {})).listLedgerEvents
  expect(listed.totalCount).toBe(books.events.length)
  const byId = new Map((listed.items as ListedEvent[]).map((e) => [e.id, e]))
  for (const event of books.events) {
    const seen = byId.get(event.id)
    expect(seen, event.id).toBeDefined()
    expect(seen).toMatchObject({
      eventType: event.type,
      functionalAmount: money(event.amount),
      transactionDate: event.date,
      status: event.status,
      taxAmount: event.tax === null ? null : money(event.tax),
      category: event.category === null ? null : { name: event.category },
      paymentAccount: event.payment === null ? null : { name: event.payment },
    })
    if (event.posted) {
      const debits = event.posted.reduce((sum, line) => sum + line.debit, 0n)
      expect(debits).toBe(event.amount)
      expect(seen?.journalEntry).toEqual({
        id: expect.any(String),
        txnDate: event.date,
        totalAmount: money(event.amount),
      })
    } else {
      expect(seen?.journalEntry).toBeNull()
    }
    if (event.reversed) {
      expect(seen?.reversalEntry).toEqual({
        id: expect.any(String),
        txnDate: event.date,
        totalAmount: money(event.amount),
      })
      expect(seen?.reversalEntry?.id).not.toBe(seen?.journalEntry?.id)
    } else {
      expect(seen?.reversalEntry).toBeNull()
    }
  }
}

describe('the books under random operations', () => {
  it('stay balanced and agree with a model of the postings after every step', async () => {
    await fc.assert(
      // A run starts with a create, so its first steps have an event to work on.
      fc.asyncProperty(
        createArb,
        fc.array(opArb, { minLength: 3, maxLength: 19, size: 'max' }),
        async (first, rest) => {
          const ops = [first, ...rest]
          const tenant = await createTenant(server)
          const books = new Books(await chartOf(tenant))
          await check(tenant, books)
          for (const [step, op] of ops.entries()) {
            await apply(tenant, books, op, step)
            await check(tenant, books)
          }
        },
      ),
      { numRuns: 15 },
    )
  }, 120_000)

  it('posts at least some events in a typical run, so the property is not vacuous', async () => {
    const tenant = await createTenant(server)
    const books = new Books(await chartOf(tenant))
    const named = (pool: readonly string[], name: string): Choice => ({
      fit: false,
      pick: pool.indexOf(name),
    })
    const ops: Op[] = [
      {
        kind: 'create',
        type: 'expense',
        cents: 11300,
        day: 59,
        category: named(categoryPool, 'Office Expenses'),
        payment: named(paymentPool, 'Chequing'),
      },
      {
        kind: 'classify',
        target: 0,
        category: undefined,
        payment: undefined,
        tax: { kind: 'code', code: 'HST_ON' },
        taxAccount: undefined,
      },
      { kind: 'confirm', target: 0 },
      {
        kind: 'create',
        type: 'income',
        cents: 22600,
        day: 100,
        category: named(categoryPool, 'Sales Revenue'),
        payment: named(paymentPool, 'Accounts Receivable'),
      },
      {
        kind: 'classify',
        target: 0,
        category: undefined,
        payment: undefined,
        tax: { kind: 'permille', permille: 115 },
        taxAccount: named(taxAccountPool, 'Taxes Recoverable'),
      },
      { kind: 'confirm', target: 0 },
      { kind: 'sync', target: 0 },
      { kind: 'reject', target: 1 },
    ]
    for (const [step, op] of ops.entries()) {
      await apply(tenant, books, op, step)
      await check(tenant, books)
    }
    expect(books.events.map((e) => e.status)).toEqual(['ignored', 'synced'])
    // 226.00 income with 25.99 tax on Taxes Recoverable; the expense was reversed
    expect(Object.fromEntries([...books.balances].filter(([, cents]) => cents !== 0n))).toEqual({
      'Accounts Receivable': 22600n,
      'Sales Revenue': 20001n,
      'Taxes Recoverable': -2599n,
    })
  })
})

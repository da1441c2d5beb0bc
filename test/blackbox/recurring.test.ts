// Recurring entries over HTTP and the operator CLI (DESIGN 8.10): each date made once and in order, by `recurring run` or by the server after downtime, however many run at once; refused dates recorded and skipped; pause, resume and delete; every bad template refused with nothing written.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliOutcome, json, operatorCli } from '../support/cli.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { type Page, tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-recurring-'))
const daybook = operatorCli(dataDir)
// The server's own schedule sees New Year's Day, so every date here is made by the runs a test starts.
const newYear = { now: () => new Date('2099-01-01T12:00:00Z') }
let server: TestServer
const { gql, field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer({ dataDir, clock: newYear })
})
afterAll(() => server.close())

const templateFields =
  'id name kind frequency interval dayOfMonth startDate endDate occurrencesMax mode nextDate lastDate occurrenceCount paused lastErrorCode lastError'
const createTemplate = `mutation ($org: UUID!, $input: RecurringTemplateInput!) {
  createRecurringTemplate(organizationId: $org, input: $input) { success error errorCode recurringTemplate { ${templateFields} } }
}`
const updateTemplate = `mutation ($org: UUID!, $id: UUID!, $input: RecurringTemplateInput!) {
  updateRecurringTemplate(organizationId: $org, templateId: $id, input: $input) { success error errorCode recurringTemplate { ${templateFields} } }
}`
const step = (name: string) => `mutation ($org: UUID!, $id: UUID!) {
  ${name}(organizationId: $org, templateId: $id) { success error errorCode recurringTemplate { ${templateFields} } }
}`
const listTemplates = `query ($org: UUID!) { listRecurringTemplates(organizationId: $org, limit: 200) { totalCount items { ${templateFields} } } }`
const listEntries = `query ($org: UUID!) {
  listJournalEntries(organizationId: $org, sources: ["manual"], limit: 200) { totalCount items { id txnDate totalAmount memo createdAt recurringTemplateId occurrenceDate } }
}`
const listEvents = `query ($org: UUID!) {
  listLedgerEvents(organizationId: $org, status: ["needs_review", "confirmed"], limit: 200) { totalCount items { id status transactionDate merchantName recurringTemplateId occurrenceDate } }
}`
const listDocuments = `query ($org: UUID!) {
  listInvoices(organizationId: $org, limit: 50, sortBy: "issueDate", sortDir: "asc") { totalCount items { id kind number status issueDate dueDate total recurringTemplateId occurrenceDate } }
}`

interface Template {
  id: string
  name: string
  nextDate: string | null
  lastDate: string | null
  occurrenceCount: number
  paused: boolean
  lastErrorCode: string | null
}
interface Payload {
  success: boolean
  error: string | null
  errorCode: string | null
  recurringTemplate: Template | null
}
interface Entry {
  id: string
  txnDate: string
  totalAmount: string
  createdAt: string
  recurringTemplateId: string | null
  occurrenceDate: string | null
}
interface RunSummary {
  asOf: string
  made: Array<{
    organizationId: string
    templateId: string
    occurrenceDate: string
    kind: string
    id: string
  }>
  refused: Array<{ templateId: string; occurrenceDate: string; errorCode: string }>
  madeCount: number
  refusedCount: number
}

async function books() {
  const tenant = await createTenant(server)
  return { tenant, accounts: await accountsByName(server, tenant) }
}

const rentInput = (accounts: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  name: 'Office rent',
  kind: 'journal_entry',
  frequency: 'monthly',
  dayOfMonth: 31,
  startDate: '2099-01-31',
  mode: 'post',
  journalEntry: {
    memo: 'Rent',
    reference: 'LEASE-7',
    lines: [
      { accountId: accounts.Rent, debit: '1500.00' },
      { accountId: accounts.Chequing, credit: '1500.00' },
    ],
  },
  ...extra,
})

async function created(tenant: Tenant, input: unknown): Promise<Template> {
  const payload = await field<Payload>(tenant, createTemplate, { input })
  expect(payload, JSON.stringify(payload)).toMatchObject({ success: true, error: null, errorCode: null })
  return payload.recurringTemplate as Template
}

async function refusedWith(tenant: Tenant, input: unknown, errorCode: string): Promise<Payload> {
  const payload = await field<Payload>(tenant, createTemplate, { input })
  expect(payload, JSON.stringify(input)).toEqual({
    success: false,
    error: expect.any(String),
    errorCode,
    recurringTemplate: null,
  })
  return payload
}

async function template(tenant: Tenant, id: string): Promise<Template | undefined> {
  const page = await field<Page<Template>>(tenant, listTemplates)
  return page.items.find((item) => item.id === id)
}

async function entries(tenant: Tenant): Promise<Entry[]> {
  return (await field<Page<Entry>>(tenant, listEntries)).items
}

const byDate = (list: Entry[]) => [...list].sort((a, b) => a.txnDate.localeCompare(b.txnDate))

function summaryOf(outcome: CliOutcome): RunSummary {
  return JSON.parse(outcome.stdout) as RunSummary
}

const run = (asOf: string, tenant?: Tenant) =>
  daybook('recurring', 'run', '--as-of', asOf, ...(tenant ? ['--org-id', tenant.organizationId] : []))

describe('a monthly rent template from January 31', () => {
  it('lands on January 31, February 28 and March 31, each entry naming its template and date', async () => {
    const { tenant, accounts } = await books()
    const rent = await created(tenant, rentInput(accounts))
    expect(rent).toMatchObject({ nextDate: '2099-01-31', lastDate: null, occurrenceCount: 0, paused: false })
    expect(await entries(tenant)).toEqual([])

    const summary = json(await run('2099-03-31', tenant)) as RunSummary
    expect(summary.made.map((made) => made.occurrenceDate)).toEqual([
      '2099-01-31',
      '2099-02-28',
      '2099-03-31',
    ])
    expect(summary).toMatchObject({ asOf: '2099-03-31', madeCount: 3, refusedCount: 0, refused: [] })

    const made = byDate(await entries(tenant))
    expect(made.map((entry) => [entry.txnDate, entry.occurrenceDate, entry.recurringTemplateId])).toEqual([
      ['2099-01-31', '2099-01-31', rent.id],
      ['2099-02-28', '2099-02-28', rent.id],
      ['2099-03-31', '2099-03-31', rent.id],
    ])
    expect(made.every((entry) => entry.totalAmount === '1500.00')).toBe(true)
    expect(await template(tenant, rent.id)).toMatchObject({
      nextDate: '2099-04-30',
      lastDate: '2099-03-31',
      occurrenceCount: 3,
    })

    // The entry read on its own says the same.
    const one = await field<Entry>(
      tenant,
      'query ($org: UUID!, $id: UUID!) { journalEntry(organizationId: $org, journalEntryId: $id) { id txnDate recurringTemplateId occurrenceDate } }',
      { id: made[1]?.id },
    )
    expect(one).toMatchObject({ recurringTemplateId: rent.id, occurrenceDate: '2099-02-28' })
  })

  it('makes nothing more when run again for the same day, and only the new date a month later', async () => {
    const { tenant, accounts } = await books()
    const rent = await created(tenant, rentInput(accounts))
    json(await run('2099-02-28', tenant))
    const again = json(await run('2099-02-28', tenant)) as RunSummary
    expect(again).toMatchObject({ madeCount: 0, refusedCount: 0 })
    expect(await entries(tenant)).toHaveLength(2)

    const later = json(await run('2099-03-31', tenant)) as RunSummary
    expect(later.made.map((made) => made.occurrenceDate)).toEqual(['2099-03-31'])
    expect(await template(tenant, rent.id)).toMatchObject({ occurrenceCount: 3, nextDate: '2099-04-30' })
  })

  it('is made once per date by two runs at once, and by the run for every organization', async () => {
    const { tenant, accounts } = await books()
    const rent = await created(tenant, rentInput(accounts))
    const [first, second] = await Promise.all([run('2099-06-30', tenant), run('2099-06-30', tenant)])
    const made = [...(json(first) as RunSummary).made, ...(json(second) as RunSummary).made]
    expect(made.map((one) => one.occurrenceDate).sort()).toEqual([
      '2099-01-31',
      '2099-02-28',
      '2099-03-31',
      '2099-04-30',
      '2099-05-31',
      '2099-06-30',
    ])
    const listed = byDate(await entries(tenant))
    expect(listed.map((entry) => entry.occurrenceDate)).toEqual(made.map((one) => one.occurrenceDate).sort())
    expect(new Set(listed.map((entry) => entry.id)).size).toBe(6)

    // Without --org-id every organization's due dates are made; this one's next is July's.
    const everyone = json(await run('2099-07-31')) as RunSummary
    expect(
      everyone.made.filter((one) => one.templateId === rent.id).map((one) => one.occurrenceDate),
    ).toEqual(['2099-07-31'])
    expect(await entries(tenant)).toHaveLength(7)
  })

  it('stops at occurrencesMax and at endDate', async () => {
    const { tenant, accounts } = await books()
    const counted = await created(tenant, rentInput(accounts, { name: 'Three payments', occurrencesMax: 3 }))
    const ended = await created(
      tenant,
      rentInput(accounts, { name: 'Until April', frequency: 'quarterly', endDate: '2099-07-30' }),
    )
    const summary = json(await run('2099-12-31', tenant)) as RunSummary
    const datesOf = (id: string) =>
      summary.made.filter((one) => one.templateId === id).map((one) => one.occurrenceDate)
    expect(datesOf(counted.id)).toEqual(['2099-01-31', '2099-02-28', '2099-03-31'])
    expect(datesOf(ended.id)).toEqual(['2099-01-31', '2099-04-30'])
    expect(await template(tenant, counted.id)).toMatchObject({ nextDate: null, occurrenceCount: 3 })
    expect(await template(tenant, ended.id)).toMatchObject({ nextDate: null, lastDate: '2099-04-30' })
  })
})

describe('the server after downtime', () => {
  it('catches up every missed date in order once it starts again', async () => {
    const { tenant, accounts } = await books()
    const weekly = await created(tenant, {
      name: 'Cleaning',
      kind: 'ledger_event',
      frequency: 'weekly',
      startDate: '2099-03-02',
      mode: 'draft',
      ledgerEvent: {
        merchantName: 'Sparkle Cleaning',
        amount: '80.00',
        eventType: 'expense',
        categoryId: accounts.Rent,
      },
    })
    // The server stops, and starts on the same books five weeks later: its schedule runs at once.
    await server.close()
    server = await startServer({ dataDir, clock: { now: () => new Date('2099-04-01T09:00:00Z') } })
    try {
      const expected = ['2099-03-02', '2099-03-09', '2099-03-16', '2099-03-23', '2099-03-30']
      let events: Array<{
        id: string
        status: string
        transactionDate: string
        recurringTemplateId: string
        occurrenceDate: string
      }> = []
      for (let i = 0; i < 100 && events.length < expected.length; i++) {
        events = (await field<Page<(typeof events)[number]>>(tenant, listEvents)).items
        if (events.length < expected.length) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(events.map((event) => event.transactionDate).sort()).toEqual(expected)
      expect(events.every((event) => event.status === 'needs_review')).toBe(true)
      expect(events.every((event) => event.recurringTemplateId === weekly.id)).toBe(true)
      expect(events.map((event) => event.occurrenceDate).sort()).toEqual(expected)
      // The template moved on past the last date it made.
      expect(await template(tenant, weekly.id)).toMatchObject({
        nextDate: '2099-04-06',
        lastDate: '2099-03-30',
        occurrenceCount: 5,
      })
    } finally {
      await server.close()
      server = await startServer({ dataDir, clock: newYear })
    }
    // The operator's run for the same day finds nothing left.
    expect(json(await run('2099-04-01', tenant))).toMatchObject({ madeCount: 0 })
  })
})

describe('what each kind makes, in each mode', () => {
  it('posts classified events and leaves the others for review', async () => {
    const { tenant, accounts } = await books()
    const event = (name: string, extra: Record<string, unknown>) => ({
      name,
      kind: 'ledger_event',
      frequency: 'monthly',
      startDate: '2099-01-15',
      endDate: '2099-01-31',
      mode: 'post',
      ledgerEvent: { merchantName: name, amount: '25.00', eventType: 'expense', ...extra },
    })
    const posted = await created(
      tenant,
      event('Hosting', { categoryId: accounts.Rent, paymentAccountId: accounts.Chequing }),
    )
    const waiting = await created(tenant, event('Phone', { categoryId: accounts.Rent }))
    json(await run('2099-01-31', tenant))
    const events = (
      await field<Page<{ merchantName: string; status: string; recurringTemplateId: string }>>(
        tenant,
        listEvents,
      )
    ).items
    expect(events.find((e) => e.merchantName === 'Hosting')).toMatchObject({
      status: 'confirmed',
      recurringTemplateId: posted.id,
    })
    expect(events.find((e) => e.merchantName === 'Phone')).toMatchObject({
      status: 'needs_review',
      recurringTemplateId: waiting.id,
    })
  })

  it('approves invoices in post mode, keeps drafts in draft mode, and numbers bills by their date', async () => {
    const { tenant, accounts } = await books()
    const contact = async (type: string, name: string) =>
      (
        await field<{ contact: { id: string } }>(
          tenant,
          'mutation ($org: UUID!, $t: String!, $n: String!) { createContact(organizationId: $org, contactType: $t, displayName: $n) { success contact { id } } }',
          { t: type, n: name },
        )
      ).contact.id
    const customer = await contact('customer', 'Northwind Traders')
    const landlord = await contact('vendor', 'Harbour Properties')
    const document = (
      kind: string,
      contactId: string,
      accountId: string,
      extra: Record<string, unknown> = {},
    ) => ({
      kind,
      contactId,
      issueDate: '2099-01-01',
      dueDate: '2099-01-31',
      lines: [{ description: 'Monthly', quantity: '1', unitPrice: '100.00', accountId }],
      ...extra,
    })
    const schedule = { frequency: 'monthly', startDate: '2099-01-05', endDate: '2099-02-28' }
    const retainer = await created(tenant, {
      name: 'Retainer',
      kind: 'invoice',
      mode: 'post',
      ...schedule,
      invoice: document('invoice', customer, accounts['Sales Revenue'] as string),
    })
    const drafted = await created(tenant, {
      name: 'Support',
      kind: 'invoice',
      mode: 'draft',
      ...schedule,
      invoice: document('invoice', customer, accounts['Sales Revenue'] as string, { memo: 'support' }),
    })
    const lease = await created(tenant, {
      name: 'Lease',
      kind: 'invoice',
      mode: 'post',
      ...schedule,
      invoice: document('bill', landlord, accounts.Rent as string, { number: 'LEASE' }),
    })
    json(await run('2099-02-28', tenant))
    type Document = {
      kind: string
      number: string
      status: string
      issueDate: string
      dueDate: string
      recurringTemplateId: string
      occurrenceDate: string
    }
    const documents = (await field<Page<Document>>(tenant, listDocuments)).items
    const of = (id: string) => documents.filter((d) => d.recurringTemplateId === id)
    expect(of(retainer.id).map((d) => [d.status, d.issueDate, d.dueDate, d.occurrenceDate])).toEqual([
      ['open', '2099-01-05', '2099-02-04', '2099-01-05'],
      ['open', '2099-02-05', '2099-03-07', '2099-02-05'],
    ])
    expect(of(drafted.id).map((d) => d.status)).toEqual(['draft', 'draft'])
    expect(new Set([...of(retainer.id), ...of(drafted.id)].map((d) => d.number)).size).toBe(4)
    expect(of(lease.id).map((d) => [d.kind, d.number, d.status])).toEqual([
      ['bill', 'LEASE-2099-01-05', 'open'],
      ['bill', 'LEASE-2099-02-05', 'open'],
    ])
  })
})

describe('a date its module refuses', () => {
  it('is recorded and skipped, the run exits 1, and the other templates still run', async () => {
    const { tenant, accounts } = await books()
    const rent = await created(tenant, rentInput(accounts))
    const other = await created(
      tenant,
      rentInput(accounts, { name: 'Parking', dayOfMonth: 1, startDate: '2099-03-01' }),
    )
    const locked = await gql(
      tenant,
      'mutation ($org: UUID!, $d: Date) { setLockDate(organizationId: $org, lockDate: $d) { success error } }',
      { d: '2099-02-28' },
      tenant.owner.jwt,
    )
    expect(locked.data?.setLockDate).toMatchObject({ success: true })

    const outcome = await run('2099-03-31', tenant)
    expect(outcome.code, outcome.stderr).toBe(1)
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1)
    expect(outcome.stderr).toContain('PERIOD_LOCKED')
    const summary = summaryOf(outcome)
    expect(summary.refused.map((one) => [one.templateId, one.occurrenceDate, one.errorCode])).toEqual([
      [rent.id, '2099-01-31', 'PERIOD_LOCKED'],
      [rent.id, '2099-02-28', 'PERIOD_LOCKED'],
    ])
    expect(summary.made.map((one) => [one.templateId, one.occurrenceDate]).sort()).toEqual(
      [
        [rent.id, '2099-03-31'],
        [other.id, '2099-03-01'],
      ].sort(),
    )
    expect(await template(tenant, rent.id)).toMatchObject({
      occurrenceCount: 1,
      lastDate: '2099-03-31',
      nextDate: '2099-04-30',
      lastErrorCode: 'PERIOD_LOCKED',
    })
    // A refused date is not tried again.
    expect(json(await run('2099-03-31', tenant))).toMatchObject({ madeCount: 0, refusedCount: 0 })
    expect(await entries(tenant)).toHaveLength(2)
  })
})

describe('pause, resume, update and delete', () => {
  it('makes nothing while paused, catches up on resume, and keeps what a deleted template made', async () => {
    const { tenant, accounts } = await books()
    const rent = await created(tenant, rentInput(accounts))
    const paused = await field<Payload>(tenant, step('pauseRecurringTemplate'), { id: rent.id })
    expect(paused.recurringTemplate).toMatchObject({ paused: true })
    expect(json(await run('2099-02-28', tenant))).toMatchObject({ madeCount: 0 })
    expect(await entries(tenant)).toEqual([])

    const resumed = await field<Payload>(tenant, step('resumeRecurringTemplate'), { id: rent.id })
    expect(resumed.recurringTemplate).toMatchObject({ paused: false, nextDate: '2099-01-31' })
    const caughtUp = json(await run('2099-02-28', tenant)) as RunSummary
    expect(caughtUp.made.map((one) => one.occurrenceDate)).toEqual(['2099-01-31', '2099-02-28'])

    // An update keeps the dates taken: the schedule goes on after them, on the new day.
    const updated = await field<Payload>(tenant, updateTemplate, {
      id: rent.id,
      input: rentInput(accounts, { name: 'Office rent, new lease', dayOfMonth: 15 }),
    })
    expect(updated.recurringTemplate).toMatchObject({
      name: 'Office rent, new lease',
      nextDate: '2099-03-15',
      occurrenceCount: 2,
    })

    const deleted = await field<Payload>(tenant, step('deleteRecurringTemplate'), { id: rent.id })
    expect(deleted).toMatchObject({ success: true, recurringTemplate: { id: rent.id } })
    expect((await field<Page<Template>>(tenant, listTemplates)).totalCount).toBe(0)
    const kept = await entries(tenant)
    expect(kept.map((entry) => entry.recurringTemplateId)).toEqual([rent.id, rent.id])
    expect(json(await run('2099-12-31', tenant))).toMatchObject({ madeCount: 0 })

    for (const name of ['pauseRecurringTemplate', 'resumeRecurringTemplate', 'deleteRecurringTemplate']) {
      const gone = await field<Payload>(tenant, step(name), { id: rent.id })
      expect(gone).toMatchObject({
        success: false,
        errorCode: 'RECURRING_TEMPLATE_NOT_FOUND',
        recurringTemplate: null,
      })
    }
    const missing = await field<Payload>(tenant, updateTemplate, { id: rent.id, input: rentInput(accounts) })
    expect(missing.errorCode).toBe('RECURRING_TEMPLATE_NOT_FOUND')
  })
})

describe('bad templates', () => {
  it('are each refused with a clear code, and nothing is written', async () => {
    const { tenant, accounts } = await books()
    const rent = (extra: Record<string, unknown>) => rentInput(accounts, extra)
    await refusedWith(tenant, rent({ dayOfMonth: 0 }), 'INVALID_DAY_OF_MONTH')
    await refusedWith(tenant, rent({ dayOfMonth: 32 }), 'INVALID_DAY_OF_MONTH')
    await refusedWith(tenant, rent({ frequency: 'weekly' }), 'INVALID_DAY_OF_MONTH')
    await refusedWith(tenant, rent({ endDate: '2099-01-30' }), 'INVALID_DATE_RANGE')
    await refusedWith(tenant, rent({ kind: 'expense_report' }), 'INVALID_RECURRING_KIND')
    await refusedWith(tenant, rent({ frequency: 'daily' }), 'INVALID_FREQUENCY')
    await refusedWith(tenant, rent({ mode: 'later' }), 'INVALID_RECURRING_MODE')
    await refusedWith(tenant, rent({ interval: 0 }), 'INVALID_INTERVAL')
    await refusedWith(tenant, rent({ occurrencesMax: 0 }), 'INVALID_OCCURRENCES_MAX')
    await refusedWith(tenant, rent({ name: '  ' }), 'INVALID_NAME')
    await refusedWith(tenant, rent({ kind: 'invoice' }), 'RECURRING_PAYLOAD_REQUIRED')
    await refusedWith(tenant, rent({ journalEntry: null }), 'RECURRING_PAYLOAD_REQUIRED')
    await refusedWith(
      tenant,
      rent({ ledgerEvent: { merchantName: 'Extra', amount: '1.00' } }),
      'RECURRING_PAYLOAD_MISMATCH',
    )
    await refusedWith(tenant, rent({ mode: 'draft' }), 'RECURRING_MODE_NOT_SUPPORTED')
    const lines = (debit: string, accountId = accounts.Rent) => ({
      journalEntry: {
        lines: [
          { accountId, debit },
          { accountId: accounts.Chequing, credit: '1500.00' },
        ],
      },
    })
    const unbalanced = await refusedWith(tenant, rent(lines('1499.99')), 'ENTRY_NOT_BALANCED')
    expect(unbalanced.error).toContain('1499.99')
    await refusedWith(
      tenant,
      rent(lines('1500.00', '00000000-0000-4000-8000-000000000000')),
      'ACCOUNT_NOT_FOUND',
    )
    await refusedWith(
      tenant,
      {
        name: 'Bad event',
        kind: 'ledger_event',
        frequency: 'monthly',
        startDate: '2099-01-31',
        mode: 'post',
        ledgerEvent: { merchantName: 'Shop', amount: '-5', eventType: 'expense' },
      },
      'INVALID_AMOUNT',
    )
    await refusedWith(
      tenant,
      {
        name: 'Bad invoice',
        kind: 'invoice',
        frequency: 'monthly',
        startDate: '2099-01-31',
        mode: 'post',
        invoice: {
          kind: 'invoice',
          contactId: '00000000-0000-4000-8000-000000000000',
          issueDate: '2099-01-31',
          lines: [
            { description: 'x', quantity: '1', unitPrice: '1.00', accountId: accounts['Sales Revenue'] },
          ],
        },
      },
      'CONTACT_NOT_FOUND',
    )
    expect((await field<Page<Template>>(tenant, listTemplates)).totalCount).toBe(0)
    expect(json(await run('2099-12-31', tenant))).toMatchObject({ madeCount: 0 })

    const badDay = await run('2099-02-30', tenant)
    expect(badDay.code).toBe(1)
    expect(badDay.stderr).toContain('--as-of')
  })

  it('refuses a template past the limit of one organization', async () => {
    const { tenant, accounts } = await books()
    const input = rentInput(accounts, { startDate: '2199-01-31' })
    for (let i = 0; i < 200; i += 20) {
      await Promise.all(Array.from({ length: 20 }, () => created(tenant, input)))
    }
    await refusedWith(tenant, input, 'TOO_MANY_RECURRING_TEMPLATES')
    expect((await field<Page<Template>>(tenant, listTemplates)).totalCount).toBe(200)
  })
})

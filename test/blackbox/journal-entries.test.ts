// Manual journal entries and opening balances over HTTP (DESIGN 8.4): posted balanced at once, reversed once, read back with the whole journal, tagged for the GST/HST return, and every bad entry refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { type Page, tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
const { gql, field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const entryFields = `id txnDate totalAmount currency memo reference source reversesEntryId reversedByEntryId eventId createdAt
  lines { id account { id name } debit credit memo contact { id displayName } taxReturnLine }`

const create = `mutation ($org: UUID!, $date: Date!, $lines: [JournalLineInput!]!, $memo: String, $reference: String, $reverseOn: Date) {
  createJournalEntry(organizationId: $org, date: $date, lines: $lines, memo: $memo, reference: $reference, reverseOn: $reverseOn) {
    success error errorCode journalEntry { ${entryFields} }
  }
}`
const reverse = `mutation ($org: UUID!, $id: UUID!, $date: Date!) {
  reverseJournalEntry(organizationId: $org, journalEntryId: $id, date: $date) { success error errorCode journalEntry { ${entryFields} } }
}`
const opening = `mutation ($org: UUID!, $date: Date!, $lines: [JournalLineInput!]!) {
  setOpeningBalances(organizationId: $org, date: $date, lines: $lines) { success error errorCode journalEntry { ${entryFields} } }
}`
const list = `query ($org: UUID!, $from: Date, $to: Date, $sources: [String!], $account: UUID, $limit: Int = 50, $offset: Int) {
  listJournalEntries(organizationId: $org, dateFrom: $from, dateTo: $to, sources: $sources, accountId: $account, limit: $limit, offset: $offset) {
    totalCount pageSize offset items { ${entryFields} }
  }
}`

type Line = {
  id: string
  account: { id: string; name: string }
  debit: string | null
  credit: string | null
  memo: string | null
  contact: { id: string; displayName: string } | null
  taxReturnLine: string | null
}
type Entry = {
  id: string
  txnDate: string
  totalAmount: string
  memo: string | null
  reference: string | null
  source: string
  reversesEntryId: string | null
  reversedByEntryId: string | null
  eventId: string | null
  lines: Line[]
}
type Payload = {
  success: boolean
  error: string | null
  errorCode: string | null
  journalEntry: Entry | null
}

const post = (tenant: Tenant, vars: Record<string, unknown>, headers = tenant.bearer) =>
  field<Payload>(tenant, create, { memo: null, reference: null, reverseOn: null, ...vars }, headers)

async function posted(tenant: Tenant, vars: Record<string, unknown>): Promise<Entry> {
  const answer = await post(tenant, vars)
  expect(answer.success, answer.error ?? '').toBe(true)
  return answer.journalEntry as Entry
}

const entries = (tenant: Tenant, vars: Record<string, unknown> = {}) =>
  field<Page<Entry>>(tenant, list, { from: null, to: null, sources: null, account: null, ...vars })

async function balanceOf(tenant: Tenant, asOf: string, accountName: string): Promise<string> {
  const sheet = await field<{
    assets: Array<{ accountName: string; amount: string }>
    liabilities: Array<{ accountName: string; amount: string }>
    equity: Array<{ accountName: string; amount: string }>
    totalAssets: string
    totalLiabilitiesAndEquity: string
  }>(
    tenant,
    'query ($org: UUID!, $asOf: Date) { balanceSheet(organizationId: $org, asOf: $asOf) { assets { accountName amount } liabilities { accountName amount } equity { accountName amount } totalAssets totalLiabilitiesAndEquity } }',
    { asOf },
  )
  expect(sheet.totalAssets).toBe(sheet.totalLiabilitiesAndEquity)
  const line = [...sheet.assets, ...sheet.liabilities, ...sheet.equity].find(
    (l) => l.accountName === accountName,
  )
  return line?.amount ?? '0.00'
}

async function setUp() {
  const tenant = await createTenant(server)
  const accounts = await accountsByName(server, tenant)
  return { tenant, accounts }
}

describe('manual journal entries', () => {
  it('posts a balanced entry at once and reads it back with its lines, alone and in the journal', async () => {
    const { tenant, accounts } = await setUp()
    const contact = await field(
      tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Landlord Inc", contactType: "vendor") { success contact { id } } }',
    )
    const entry = await posted(tenant, {
      date: '2026-03-31',
      memo: 'Depreciation, March',
      reference: 'JE-7',
      lines: [
        { accountId: accounts['Office Expenses'], debit: '120.50', memo: 'furniture' },
        { accountId: accounts.Rent, debit: '1000.00', contactId: contact.contact.id },
        { accountId: accounts['Accounts Payable'], credit: '1120.50', contactId: contact.contact.id },
      ],
    })
    expect(entry).toMatchObject({
      txnDate: '2026-03-31',
      totalAmount: '1120.50',
      memo: 'Depreciation, March',
      reference: 'JE-7',
      source: 'manual',
      eventId: null,
      reversesEntryId: null,
      reversedByEntryId: null,
    })
    expect(
      entry.lines.map((l) => [l.account.name, l.debit, l.credit, l.memo, l.contact?.displayName ?? null]),
    ).toEqual([
      ['Office Expenses', '120.50', null, 'furniture', null],
      ['Rent', '1000.00', null, null, 'Landlord Inc'],
      ['Accounts Payable', null, '1120.50', null, 'Landlord Inc'],
    ])
    const read = await field<Entry>(
      tenant,
      `query ($org: UUID!, $id: UUID!) { journalEntry(organizationId: $org, journalEntryId: $id) { ${entryFields} } }`,
      { id: entry.id },
    )
    expect(read).toEqual(entry)
    expect(await balanceOf(tenant, '2026-03-31', 'Accounts Payable')).toBe('1120.50')
    expect(await balanceOf(tenant, '2026-03-30', 'Accounts Payable')).toBe('0.00')
    const journal = await entries(tenant)
    expect(journal.items.map((e) => e.id)).toEqual([entry.id])
    // The vendor is owed what the payable line holds.
    const contacts = await field(
      tenant,
      'query ($org: UUID!) { listContacts(organizationId: $org, search: "Landlord") { items { id balance } } }',
    )
    expect(contacts.items).toEqual([{ id: contact.contact.id, balance: 1120.5 }])
  })

  it('posts an accrual and its reversal on reverseOn, and reverses a manual entry once', async () => {
    const { tenant, accounts } = await setUp()
    const accrual = await posted(tenant, {
      date: '2026-01-31',
      memo: 'Accrued utilities',
      reverseOn: '2026-02-01',
      lines: [
        { accountId: accounts.Utilities, debit: '300.00' },
        { accountId: accounts['Accounts Payable'], credit: '300.00' },
      ],
    })
    expect(accrual.reversedByEntryId).toEqual(expect.any(String))
    expect(await balanceOf(tenant, '2026-01-31', 'Accounts Payable')).toBe('300.00')
    expect(await balanceOf(tenant, '2026-02-01', 'Accounts Payable')).toBe('0.00')
    const journal = await entries(tenant)
    expect(journal.items.map((e) => [e.txnDate, e.source, e.reversesEntryId])).toEqual([
      ['2026-02-01', 'reversal', accrual.id],
      ['2026-01-31', 'manual', null],
    ])
    const mirrored = journal.items[0] as Entry
    expect(mirrored.id).toBe(accrual.reversedByEntryId)
    expect(mirrored.memo).toBe('Accrued utilities')
    expect(mirrored.lines.map((l) => [l.account.name, l.debit, l.credit])).toEqual([
      ['Utilities', null, '300.00'],
      ['Accounts Payable', '300.00', null],
    ])
    // Already reversed by reverseOn; a reversal is not reversed on its own.
    const again = await field<Payload>(tenant, reverse, { id: accrual.id, date: '2026-02-05' })
    expect(again).toMatchObject({ success: false, errorCode: 'ENTRY_ALREADY_REVERSED', journalEntry: null })
    const ofReversal = await field<Payload>(tenant, reverse, { id: mirrored.id, date: '2026-02-05' })
    expect(ofReversal).toMatchObject({ success: false, errorCode: 'ENTRY_NOT_REVERSIBLE' })

    const correction = await posted(tenant, {
      date: '2026-02-10',
      lines: [
        { accountId: accounts.Travel, debit: '45.00' },
        { accountId: accounts.Chequing, credit: '45.00' },
      ],
    })
    const early = await field<Payload>(tenant, reverse, { id: correction.id, date: '2026-02-09' })
    expect(early).toMatchObject({ success: false, errorCode: 'INVALID_DATE' })
    const reversed = await field<Payload>(tenant, reverse, { id: correction.id, date: '2026-02-20' })
    expect(reversed.success, reversed.error ?? '').toBe(true)
    expect(reversed.journalEntry).toMatchObject({
      txnDate: '2026-02-20',
      source: 'reversal',
      reversesEntryId: correction.id,
    })
    expect(await balanceOf(tenant, '2026-02-19', 'Chequing')).toBe('-45.00')
    expect(await balanceOf(tenant, '2026-02-20', 'Chequing')).toBe('0.00')
    const twice = await field<Payload>(tenant, reverse, { id: correction.id, date: '2026-02-21' })
    expect(twice.errorCode).toBe('ENTRY_ALREADY_REVERSED')
    const unknown = await field<Payload>(tenant, reverse, {
      id: '00000000-0000-4000-8000-000000000000',
      date: '2026-02-21',
    })
    expect(unknown.errorCode).toBe('JOURNAL_ENTRY_NOT_FOUND')
    // Two reversals at once: one is written.
    const raced = await posted(tenant, {
      date: '2026-02-11',
      lines: [
        { accountId: accounts.Travel, debit: '5.00' },
        { accountId: accounts.Chequing, credit: '5.00' },
      ],
    })
    const answers = await Promise.all(
      [1, 2, 3].map(() => field<Payload>(tenant, reverse, { id: raced.id, date: '2026-02-12' })),
    )
    expect(answers.filter((a) => a.success)).toHaveLength(1)
    expect(answers.filter((a) => !a.success).map((a) => a.errorCode)).toEqual([
      'ENTRY_ALREADY_REVERSED',
      'ENTRY_ALREADY_REVERSED',
    ])
  })

  it("lists the whole journal, events' entries among them, by source, account and date", async () => {
    const { tenant, accounts } = await setUp()
    const created = await field(
      tenant,
      'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Staples", amount: "20.00", transactionDate: "2026-05-02") { success eventId } }',
    )
    const eventId = created.eventId as string
    await field(
      tenant,
      'mutation ($org: UUID!, $e: UUID!, $c: UUID!, $p: UUID!) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c, paymentId: $p) { success } }',
      { e: eventId, c: accounts['Office Expenses'], p: accounts.Chequing },
    )
    const confirmed = await field(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success journalEntryId } }',
      { e: eventId },
    )
    expect(confirmed.success).toBe(true)
    const manual = await posted(tenant, {
      date: '2026-05-31',
      lines: [
        { accountId: accounts.Insurance, debit: '60.00' },
        { accountId: accounts.Chequing, credit: '60.00' },
      ],
    })

    const all = await entries(tenant)
    expect(all.items.map((e) => [e.source, e.eventId])).toEqual([
      ['manual', null],
      ['event', eventId],
    ])
    const ofEvents = await entries(tenant, { sources: ['event'] })
    expect(ofEvents.items.map((e) => e.id)).toEqual([confirmed.journalEntryId])
    expect(ofEvents.items[0]?.lines.map((l) => [l.account.name, l.debit, l.credit])).toEqual([
      ['Office Expenses', '20.00', null],
      ['Chequing', null, '20.00'],
    ])
    expect((await entries(tenant, { account: accounts.Insurance })).items.map((e) => e.id)).toEqual([
      manual.id,
    ])
    expect((await entries(tenant, { from: '2026-05-03', to: '2026-06-30' })).totalCount).toBe(1)
    const paged = await entries(tenant, { limit: 1, offset: 1 })
    expect(paged).toMatchObject({ totalCount: 2, pageSize: 1, offset: 1 })
    expect(paged.items.map((e) => e.source)).toEqual(['event'])

    // The event's entry, as the event answers it, with its lines.
    const event = await field(
      tenant,
      `query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { journalEntry { id source eventId lines { account { name } debit credit } } } }`,
      { e: eventId },
    )
    expect(event.journalEntry).toMatchObject({ id: confirmed.journalEntryId, source: 'event', eventId })
    expect(event.journalEntry.lines).toHaveLength(2)
    // Entries of events are reversed by rejecting the event.
    const refused = await field<Payload>(tenant, reverse, {
      id: confirmed.journalEntryId,
      date: '2026-05-31',
    })
    expect(refused).toMatchObject({ success: false, errorCode: 'ENTRY_BELONGS_TO_EVENT' })

    const bad = async (vars: Record<string, unknown>) =>
      (await gql(tenant, list, { from: null, to: null, sources: null, account: null, ...vars })).errors?.[0]
        ?.extensions?.code
    expect(await bad({ sources: ['bank'] })).toBe('INVALID_SOURCE')
    expect(await bad({ from: '2026-06-01', to: '2026-05-01' })).toBe('INVALID_DATE_RANGE')
    expect(await bad({ limit: 0 })).toBe('INVALID_LIMIT')
    expect(await bad({ account: '00000000-0000-4000-8000-000000000000' })).toBe('ACCOUNT_NOT_FOUND')
  })

  it('refuses every bad entry with a clear code and writes nothing', async () => {
    const { tenant, accounts } = await setUp()
    const other = await setUp()
    const line = (account: string, side: 'debit' | 'credit', amount: string) => ({
      accountId: accounts[account],
      [side]: amount,
    })
    const refusal = async (vars: Record<string, unknown>) => {
      const answer = await post(tenant, { date: '2026-04-30', ...vars })
      expect(answer.success).toBe(false)
      expect(answer.journalEntry).toBeNull()
      return answer
    }
    const unbalanced = await refusal({
      lines: [line('Rent', 'debit', '100.00'), line('Chequing', 'credit', '90.00')],
    })
    expect(unbalanced.errorCode).toBe('ENTRY_NOT_BALANCED')
    expect(unbalanced.error).toContain('100.00')
    expect(unbalanced.error).toContain('90.00')
    const both = await refusal({
      lines: [
        { accountId: accounts.Rent, debit: '10.00', credit: '10.00' },
        line('Chequing', 'credit', '10.00'),
      ],
    })
    expect(both.errorCode).toBe('INVALID_LINES')
    const neither = await refusal({
      lines: [{ accountId: accounts.Rent }, line('Chequing', 'credit', '10.00')],
    })
    expect(neither.errorCode).toBe('INVALID_LINES')
    for (const amount of ['-10.00', '0.00', '10.001', '1e3']) {
      const answer = await refusal({
        lines: [line('Rent', 'debit', amount), line('Chequing', 'credit', '10.00')],
      })
      expect(answer.errorCode, amount).toBe('INVALID_AMOUNT')
    }
    expect((await refusal({ lines: [line('Rent', 'debit', '10.00')] })).errorCode).toBe('INVALID_LINES')
    const many = Array.from({ length: 501 }, (_, i) =>
      line(i === 0 ? 'Chequing' : 'Rent', i === 0 ? 'credit' : 'debit', '1.00'),
    )
    expect((await refusal({ lines: many })).errorCode).toBe('INVALID_LINES')
    const foreign = await refusal({
      lines: [{ accountId: other.accounts.Rent, debit: '10.00' }, line('Chequing', 'credit', '10.00')],
    })
    expect(foreign.errorCode).toBe('ACCOUNT_NOT_FOUND')
    const foreignContact = await field(
      other.tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, displayName: "Not yours", contactType: "vendor") { contact { id } } }',
    )
    const withContact = await refusal({
      lines: [
        { ...line('Rent', 'debit', '10.00'), contactId: foreignContact.contact.id },
        line('Chequing', 'credit', '10.00'),
      ],
    })
    expect(withContact.errorCode).toBe('CONTACT_NOT_FOUND')
    const tagged = await refusal({
      lines: [
        { ...line('Rent', 'debit', '10.00'), taxReturnLine: '103' },
        line('Chequing', 'credit', '10.00'),
      ],
    })
    expect(tagged.errorCode).toBe('INVALID_TAX_RETURN_LINE')
    const early = await refusal({
      reverseOn: '2026-04-30',
      lines: [line('Rent', 'debit', '10.00'), line('Chequing', 'credit', '10.00')],
    })
    expect(early.errorCode).toBe('INVALID_DATE')
    const memo = await refusal({
      memo: 'x'.repeat(2001),
      lines: [line('Rent', 'debit', '1.00'), line('Chequing', 'credit', '1.00')],
    })
    expect(memo.errorCode).toBe('INVALID_MEMO')
    // No operation makes an account inactive yet; the flag is written as the chart keeps it.
    await server.app.core.database.db
      .updateTable('accounts')
      .set({ active: 0 })
      .where('organization_id', '=', tenant.organizationId)
      .where('id', '=', accounts.Travel as string)
      .execute()
    const inactive = await refusal({
      lines: [line('Travel', 'debit', '10.00'), line('Chequing', 'credit', '10.00')],
    })
    expect(inactive.errorCode).toBe('ACCOUNT_INACTIVE')
    expect(inactive.error).toContain('Travel')

    // A closed period, and a year closed at its end.
    await field(
      tenant,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2026-03-31") { success } }',
      {},
      tenant.owner.jwt,
    )
    const locked = await refusal({
      date: '2026-03-31',
      lines: [line('Rent', 'debit', '1.00'), line('Chequing', 'credit', '1.00')],
    })
    expect(locked.errorCode).toBe('PERIOD_LOCKED')
    const reversalLocked = await refusal({
      date: '2026-03-30',
      reverseOn: '2026-04-01',
      lines: [line('Rent', 'debit', '1.00'), line('Chequing', 'credit', '1.00')],
    })
    expect(reversalLocked.errorCode).toBe('PERIOD_LOCKED')
    await server.app.core.database.db
      .updateTable('organizations')
      .set({ year_end_lock_date: '2025-12-31' })
      .where('id', '=', tenant.organizationId)
      .execute()
    const closed = await refusal({
      date: '2025-12-31',
      lines: [line('Rent', 'debit', '1.00'), line('Chequing', 'credit', '1.00')],
    })
    expect(closed.errorCode).toBe('YEAR_CLOSED')

    expect((await entries(tenant)).totalCount).toBe(0)
    expect(await balanceOf(tenant, '2026-12-31', 'Chequing')).toBe('0.00')
  })

  it("keeps each organization's entries its own", async () => {
    const { tenant, accounts } = await setUp()
    const other = await setUp()
    const entry = await posted(tenant, {
      date: '2026-06-30',
      lines: [
        { accountId: accounts.Rent, debit: '10.00' },
        { accountId: accounts.Chequing, credit: '10.00' },
      ],
    })
    const read = await gql(
      other.tenant,
      `query ($org: UUID!, $id: UUID!) { journalEntry(organizationId: $org, journalEntryId: $id) { id } }`,
      { id: entry.id },
    )
    expect(read.data?.journalEntry).toBeNull()
    expect((await entries(other.tenant)).totalCount).toBe(0)
    const reversed = await field<Payload>(other.tenant, reverse, { id: entry.id, date: '2026-07-01' })
    expect(reversed.errorCode).toBe('JOURNAL_ENTRY_NOT_FOUND')
    // Another organization's id is refused as its members are.
    const intruder = await gql(tenant, list, {
      org: other.tenant.organizationId,
      from: null,
      to: null,
      sources: null,
      account: null,
    })
    expect(intruder.errors?.[0]?.extensions?.code).toBe('API_KEY_NOT_AUTHORIZED')
  })
})

describe('opening balances', () => {
  it('posts one opening entry, balanced by Opening Balance Equity, and replaces it when set again', async () => {
    const { tenant, accounts } = await setUp()
    const first = await field<Payload>(
      tenant,
      opening,
      {
        date: '2025-12-31',
        lines: [
          { accountId: accounts.Chequing, debit: '5000.00' },
          { accountId: accounts['Accounts Payable'], credit: '1200.00' },
        ],
      },
      tenant.owner.jwt,
    )
    expect(first.success, first.error ?? '').toBe(true)
    expect(first.journalEntry?.source).toBe('opening')
    expect(first.journalEntry?.lines.map((l) => [l.account.name, l.debit, l.credit])).toEqual([
      ['Chequing', '5000.00', null],
      ['Accounts Payable', null, '1200.00'],
      ['Opening Balance Equity', null, '3800.00'],
    ])
    expect(await balanceOf(tenant, '2025-12-31', 'Opening Balance Equity')).toBe('3800.00')

    const second = await field<Payload>(
      tenant,
      opening,
      {
        date: '2025-12-31',
        lines: [
          { accountId: accounts.Chequing, debit: '4000.00' },
          { accountId: accounts['Share Capital'], credit: '4500.00' },
        ],
      },
      tenant.owner.jwt,
    )
    expect(second.success, second.error ?? '').toBe(true)
    expect(second.journalEntry?.lines.map((l) => [l.account.name, l.debit, l.credit])).toEqual([
      ['Chequing', '4000.00', null],
      ['Share Capital', null, '4500.00'],
      ['Opening Balance Equity', '500.00', null],
    ])
    expect(await balanceOf(tenant, '2026-01-01', 'Chequing')).toBe('4000.00')
    expect(await balanceOf(tenant, '2026-01-01', 'Accounts Payable')).toBe('0.00')
    expect(await balanceOf(tenant, '2026-01-01', 'Opening Balance Equity')).toBe('-500.00')
    const journal = await entries(tenant, { sources: ['opening', 'reversal'] })
    expect(journal.items.map((e) => e.source).sort()).toEqual(['opening', 'opening', 'reversal'])
    const replaced = journal.items.find((e) => e.id === first.journalEntry?.id)
    expect(replaced?.reversedByEntryId).toEqual(expect.any(String))
    // The opening entry is replaced by setting the balances again, not reversed on its own.
    const direct = await field<Payload>(tenant, reverse, { id: second.journalEntry?.id, date: '2026-01-05' })
    expect(direct.errorCode).toBe('ENTRY_NOT_REVERSIBLE')

    // Owner or admin: an API key may not.
    const byKey = await gql(tenant, opening, {
      date: '2025-12-31',
      lines: [{ accountId: accounts.Chequing, debit: '1.00' }],
    })
    expect(byKey.errors?.[0]?.extensions?.code).toBe('API_KEY_ADMIN_FORBIDDEN')
    const none = await field<Payload>(tenant, opening, { date: '2025-12-31', lines: [] }, tenant.owner.jwt)
    expect(none.errorCode).toBe('INVALID_LINES')
  })
})

describe('tax return lines', () => {
  it('adds tagged lines to lines 104, 107, 110 and 405 of the GST/HST return, which still ties out', async () => {
    const { tenant, accounts } = await setUp()
    const payable = accounts['GST/HST Payable']
    const recoverable = accounts['Taxes Recoverable']
    await posted(tenant, {
      date: '2026-04-15',
      memo: 'Bad debt recovered',
      lines: [
        { accountId: accounts['Accounts Receivable'], debit: '13.00' },
        { accountId: payable, credit: '13.00', taxReturnLine: '104' },
      ],
    })
    await posted(tenant, {
      date: '2026-04-20',
      memo: 'ITC recaptured',
      lines: [
        { accountId: accounts['Other Expenses'], debit: '4.00' },
        { accountId: recoverable, credit: '4.00', taxReturnLine: '107' },
      ],
    })
    await posted(tenant, {
      date: '2026-05-01',
      memo: 'Instalment',
      lines: [
        { accountId: payable, debit: '50.00', taxReturnLine: '110' },
        { accountId: accounts.Chequing, credit: '50.00' },
      ],
    })
    await posted(tenant, {
      date: '2026-05-02',
      memo: 'Imported service, self-assessed',
      lines: [
        { accountId: accounts['Professional Fees'], debit: '26.00' },
        { accountId: payable, credit: '26.00', taxReturnLine: '405' },
      ],
    })
    const entry = (await entries(tenant, { sources: ['manual'] })).items.find((e) => e.memo === 'Instalment')
    expect(entry?.lines.map((l) => l.taxReturnLine)).toEqual(['110', null])

    const taxReturn = await field(
      tenant,
      'query ($org: UUID!) { salesTaxReturn(organizationId: $org, startDate: "2026-04-01", endDate: "2026-06-30") { lines { line amount } tiesOut difference } }',
    )
    const amounts = Object.fromEntries(
      (taxReturn.lines as Array<{ line: string; amount: string }>).map((l) => [l.line, l.amount]),
    )
    expect(amounts).toMatchObject({
      '104': '13.00',
      '105': '13.00',
      '107': '-4.00',
      '108': '-4.00',
      '109': '17.00',
      '110': '50.00',
      '112': '50.00',
      '113A': '-33.00',
      '405': '26.00',
      '113B': '26.00',
      '113C': '-7.00',
      '114': '7.00',
      '115': '0.00',
    })
    expect(taxReturn).toMatchObject({ tiesOut: true, difference: '0.00' })
  })
})

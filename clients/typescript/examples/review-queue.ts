import {
  assertSuccess,
  ConfirmLedgerEventDocument,
  CreateLedgerEventDocument,
  createDaybookClient,
  IncomeStatementDocument,
  ListAccountsDocument,
  ListLedgerEventsDocument,
  MyOrganizationsDocument,
  UpdateStagedEntryDocument,
} from '@daybook/client'

const daybook = createDaybookClient({
  url: process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000/graphql',
  apiKey: process.env.DAYBOOK_API_KEY ?? '',
})

// An API key belongs to exactly one organization.
const { myOrganizations } = await daybook.request(MyOrganizationsDocument, {})
const organizationId = myOrganizations?.[0]?.id
if (!organizationId) throw new Error('This API key sees no organization.')

const { listAccounts } = await daybook.request(ListAccountsDocument, { organizationId, limit: 200 })
const accountId = (name: string) => {
  const account = listAccounts?.items.find((item) => item.name === name)
  if (!account) throw new Error(`No account named ${name}.`)
  return account.id
}

// A purchase waits in the review queue until it is classified and confirmed.
const created = await daybook.request(CreateLedgerEventDocument, {
  organizationId,
  merchantName: 'Staples',
  amount: '42.50',
  transactionDate: '2026-11-03',
})
assertSuccess(created.createLedgerEvent, 'eventId')
const { eventId } = created.createLedgerEvent

const { listLedgerEvents } = await daybook.request(ListLedgerEventsDocument, {
  organizationId,
  status: ['needs_review'],
})
console.log(`${listLedgerEvents?.totalCount} event(s) to review`)

const classified = await daybook.request(UpdateStagedEntryDocument, {
  organizationId,
  eventId,
  categoryId: accountId('Office Expenses'),
  paymentId: accountId('Chequing'),
})
assertSuccess(classified.updateStagedEntry)

// Confirming posts the journal entry; a refusal comes back in the API's own words.
const confirmed = await daybook.request(ConfirmLedgerEventDocument, { organizationId, eventId })
if (!confirmed.confirmLedgerEvent?.success) {
  throw new Error(`${confirmed.confirmLedgerEvent?.errorCode}: ${confirmed.confirmLedgerEvent?.error}`)
}

const { incomeStatement } = await daybook.request(IncomeStatementDocument, {
  organizationId,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
})
console.log(`November's expenses: ${incomeStatement?.totalExpenses} ${incomeStatement?.currency}`)

// Getting started: find the organization, record a purchase, classify it, confirm it, and read
// it back in the income statement. Run: DAYBOOK_URL=http://127.0.0.1:4000 DAYBOOK_API_KEY=dbk_… node getting-started.mjs
const baseUrl = process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000'
const apiKey = process.env.DAYBOOK_API_KEY
check(apiKey, 'set DAYBOOK_API_KEY to an API key (dbk_…)')

function check(condition, message) {
  if (!condition) {
    console.error(`unexpected: ${message}`)
    process.exit(1)
  }
}

async function graphql(query, variables = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query, variables }),
  })
  const body = await response.json()
  check(response.ok && !body.errors, `HTTP ${response.status} ${JSON.stringify(body.errors ?? body)}`)
  return body.data
}

// 1. An API key belongs to one organization: myOrganizations answers it.
const { myOrganizations } = await graphql('{ myOrganizations { id name functionalCurrency } }')
check(myOrganizations?.length === 1, 'an API key sees exactly one organization')
const organization = myOrganizations[0]
const organizationId = organization.id
console.log(`organization: ${organization.name} (${organization.functionalCurrency})`)

// 2. The chart of accounts: a bank account to pay from and an expense account to classify to.
const { listAccounts } = await graphql(
  `query ($organizationId: UUID!) {
    listAccounts(organizationId: $organizationId, limit: 200) { totalCount items { id name accountType } }
  }`,
  { organizationId },
)
const chequing = listAccounts.items.find((account) => account.accountType === 'bank')
const office = listAccounts.items.find((account) => account.name === 'Office Expenses')
check(chequing && office, 'the default chart has a bank account and "Office Expenses"')
console.log(
  `accounts: ${listAccounts.totalCount}, paying from ${chequing.name}, classifying to ${office.name}`,
)

// 3. A ledger event: money is a decimal string, never a float. It waits in needs_review.
const today = new Date().toISOString().slice(0, 10)
const { createLedgerEvent } = await graphql(
  `mutation ($organizationId: UUID!, $date: String!) {
    createLedgerEvent(organizationId: $organizationId, merchantName: "Staples", amount: "42.50",
                      transactionDate: $date, eventType: "expense") {
      success errorCode error field eventId event { status direction functionalAmount }
    }
  }`,
  { organizationId, date: today },
)
check(
  createLedgerEvent.success,
  `createLedgerEvent: ${createLedgerEvent.errorCode} ${createLedgerEvent.error}`,
)
check(createLedgerEvent.event.status === 'needs_review', 'a new event waits for review')
const eventId = createLedgerEvent.eventId
console.log(
  `created event ${eventId}: ${createLedgerEvent.event.functionalAmount} ${createLedgerEvent.event.direction}`,
)

// 4. Classify it: the category and the account it was paid from.
const { updateStagedEntry } = await graphql(
  `mutation ($organizationId: UUID!, $eventId: UUID!, $categoryId: UUID!, $paymentId: UUID!) {
    updateStagedEntry(organizationId: $organizationId, eventId: $eventId, categoryId: $categoryId, paymentId: $paymentId) {
      success errorCode error field event { category { name } paymentAccount { name } }
    }
  }`,
  { organizationId, eventId, categoryId: office.id, paymentId: chequing.id },
)
check(
  updateStagedEntry.success,
  `updateStagedEntry: ${updateStagedEntry.errorCode} ${updateStagedEntry.error}`,
)
console.log(
  `classified: ${updateStagedEntry.event.category.name}, paid from ${updateStagedEntry.event.paymentAccount.name}`,
)

// 5. Confirm it: Daybook posts a balanced journal entry.
const { confirmLedgerEvent } = await graphql(
  `mutation ($organizationId: UUID!, $eventId: UUID!) {
    confirmLedgerEvent(organizationId: $organizationId, eventId: $eventId) { success errorCode error journalEntryId }
  }`,
  { organizationId, eventId },
)
check(
  confirmLedgerEvent.success,
  `confirmLedgerEvent: ${confirmLedgerEvent.errorCode} ${confirmLedgerEvent.error}`,
)
console.log(`confirmed: journal entry ${confirmLedgerEvent.journalEntryId}`)

// 6. The income statement for today shows the expense.
const { incomeStatement } = await graphql(
  `query ($organizationId: UUID!, $date: Date!) {
    incomeStatement(organizationId: $organizationId, startDate: $date, endDate: $date) {
      currency totalIncome totalExpenses netIncome expenseAccounts { accountName total }
    }
  }`,
  { organizationId, date: today },
)
const line = incomeStatement.expenseAccounts.find((account) => account.accountName === office.name)
check(line && Number(line.total) >= 42.5, 'the income statement shows the confirmed expense')
console.log(
  `income statement ${today}: expenses ${incomeStatement.totalExpenses} ${incomeStatement.currency}, net ${incomeStatement.netIncome}`,
)
console.log('ok')

// Pagination: page through listLedgerEvents with limit and offset, then follow the feed with
// after and lastSeq. Run: DAYBOOK_URL=http://127.0.0.1:4000 DAYBOOK_API_KEY=dbk_… node pagination.mjs
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

const { myOrganizations } = await graphql('{ myOrganizations { id } }')
const organizationId = myOrganizations[0].id

// Something to page through: seven events.
for (let day = 1; day <= 7; day++) {
  const { createLedgerEvent } = await graphql(
    `mutation ($organizationId: UUID!, $date: String!) {
      createLedgerEvent(organizationId: $organizationId, merchantName: "Staples", amount: "5.00",
                        transactionDate: $date, eventType: "expense") { success errorCode error }
    }`,
    { organizationId, date: `2026-02-0${day}` },
  )
  check(
    createLedgerEvent.success,
    `createLedgerEvent: ${createLedgerEvent.errorCode} ${createLedgerEvent.error}`,
  )
}

// 1. Offset pages: ask with limit and offset; totalCount says how many match, pageSize the limit
//    actually served (a limit over 200 is served as 200). Stop once offset reaches totalCount.
const listPage = `query ($organizationId: UUID!, $limit: Int, $offset: Int) {
  listLedgerEvents(organizationId: $organizationId, limit: $limit, offset: $offset, sortBy: "transactionDate", sortDir: "asc") {
    totalCount pageSize offset items { id transactionDate }
  }
}`
const seen = new Set()
let offset = 0
let totalCount = 0
let pages = 0
do {
  const { listLedgerEvents: page } = await graphql(listPage, { organizationId, limit: 3, offset })
  check(page.pageSize === 3 && page.offset === offset, 'the page says the limit and offset it served')
  for (const event of page.items) seen.add(event.id)
  console.log(`page ${++pages}: offset ${page.offset}, ${page.items.length} of ${page.totalCount}`)
  totalCount = page.totalCount
  offset += page.pageSize
} while (offset < totalCount)
check(seen.size === totalCount && totalCount >= 7, `every event once: ${seen.size} of ${totalCount}`)

const { listLedgerEvents: capped } = await graphql(listPage, { organizationId, limit: 5000, offset: 0 })
check(capped.pageSize === 200, 'a limit over the largest page is served as 200')
console.log(`limit 5000 is served as pageSize ${capped.pageSize}`)

// 2. The feed: ask after the last seq you kept; lastSeq says where the next call starts. A page
//    shorter than the limit means you are caught up.
const feedPage = `query ($organizationId: UUID!, $after: Int, $limit: Int) {
  events(organizationId: $organizationId, after: $after, limit: $limit) { lastSeq items { seq type } }
}`
let after = 0
let previousSeq = 0
for (;;) {
  const { events } = await graphql(feedPage, { organizationId, after, limit: 4 })
  for (const event of events.items) {
    check(event.seq === previousSeq + 1, `the feed has no gaps (${previousSeq} then ${event.seq})`)
    previousSeq = event.seq
  }
  console.log(
    `feed after ${after}: ${events.items.map((event) => `${event.seq} ${event.type}`).join(', ') || 'nothing new'}`,
  )
  after = events.lastSeq
  if (events.items.length < 4) break
}

// Later, one more change: asking from the kept lastSeq answers just it.
await graphql(
  `mutation ($organizationId: UUID!) {
    createLedgerEvent(organizationId: $organizationId, merchantName: "Staples", amount: "5.00",
                      transactionDate: "2026-02-08", eventType: "expense") { success }
  }`,
  { organizationId },
)
const { events: later } = await graphql(feedPage, { organizationId, after, limit: 4 })
check(
  later.items.length === 1 && later.items[0].type === 'ledger_event.created',
  'only the new event follows lastSeq',
)
console.log(`after ${after}: ${later.items[0].seq} ${later.items[0].type}; keep lastSeq ${later.lastSeq}`)
console.log('ok')

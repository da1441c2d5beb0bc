// Errors and retries: a refusal in a payload, a request error, a mutation retried under the same
// Idempotency-Key, and a client that waits out a 429's Retry-After.
// Run: DAYBOOK_URL=http://127.0.0.1:4000 DAYBOOK_API_KEY=dbk_… node errors-and-retries.mjs
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'

const baseUrl = process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000'
const apiKey = process.env.DAYBOOK_API_KEY
check(apiKey, 'set DAYBOOK_API_KEY to an API key (dbk_…)')

function check(condition, message) {
  if (!condition) {
    console.error(`unexpected: ${message}`)
    process.exit(1)
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * POST /graphql, retried as a careful client retries: a 429 after its Retry-After, a network
 * failure or a 5xx after a short pause, each time with the same body and the same
 * Idempotency-Key, so a mutation that did run is answered again instead of running twice.
 */
async function request(query, variables = {}, { idempotencyKey, url = baseUrl, attempts = 5 } = {}) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
  for (let attempt = 1; ; attempt++) {
    let response
    try {
      response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      })
    } catch (error) {
      if (attempt >= attempts) throw error
      await sleep(500 * attempt)
      continue
    }
    if (attempt < attempts && (response.status === 429 || response.status >= 500)) {
      const retryAfterSeconds = Number(response.headers.get('retry-after') ?? 1)
      console.log(`  HTTP ${response.status}: waiting ${retryAfterSeconds} s before attempt ${attempt + 1}`)
      await sleep(retryAfterSeconds * 1000)
      continue
    }
    return { status: response.status, headers: response.headers, body: await response.json() }
  }
}

const { body: orgs } = await request('{ myOrganizations { id } }')
const organizationId = orgs.data.myOrganizations[0].id

const createEvent = `mutation ($organizationId: UUID!, $amount: String!) {
  createLedgerEvent(organizationId: $organizationId, merchantName: "Staples", amount: $amount,
                    transactionDate: "2026-01-05", eventType: "expense") {
    success errorCode error field eventId
  }
}`

// 1. A business refusal is data: success false, errorCode for the program, error for people,
//    field naming the argument at fault. Nothing was written.
const refused = await request(createEvent, { organizationId, amount: 'twelve' })
const payload = refused.body.data.createLedgerEvent
check(refused.status === 200 && payload.success === false, 'a bad amount is refused in the payload')
check(
  payload.errorCode && payload.field === 'amount',
  `the refusal names its code and field: ${JSON.stringify(payload)}`,
)
console.log(`payload refusal: ${payload.errorCode} on ${payload.field}: ${payload.error}`)

// 2. A request error: a value that does not fit its type. No data key at all, a code in extensions.
const badInput = await request(
  'query ($organizationId: UUID!) { listLedgerEvents(organizationId: $organizationId) { totalCount } }',
  {
    organizationId: 'not-a-uuid',
  },
)
check(badInput.body.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT', 'an invalid UUID is BAD_USER_INPUT')
check(!('data' in badInput.body), 'a request error has no data')
console.log(`request error: ${badInput.body.errors[0].extensions.code}: ${badInput.body.errors[0].message}`)

// 3. The same mutation sent twice under one Idempotency-Key runs once; the second answer is the
//    first one again, marked Idempotency-Replayed: true.
const idempotencyKey = randomUUID()
const first = await request(createEvent, { organizationId, amount: '19.99' }, { idempotencyKey })
const again = await request(createEvent, { organizationId, amount: '19.99' }, { idempotencyKey })
const firstId = first.body.data.createLedgerEvent.eventId
check(first.body.data.createLedgerEvent.success && firstId, 'the first run creates the event')
check(first.headers.get('idempotency-replayed') === null, 'the first run is not a replay')
check(again.headers.get('idempotency-replayed') === 'true', 'the retry is answered as a replay')
check(again.body.data.createLedgerEvent.eventId === firstId, 'the replay names the same event')
console.log(`idempotent retry: event ${firstId} created once, second answer replayed`)

// The key belongs to that request: another body under it is IDEMPOTENCY_KEY_REUSED.
const reused = await request(createEvent, { organizationId, amount: '20.00' }, { idempotencyKey })
check(
  reused.body.errors?.[0]?.extensions?.code === 'IDEMPOTENCY_KEY_REUSED',
  'a key reused for another request is refused',
)
console.log(`same key, other request: ${reused.body.errors[0].extensions.code}`)

// 4. 429: the key's hourly quota is spent. Rather than spend it, this stand-in answers the first
//    request as Daybook answers past the quota, then passes requests on to the server.
let limited = false
const standIn = createServer(async (incoming, outgoing) => {
  const chunks = []
  for await (const chunk of incoming) chunks.push(chunk)
  if (!limited) {
    limited = true
    outgoing.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' })
    outgoing.end(
      JSON.stringify({
        errors: [
          { message: 'Rate Limit Exceeded. 5,000 Requests/Hour.', extensions: { code: 'RATE_LIMITED' } },
        ],
      }),
    )
    return
  }
  const answer = await fetch(`${baseUrl}${incoming.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: incoming.headers.authorization },
    body: Buffer.concat(chunks),
  })
  outgoing.writeHead(answer.status, { 'content-type': 'application/json' })
  outgoing.end(await answer.text())
})
await new Promise((resolve) => standIn.listen(0, '127.0.0.1', resolve))
const standInUrl = `http://127.0.0.1:${standIn.address().port}`
const afterWait = await request('{ myOrganizations { id } }', {}, { url: standInUrl })
standIn.close()
check(
  limited && afterWait.status === 200 && afterWait.body.data.myOrganizations[0].id === organizationId,
  'the 429 was waited out',
)
console.log('429 waited out: the retry after Retry-After succeeded')
console.log('ok')

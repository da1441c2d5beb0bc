// Webhooks and the feed: register an endpoint, receive a signed delivery, verify its signature
// (Standard Webhooks), and find the same event in the feed. Run with DAYBOOK_URL, DAYBOOK_API_KEY
// and DAYBOOK_TOKEN, an owner's or admin's JWT from tokenAuth (endpoints are managed by people).
// The server must let webhooks reach this machine: WEBHOOK_ALLOW_HTTP=true WEBHOOK_ALLOWED_HOSTS=127.0.0.1.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'

const baseUrl = process.env.DAYBOOK_URL ?? 'http://127.0.0.1:4000'
const apiKey = process.env.DAYBOOK_API_KEY
const token = process.env.DAYBOOK_TOKEN
check(apiKey && token, 'set DAYBOOK_API_KEY and DAYBOOK_TOKEN')

function check(condition, message) {
  if (!condition) {
    console.error(`unexpected: ${message}`)
    process.exit(1)
  }
}

async function graphql(authorization, query, variables = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  })
  const body = await response.json()
  check(response.ok && !body.errors, `HTTP ${response.status} ${JSON.stringify(body.errors ?? body)}`)
  return body.data
}
const asKey = `Bearer ${apiKey}`
const asPerson = `JWT ${token}`

/**
 * Standard Webhooks: the signature is HMAC-SHA256 of "webhook-id.webhook-timestamp.body", keyed
 * with the base64 bytes after whsec_, and sent as "v1,<base64>"; several (during a secret's
 * rotation) are separated by spaces. A stale timestamp is refused, so a captured delivery cannot
 * be replayed later.
 */
function verify(secret, headers, body, toleranceSeconds = 300) {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp']
  const signatures = headers['webhook-signature']
  if (!id || !timestamp || !signatures) return false
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return signatures.split(' ').some((signature) => {
    const [version, value] = signature.split(',')
    const given = Buffer.from(value ?? '', 'base64')
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
  })
}

const { myOrganizations } = await graphql(asKey, '{ myOrganizations { id } }')
const organizationId = myOrganizations[0].id

// 1. A receiver: it must read the raw body (the signature covers its exact bytes) and answer a
//    2xx within 10 seconds; anything else is retried on the server's schedule.
let secret
let resolveDelivery
const delivered = new Promise((resolve) => {
  resolveDelivery = resolve
})
const receiver = createServer(async (request, response) => {
  const chunks = []
  for await (const chunk of request) chunks.push(chunk)
  const body = Buffer.concat(chunks).toString('utf8')
  const valid = secret !== undefined && verify(secret, request.headers, body)
  response.writeHead(valid ? 204 : 400).end()
  if (valid) resolveDelivery({ id: request.headers['webhook-id'], body: JSON.parse(body) })
  else console.log('refused a delivery whose signature did not verify')
})
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${receiver.address().port}/daybook`

// 2. The endpoint, for one feed type. The secret is shown in this answer only: keep it.
const { createWebhookEndpoint } = await graphql(
  asPerson,
  `mutation ($organizationId: UUID!, $url: String!) {
    createWebhookEndpoint(organizationId: $organizationId, url: $url, eventTypes: ["ledger_event.created"], description: "guide") {
      success errorCode error field secret endpoint { id url eventTypes enabled }
    }
  }`,
  { organizationId, url },
)
check(
  createWebhookEndpoint.success,
  `createWebhookEndpoint: ${createWebhookEndpoint.errorCode} ${createWebhookEndpoint.error}`,
)
secret = createWebhookEndpoint.secret
const endpointId = createWebhookEndpoint.endpoint.id
console.log(`endpoint ${endpointId} at ${url} for ${createWebhookEndpoint.endpoint.eventTypes.join(', ')}`)

// 3. Something happens: a new ledger event.
const { createLedgerEvent } = await graphql(
  asKey,
  `mutation ($organizationId: UUID!) {
    createLedgerEvent(organizationId: $organizationId, merchantName: "Staples", amount: "12.00",
                      transactionDate: "2026-01-05", eventType: "expense") { success errorCode error eventId }
  }`,
  { organizationId },
)
check(
  createLedgerEvent.success,
  `createLedgerEvent: ${createLedgerEvent.errorCode} ${createLedgerEvent.error}`,
)

const timeout = setTimeout(() => check(false, 'no verified delivery within 30 seconds'), 30_000)
const delivery = await delivered
clearTimeout(timeout)
receiver.close()
check(delivery.body.type === 'ledger_event.created', 'the delivery is the event type asked for')
check(delivery.body.data.entityId === createLedgerEvent.eventId, 'the delivery is about the new event')
console.log(`received ${delivery.body.type} (webhook-id ${delivery.id}), signature verified`)

// 4. The feed holds the same event under the same id. A client that keeps lastSeq and asks again
//    from it misses nothing, webhook or not.
const { events } = await graphql(
  asKey,
  `query ($organizationId: UUID!) {
    events(organizationId: $organizationId, after: 0, types: ["ledger_event.created"], limit: 1000) {
      lastSeq items { id seq type occurredAt actorType entityId data }
    }
  }`,
  { organizationId },
)
const inFeed = events.items.find((item) => item.id === delivery.id)
check(inFeed, 'the delivered event is in the feed under its webhook-id')
console.log(`feed: seq ${inFeed.seq} ${inFeed.type} by ${inFeed.actorType}; lastSeq ${events.lastSeq}`)

// 5. Tidy up: the endpoint and its deliveries go.
const { deleteWebhookEndpoint } = await graphql(
  asPerson,
  'mutation ($organizationId: UUID!, $endpointId: UUID!) { deleteWebhookEndpoint(organizationId: $organizationId, endpointId: $endpointId) { success errorCode error } }',
  { organizationId, endpointId },
)
check(deleteWebhookEndpoint.success, `deleteWebhookEndpoint: ${deleteWebhookEndpoint.errorCode}`)
console.log('deleted the endpoint')
console.log('ok')

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  daybookCli,
  disposeEngine,
  type EngineTarget,
  type Figure,
  freshEngine,
  graphqlRequest,
  runBodies,
  startDaybook,
} from './harness.js'
import { type BenchOrg, classifiedEvents, createOrgs, type EventRow, seedEvents } from './seed.js'

// Issue "Tell other systems what changed": what webhooks cost the writes, and how fast they go out.
// One Daybook build confirms classified events with no endpoint and with three subscribed to every
// event type, on loopback receivers in this process; the two take turns over the rounds, each on a
// fresh server over the same database, so drift falls on both. Then one server, three endpoints,
// and a batch of confirms: how many deliveries a second the dispatcher sends once they are queued.

const eventsInOrganization = 20_000
const rounds = 5
const confirmWarmup = 200
const confirmCount = 2_000
const confirmConnections = 16
const endpointsSubscribed = 3
const deliveryConfirms = 200
/** Sealing and fan-out run behind the writes; each timed batch starts once the last one's settled. */
const settleMs = 3_000

type Mode = 'none' | 'subscribed'

const confirmMutation = `mutation Confirm($organizationId: UUID!, $eventId: UUID!) {
  confirmLedgerEvent(organizationId: $organizationId, eventId: $eventId) { success errorCode }
}`

/** Webhook settings that let the server reach receivers on loopback over plain http. */
const webhookEnv = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true' }

/** A receiver that answers 200 at once and notes when each message arrived. */
class Receiver {
  readonly arrivals: number[] = []
  private readonly server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      this.arrivals.push(performance.now())
      response.writeHead(200).end()
    })
  })

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

export async function benchWebhooks(engine: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const target = await freshEngine(engine)
  const receivers = Array.from({ length: endpointsSubscribed }, () => new Receiver())
  try {
    const urls = await Promise.all(receivers.map((r) => r.listen()))
    return await webhookFigures(engine, target, receivers, urls)
  } finally {
    for (const receiver of receivers) await receiver.close()
    await disposeEngine(target)
  }
}

interface Owner {
  email: string
  password: string
}

async function webhookFigures(
  engine: 'sqlite' | 'postgres',
  target: EngineTarget,
  receivers: Receiver[],
  urls: string[],
): Promise<Figure[]> {
  const [org] = (await createOrgs(target, ['Webhooks Org'])) as [BenchOrg]
  // Endpoints are made by owners signed in as people, never by API keys.
  const owner: Owner = { email: 'owner@bench.example', password: 'a long bench password' }
  await daybookCli(target, 'user', 'create', '--email', owner.email, '--password', owner.password)
  await daybookCli(target, 'member', 'add', '--org-id', org.id, '--email', owner.email, '--role', 'owner')
  const perRun = confirmWarmup + confirmCount
  const classified = classifiedEvents(org, rounds * 2 * perRun + deliveryConfirms, 91)
  const seedSeconds = await seedEvents(target, [
    { org, count: eventsInOrganization, seed: 5151, extra: classified },
  ])
  console.log(
    `Webhooks [${engine}] seeded ${eventsInOrganization + classified.length} events in ${seedSeconds.toFixed(1)} s`,
  )

  const measured: Record<Mode, number[]> = { none: [], subscribed: [] }
  let run = 0
  for (let round = 0; round < rounds; round++) {
    const order: Mode[] = round % 2 === 0 ? ['none', 'subscribed'] : ['subscribed', 'none']
    for (const mode of order) {
      const events = classified.slice(run * perRun, (run + 1) * perRun)
      measured[mode].push(await measureConfirms(target, org, owner, mode, events, urls))
      run++
    }
  }
  const deliveries = await measureDeliveries(
    target,
    org,
    owner,
    classified.slice(run * perRun),
    receivers,
    urls,
  )

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] as number
  }
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ')
  const withEndpoints = median(measured.subscribed)
  const without = median(measured.none)
  return [
    {
      section: 'Webhooks',
      name: `confirmLedgerEvent with ${endpointsSubscribed} endpoints subscribed to every type, ${confirmCount.toLocaleString('en-US')} classified events, ${confirmConnections} connections`,
      engine,
      value: withEndpoints,
      unit: 'confirms/s',
      baselineName: 'the same build with no endpoint',
      baseline: without,
      ratio: withEndpoints / without,
      target: '>= 0.9',
      extra: `median of ${rounds} rounds, the modes taking turns on fresh servers (subscribed: ${list(measured.subscribed)}; none: ${list(measured.none)}); ${confirmWarmup} confirms of warm-up per server; ${eventsInOrganization.toLocaleString('en-US')} events in the organization; the dispatcher fans out and sends to loopback receivers during the batch`,
    },
    {
      section: 'Webhooks',
      name: `deliveries to ${endpointsSubscribed} local receivers, ${(deliveryConfirms * endpointsSubscribed).toLocaleString('en-US')} queued`,
      engine,
      value: deliveries.perSecond,
      unit: 'deliveries/s',
      baselineName: 'none',
      baseline: deliveries.perSecond,
      ratio: 1,
      target: 'measured',
      extra: `from the first message's arrival to the last's (${deliveries.seconds.toFixed(1)} s); one endpoint is sent one delivery at a time in feed order, and the dispatcher starts its next pass at once while it has work`,
    },
  ]
}

async function signIn(url: string, owner: Owner): Promise<Record<string, string>> {
  const answer = await graphqlRequest<{ data?: { tokenAuth?: { token: string } } }>(url, {
    query: 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
    variables: { e: owner.email, p: owner.password },
  })
  const token = answer.data?.tokenAuth?.token
  if (!token) throw new Error(`tokenAuth answered ${JSON.stringify(answer).slice(0, 300)}`)
  return { authorization: `JWT ${token}` }
}

async function createEndpoints(url: string, org: BenchOrg, owner: Owner, urls: string[]): Promise<string[]> {
  const auth = await signIn(url, owner)
  const ids: string[] = []
  for (const hook of urls) {
    const answer = await graphqlRequest<{
      data?: { createWebhookEndpoint?: { success: boolean; endpoint: { id: string } | null } }
    }>(
      url,
      {
        query:
          'mutation ($org: UUID!, $url: String!) { createWebhookEndpoint(organizationId: $org, url: $url) { success errorCode endpoint { id } } }',
        variables: { org: org.id, url: hook },
      },
      auth,
    )
    const id = answer.data?.createWebhookEndpoint?.endpoint?.id
    if (!id) throw new Error(`createWebhookEndpoint answered ${JSON.stringify(answer).slice(0, 300)}`)
    ids.push(id)
  }
  return ids
}

/** Later rounds start without the endpoints, and without the backlog they would still be sending. */
async function deleteEndpoints(url: string, org: BenchOrg, owner: Owner, ids: string[]): Promise<void> {
  const auth = await signIn(url, owner)
  for (const id of ids) {
    await graphqlRequest(
      url,
      {
        query:
          'mutation ($org: UUID!, $id: UUID!) { deleteWebhookEndpoint(organizationId: $org, endpointId: $id) { success } }',
        variables: { org: org.id, id },
      },
      auth,
    )
  }
}

async function confirmAll(
  url: string,
  org: BenchOrg,
  events: EventRow[],
  label: string,
): Promise<{ seconds: number }> {
  const failures: string[] = []
  let confirmed = 0
  const result = await runBodies({
    url,
    bodies: events.map((event) => ({
      query: confirmMutation,
      variables: { organizationId: org.id, eventId: event.id },
    })),
    headers: { authorization: `Bearer ${org.key}` },
    connections: confirmConnections,
    onBody: (body) => {
      if (body.includes('"success":true')) confirmed++
      else if (failures.length < 5) failures.push(body.slice(0, 300))
    },
  })
  if (failures.length > 0 || confirmed !== events.length)
    throw new Error(
      `confirmLedgerEvent (${label}): ${confirmed} of ${events.length}; ${failures.join(' | ')}`,
    )
  return result
}

async function measureConfirms(
  target: EngineTarget,
  org: BenchOrg,
  owner: Owner,
  mode: Mode,
  events: EventRow[],
  urls: string[],
): Promise<number> {
  const daybook = await startDaybook(target, webhookEnv)
  try {
    const endpoints = mode === 'subscribed' ? await createEndpoints(daybook.url, org, owner, urls) : []
    await confirmAll(daybook.url, org, events.slice(0, confirmWarmup), mode)
    await settle()
    const timed = await confirmAll(daybook.url, org, events.slice(confirmWarmup), mode)
    await settle()
    await deleteEndpoints(daybook.url, org, owner, endpoints)
    return confirmCount / timed.seconds
  } finally {
    await daybook.stop()
  }
}

async function measureDeliveries(
  target: EngineTarget,
  org: BenchOrg,
  owner: Owner,
  events: EventRow[],
  receivers: Receiver[],
  urls: string[],
): Promise<{ perSecond: number; seconds: number }> {
  const daybook = await startDaybook(target, webhookEnv)
  try {
    const endpoints = await createEndpoints(daybook.url, org, owner, urls)
    for (const receiver of receivers) receiver.arrivals.length = 0
    await confirmAll(daybook.url, org, events, 'deliveries')
    const expected = events.length * receivers.length
    const arrived = () => receivers.reduce((sum, r) => sum + r.arrivals.length, 0)
    const until = performance.now() + 600_000
    while (arrived() < expected) {
      if (performance.now() > until) throw new Error(`only ${arrived()} of ${expected} deliveries arrived`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const all = receivers.flatMap((r) => r.arrivals)
    const seconds = (Math.max(...all) - Math.min(...all)) / 1000
    await deleteEndpoints(daybook.url, org, owner, endpoints)
    return { perSecond: (expected - 1) / seconds, seconds }
  } finally {
    await daybook.stop()
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, settleMs))

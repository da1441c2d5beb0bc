// A SIGKILL fired inside each write: after a restart the write is gone, all acknowledged work is kept, and one retry does it once.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type RawBuilder, sql } from 'kysely'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../src/db/engine.js'
import type { FaultPoint } from '../../src/fault-points.js'
import { multipart, pdfWithText } from '../support/files.js'
import {
  type Answer,
  assertBooksConsistent,
  type CrashEnv,
  cli,
  endLeasesOfKilledServer,
  gql,
  kill,
  type RunningServer,
  start,
  tenant,
} from './harness.js'

const target: CrashEnv = {
  dataDir: mkdtempSync(path.join(tmpdir(), 'daybook-fault-')),
  databaseUrl: inject('databaseUrl'),
}
let database: DatabaseHandle

beforeAll(() => {
  database = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
})
afterAll(() => database.close())

interface ArmedServer extends RunningServer {
  markerFile: string
}

function armed(point: FaultPoint, count: number, env: Record<string, string> = {}): Promise<ArmedServer> {
  const markerFile = path.join(target.dataDir, `fault-${point}-${Date.now()}.json`)
  return start(target, {
    ...env,
    DAYBOOK_FAULT_POINT: `${point}:${count}`,
    DAYBOOK_FAULT_MARKER_FILE: markerFile,
  }).then((server) => ({ ...server, markerFile }))
}

/**
 * The server killed itself at `point`: it died of SIGKILL, the marker it wrote just before names
 * the point and its own pid, and the request in flight (if any) got no answer.
 */
async function expectKilledAt(
  server: ArmedServer,
  point: FaultPoint,
  inFlight: Promise<Answer> | undefined,
  waitMs = 60_000,
): Promise<{ faultPoint: string; reached: number; pid: number }> {
  if (inFlight) {
    const answered = await inFlight.then(
      (answer) => answer,
      () => undefined,
    )
    if (answered) {
      await kill(server.child)
      expect.fail(
        `the request was answered, so the kill was not inside its write: ${JSON.stringify(answered.body)}`,
      )
    }
  }
  const ended = await Promise.race([
    server.exited,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs)),
  ])
  if (!ended) {
    await kill(server.child)
    expect.fail(`the server did not reach ${point} within ${waitMs} ms`)
  }
  expect(ended.signal).toBe('SIGKILL')
  expect(existsSync(server.markerFile)).toBe(true)
  const marker = JSON.parse(readFileSync(server.markerFile, 'utf8'))
  expect(marker).toMatchObject({ faultPoint: point, pid: server.child.pid })
  return marker
}

async function accountIds(url: string, key: string, organizationId: string) {
  const answer = await gql(
    url,
    key,
    'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 100) { items { id name } } }',
    { org: organizationId },
  )
  const items = (answer.body.data?.listAccounts.items ?? []) as Array<{ id: string; name: string }>
  return (name: string) => {
    const found = items.find((a) => a.name === name)
    if (!found) throw new Error(`no account named ${name}`)
    return found.id
  }
}

async function countOf(query: RawBuilder<{ n: number | bigint }>): Promise<number> {
  const result = await query.execute(database.db)
  return Number(result.rows[0]?.n)
}

const importMutation =
  'mutation ($org: UUID!, $a: UUID!, $rows: [BankStatementRowInput!]!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: $rows) { importedCount skippedCount } }'
const confirmMutation =
  'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success journalEntryId errorCode } }'
const attachMutation =
  'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k) { success receiptId errorCode } }'

function statementRows(label: string, date: string, amount: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    transactionDate: date,
    description: `${label} row ${i}`,
    amount,
    eventType: 'expense',
  }))
}

async function createEvent(
  url: string,
  key: string,
  organizationId: string,
  fields: { merchant: string; amount: string; date: string; categoryId: string; paymentAccountId: string },
): Promise<string> {
  const created = await gql(
    url,
    key,
    'mutation ($org: UUID!, $m: String!, $amount: String!, $d: String!, $c: UUID!, $p: UUID!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: $amount, transactionDate: $d, categoryId: $c, paymentAccountId: $p) { eventId } }',
    {
      org: organizationId,
      m: fields.merchant,
      amount: fields.amount,
      d: fields.date,
      c: fields.categoryId,
      p: fields.paymentAccountId,
    },
  )
  const eventId = created.body.data?.createLedgerEvent?.eventId
  expect(eventId, JSON.stringify(created.body)).toBeTypeOf('string')
  return eventId as string
}

describe('fault points: a kill inside the write', () => {
  it('import.rows: an import killed after its rows are inserted leaves none, and its retry imports them once', async () => {
    const { organizationId, key } = tenant(target, `Fault Import ${Date.now()}`)
    const server = await armed('import.rows', 3)
    const chequing = (await accountIds(server.url, key, organizationId))('Chequing')
    const before = statementRows('Fault early', '2026-01-05', '-7.25', 2)
    const interrupted = statementRows('Fault import', '2026-03-10', '-1.00', 500)
    const acknowledged = await gql(
      server.url,
      key,
      importMutation,
      { org: organizationId, a: chequing, rows: before },
      { 'idempotency-key': 'import-early' },
    )
    expect(acknowledged.body.data?.importBankStatement).toEqual({ importedCount: 2, skippedCount: 0 })

    const variables = { org: organizationId, a: chequing, rows: interrupted }
    const inFlight = gql(server.url, key, importMutation, variables, { 'idempotency-key': 'import-killed' })
    const marker = await expectKilledAt(server, 'import.rows', inFlight)
    // Reached at 502, the point ran after this import's 500 rows were inserted, inside its transaction.
    expect(marker.reached).toBe(before.length + interrupted.length)

    const stored = (label: string) =>
      countOf(sql<{ n: number | bigint }>`
        select count(*) as n from ledger_events
        where organization_id = ${organizationId} and merchant_name like ${`${label} row %`}`)
    expect(await stored('Fault import')).toBe(0)
    expect(await stored('Fault early')).toBe(2)
    await assertBooksConsistent(database, organizationId)

    await endLeasesOfKilledServer(database, organizationId)
    const restarted = await start(target)
    try {
      const retry = await gql(restarted.url, key, importMutation, variables, {
        'idempotency-key': 'import-killed',
      })
      expect(retry.replayed).toBe(false)
      expect(retry.body.data?.importBankStatement).toEqual({ importedCount: 500, skippedCount: 0 })
      const again = await gql(restarted.url, key, importMutation, variables, {
        'idempotency-key': 'import-killed',
      })
      expect(again.replayed).toBe(true)
      expect(again.body).toEqual(retry.body)
      const earlyAgain = await gql(
        restarted.url,
        key,
        importMutation,
        { org: organizationId, a: chequing, rows: before },
        { 'idempotency-key': 'import-early' },
      )
      expect(earlyAgain.replayed).toBe(true)
      expect(earlyAgain.body).toEqual(acknowledged.body)
    } finally {
      await kill(restarted.child)
    }
    expect(await stored('Fault import')).toBe(500)
    expect(await stored('Fault early')).toBe(2)
    await assertBooksConsistent(database, organizationId)
  })

  it('confirm.posted: a confirm killed after its entry is written posts nothing, and its retry posts once', async () => {
    const { organizationId, key } = tenant(target, `Fault Confirm ${Date.now()}`)
    const server = await armed('confirm.posted', 3)
    const account = await accountIds(server.url, key, organizationId)
    const eventIds: string[] = []
    for (let i = 0; i < 3; i++) {
      const eventId = await createEvent(server.url, key, organizationId, {
        merchant: `Fault confirm ${i}`,
        amount: '11.30',
        date: '2026-02-02',
        categoryId: account('Office Expenses'),
        paymentAccountId: account('Chequing'),
      })
      const staged = await gql(
        server.url,
        key,
        'mutation ($org: UUID!, $e: UUID!) { updateStagedEntry(organizationId: $org, eventId: $e, taxAmount: "1.30") { success } }',
        { org: organizationId, e: eventId },
      )
      expect(staged.body.data?.updateStagedEntry.success).toBe(true)
      eventIds.push(eventId)
    }
    const [first, second, third] = eventIds as [string, string, string]
    const confirm = (url: string, eventId: string, idempotencyKey: string) =>
      gql(
        url,
        key,
        confirmMutation,
        { org: organizationId, e: eventId },
        { 'idempotency-key': idempotencyKey },
      )
    const acknowledged = [
      await confirm(server.url, first, 'confirm-0'),
      await confirm(server.url, second, 'confirm-1'),
    ]
    for (const answer of acknowledged) expect(answer.body.data?.confirmLedgerEvent.success).toBe(true)

    const marker = await expectKilledAt(server, 'confirm.posted', confirm(server.url, third, 'confirm-2'))
    expect(marker.reached).toBe(3)

    const postings = async () => {
      const rows = await sql<{ event_id: string; id: string }>`
        select event_id, id from journal_entries where organization_id = ${organizationId} and kind = 'posting'`.execute(
        database.db,
      )
      return new Map(rows.rows.map((r) => [r.event_id, r.id]))
    }
    const statusOf = async (eventId: string) => {
      const row = await database.db
        .selectFrom('ledger_events')
        .select(['status', 'journal_entry_id'])
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow()
      return { status: row.status, journalEntryId: row.journal_entry_id }
    }
    const afterKill = await postings()
    expect([...afterKill.keys()].sort()).toEqual([first, second].sort())
    for (const [index, eventId] of [first, second].entries()) {
      expect(afterKill.get(eventId)).toBe(acknowledged[index]?.body.data?.confirmLedgerEvent.journalEntryId)
    }
    expect(await statusOf(third)).toEqual({ status: 'needs_review', journalEntryId: null })
    const linesOfKilled = await countOf(sql<{ n: number | bigint }>`
      select count(*) as n from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.organization_id = ${organizationId} and e.event_id = ${third}`)
    expect(linesOfKilled).toBe(0)
    await assertBooksConsistent(database, organizationId)

    await endLeasesOfKilledServer(database, organizationId)
    const restarted = await start(target)
    try {
      const retry = await confirm(restarted.url, third, 'confirm-2')
      expect(retry.replayed).toBe(false)
      expect(retry.body.data?.confirmLedgerEvent).toMatchObject({ success: true, errorCode: null })
      const again = await confirm(restarted.url, third, 'confirm-2')
      expect(again.replayed).toBe(true)
      expect(again.body).toEqual(retry.body)
      const firstAgain = await confirm(restarted.url, first, 'confirm-0')
      expect(firstAgain.replayed).toBe(true)
      expect(firstAgain.body).toEqual(acknowledged[0]?.body)
      const final = await postings()
      expect([...final.keys()].sort()).toEqual([...eventIds].sort())
      expect(final.get(third)).toBe(retry.body.data?.confirmLedgerEvent.journalEntryId)
      expect(await statusOf(third)).toEqual({
        status: 'confirmed',
        journalEntryId: retry.body.data?.confirmLedgerEvent.journalEntryId,
      })
    } finally {
      await kill(restarted.child)
    }
    await assertBooksConsistent(database, organizationId)
  })

  it('confirm.many.posted: a confirm of many killed after its entries are written posts none of them, and its retry posts each once', async () => {
    const { organizationId, key } = tenant(target, `Fault Confirm Many ${Date.now()}`)
    const server = await armed('confirm.many.posted', 2)
    const account = await accountIds(server.url, key, organizationId)
    const eventIds: string[] = []
    for (let i = 0; i < 50; i++) {
      eventIds.push(
        await createEvent(server.url, key, organizationId, {
          merchant: `Fault many ${i}`,
          amount: `${i + 1}.00`,
          date: '2026-02-03',
          categoryId: account('Office Expenses'),
          paymentAccountId: account('Chequing'),
        }),
      )
    }
    const [acknowledgedIds, killedIds] = [eventIds.slice(0, 20), eventIds.slice(20)]
    const confirmMany = (url: string, ids: string[], idempotencyKey: string) =>
      gql(
        url,
        key,
        'mutation ($org: UUID!, $ids: [UUID!]!) { confirmLedgerEvents(organizationId: $org, eventIds: $ids) { confirmedCount results { eventId success journalEntryId } } }',
        { org: organizationId, ids },
        { 'idempotency-key': idempotencyKey },
      )
    const acknowledged = await confirmMany(server.url, acknowledgedIds, 'many-0')
    expect(acknowledged.body.data?.confirmLedgerEvents.confirmedCount).toBe(20)

    const marker = await expectKilledAt(
      server,
      'confirm.many.posted',
      confirmMany(server.url, killedIds, 'many-1'),
    )
    expect(marker.reached).toBe(2)

    const posted = async () =>
      (
        await sql<{ event_id: string }>`
        select event_id from journal_entries where organization_id = ${organizationId} and kind = 'posting'`.execute(
          database.db,
        )
      ).rows.map((row) => row.event_id)
    expect((await posted()).sort()).toEqual([...acknowledgedIds].sort())
    const waiting = await countOf(sql<{ n: number | bigint }>`
      select count(*) as n from ledger_events where organization_id = ${organizationId}
      and status = 'needs_review' and journal_entry_id is null`)
    expect(waiting).toBe(30)
    await assertBooksConsistent(database, organizationId)

    await endLeasesOfKilledServer(database, organizationId)
    const restarted = await start(target)
    try {
      const retry = await confirmMany(restarted.url, killedIds, 'many-1')
      expect(retry.replayed).toBe(false)
      expect(retry.body.data?.confirmLedgerEvents.confirmedCount).toBe(30)
      const again = await confirmMany(restarted.url, killedIds, 'many-1')
      expect(again.replayed).toBe(true)
      expect(again.body).toEqual(retry.body)
      const firstAgain = await confirmMany(restarted.url, acknowledgedIds, 'many-0')
      expect(firstAgain.body).toEqual(acknowledged.body)
      const final = await posted()
      expect(final.sort()).toEqual([...eventIds].sort())
      expect(new Set(final).size).toBe(50)
    } finally {
      await kill(restarted.child)
    }
    await assertBooksConsistent(database, organizationId)
  })

  it('receipt.extracted: an extraction killed after the receipt update leaves the receipt unread, and the job reads it once on restart', async () => {
    const { organizationId, key } = tenant(target, `Fault Receipt ${Date.now()}`)
    const server = await armed('receipt.extracted', 2)
    const account = await accountIds(server.url, key, organizationId)
    const accountIdsOf = { categoryId: account('Office Expenses'), paymentAccountId: account('Chequing') }
    const cafe = await createEvent(server.url, key, organizationId, {
      merchant: 'Corner Cafe',
      amount: '18.40',
      date: '2026-03-02',
      ...accountIdsOf,
    })
    const depot = await createEvent(server.url, key, organizationId, {
      merchant: 'Harbour Hardware',
      amount: '45.20',
      date: '2026-03-04',
      ...accountIdsOf,
    })
    const confirmed = await gql(
      server.url,
      key,
      confirmMutation,
      { org: organizationId, e: cafe },
      { 'idempotency-key': 'receipt-confirm' },
    )
    expect(confirmed.body.data?.confirmLedgerEvent.success).toBe(true)
    const upload = async (url: string, lines: string[], filename: string) => {
      const response = await fetch(`${url}/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: multipart([
          { name: 'file', filename, bytes: await pdfWithText(lines), type: 'application/pdf' },
        ]),
      })
      expect(response.status).toBe(201)
      return ((await response.json()) as { s3Key: string }).s3Key
    }
    const receiptRow = (id: string) =>
      database.db
        .selectFrom('receipts')
        .select(['vendor_name', 'amount_minor', 'receipt_date', 'extraction_error', 'event_id', 's3_key'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    const extractJobs = async (receiptId: string) =>
      database.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('kind', '=', 'extract_receipt')
        .where('subject_id', '=', receiptId)
        .execute()
    const untilRead = async (receiptId: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const row = await receiptRow(receiptId)
        if (row.vendor_name !== null || row.extraction_error !== null || Date.now() > deadline) return row
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    const cafeKey = await upload(server.url, ['Corner Cafe', '2026-03-02', 'Total $18.40'], 'cafe.pdf')
    const cafeAttached = await gql(
      server.url,
      key,
      attachMutation,
      { org: organizationId, e: cafe, k: cafeKey },
      { 'idempotency-key': 'attach-cafe' },
    )
    const cafeReceipt = cafeAttached.body.data?.attachReceiptToEvent.receiptId as string
    expect(cafeAttached.body.data?.attachReceiptToEvent.success).toBe(true)
    const cafeRead = await untilRead(cafeReceipt, 60_000)
    expect(cafeRead).toMatchObject({ extraction_error: null, receipt_date: '2026-03-02' })
    expect(Number(cafeRead.amount_minor)).toBe(1840)

    const depotKey = await upload(server.url, ['Harbour Hardware', '2026-03-04', 'Total $45.20'], 'depot.pdf')
    const depotVariables = { org: organizationId, e: depot, k: depotKey }
    // The attach commits and queues the extraction; its answer may or may not beat the kill.
    const depotAttached = await gql(server.url, key, attachMutation, depotVariables, {
      'idempotency-key': 'attach-depot',
    }).then(
      (answer) => answer,
      () => undefined,
    )
    const marker = await expectKilledAt(server, 'receipt.extracted', undefined)
    expect(marker.reached).toBe(2)

    const depotReceipt = await database.db
      .selectFrom('receipts')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('s3_key', '=', depotKey)
      .executeTakeFirstOrThrow()
    if (depotAttached) expect(depotAttached.body.data?.attachReceiptToEvent.receiptId).toBe(depotReceipt.id)
    expect(await receiptRow(depotReceipt.id)).toMatchObject({
      vendor_name: null,
      amount_minor: null,
      receipt_date: null,
      extraction_error: null,
      event_id: depot,
    })
    expect(await extractJobs(depotReceipt.id)).toEqual([{ status: 'running', attempts: expect.anything() }])
    expect(Number(cafeRead.amount_minor)).toBe(Number((await receiptRow(cafeReceipt)).amount_minor))
    await assertBooksConsistent(database, organizationId)

    await endLeasesOfKilledServer(database, organizationId)
    const restarted = await start(target)
    try {
      const depotRead = await untilRead(depotReceipt.id, 60_000)
      expect(depotRead).toMatchObject({ extraction_error: null, receipt_date: '2026-03-04', event_id: depot })
      expect(Number(depotRead.amount_minor)).toBe(4520)
      const retry = await gql(restarted.url, key, attachMutation, depotVariables, {
        'idempotency-key': 'attach-depot',
      })
      expect(retry.body.data?.attachReceiptToEvent).toMatchObject({
        success: true,
        receiptId: depotReceipt.id,
      })
      const again = await gql(restarted.url, key, attachMutation, depotVariables, {
        'idempotency-key': 'attach-depot',
      })
      expect(again.replayed).toBe(true)
      expect(again.body).toEqual(retry.body)
      const cafeAgain = await gql(
        restarted.url,
        key,
        attachMutation,
        { org: organizationId, e: cafe, k: cafeKey },
        { 'idempotency-key': 'attach-cafe' },
      )
      expect(cafeAgain.replayed).toBe(true)
      expect(cafeAgain.body).toEqual(cafeAttached.body)
    } finally {
      await kill(restarted.child)
    }
    const jobs = await extractJobs(depotReceipt.id)
    expect(jobs.map((job) => ({ status: job.status, attempts: Number(job.attempts) }))).toEqual([
      { status: 'done', attempts: 2 },
    ])
    const receiptsOfDepot = await countOf(sql<{ n: number | bigint }>`
      select count(*) as n from receipts where organization_id = ${organizationId} and s3_key = ${depotKey}`)
    expect(receiptsOfDepot).toBe(1)
    await assertBooksConsistent(database, organizationId)
  })

  it('reconcile.finish: a finish killed after its events move leaves the reconciliation open, and its retry finishes it once', async () => {
    const { organizationId, key } = tenant(target, `Fault Reconcile ${Date.now()}`)
    const server = await armed('reconcile.finish', 1)
    const account = await accountIds(server.url, key, organizationId)
    const eventIds: string[] = []
    for (let i = 0; i < 2; i++) {
      const eventId = await createEvent(server.url, key, organizationId, {
        merchant: `Fault reconcile ${i}`,
        amount: '20.00',
        date: '2026-04-02',
        categoryId: account('Office Expenses'),
        paymentAccountId: account('Chequing'),
      })
      const confirmed = await gql(server.url, key, confirmMutation, { org: organizationId, e: eventId })
      expect(confirmed.body.data?.confirmLedgerEvent.success).toBe(true)
      eventIds.push(eventId)
    }
    const started = await gql(
      server.url,
      key,
      'mutation ($org: UUID!, $a: UUID!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: "2026-04-30", statementBalance: "-45.00") { success reconciliation { id } } }',
      { org: organizationId, a: account('Chequing') },
    )
    const reconciliationId = started.body.data?.startReconciliation.reconciliation.id as string
    const cleared = await gql(
      server.url,
      key,
      'mutation ($org: UUID!, $r: UUID!, $ids: [UUID!]!) { setReconciliationCleared(organizationId: $org, reconciliationId: $r, eventIds: $ids, cleared: true) { success reconciliation { difference } } }',
      { org: organizationId, r: reconciliationId, ids: eventIds },
    )
    expect(cleared.body.data?.setReconciliationCleared).toEqual({
      success: true,
      reconciliation: { difference: '-5.00' },
    })
    const finish = (url: string) =>
      gql(
        url,
        key,
        'mutation ($org: UUID!, $r: UUID!, $adj: UUID) { finishReconciliation(organizationId: $org, reconciliationId: $r, adjustmentAccountId: $adj) { success errorCode reconciliation { status } } }',
        { org: organizationId, r: reconciliationId, adj: account('Bank Fees & Charges') },
      )
    await expectKilledAt(server, 'reconcile.finish', finish(server.url))

    const state = async () => ({
      status: (
        await sql<{ status: string }>`select status from reconciliations
          where organization_id = ${organizationId} and id = ${reconciliationId}`.execute(database.db)
      ).rows[0]?.status,
      reconciled: await countOf(sql<{ n: number | bigint }>`select count(*) as n from ledger_events
        where organization_id = ${organizationId} and status = 'reconciled'`),
      adjustments: await countOf(sql<{ n: number | bigint }>`select count(*) as n from journal_entries
        where organization_id = ${organizationId} and kind = 'adjustment'`),
    })
    expect(await state()).toEqual({ status: 'open', reconciled: 0, adjustments: 0 })
    await assertBooksConsistent(database, organizationId)

    await endLeasesOfKilledServer(database, organizationId)
    const restarted = await start(target)
    try {
      const retry = await finish(restarted.url)
      expect(retry.body.data?.finishReconciliation).toEqual({
        success: true,
        errorCode: null,
        reconciliation: { status: 'finished' },
      })
    } finally {
      await kill(restarted.child)
    }
    expect(await state()).toEqual({ status: 'finished', reconciled: 2, adjustments: 1 })
    await assertBooksConsistent(database, organizationId)
  })
  it('webhook.sent: a confirm acknowledged, its webhook sent but not recorded when killed, is sent once more after the restart under the same webhook-id', async () => {
    const { organizationId, key } = tenant(target, `Fault Webhook ${Date.now()}`)
    const email = `owner-${Date.now()}@example.com`
    const password = 'a long password for the owner'
    cli(target, 'user', 'create', '--email', email, '--password', password)
    cli(target, 'member', 'add', '--org-id', organizationId, '--email', email, '--role', 'owner')

    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = []
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    const webhookEnv = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true' }
    try {
      const server = await armed('webhook.sent', 1, webhookEnv)
      const signIn = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
          variables: { e: email, p: password },
        }),
      })
      const token = ((await signIn.json()) as { data: { tokenAuth: { token: string } } }).data.tokenAuth.token
      const endpoint = await gql(
        server.url,
        key,
        'mutation ($org: UUID!, $url: String!) { createWebhookEndpoint(organizationId: $org, url: $url, eventTypes: ["ledger_event.confirmed"]) { success errorCode secret endpoint { id } } }',
        { org: organizationId, url: hookUrl },
        { authorization: `JWT ${token}` },
      )
      const created = endpoint.body.data?.createWebhookEndpoint
      expect(created, JSON.stringify(endpoint.body)).toMatchObject({ success: true })
      const account = await accountIds(server.url, key, organizationId)
      const eventId = await createEvent(server.url, key, organizationId, {
        merchant: 'Fault webhook',
        amount: '20.00',
        date: '2026-02-03',
        categoryId: account('Office Expenses'),
        paymentAccountId: account('Chequing'),
      })
      const confirmed = await gql(
        server.url,
        key,
        confirmMutation,
        { org: organizationId, e: eventId },
        { 'idempotency-key': 'webhook-confirm' },
      )
      expect(confirmed.body.data?.confirmLedgerEvent.success).toBe(true)

      // No request is in flight: the dispatcher, not a client, reaches the point.
      const marker = await expectKilledAt(server, 'webhook.sent', undefined)
      expect(marker.reached).toBe(1)
      expect(received).toHaveLength(1)
      const first = received[0] as { headers: IncomingHttpHeaders; body: string }
      const webhookId = String(first.headers['webhook-id'])
      expect(JSON.parse(first.body)).toMatchObject({
        type: 'ledger_event.confirmed',
        data: { id: webhookId, entityId: eventId },
      })
      const delivery = async () =>
        (
          await database.db
            .selectFrom('webhook_deliveries')
            .select(['id', 'status', 'attempts'])
            .where('organization_id', '=', organizationId)
            .execute()
        ).map((row) => ({ ...row, attempts: Number(row.attempts) }))
      const attempts = async () =>
        (
          await database.db
            .selectFrom('webhook_attempts')
            .select(['attempt', 'status_code'])
            .where('organization_id', '=', organizationId)
            .execute()
        ).map((row) => ({ attempt: Number(row.attempt), status_code: Number(row.status_code) }))
      // The books still owe the receiver its message: claimed once, no attempt recorded.
      expect(await delivery()).toEqual([{ id: expect.any(String), status: 'pending', attempts: 1 }])
      expect(await attempts()).toEqual([])
      await assertBooksConsistent(database, organizationId)

      // The dead process's 60 s lease on the delivery ends now rather than in a minute.
      await database.db
        .updateTable('webhook_deliveries')
        .set({ locked_until: '2000-01-01T00:00:00.000Z' })
        .where('organization_id', '=', organizationId)
        .execute()
      const restarted = await start(target, webhookEnv)
      try {
        const until = Date.now() + 30_000
        while (received.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100))
        // Long enough for several passes of the dispatcher: a third send would show by then.
        await new Promise((resolve) => setTimeout(resolve, 3_000))
        const acknowledgedAgain = await gql(
          restarted.url,
          key,
          confirmMutation,
          { org: organizationId, e: eventId },
          { 'idempotency-key': 'webhook-confirm' },
        )
        expect(acknowledgedAgain.replayed).toBe(true)
      } finally {
        await kill(restarted.child)
      }
      expect(received.map((r) => r.headers['webhook-id'])).toEqual([webhookId, webhookId])
      const second = received[1] as { headers: IncomingHttpHeaders; body: string }
      expect(second.body).toBe(first.body)
      const secret = String(created.secret)
      for (const request of received) {
        expect(() =>
          new Webhook(secret.slice('whsec_'.length)).verify(
            request.body,
            request.headers as Record<string, string>,
          ),
        ).not.toThrow()
      }
      expect(await delivery()).toEqual([{ id: expect.any(String), status: 'delivered', attempts: 2 }])
      expect(await attempts()).toEqual([{ attempt: 2, status_code: 200 }])
      await assertBooksConsistent(database, organizationId)
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })
})

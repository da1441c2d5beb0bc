// A SIGKILL at any moment: each call all or nothing, every entry balanced, every acknowledged write kept.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../src/db/engine.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-crash-'))
const databaseUrl = inject('databaseUrl')
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn' }
let database: DatabaseHandle

function cli(...args: string[]): Record<string, string> {
  return JSON.parse(execFileSync(process.execPath, ['bin/daybook.js', ...args], { env }).toString())
}

function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: { ...env, PORT: '0', LOG_LEVEL: 'info', RATE_LIMIT_PER_HOUR: '1000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let seen = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen)
      if (match) resolve({ child, url: match[1] as string })
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

async function gql(url: string, key: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  })
  return (await response.json()) as { data?: Record<string, any>; errors?: unknown[] }
}

/** What must hold in the books after any crash, read straight from the database. */
async function assertBooksConsistent(organizationId: string) {
  const { db } = database
  const unbalanced = await sql<{ id: string }>`
    select e.id from journal_entries e join journal_lines l on l.entry_id = e.id
    where e.organization_id = ${organizationId}
    group by e.id, e.total_minor
    having sum(l.debit_minor) <> sum(l.credit_minor) or sum(l.debit_minor) <> e.total_minor`.execute(db)
  expect(unbalanced.rows).toEqual([])
  const driftedTotals = await sql<{ id: string }>`
    select a.id from accounts a
    left join (
      select account_id, sum(debit_minor) as d, sum(credit_minor) as c from journal_lines
      where organization_id = ${organizationId} group by account_id
    ) t on t.account_id = a.id
    left join (
      select account_id, sum(debit_minor) as d, sum(credit_minor) as c from account_totals
      where organization_id = ${organizationId} group by account_id
    ) s on s.account_id = a.id
    where a.organization_id = ${organizationId}
      and (coalesce(s.d, 0) <> coalesce(t.d, 0) or coalesce(s.c, 0) <> coalesce(t.c, 0))`.execute(db)
  expect(driftedTotals.rows).toEqual([])
  const driftedDays = await sql<{ account_id: string }>`
    select l.account_id from journal_lines l
    where l.organization_id = ${organizationId}
    group by l.account_id, l.txn_date
    having sum(l.debit_minor) <> (select coalesce(sum(t.debit_minor), 0) from account_day_totals t
      where t.organization_id = ${organizationId} and t.account_id = l.account_id and t.txn_date = l.txn_date)`.execute(
    db,
  )
  expect(driftedDays.rows).toEqual([])
  const doublePosted = await sql<{ event_id: string }>`
    select event_id from journal_entries where organization_id = ${organizationId} and kind = 'posting'
    group by event_id having count(*) > 1`.execute(db)
  expect(doublePosted.rows).toEqual([])
}

beforeAll(() => {
  database = openDatabase({ databaseUrl, dataDir })
})
afterAll(() => database.close())

describe('crash consistency', () => {
  it('keeps a statement import all or nothing across SIGKILLs', async () => {
    const org = cli('org', 'create', '--name', `Crash Import ${Date.now()}`)
    const key = cli('api-key', 'create', '--org-id', org.id ?? '').key ?? ''
    for (const delayMs of [30, 120, 300, 600]) {
      const server = await start()
      const accounts = await gql(
        server.url,
        key,
        'query ($org: UUID!) { listAccounts(organizationId: $org, search: "Chequing") { items { id } } }',
        {
          org: org.id,
        },
      )
      const chequing = accounts.data?.listAccounts.items[0].id
      const rows = Array.from({ length: 5_000 }, (_, i) => ({
        transactionDate: '2026-02-01',
        description: `Crash ${delayMs} row ${i}`,
        amount: '-1.00',
        eventType: 'expense',
      }))
      const answer = gql(
        server.url,
        key,
        'mutation ($org: UUID!, $a: UUID!, $rows: [BankStatementRowInput!]!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: $rows) { importedCount } }',
        { org: org.id, a: chequing, rows },
      ).then(
        (body) => body.data?.importBankStatement?.importedCount as number | undefined,
        () => undefined,
      )
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      await kill(server.child)
      const acknowledged = await answer
      const count = await sql<{ n: number | bigint }>`
        select count(*) as n from ledger_events where organization_id = ${org.id} and merchant_name like ${`Crash ${delayMs} row %`}`.execute(
        database.db,
      )
      const stored = Number(count.rows[0]?.n)
      expect([0, 5_000]).toContain(stored)
      if (acknowledged === 5_000) expect(stored).toBe(5_000)
    }
    const server = await start()
    await kill(server.child)
    await assertBooksConsistent(org.id ?? '')
  })

  it('posts each acknowledged confirm exactly once across SIGKILLs during a burst', async () => {
    const org = cli('org', 'create', '--name', `Crash Confirm ${Date.now()}`)
    const key = cli('api-key', 'create', '--org-id', org.id ?? '').key ?? ''
    let server = await start()
    const accounts = await gql(
      server.url,
      key,
      'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 50) { items { id name } } }',
      { org: org.id },
    )
    const byName = (name: string) =>
      ((accounts.data?.listAccounts.items ?? []) as Array<{ id: string; name: string }>).find(
        (a) => a.name === name,
      )?.id
    const eventIds: string[] = []
    for (let i = 0; i < 120; i++) {
      const created = await gql(
        server.url,
        key,
        'mutation ($org: UUID!, $m: String!, $c: UUID!, $p: UUID!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: "11.30", transactionDate: "2026-02-02", categoryId: $c, paymentAccountId: $p) { eventId } }',
        { org: org.id, m: `Burst ${i}`, c: byName('Office Expenses'), p: byName('Chequing') },
      )
      eventIds.push(created.data?.createLedgerEvent.eventId)
      await gql(
        server.url,
        key,
        'mutation ($org: UUID!, $e: UUID!) { updateStagedEntry(organizationId: $org, eventId: $e, taxAmount: "1.30") { success } }',
        {
          org: org.id,
          e: eventIds[i],
        },
      )
    }
    const acknowledged = new Set<string>()
    for (const [round, delayMs] of [40, 150, 400].entries()) {
      const burst = eventIds.slice(round * 40, round * 40 + 40)
      const answers = burst.map((eventId) =>
        gql(
          server.url,
          key,
          'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
          {
            org: org.id,
            e: eventId,
          },
        ).then(
          (body) => {
            if (body.data?.confirmLedgerEvent?.success) acknowledged.add(eventId)
          },
          () => undefined,
        ),
      )
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      await kill(server.child)
      await Promise.all(answers)
      server = await start()
    }
    await kill(server.child)
    const confirmed = await sql<{ id: string }>`
      select id from ledger_events where organization_id = ${org.id} and status = 'confirmed'`.execute(
      database.db,
    )
    const confirmedIds = new Set(confirmed.rows.map((r) => r.id))
    for (const id of acknowledged) expect(confirmedIds.has(id)).toBe(true)
    const posted = await sql<{ event_id: string }>`
      select event_id from journal_entries where organization_id = ${org.id} and kind = 'posting'`.execute(
      database.db,
    )
    expect(new Set(posted.rows.map((r) => r.event_id))).toEqual(confirmedIds)
    await assertBooksConsistent(org.id ?? '')
  })
})

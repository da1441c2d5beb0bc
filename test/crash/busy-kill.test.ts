// A kill -9 from outside while a recurring run catches up and confirms of many are in flight: after a restart nothing is half done or doubled, and the retries and the next run finish the work.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../src/db/engine.js'
import {
  type Answer,
  assertBooksConsistent,
  type CrashEnv,
  cli,
  endLeasesOfKilledServer,
  gql,
  kill,
  spawnCli,
  start,
  tenant,
} from './harness.js'

const target: CrashEnv = {
  dataDir: mkdtempSync(path.join(tmpdir(), 'daybook-busy-kill-')),
  databaseUrl: inject('databaseUrl'),
}
let database: DatabaseHandle

beforeAll(() => {
  database = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
})
afterAll(() => database.close())

const batches = 3
const eventsPerBatch = 300
const weeksOwed = 520

const confirmMany =
  'mutation ($org: UUID!, $ids: [UUID!]!) { confirmLedgerEvents(organizationId: $org, eventIds: $ids) { confirmedCount } }'

const today = () => new Date().toISOString().slice(0, 10)

/** The Monday `weeks - 1` weeks before this week's, so a weekly template owes `weeks` dates. */
function mondayWeeksAgo(weeks: number): string {
  const now = new Date()
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7 * (weeks - 1))
  return monday.toISOString().slice(0, 10)
}

async function count(query: ReturnType<typeof sql<{ n: number | bigint }>>): Promise<number> {
  return Number((await query.execute(database.db)).rows[0]?.n)
}

const madeCount = (organizationId: string) =>
  count(sql<{ n: number | bigint }>`
    select count(*) as n from journal_entries where organization_id = ${organizationId} and kind = 'manual'`)

describe('a kill from outside while a recurring run and confirms of many are in flight', () => {
  it('leaves every date and every call whole or undone, and the restart finishes them once', async () => {
    const { organizationId, key } = tenant(target, `Busy Kill ${Date.now()}`)
    // The server's start-up tick comes before the template exists, and its next one a minute
    // later: the operator's run is what makes the dates.
    const busy = await start(target)
    const ids: string[][] = []
    const listed = await gql(
      busy.url,
      key,
      'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
      { org: organizationId },
    )
    const items = listed.body.data?.listAccounts.items as Array<{ id: string; name: string }>
    const idOf = (name: string) => items.find((account) => account.name === name)?.id as string
    for (let batch = 0; batch < batches; batch++) {
      const imported = await gql(
        busy.url,
        key,
        'mutation ($org: UUID!, $a: UUID!, $rows: [BankStatementRowInput!]!) { importBankStatement(organizationId: $org, paymentAccountId: $a, rows: $rows) { importedCount } }',
        {
          org: organizationId,
          a: idOf('Chequing'),
          rows: Array.from({ length: eventsPerBatch }, (_, i) => ({
            transactionDate: '2026-03-02',
            description: `Busy ${batch}-${i}`,
            amount: `-${batch + 1}.${String(i % 100).padStart(2, '0')}`,
            eventType: 'expense',
            reference: `busy-${batch}-${i}`,
          })),
        },
      )
      expect(imported.body.data?.importBankStatement.importedCount).toBe(eventsPerBatch)
      const mine = await sql<{ id: string }>`
        select id from ledger_events where organization_id = ${organizationId}
        and merchant_name like ${`Busy ${batch}-%`}`.execute(database.db)
      ids.push(mine.rows.map((row) => row.id))
      await sql`update ledger_events set category_id = ${idOf('Office Expenses')}
        where organization_id = ${organizationId} and merchant_name like ${`Busy ${batch}-%`}`.execute(
        database.db,
      )
    }
    const created = await gql(
      busy.url,
      key,
      'mutation ($org: UUID!, $input: RecurringTemplateInput!) { createRecurringTemplate(organizationId: $org, input: $input) { success errorCode } }',
      {
        org: organizationId,
        input: {
          name: 'Weekly cleaning',
          kind: 'journal_entry',
          frequency: 'weekly',
          startDate: mondayWeeksAgo(weeksOwed),
          mode: 'post',
          journalEntry: {
            lines: [
              { accountId: idOf('Office Expenses'), debit: '40.00' },
              { accountId: idOf('Chequing'), credit: '40.00' },
            ],
          },
        },
      },
    )
    expect(created.body.data?.createRecurringTemplate).toMatchObject({ success: true })

    const run = spawnCli(target, 'recurring', 'run', '--as-of', today(), '--org-id', organizationId)
    let made = 0
    for (let i = 0; i < 6000 && made === 0; i++) {
      made = await madeCount(organizationId)
      if (made === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const calls = ids.map((batch, index) =>
      gql(
        busy.url,
        key,
        confirmMany,
        { org: organizationId, ids: batch },
        { 'idempotency-key': `busy-${index}` },
      ).then(
        (answer): Answer | undefined => answer,
        () => undefined,
      ),
    )
    // Both killed once the run has made some of its dates and the confirms are sent.
    await new Promise((resolve) => setTimeout(resolve, 20))
    run.child.kill('SIGKILL')
    await kill(busy.child)
    const answers = await Promise.all(calls)
    expect((await run.exited).signal).toBe('SIGKILL')
    expect(made).toBeGreaterThan(0)

    // Each date whole: taken exactly when its entry exists, and no date twice.
    const afterKill = await madeCount(organizationId)
    expect(afterKill).toBeLessThan(weeksOwed)
    const occurrences = await sql<{ occurrence_date: string; object_id: string | null }>`
      select occurrence_date, object_id from recurring_occurrences where organization_id = ${organizationId}`.execute(
      database.db,
    )
    expect(occurrences.rows.filter((row) => row.object_id !== null)).toHaveLength(afterKill)
    expect(new Set(occurrences.rows.map((row) => row.occurrence_date)).size).toBe(occurrences.rows.length)
    // Each call whole: all of its events confirmed, or none of them.
    for (const [index, batch] of ids.entries()) {
      const confirmed = await count(sql<{ n: number | bigint }>`
        select count(*) as n from ledger_events where organization_id = ${organizationId}
        and id in (${sql.join(batch)}) and status = 'confirmed'`)
      expect([0, eventsPerBatch], `call ${index}`).toContain(confirmed)
      if (answers[index]) expect(confirmed, `call ${index} was answered`).toBe(eventsPerBatch)
    }
    await assertBooksConsistent(database, organizationId)

    await endLeasesOfKilledServer(database, organizationId)
    const restarted = await start(target)
    try {
      for (const [index, batch] of ids.entries()) {
        const retry = await gql(
          restarted.url,
          key,
          confirmMany,
          { org: organizationId, ids: batch },
          { 'idempotency-key': `busy-${index}` },
        )
        expect(retry.status).toBe(200)
      }
    } finally {
      await kill(restarted.child)
    }
    const rerun = cli(target, 'recurring', 'run', '--as-of', today(), '--org-id', organizationId)
    expect(rerun).toBeDefined()
    expect(await madeCount(organizationId)).toBe(weeksOwed)
    const postings = await sql<{ n: number | bigint; events: number | bigint }>`
      select count(*) as n, count(distinct event_id) as events from journal_entries
      where organization_id = ${organizationId} and kind = 'posting'`.execute(database.db)
    expect(Number(postings.rows[0]?.n)).toBe(batches * eventsPerBatch)
    expect(Number(postings.rows[0]?.events)).toBe(batches * eventsPerBatch)
    await assertBooksConsistent(database, organizationId)
  })
})

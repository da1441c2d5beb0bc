// A SIGKILL at any moment: each call all or nothing, every entry balanced, every acknowledged write kept.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../src/db/engine.js'
import {
  assertBooksConsistent as assertBooksConsistentIn,
  type CrashEnv,
  cli,
  kill,
  gql as post,
  start as startIn,
} from './harness.js'

const target: CrashEnv = {
  dataDir: mkdtempSync(path.join(tmpdir(), 'daybook-crash-')),
  databaseUrl: inject('databaseUrl'),
}
let database: DatabaseHandle

const start = () => startIn(target)
const gql = async (url: string, key: string, query: string, variables: Record<string, unknown>) =>
  (await post(url, key, query, variables)).body
const assertBooksConsistent = (organizationId: string) => assertBooksConsistentIn(database, organizationId)

beforeAll(() => {
  database = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
})
afterAll(() => database.close())

describe('crash consistency', () => {
  it('keeps a statement import all or nothing across SIGKILLs', async () => {
    const org = cli(target, 'org', 'create', '--name', `Crash Import ${Date.now()}`)
    const key = cli(target, 'api-key', 'create', '--org-id', org.id ?? '').key ?? ''
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
    const org = cli(target, 'org', 'create', '--name', `Crash Confirm ${Date.now()}`)
    const key = cli(target, 'api-key', 'create', '--org-id', org.id ?? '').key ?? ''
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

// A SIGKILL while the server makes a template's missed dates: after a restart no date is half made or made twice, and the next run makes the rest in order.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../src/db/engine.js'
import {
  assertBooksConsistent,
  type CrashEnv,
  endLeasesOfKilledServer,
  gql,
  kill,
  start,
  tenant,
} from './harness.js'

const target: CrashEnv = {
  dataDir: mkdtempSync(path.join(tmpdir(), 'daybook-recurring-crash-')),
  databaseUrl: inject('databaseUrl'),
}
let database: DatabaseHandle

beforeAll(() => {
  database = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
})
afterAll(() => database.close())

/** The first of this month and of the three before it: the dates a server starting today owes. */
function monthStarts(): string[] {
  const today = new Date()
  return [3, 2, 1, 0].map((back) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1)).toISOString().slice(0, 10),
  )
}

async function madeDates(organizationId: string): Promise<string[]> {
  const entries = await sql<{ txn_date: string }>`
    select txn_date from journal_entries where organization_id = ${organizationId} and kind = 'manual'
    order by txn_date`.execute(database.db)
  return entries.rows.map((row) => row.txn_date)
}

async function takenDates(organizationId: string): Promise<Array<{ date: string; made: boolean }>> {
  const rows = await sql<{ occurrence_date: string; object_id: string | null }>`
    select occurrence_date, object_id from recurring_occurrences where organization_id = ${organizationId}
    order by occurrence_date`.execute(database.db)
  return rows.rows.map((row) => ({ date: row.occurrence_date, made: row.object_id !== null }))
}

describe('recurring.made: a kill inside a date', () => {
  it('leaves that date unmade, and the restarted server makes it and the rest once', async () => {
    const { organizationId, key } = tenant(target, `Crash Recurring ${Date.now()}`)
    const dates = monthStarts()
    const setup = await start(target)
    try {
      const accounts = await gql(
        setup.url,
        key,
        'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
        { org: organizationId },
      )
      const items = accounts.body.data?.listAccounts.items as Array<{ id: string; name: string }>
      const idOf = (name: string) => items.find((account) => account.name === name)?.id
      const created = await gql(
        setup.url,
        key,
        'mutation ($org: UUID!, $input: RecurringTemplateInput!) { createRecurringTemplate(organizationId: $org, input: $input) { success errorCode } }',
        {
          org: organizationId,
          input: {
            name: 'Rent',
            kind: 'journal_entry',
            frequency: 'monthly',
            dayOfMonth: 1,
            // Created after the setup server's start-up tick, so only the armed server runs it.
            startDate: dates[0],
            mode: 'post',
            journalEntry: {
              lines: [
                { accountId: idOf('Rent'), debit: '900.00' },
                { accountId: idOf('Chequing'), credit: '900.00' },
              ],
            },
          },
        },
      )
      expect(created.body.data?.createRecurringTemplate).toEqual({ success: true, errorCode: null })
    } finally {
      await kill(setup.child)
    }

    // The armed server's first tick queues the organization; its job dies inside the second date,
    // which may come before the server says it listens.
    const markerFile = path.join(target.dataDir, 'recurring-marker.json')
    const armed = await start(target, {
      DAYBOOK_FAULT_POINT: 'recurring.made:2',
      DAYBOOK_FAULT_MARKER_FILE: markerFile,
    }).catch(() => undefined)
    if (armed) {
      const ended = await Promise.race([
        armed.exited,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 60_000)),
      ])
      if (!ended) await kill(armed.child)
      expect(ended?.signal).toBe('SIGKILL')
    }
    expect(existsSync(markerFile)).toBe(true)
    expect(JSON.parse(readFileSync(markerFile, 'utf8'))).toMatchObject({
      faultPoint: 'recurring.made',
      reached: 2,
    })
    expect(await madeDates(organizationId)).toEqual([dates[0]])
    expect(await takenDates(organizationId)).toEqual([{ date: dates[0], made: true }])
    await assertBooksConsistent(database, organizationId)

    // Restarted, with the dead job's lease over: the old job and the new tick's both run, and each date is made once.
    await endLeasesOfKilledServer(database, organizationId)
    const restarted = await start(target)
    try {
      for (let i = 0; i < 200 && (await madeDates(organizationId)).length < dates.length; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await madeDates(organizationId)).toEqual(dates)
      expect(await takenDates(organizationId)).toEqual(dates.map((date) => ({ date, made: true })))
    } finally {
      await kill(restarted.child)
    }
    await assertBooksConsistent(database, organizationId)
  })
})

// Chains written with unkeyed links before migration 0025 keep verifying once keyed, a broken one stays broken, and a head emptied of its seal later is never keyed again.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../../../test/support/scratch-database.js'
import { buildCore, type Core } from '../../app.js'
import { loadConfig } from '../../config.js'
import { unkeyedChainHash } from '../../modules/audit/audit-record.js'
import type { openDatabase } from '../engine.js'
import { migrateTo } from '../migrate.js'

const databaseUrl = inject('databaseUrl')
let scratch: ScratchDatabase | undefined
let core: Core | undefined
const whole = randomUUID()
const edited = randomUUID()

beforeAll(async () => {
  scratch = await createScratchDatabase(databaseUrl, 'chainkey')
  const older = scratch.open()
  try {
    await migrateTo(older.db, '0020-receipt-extraction-status')
    for (const organizationId of [whole, edited]) await writeUnkeyedChain(older.db, organizationId)
    await sql`update audit_records set after = ${'{"name":"Forged"}'}
      where organization_id = ${edited} and seq = 2`.execute(older.db)
  } finally {
    await older.close()
  }
  core = await buildCore(
    loadConfig({
      DATA_DIR: scratch.dataDir,
      LOG_LEVEL: 'silent',
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
    }),
  )
})

afterAll(async () => {
  await core?.close()
  await scratch?.drop()
})

/** An organization with three sealed records, linked as the versions before 0025 linked them. */
async function writeUnkeyedChain(db: ReturnType<typeof openDatabase>['db'], organizationId: string) {
  const at = '2026-01-02T03:04:05.000Z'
  await sql`insert into organizations (id, name, name_key, created_at)
    values (${organizationId}, ${`Org ${organizationId}`}, ${`org ${organizationId}`}, ${at})`.execute(db)
  let hash = ''
  let feedSeq = 0
  for (const [index, operation] of ['organization.created', 'account.created', 'contact.created'].entries()) {
    const record = {
      id: `0000000${index}-0000-7000-8000-000000000000`,
      seq: index + 1,
      at,
      actorType: 'system' as const,
      actorId: null,
      operation,
      entityType: operation.split('.')[0] as string,
      entityId: randomUUID(),
      before: null,
      after: JSON.stringify({ name: `thing ${index}` }),
    }
    hash = unkeyedChainHash(hash, record)
    const feed = operation === 'organization.created' ? null : ++feedSeq
    await sql`insert into audit_records (organization_id, id, seq, at, actor_type, actor_id, operation,
        entity_type, entity_id, before, after, hash, feed_seq)
      values (${organizationId}, ${record.id}, ${record.seq}, ${at}, 'system', null, ${operation},
        ${record.entityType}, ${record.entityId}, null, ${record.after}, ${hash}, ${feed})`.execute(db)
  }
  await sql`insert into audit_heads (organization_id, seq, hash, feed_seq)
    values (${organizationId}, 3, ${hash}, ${feedSeq})`.execute(db)
}

it('keys a chain that held under its old links, so it verifies whole', async () => {
  const audit = (core as Core).services.audit
  expect(await audit.verifyAsOperator(whole)).toEqual({ organizationId: whole, records: 3, ok: true })
  const feed = await audit.eventsAsOperator(whole, {})
  expect(feed.ok && feed.value.items.map((event) => event.seq)).toEqual([1, 2])
})

it('leaves a chain that did not hold under its old links broken', async () => {
  const check = await (core as Core).services.audit.verifyAsOperator(edited)
  expect(check).toMatchObject({ ok: false, brokenSeq: 1, reason: 'record 1 does not match its hash' })
})

it('refuses a keyed head whose seal is emptied afterwards', async () => {
  const { db } = (core as Core).database
  await sql`update audit_heads set mac = null where organization_id = ${whole}`.execute(db)
  const check = await (core as Core).services.audit.verifyAsOperator(whole)
  expect(check).toMatchObject({
    ok: false,
    brokenSeq: 4,
    reason: "the chain's head at 3 does not match its seal",
  })
})

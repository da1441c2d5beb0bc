// The audit trail (DESIGN 7.4): every change recorded with its actor, owners and admins read it, and the keyed, anchored chain catches each tampering of its tables.
import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tamperedOrganizationPrefix } from '../support/audit-chains.js'
import { operatorCli } from '../support/cli.js'
import { accountsByName, createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-audit-'))
const daybook = operatorCli(dataDir)
let server: TestServer

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

const verify = (organizationId: string) => daybook('audit', 'verify', '--org-id', organizationId)

const { gql } = tenantCalls(() => server)

interface AuditAnswer {
  seq: number
  actorType: string
  actorId: string | null
  operation: string
  entityType: string
  entityId: string
  before: string | null
  after: string | null
  hash: string
}

async function auditLog(
  tenant: Tenant,
  filter: { entityId?: string; entityType?: string } = {},
  headers = tenant.owner.jwt,
) {
  const body = await gql(
    tenant,
    'query ($org: UUID!, $e: UUID, $t: String) { auditLog(organizationId: $org, entityId: $e, entityType: $t, limit: 200) { totalCount items { seq at actorType actorId operation entityType entityId before after hash } } }',
    { e: filter.entityId, t: filter.entityType },
    headers,
  )
  return body
}

async function logItems(tenant: Tenant): Promise<AuditAnswer[]> {
  const page = (await auditLog(tenant)).data?.auditLog as { items: AuditAnswer[] } | undefined
  if (!page) throw new Error('no audit log')
  return page.items
}

const accounts = (tenant: Tenant) => accountsByName(server, tenant)

// Several tests run the CLI more than once, a process start each, and the machines that run the
// suite may be busy.
describe('the audit trail', { timeout: 120_000 }, () => {
  it('records each change with its actor and fields, newest first, in a gap-free chain', async () => {
    const tenant = await createTenant(server)
    const ids = await accounts(tenant)
    const created = await gql(
      tenant,
      'mutation ($org: UUID!, $c: UUID, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: "Audited Shop", amount: "12.50", transactionDate: "2025-05-02", categoryId: $c, paymentAccountId: $p) { eventId } }',
      { c: ids['Office Expenses'], p: ids.Chequing },
    )
    const eventId = created.data?.createLedgerEvent?.eventId as string
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { updateLedgerEvent(organizationId: $org, eventId: $e, memo: "for the audit") { success } }',
      { e: eventId },
    )
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      {
        e: eventId,
      },
    )
    await gql(
      tenant,
      'mutation ($org: UUID!) { setLockDate(organizationId: $org, lockDate: "2025-01-31") { success } }',
      {},
      tenant.owner.jwt,
    )

    const all = await auditLog(tenant)
    expect(all.errors).toBeUndefined()
    const page = all.data?.auditLog as { totalCount: number; items: AuditAnswer[] }
    const seqs = page.items.map((record) => record.seq)
    // Newest first, and every number from 1 to the newest is there.
    expect(seqs).toEqual([...seqs].sort((x, y) => y - x))
    expect([...seqs].sort((x, y) => x - y)).toEqual(Array.from({ length: page.totalCount }, (_, i) => i + 1))
    expect(page.items[0]).toMatchObject({
      operation: 'organization.lock_date_changed',
      actorType: 'user',
      actorId: tenant.owner.userId,
      entityId: tenant.organizationId,
    })
    expect(JSON.parse(page.items[0]?.after ?? '')).toEqual({ lockDate: '2025-01-31' })
    expect(page.items.every((record) => /^[0-9a-f]{64}$/.test(record.hash))).toBe(true)
    // The organization's creation and its chart of accounts, by Daybook itself, come first.
    expect(page.items.at(-1)).toMatchObject({
      seq: 1,
      operation: 'organization.created',
      actorType: 'system',
    })
    expect(page.items.some((record) => record.operation === 'account.created')).toBe(true)

    const history = (await auditLog(tenant, { entityId: eventId })).data?.auditLog as { items: AuditAnswer[] }
    expect(history.items.map((record) => record.operation)).toEqual([
      'ledger_event.confirmed',
      'ledger_event.updated',
      'ledger_event.created',
    ])
    const [confirmed, updated, made] = history.items as [AuditAnswer, AuditAnswer, AuditAnswer]
    expect(made).toMatchObject({ actorType: 'api_key', before: null })
    expect(JSON.parse(made.after ?? '')).toMatchObject({ merchantName: 'Audited Shop', amountMinor: '1250' })
    expect(JSON.parse(updated.before ?? '')).toEqual({ memo: '' })
    expect(JSON.parse(updated.after ?? '')).toEqual({ memo: 'for the audit' })
    expect(JSON.parse(confirmed.after ?? '')).toMatchObject({ status: 'confirmed' })
    const entries = (await auditLog(tenant, { entityType: 'journal_entry' })).data?.auditLog as {
      items: AuditAnswer[]
    }
    expect(entries.items.map((record) => record.operation)).toEqual(['journal_entry.created'])

    const verified = await verify(tenant.organizationId)
    expect(verified.code, verified.stderr).toBe(0)
    expect(JSON.parse(verified.stdout)).toEqual({
      organizationId: tenant.organizationId,
      records: page.totalCount,
      ok: true,
    })
  })

  it('is for owners and admins signed in as people, and shows nothing of another organization', async () => {
    const tenant = await createTenant(server)
    const other = await createTenant(server)
    const byKey = await auditLog(tenant, {}, tenant.bearer)
    expect(byKey.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
    const member = await createUser(server)
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: String!) { addMember(organizationId: $org, email: $e, role: "member") { success } }',
      { e: member.email },
      tenant.owner.jwt,
    )
    const byMember = await auditLog(tenant, {}, member.jwt)
    expect(byMember.errors?.[0]?.message).toEqual(expect.any(String))
    expect(byMember.data?.auditLog ?? null).toBeNull()

    const stranger = await auditLog(other, { entityId: tenant.organizationId })
    expect(stranger.data?.auditLog).toMatchObject({ totalCount: 0, items: [] })
    const foreign = await gql(
      other,
      'query ($org: UUID!) { auditLog(organizationId: $org) { totalCount } }',
      { org: tenant.organizationId },
      other.owner.jwt,
    )
    expect(foreign.errors?.[0]?.message).toBe('Not A Member Of This Organization.')
  })

  it('shows each main object its own history, for owners and admins only', async () => {
    const tenant = await createTenant(server)
    const ids = await accounts(tenant)
    const created = await gql(
      tenant,
      'mutation ($org: UUID!, $c: UUID, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: "History Shop", amount: "3.00", transactionDate: "2025-05-03", categoryId: $c, paymentAccountId: $p) { eventId } }',
      { c: ids['Office Expenses'], p: ids.Chequing },
    )
    const eventId = created.data?.createLedgerEvent?.eventId as string
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      { e: eventId },
    )
    const contact = await gql(
      tenant,
      'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "vendor", displayName: "History Vendor") { contact { id } } }',
    )
    const contactId = (contact.data?.createContact?.contact as { id: string } | undefined)?.id as string
    const started = await gql(
      tenant,
      'mutation ($org: UUID!, $a: UUID!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: "2025-05-31", statementBalance: "0.00") { reconciliation { id } } }',
      { a: ids.Chequing },
    )
    const reconciliationId = (started.data?.startReconciliation?.reconciliation as { id: string } | undefined)
      ?.id as string
    const historyOf = '{ totalCount items { operation entityId } }'
    const query = `query ($org: UUID!, $e: UUID!, $r: UUID!) {
      getLedgerEvent(organizationId: $org, eventId: $e) { id history(organizationId: $org) ${historyOf} }
      listAccounts(organizationId: $org, search: "Chequing") { items { id history(organizationId: $org, limit: 1) ${historyOf} } }
      listContacts(organizationId: $org) { items { id history(organizationId: $org) ${historyOf} } }
      reconciliation(organizationId: $org, reconciliationId: $r) { id history(organizationId: $org) ${historyOf} }
    }`
    const byOwner = await gql(tenant, query, { e: eventId, r: reconciliationId }, tenant.owner.jwt)
    expect(byOwner.errors).toBeUndefined()
    const event = byOwner.data?.getLedgerEvent as {
      history: { items: Array<{ operation: string; entityId: string }> }
      paymentAccount: {
        history: { totalCount: number; items: Array<{ operation: string; entityId: string }> }
      }
    }
    expect(event.history.items.map((record) => record.operation)).toEqual([
      'ledger_event.confirmed',
      'ledger_event.created',
    ])
    expect(event.history.items.every((record) => record.entityId === eventId)).toBe(true)
    const [chequing] =
      (byOwner.data?.listAccounts as { items: Array<{ history: unknown }> } | undefined)?.items ?? []
    expect(chequing?.history).toMatchObject({
      totalCount: 1,
      items: [{ operation: 'account.created', entityId: ids.Chequing }],
    })
    const contacts = byOwner.data?.listContacts as {
      items: Array<{ id: string; history: { items: Array<{ operation: string }> } }>
    }
    expect(contacts.items.find((item) => item.id === contactId)?.history.items).toEqual([
      { operation: 'contact.created', entityId: contactId },
    ])
    expect(byOwner.data?.reconciliation).toMatchObject({
      history: { items: [{ operation: 'reconciliation.started', entityId: reconciliationId }] },
    })

    // An API key reads the event but not its history.
    const byKey = await gql(
      tenant,
      'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { id history(organizationId: $org) { totalCount } } }',
      { e: eventId },
    )
    expect(byKey.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
    // Another organization's owner naming their own organization sees nothing of this event.
    const other = await createTenant(server)
    const foreign = await gql(
      other,
      'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { id } }',
      { org: tenant.organizationId, e: eventId },
      other.owner.jwt,
    )
    expect(foreign.errors?.[0]?.message).toBe('Not A Member Of This Organization.')
  })

  it('publishes the chain head in the feed, as the log shows its newest record', async () => {
    const tenant = await createTenant(server)
    await postedEvent(tenant)
    const feed = await gql(
      tenant,
      'query ($org: UUID!) { events(organizationId: $org, limit: 1) { lastSeq auditHead { seq hash } } }',
    )
    expect(feed.errors).toBeUndefined()
    const head = (feed.data?.events as { auditHead: { seq: number; hash: string } } | undefined)?.auditHead
    const [newest] = await logItems(tenant)
    expect(head).toEqual({ seq: newest?.seq, hash: newest?.hash })
    expect(head?.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  describe('catches each tampering of the tables', () => {
    const db = () => server.app.core.database.db

    /** A tenant with a posted event, its chain sealed and whole before the tampering. */
    async function sealedTenant() {
      const tenant = await createTenant(server, unique(tamperedOrganizationPrefix))
      const eventId = await postedEvent(tenant)
      const log = await logItems(tenant)
      const held = await server.app.core.services.audit.verifyAsOperator(tenant.organizationId)
      expect(held).toMatchObject({ ok: true, records: log.length })
      return { tenant, eventId, newest: log[0]?.seq as number }
    }

    async function expectBroken(tenant: Tenant, message: RegExp) {
      const after = await verify(tenant.organizationId)
      expect(after.code, after.stdout).toBe(1)
      expect(after.stdout).toBe('')
      expect(after.stderr.trim()).toMatch(message)
    }

    const org = (tenant: Tenant) => tenant.organizationId

    it('a record edited, and a record deleted, from the middle', async () => {
      for (const tamper of ['edit', 'delete'] as const) {
        const { tenant } = await sealedTenant()
        if (tamper === 'edit') {
          await sql`update audit_records set after = ${'{"name":"Forged"}'}
            where organization_id = ${org(tenant)} and seq = 3`.execute(db())
        } else {
          await sql`delete from audit_records where organization_id = ${org(tenant)} and seq = 3`.execute(
            db(),
          )
        }
        await expectBroken(
          tenant,
          /^Audit chain broken at seq 3: record 3 (does not match its hash|is missing)\.$/,
        )
      }
    })

    it('the last record dropped and the head moved back to the one before', async () => {
      const { tenant, newest } = await sealedTenant()
      await sql`delete from audit_records where organization_id = ${org(tenant)} and seq = ${newest}`.execute(
        db(),
      )
      await sql`update audit_heads set seq = ${newest - 1},
          hash = (select hash from audit_records where organization_id = ${org(tenant)} and seq = ${newest - 1}),
          feed_seq = (select coalesce(max(feed_seq), 0) from audit_records where organization_id = ${org(tenant)})
        where organization_id = ${org(tenant)}`.execute(db())
      // A write after it is not sealed onto the moved head, which would hide the cut.
      await createContact(tenant)
      await auditLog(tenant)
      await expectBroken(
        tenant,
        new RegExp(
          `^Audit chain broken at seq ${newest}: the chain's head at ${newest - 1} does not match its seal\\.$`,
        ),
      )
    })

    it('every record rewritten with hashes recomputed without the key', async () => {
      const { tenant } = await sealedTenant()
      await sql`update audit_records set after = ${'{"name":"Forged"}'}
        where organization_id = ${org(tenant)} and seq = 3`.execute(db())
      const rows = await sql<Record<string, unknown>>`select * from audit_records
        where organization_id = ${org(tenant)} and seq is not null order by seq`.execute(db())
      let previous = ''
      for (const row of rows.rows) {
        // The chain's own layout, all but the key.
        const fields = [
          'chain',
          previous,
          Number(row.seq),
          row.feed_seq === null ? null : Number(row.feed_seq),
        ]
        previous = createHash('sha256')
          .update(
            JSON.stringify([
              ...fields,
              row.id,
              row.at,
              row.actor_type,
              row.actor_id,
              row.operation,
              row.entity_type,
              row.entity_id,
              row.before,
              row.after,
            ]),
          )
          .digest('hex')
        await sql`update audit_records set hash = ${previous}
          where organization_id = ${org(tenant)} and id = ${row.id as string}`.execute(db())
      }
      const last = rows.rows.at(-1)
      const mac = createHash('sha256')
        .update(JSON.stringify(['head', Number(last?.seq), previous, Number(last?.feed_seq ?? 0)]))
        .digest('hex')
      await sql`update audit_heads set hash = ${previous}, mac = ${mac} where organization_id = ${org(tenant)}`.execute(
        db(),
      )
      await expectBroken(tenant, /^Audit chain broken at seq 1: record 1 does not match its hash\.$/)
    })

    it('a row inserted unsealed, which neither the sealer nor the check takes in', async () => {
      const { tenant, newest } = await sealedTenant()
      const forged = randomUUID()
      await sql`insert into audit_records (organization_id, id, seq, at, actor_type, actor_id, operation,
          entity_type, entity_id, before, after, hash, feed_seq)
        values (${org(tenant)}, ${forged}, null, ${new Date().toISOString()}, 'system', null, 'account.created',
          'account', ${randomUUID()}, null, ${'{"name":"Forged"}'}, ${'0'.repeat(64)}, null)`.execute(db())
      await createContact(tenant)
      const log = await logItems(tenant)
      expect(log[0]?.operation).toBe('contact.created')
      expect(log.some((record) => record.after === '{"name":"Forged"}')).toBe(false)
      const row = await sql<{ seq: unknown }>`select seq from audit_records
        where organization_id = ${org(tenant)} and id = ${forged}`.execute(db())
      expect(row.rows[0]?.seq).toBeNull()
      await expectBroken(
        tenant,
        new RegExp(
          `^Audit chain broken at seq ${newest + 2}: the unsealed record ${forged} was not written by Daybook\\.$`,
        ),
      )
    })

    it('the feed numbers of two records swapped', async () => {
      const { tenant } = await sealedTenant()
      const rows = await sql<{ id: string; seq: unknown; feed_seq: unknown }>`select id, seq, feed_seq
        from audit_records where organization_id = ${org(tenant)} and feed_seq is not null order by seq limit 2`.execute(
        db(),
      )
      const [first, second] = rows.rows as [(typeof rows.rows)[0], (typeof rows.rows)[0]]
      const swap = async (id: string, feedSeq: number) =>
        sql`update audit_records set feed_seq = ${feedSeq} where organization_id = ${org(tenant)} and id = ${id}`.execute(
          db(),
        )
      await swap(first.id, -1)
      await swap(second.id, Number(first.feed_seq))
      await swap(first.id, Number(second.feed_seq))
      await expectBroken(
        tenant,
        new RegExp(
          `^Audit chain broken at seq ${Number(first.seq)}: record ${Number(first.seq)} does not match its hash\\.$`,
        ),
      )
    })

    it('the journal lines of a posted entry edited, balanced', async () => {
      const { tenant, eventId } = await sealedTenant()
      const entry = await sql<{ id: string }>`select id from journal_entries
        where organization_id = ${org(tenant)} and event_id = ${eventId}`.execute(db())
      const entryId = entry.rows[0]?.id as string
      await sql`update journal_lines set debit_minor = debit_minor * 2, credit_minor = credit_minor * 2
        where organization_id = ${org(tenant)} and entry_id = ${entryId}`.execute(db())
      const record = await sql<{ seq: unknown }>`select seq from audit_records
        where organization_id = ${org(tenant)} and entity_id = ${entryId} and operation = 'journal_entry.created'`.execute(
        db(),
      )
      const seq = Number(record.rows[0]?.seq)
      await expectBroken(
        tenant,
        new RegExp(
          `^Audit chain broken at seq ${seq}: the journal lines of record ${seq} are not the ones it wrote\\.$`,
        ),
      )
    })
  })
})

/** A confirmed event, so the books hold a journal entry and its lines; its id. */
async function postedEvent(tenant: Tenant): Promise<string> {
  const ids = await accounts(tenant)
  const created = await gql(
    tenant,
    'mutation ($org: UUID!, $c: UUID, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: "Chained Shop", amount: "40.00", transactionDate: "2025-05-04", categoryId: $c, paymentAccountId: $p) { eventId } }',
    { c: ids['Office Expenses'], p: ids.Chequing },
  )
  const eventId = created.data?.createLedgerEvent?.eventId as string
  const confirmed = await gql(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
    { e: eventId },
  )
  expect(confirmed.data?.confirmLedgerEvent).toMatchObject({ success: true })
  return eventId
}

async function createContact(tenant: Tenant): Promise<void> {
  const made = await gql(
    tenant,
    'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "vendor", displayName: "After Vendor") { success } }',
  )
  expect(made.data?.createContact).toMatchObject({ success: true })
}

// The audit trail (DESIGN 7.4): every change recorded with its actor, owners and admins read it, and the chain catches a tampered row.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { tamperedOrganizationPrefix } from '../support/audit-chains.js'
import { accountsByName, createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-audit-'))
let server: TestServer

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

async function verify(organizationId: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: inject('databaseUrl') ?? '',
  }
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.resolve('bin/daybook.js'), 'audit', 'verify', '--org-id', organizationId],
      { env },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

type Body = { data?: Record<string, Record<string, unknown> | null>; errors?: Array<{ message: string }> }

async function gql(
  tenant: Tenant,
  query: string,
  variables: Record<string, unknown> = {},
  headers = tenant.bearer,
) {
  const response = await server.gql(query, { org: tenant.organizationId, ...variables }, headers)
  return response.body as Body
}

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

const accounts = (tenant: Tenant) => accountsByName(server, tenant)

describe('the audit trail', () => {
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

  it('catches a record changed in the database, and a record deleted from it', async () => {
    const { db } = server.app.core.database
    for (const tamper of ['edit', 'delete'] as const) {
      const tenant = await createTenant(server, unique(tamperedOrganizationPrefix))
      const before = await verify(tenant.organizationId)
      expect(before.code, before.stderr).toBe(0)
      if (tamper === 'edit') {
        await sql`update audit_records set after = ${'{"name":"Forged"}'}
          where organization_id = ${tenant.organizationId} and seq = 3`.execute(db)
      } else {
        await sql`delete from audit_records where organization_id = ${tenant.organizationId} and seq = 3`.execute(
          db,
        )
      }
      const after = await verify(tenant.organizationId)
      expect(after.code).toBe(1)
      expect(after.stdout).toBe('')
      expect(after.stderr.trim()).toMatch(
        /^Audit chain broken at seq 3: record 3 (does not match its hash|is missing)\.$/,
      )
    }
  })
})

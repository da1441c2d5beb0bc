// Reconciliation over HTTP (DESIGN 7.2): a month tied to the bank's statement, adjustments, reconciled events frozen, undo, races.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const fields =
  'id paymentAccountId statementDate statementBalance openingBalance clearedBalance difference status clearedEventIds adjustmentEntryId finishedAt undoneAt undoReason'
const start = `mutation ($org: UUID!, $a: UUID!, $d: Date!, $b: String!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: $d, statementBalance: $b) { success error errorCode reconciliation { ${fields} } } }`
const clear = `mutation ($org: UUID!, $r: UUID!, $ids: [UUID!]!, $c: Boolean!) { setReconciliationCleared(organizationId: $org, reconciliationId: $r, eventIds: $ids, cleared: $c) { success error errorCode reconciliation { ${fields} } } }`
const finish = `mutation ($org: UUID!, $r: UUID!, $adj: UUID) { finishReconciliation(organizationId: $org, reconciliationId: $r, adjustmentAccountId: $adj) { success error errorCode reconciliation { ${fields} } } }`
const undo = `mutation ($org: UUID!, $r: UUID!, $why: String!) { undoReconciliation(organizationId: $org, reconciliationId: $r, reason: $why) { success error errorCode reconciliation { ${fields} } } }`

type Payload = {
  success: boolean
  error: string | null
  errorCode: string | null
  reconciliation: Record<string, unknown> & { id: string }
}

const { gql, field: mutate } = tenantCalls<Payload>(() => server)

const accounts = (tenant: Tenant) => accountsByName(server, tenant)

/** A confirmed event on Chequing; returns its id. */
async function posted(
  tenant: Tenant,
  ids: Record<string, string>,
  e: { amount: string; date: string; type?: string; confirm?: boolean },
) {
  const created = await gql(
    tenant,
    'mutation ($org: UUID!, $a: String!, $d: String!, $t: String, $c: UUID, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: "Vendor", amount: $a, transactionDate: $d, eventType: $t, categoryId: $c, paymentAccountId: $p) { eventId } }',
    {
      a: e.amount,
      d: e.date,
      t: e.type ?? 'expense',
      c: e.type === 'income' ? ids['Sales Revenue'] : ids['Office Expenses'],
      p: ids.Chequing,
    },
  )
  const eventId = created.data?.createLedgerEvent?.eventId as string
  if (e.confirm !== false) {
    const confirmed = await gql(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      { e: eventId },
    )
    expect(confirmed.data?.confirmLedgerEvent?.success).toBe(true)
  }
  return eventId
}

async function chequingBalance(tenant: Tenant, ids: Record<string, string>) {
  const body = await gql(
    tenant,
    'query ($org: UUID!) { accountBalances(organizationId: $org) { accountId balance } }',
  )
  return (
    (body.data?.accountBalances ?? []) as unknown as Array<{ accountId: string; balance: string }>
  ).find((b) => b.accountId === ids.Chequing)?.balance
}

async function event(tenant: Tenant, eventId: string) {
  const body = await gql(
    tenant,
    'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { status reconciliationId } }',
    { e: eventId },
  )
  return body.data?.getLedgerEvent
}

describe('a month reconciled', { timeout: 120_000 }, () => {
  it('ties the account to the statement, freezes its events, adjusts a difference, and undoes in order', async () => {
    const tenant = await createTenant(server)
    const ids = await accounts(tenant)
    const supplies = await posted(tenant, ids, { amount: '100.00', date: '2025-01-05' })
    const paper = await posted(tenant, ids, { amount: '50.00', date: '2025-01-12' })
    const sale = await posted(tenant, ids, { amount: '500.00', date: '2025-01-20', type: 'income' })
    const waiting = await posted(tenant, ids, { amount: '9.00', date: '2025-01-21', confirm: false })
    const february = await posted(tenant, ids, { amount: '40.00', date: '2025-02-03' })

    const january = await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: '350.00' })
    expect(january).toMatchObject({
      success: true,
      reconciliation: {
        status: 'open',
        openingBalance: '0.00',
        clearedBalance: '0.00',
        difference: '350.00',
      },
    })
    const r1 = january.reconciliation.id
    expect(await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: '1.00' })).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_OPEN',
    })

    for (const bad of [waiting, february]) {
      expect(await mutate(tenant, clear, { r: r1, ids: [supplies, bad], c: true })).toMatchObject({
        success: false,
        errorCode: 'EVENT_NOT_RECONCILABLE',
      })
    }
    const cleared = await mutate(tenant, clear, { r: r1, ids: [supplies, paper, sale], c: true })
    expect(cleared.reconciliation).toMatchObject({ clearedBalance: '350.00', difference: '0.00' })
    const unmarked = await mutate(tenant, clear, { r: r1, ids: [paper], c: false })
    expect(unmarked.reconciliation).toMatchObject({ clearedBalance: '400.00', difference: '-50.00' })
    expect(await mutate(tenant, finish, { r: r1 })).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_BALANCED',
      error:
        'The cleared balance differs from the statement by -50.00; clear more events, or name an adjustmentAccountId.',
    })
    await mutate(tenant, clear, { r: r1, ids: [paper], c: true })
    const done = await mutate(tenant, finish, { r: r1 })
    expect(done).toMatchObject({
      success: true,
      reconciliation: { status: 'finished', adjustmentEntryId: null },
    })
    expect([...(done.reconciliation.clearedEventIds as string[])].sort()).toEqual(
      [supplies, paper, sale].sort(),
    )
    expect(await event(tenant, supplies)).toEqual({ status: 'reconciled', reconciliationId: r1 })

    // A reconciled event is frozen.
    const refusals = [
      [
        'updateLedgerEvent',
        `updateLedgerEvent(organizationId: $org, eventId: $e, memo: "x") { success errorCode }`,
      ],
      [
        'updateStagedEntry',
        `updateStagedEntry(organizationId: $org, eventId: $e, taxAmount: "1.00") { success errorCode }`,
      ],
      ['confirmLedgerEvent', 'confirmLedgerEvent(organizationId: $org, eventId: $e) { success errorCode }'],
      ['rejectLedgerEvent', 'rejectLedgerEvent(organizationId: $org, eventId: $e) { success errorCode }'],
    ]
    for (const [name, call] of refusals) {
      const body = await gql(tenant, `mutation ($org: UUID!, $e: UUID!) { ${call} }`, { e: supplies })
      expect(body.data?.[name as string], name).toEqual({ success: false, errorCode: 'RECONCILED' })
    }
    const synced = await gql(
      tenant,
      'mutation ($org: UUID!, $ids: [UUID!]!) { markLedgerEventsSynced(organizationId: $org, eventIds: $ids) { syncedCount errors { errorCode } } }',
      { ids: [supplies] },
    )
    expect(synced.data?.markLedgerEventsSynced).toEqual({
      syncedCount: 0,
      errors: [{ errorCode: 'RECONCILED' }],
    })

    // February opens where January closed, and a difference goes to the named account.
    const feb = await mutate(tenant, start, { a: ids.Chequing, d: '2025-02-28', b: '300.00' })
    expect(feb.reconciliation).toMatchObject({ openingBalance: '350.00', difference: '-50.00' })
    const r2 = feb.reconciliation.id
    await mutate(tenant, clear, { r: r2, ids: [february], c: true })
    const adjusted = await mutate(tenant, finish, { r: r2, adj: ids['Bank Fees & Charges'] })
    expect(adjusted).toMatchObject({
      success: true,
      reconciliation: { status: 'finished', difference: '-10.00' },
    })
    expect(adjusted.reconciliation.adjustmentEntryId).toEqual(expect.any(String))
    expect(await chequingBalance(tenant, ids)).toBe('300.00')

    // Undo: owners and admins only, the last one first, and never into a closed period.
    const member = await createUser(server)
    await gql(
      tenant,
      'mutation ($org: UUID!, $e: String!) { addMember(organizationId: $org, email: $e, role: "member") { success } }',
      { e: member.email },
      tenant.owner.jwt,
    )
    const byKey = await gql(tenant, undo, { r: r2, why: 'wrong statement' })
    expect(byKey.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
    const byMember = await gql(tenant, undo, { r: r2, why: 'wrong statement' }, member.jwt)
    expect(byMember.errors?.[0]?.message).toEqual(expect.any(String))
    expect(byMember.data?.undoReconciliation ?? null).toBeNull()
    expect(await mutate(tenant, undo, { r: r1, why: 'out of order' }, tenant.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_LAST',
    })
    const lock = (d: string | null) =>
      gql(
        tenant,
        'mutation ($org: UUID!, $d: Date) { setLockDate(organizationId: $org, lockDate: $d) { success } }',
        { d },
        tenant.owner.jwt,
      )
    await lock('2025-02-28')
    expect(await mutate(tenant, undo, { r: r2, why: 'wrong statement' }, tenant.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'PERIOD_LOCKED',
    })
    await lock(null)
    const undone = await mutate(tenant, undo, { r: r2, why: 'wrong statement' }, tenant.owner.jwt)
    expect(undone).toMatchObject({
      success: true,
      reconciliation: { status: 'undone', undoReason: 'wrong statement' },
    })
    expect(await event(tenant, february)).toEqual({ status: 'confirmed', reconciliationId: null })
    expect(await chequingBalance(tenant, ids)).toBe('310.00')
    expect(await mutate(tenant, undo, { r: r1, why: 'redo January' }, tenant.owner.jwt)).toMatchObject({
      success: true,
    })
    expect(await event(tenant, supplies)).toEqual({ status: 'confirmed', reconciliationId: null })

    const list = await gql(
      tenant,
      'query ($org: UUID!, $a: UUID!) { listReconciliations(organizationId: $org, paymentAccountId: $a) { totalCount items { id status } } }',
      { a: ids.Chequing },
    )
    expect(list.data?.listReconciliations).toEqual({
      totalCount: 2,
      items: [
        { id: r2, status: 'undone' },
        { id: r1, status: 'undone' },
      ],
    })
  })

  it('lets exactly one of several concurrent finishes win', async () => {
    const tenant = await createTenant(server)
    const ids = await accounts(tenant)
    const one = await posted(tenant, ids, { amount: '10.00', date: '2025-03-01' })
    const started = await mutate(tenant, start, { a: ids.Chequing, d: '2025-03-31', b: '-10.00' })
    await mutate(tenant, clear, { r: started.reconciliation.id, ids: [one], c: true })
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => mutate(tenant, finish, { r: started.reconciliation.id })),
    )
    expect(answers.filter((a) => a.success)).toHaveLength(1)
    for (const lost of answers.filter((a) => !a.success))
      expect(lost.errorCode).toBe('RECONCILIATION_NOT_OPEN')
    expect(await event(tenant, one)).toEqual({
      status: 'reconciled',
      reconciliationId: started.reconciliation.id,
    })
  })

  it("never shows one organization's reconciliations to another", async () => {
    const owner = await createTenant(server)
    const stranger = await createTenant(server)
    const ids = await accounts(owner)
    const started = await mutate(owner, start, { a: ids.Chequing, d: '2025-03-31', b: '0.00' })
    const seen = await gql(
      stranger,
      `query ($org: UUID!, $r: UUID!) { reconciliation(organizationId: $org, reconciliationId: $r) { id } }`,
      { r: started.reconciliation.id },
    )
    expect(seen.data?.reconciliation).toBeNull()
    expect(await mutate(stranger, finish, { r: started.reconciliation.id })).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_FOUND',
    })
    expect(await mutate(stranger, start, { a: ids.Chequing, d: '2025-03-31', b: '0.00' })).toMatchObject({
      success: false,
      errorCode: 'PAYMENT_ACCOUNT_NOT_FOUND',
    })
  })
})

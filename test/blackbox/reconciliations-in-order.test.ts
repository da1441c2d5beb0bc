// Reconciliations exact in 0, 2 and 3 decimals, never undone out of order, cancelled by an owner, and kept out of closed periods.
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
  'id statementDate statementBalance openingBalance clearedBalance difference status clearedEventIds adjustmentEntryId finishedAt undoneAt undoReason cancelledAt cancelReason'
const start = `mutation ($org: UUID!, $a: UUID!, $d: Date!, $b: String!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: $d, statementBalance: $b) { success error errorCode reconciliation { ${fields} } } }`
const clear = `mutation ($org: UUID!, $r: UUID!, $ids: [UUID!]!) { setReconciliationCleared(organizationId: $org, reconciliationId: $r, eventIds: $ids, cleared: true) { success error errorCode reconciliation { ${fields} } } }`
const finish = `mutation ($org: UUID!, $r: UUID!, $adj: UUID) { finishReconciliation(organizationId: $org, reconciliationId: $r, adjustmentAccountId: $adj) { success error errorCode reconciliation { ${fields} } } }`
const undo = `mutation ($org: UUID!, $r: UUID!) { undoReconciliation(organizationId: $org, reconciliationId: $r, reason: "statement re-read") { success error errorCode reconciliation { ${fields} } } }`
const cancel = `mutation ($org: UUID!, $r: UUID!, $why: String) { cancelReconciliation(organizationId: $org, reconciliationId: $r, reason: $why) { success error errorCode reconciliation { ${fields} } } }`
const cancelWithoutReason = `mutation ($org: UUID!, $r: UUID!) { cancelReconciliation(organizationId: $org, reconciliationId: $r) { success error errorCode reconciliation { ${fields} } } }`

type Payload = {
  success: boolean
  error: string | null
  errorCode: string | null
  reconciliation: (Record<string, unknown> & { id: string }) | null
}

const { gql, field: mutate } = tenantCalls<Payload>(() => server)

/** The id of the reconciliation an answer carries, failing the test when it carries none. */
function idOf(payload: Payload): string {
  expect(payload, JSON.stringify(payload)).toMatchObject({ success: true })
  return (payload.reconciliation as { id: string }).id
}

/** A confirmed expense paid from Chequing; returns its id. */
async function paid(tenant: Tenant, ids: Record<string, string>, amount: string, date: string) {
  const created = await gql(
    tenant,
    'mutation ($org: UUID!, $a: String!, $d: String!, $c: UUID, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: "Vendor", amount: $a, transactionDate: $d, eventType: "expense", categoryId: $c, paymentAccountId: $p) { success error eventId } }',
    { a: amount, d: date, c: ids['Office Expenses'], p: ids.Chequing },
  )
  const eventId = created.data?.createLedgerEvent?.eventId as string
  expect(eventId, JSON.stringify(created)).toEqual(expect.any(String))
  const confirmed = await gql(
    tenant,
    'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
    { e: eventId },
  )
  expect(confirmed.data?.confirmLedgerEvent, JSON.stringify(confirmed)).toMatchObject({ success: true })
  return eventId
}

async function balances(tenant: Tenant) {
  const body = await gql(
    tenant,
    'query ($org: UUID!) { accountBalances(organizationId: $org) { accountName balance currency } }',
  )
  const rows = (body.data?.accountBalances ?? []) as unknown as Array<{
    accountName: string
    balance: string
    currency: string
  }>
  return new Map(rows.map((row) => [row.accountName, { balance: row.balance, currency: row.currency }]))
}

async function status(tenant: Tenant, eventId: string) {
  const body = await gql(
    tenant,
    'query ($org: UUID!, $e: UUID!) { getLedgerEvent(organizationId: $org, eventId: $e) { status reconciliationId } }',
    { e: eventId },
  )
  return body.data?.getLedgerEvent
}

async function addMember(tenant: Tenant, role: string) {
  const user = await createUser(server)
  const added = await gql(
    tenant,
    'mutation ($org: UUID!, $e: String!, $r: String!) { addMember(organizationId: $org, email: $e, role: $r) { success error } }',
    { e: user.email, r: role },
    tenant.owner.jwt,
  )
  expect(added.data?.addMember).toMatchObject({ success: true })
  return user
}

async function setLockDate(tenant: Tenant, lockDate: string | null) {
  const body = await gql(
    tenant,
    'mutation ($org: UUID!, $d: Date) { setLockDate(organizationId: $org, lockDate: $d) { success error } }',
    { d: lockDate },
    tenant.owner.jwt,
  )
  expect(body.data?.setLockDate).toMatchObject({ success: true })
}

describe('a reconciliation in the currency of the books', { timeout: 120_000 }, () => {
  const cases = [
    {
      currency: 'JPY',
      expense: '1500',
      statement: '-2000',
      zero: '0',
      cleared: '-1500',
      difference: '-500',
      fee: '500',
      tooPrecise: '-2000.5',
    },
    {
      currency: 'CAD',
      expense: '15.25',
      statement: '-20.00',
      zero: '0.00',
      cleared: '-15.25',
      difference: '-4.75',
      fee: '4.75',
      tooPrecise: '-20.001',
    },
    {
      currency: 'BHD',
      expense: '1.525',
      statement: '-2.000',
      zero: '0.000',
      cleared: '-1.525',
      difference: '-0.475',
      fee: '0.475',
      tooPrecise: '-2.0001',
    },
  ]
  for (const c of cases) {
    it(`parses, balances and adjusts exactly in ${c.currency}`, async () => {
      const tenant = await createTenant(server, undefined, c.currency)
      const ids = await accountsByName(server, tenant)
      const expense = await paid(tenant, ids, c.expense, '2025-01-05')

      expect(
        await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: c.tooPrecise }),
      ).toMatchObject({
        success: false,
        errorCode: 'INVALID_AMOUNT',
      })
      const started = await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: c.statement })
      expect(started.reconciliation).toMatchObject({
        statementBalance: c.statement,
        openingBalance: c.zero,
        clearedBalance: c.zero,
        difference: c.statement,
      })
      const r1 = idOf(started)
      const cleared = await mutate(tenant, clear, { r: r1, ids: [expense] })
      expect(cleared.reconciliation).toMatchObject({ clearedBalance: c.cleared, difference: c.difference })
      expect(await mutate(tenant, finish, { r: r1 })).toMatchObject({
        success: false,
        errorCode: 'RECONCILIATION_NOT_BALANCED',
        error: `The cleared balance differs from the statement by ${c.difference}; clear more events, or name an adjustmentAccountId.`,
      })
      const finished = await mutate(tenant, finish, { r: r1, adj: ids['Bank Fees & Charges'] })
      expect(finished).toMatchObject({ success: true, reconciliation: { status: 'finished' } })

      // The adjustment moved Chequing to the statement, in the books' own minor units.
      const after = await balances(tenant)
      expect(after.get('Chequing')).toEqual({ balance: c.statement, currency: c.currency })
      expect(after.get('Bank Fees & Charges')).toEqual({ balance: c.fee, currency: c.currency })
      const trial = await gql(
        tenant,
        'query ($org: UUID!) { trialBalance(organizationId: $org, asOf: "2025-12-31") { currency totalDebit totalCredit } }',
      )
      const paidOut = c.statement.slice(1)
      expect(trial.data?.trialBalance).toEqual({
        currency: c.currency,
        totalDebit: paidOut,
        totalCredit: paidOut,
      })

      // The next one opens at the statement's balance, and balances at once when unchanged.
      const next = await mutate(tenant, start, { a: ids.Chequing, d: '2025-02-28', b: c.statement })
      expect(next.reconciliation).toMatchObject({
        openingBalance: c.statement,
        clearedBalance: c.statement,
        difference: c.zero,
      })
    })
  }
})

describe('an undo out of order', { timeout: 120_000 }, () => {
  it('is refused while a later reconciliation is open or finished, and allowed once it is cancelled', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const january = await paid(tenant, ids, '100.00', '2025-01-10')
    const february = await paid(tenant, ids, '40.00', '2025-02-10')

    const r1 = idOf(await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: '-100.00' }))
    await mutate(tenant, clear, { r: r1, ids: [january] })
    expect(await mutate(tenant, finish, { r: r1 })).toMatchObject({ success: true })
    const r2 = idOf(await mutate(tenant, start, { a: ids.Chequing, d: '2025-02-28', b: '-140.00' }))

    // The finding replayed: the undo that once let January's events be cleared twice.
    expect(await mutate(tenant, undo, { r: r1 }, tenant.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_LAST',
      error:
        'A later reconciliation of this account is open; finish or cancel it, then undo it, before this one.',
      reconciliation: null,
    })
    expect(await status(tenant, january)).toEqual({ status: 'reconciled', reconciliationId: r1 })

    // Cancelled, the later one no longer stands in the way, and nothing of it was posted.
    const cancelled = await mutate(tenant, cancel, { r: r2, why: 'wrong statement' }, tenant.owner.jwt)
    expect(cancelled).toMatchObject({
      success: true,
      reconciliation: { status: 'cancelled', cancelReason: 'wrong statement', finishedAt: null },
    })
    expect(cancelled.reconciliation?.cancelledAt).toEqual(expect.any(String))
    expect(await mutate(tenant, undo, { r: r1 }, tenant.owner.jwt)).toMatchObject({
      success: true,
      reconciliation: { status: 'undone' },
    })
    expect(await status(tenant, january)).toEqual({ status: 'confirmed', reconciliationId: null })

    // Redone, January opens February again, which finishes; January stays behind it.
    const again = idOf(await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: '-100.00' }))
    await mutate(tenant, clear, { r: again, ids: [january] })
    expect(await mutate(tenant, finish, { r: again })).toMatchObject({ success: true })
    const r3 = idOf(await mutate(tenant, start, { a: ids.Chequing, d: '2025-02-28', b: '-140.00' }))
    await mutate(tenant, clear, { r: r3, ids: [february] })
    expect(await mutate(tenant, finish, { r: r3 })).toMatchObject({
      success: true,
      reconciliation: { openingBalance: '-100.00', difference: '0.00', adjustmentEntryId: null },
    })
    expect(await mutate(tenant, undo, { r: again }, tenant.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_LAST',
      error: 'Only the last finished reconciliation of an account can be undone.',
    })
    expect(await mutate(tenant, undo, { r: r3 }, tenant.owner.jwt)).toMatchObject({ success: true })
    expect(await mutate(tenant, undo, { r: again }, tenant.owner.jwt)).toMatchObject({ success: true })
    const list = await gql(
      tenant,
      'query ($org: UUID!, $a: UUID!) { listReconciliations(organizationId: $org, paymentAccountId: $a) { items { id status } } }',
      { a: ids.Chequing },
    )
    expect(list.data?.listReconciliations).toEqual({
      items: [
        { id: r3, status: 'undone' },
        { id: again, status: 'undone' },
        { id: r2, status: 'cancelled' },
        { id: r1, status: 'undone' },
      ],
    })
  })

  it('never lets an undo and a start or finish beside it both count on the undone one', async () => {
    for (let round = 0; round < 3; round++) {
      const tenant = await createTenant(server)
      const ids = await accountsByName(server, tenant)
      const january = await paid(tenant, ids, '100.00', '2025-01-10')
      const february = await paid(tenant, ids, '40.00', '2025-02-10')
      const r1 = idOf(await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: '-100.00' }))
      await mutate(tenant, clear, { r: r1, ids: [january] })
      await mutate(tenant, finish, { r: r1 })

      // A start beside the undo: either the undo wins and February opens from nothing, or the
      // start wins and the undo is refused; never a February opened from an undone January.
      const [undone, started] = await Promise.all([
        mutate(tenant, undo, { r: r1 }, tenant.owner.jwt),
        mutate(tenant, start, { a: ids.Chequing, d: '2025-02-28', b: '-140.00' }),
      ])
      const r2 = idOf(started)
      if (undone.success) {
        expect(started.reconciliation).toMatchObject({ openingBalance: '0.00' })
        await mutate(tenant, cancel, { r: r2 }, tenant.owner.jwt)
        continue
      }
      expect(undone.errorCode).toBe('RECONCILIATION_NOT_LAST')
      expect(started.reconciliation).toMatchObject({ openingBalance: '-100.00' })

      // A finish beside the undo: the undo always meets February, open or finished.
      await mutate(tenant, clear, { r: r2, ids: [february] })
      const [again, finished] = await Promise.all([
        mutate(tenant, undo, { r: r1 }, tenant.owner.jwt),
        mutate(tenant, finish, { r: r2 }),
      ])
      expect(finished).toMatchObject({ success: true })
      expect(again).toMatchObject({ success: false, errorCode: 'RECONCILIATION_NOT_LAST' })
      expect(await status(tenant, january)).toEqual({ status: 'reconciled', reconciliationId: r1 })
      expect(await status(tenant, february)).toEqual({ status: 'reconciled', reconciliationId: r2 })
    }
  })
})

describe('cancelling a reconciliation', { timeout: 120_000 }, () => {
  it('is for owners and admins, of an open one only, audited and in the feed', async () => {
    const tenant = await createTenant(server)
    const stranger = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const member = await addMember(tenant, 'member')
    const admin = await addMember(tenant, 'admin')

    const open = idOf(await mutate(tenant, start, { a: ids.Chequing, d: '2025-03-31', b: '12.00' }))
    const byKey = await gql(tenant, cancel, { r: open })
    expect(byKey.errors?.[0]?.message).toBe('API Keys Cannot Perform Admin Operations.')
    const byMember = await gql(tenant, cancel, { r: open }, member.jwt)
    expect(byMember.errors?.[0]?.message).toEqual(expect.any(String))
    expect(byMember.data?.cancelReconciliation ?? null).toBeNull()
    expect(await mutate(stranger, cancel, { r: open }, stranger.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_FOUND',
    })
    for (const why of ['   ', 'x'.repeat(501)]) {
      expect(await mutate(tenant, cancel, { r: open, why }, admin.jwt)).toMatchObject({
        success: false,
        errorCode: 'INVALID_REASON',
      })
    }

    const cancelled = await mutate(tenant, cancelWithoutReason, { r: open }, admin.jwt)
    expect(cancelled).toMatchObject({
      success: true,
      reconciliation: { id: open, status: 'cancelled', cancelReason: null },
    })
    expect(await mutate(tenant, cancel, { r: open }, tenant.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_OPEN',
    })

    // The account is free again; a finished one cannot be cancelled.
    const next = idOf(await mutate(tenant, start, { a: ids.Chequing, d: '2025-03-31', b: '0.00' }))
    expect(await mutate(tenant, finish, { r: next })).toMatchObject({ success: true })
    expect(await mutate(tenant, cancel, { r: next }, tenant.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'RECONCILIATION_NOT_OPEN',
      error: 'This reconciliation is finished; only an open one can change.',
    })

    const feed = await gql(
      tenant,
      'query ($org: UUID!) { events(organizationId: $org, types: ["reconciliation.cancelled"]) { items { type entityId data } } }',
    )
    const items = (feed.data?.events?.items ?? []) as Array<{ type: string; entityId: string; data: string }>
    expect(items.map((item) => [item.type, item.entityId])).toEqual([['reconciliation.cancelled', open]])
    expect(JSON.parse(items[0]?.data ?? '{}')).toMatchObject({
      before: { status: 'open' },
      after: { status: 'cancelled', cancelReason: null },
    })
    const audit = await gql(
      tenant,
      'query ($org: UUID!, $e: UUID) { auditLog(organizationId: $org, entityId: $e) { items { operation actorType } } }',
      { e: open },
      tenant.owner.jwt,
    )
    const history = (audit.data?.auditLog?.items ?? []) as Array<{ operation: string }>
    expect(history[0]).toEqual({
      operation: 'reconciliation.cancelled',
      actorType: 'user',
    })
  })
})

describe('a closed period', { timeout: 120_000 }, () => {
  it('cannot be blocked by a reconciliation, nor have its reconciled state changed', async () => {
    const tenant = await createTenant(server)
    const ids = await accountsByName(server, tenant)
    const member = await addMember(tenant, 'member')
    const december = await paid(tenant, ids, '30.00', '2024-12-20')
    const january = await paid(tenant, ids, '100.00', '2025-01-10')
    const february = await paid(tenant, ids, '40.00', '2025-02-10')
    await setLockDate(tenant, '2024-12-31')

    // A member cannot start one dated in the closed period.
    for (const d of ['2024-12-31', '2024-06-30']) {
      expect(await mutate(tenant, start, { a: ids.Chequing, d, b: '-30.00' }, member.jwt)).toMatchObject({
        success: false,
        errorCode: 'PERIOD_LOCKED',
        error:
          'The books are closed through 2024-12-31: nothing dated on or before it can be created or changed.',
      })
    }

    // A December cheque the bank paid in January clears in January's statement.
    const r1 = idOf(
      await mutate(tenant, start, { a: ids.Chequing, d: '2025-01-31', b: '-130.00' }, member.jwt),
    )
    await mutate(tenant, clear, { r: r1, ids: [december, january] }, member.jwt)
    expect(await mutate(tenant, finish, { r: r1 }, member.jwt)).toMatchObject({ success: true })
    expect(await status(tenant, december)).toEqual({ status: 'reconciled', reconciliationId: r1 })

    // February is started, then the books close over it: it can neither finish nor be undone.
    const r2 = idOf(
      await mutate(tenant, start, { a: ids.Chequing, d: '2025-02-28', b: '-170.00' }, member.jwt),
    )
    await mutate(tenant, clear, { r: r2, ids: [february] }, member.jwt)
    await setLockDate(tenant, '2025-02-28')
    expect(await mutate(tenant, finish, { r: r2 }, member.jwt)).toMatchObject({
      success: false,
      errorCode: 'PERIOD_LOCKED',
    })
    expect(await status(tenant, february)).toEqual({ status: 'confirmed', reconciliationId: null })

    // An owner cancels it, whatever the lock date; January's undo is refused while it is locked.
    expect(
      await mutate(tenant, cancel, { r: r2, why: 'closed before it finished' }, tenant.owner.jwt),
    ).toMatchObject({ success: true, reconciliation: { status: 'cancelled' } })
    expect(await mutate(tenant, undo, { r: r1 }, tenant.owner.jwt)).toMatchObject({
      success: false,
      errorCode: 'PERIOD_LOCKED',
    })
    expect(await status(tenant, january)).toEqual({ status: 'reconciled', reconciliationId: r1 })
    expect(await status(tenant, december)).toEqual({ status: 'reconciled', reconciliationId: r1 })

    // After the period, the account reconciles on.
    const r3 = idOf(
      await mutate(tenant, start, { a: ids.Chequing, d: '2025-03-31', b: '-170.00' }, member.jwt),
    )
    await mutate(tenant, clear, { r: r3, ids: [february] }, member.jwt)
    expect(await mutate(tenant, finish, { r: r3 }, member.jwt)).toMatchObject({
      success: true,
      reconciliation: { openingBalance: '-130.00', difference: '0.00' },
    })
  })
})

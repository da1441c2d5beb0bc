import { readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type BalanceRow, readBalanceCsv } from './balance-csv.js'
import { isBankPayout, planRow, planRows, processorChange, type RowPlan } from './row-mapping.js'

const stripeDir = path.resolve(import.meta.dirname, '../../../test/fixtures/data/stripe')

function row(fields: Partial<BalanceRow>): BalanceRow {
  const amountMinor = fields.amountMinor ?? 1000n
  const feeMinor = fields.feeMinor ?? 0n
  return {
    line: 2,
    family: 'legacy',
    id: 'txn_1',
    type: 'charge',
    sourceId: 'ch_1',
    currency: 'USD',
    date: '2021-06-01',
    description: '',
    netMinor: amountMinor - feeMinor,
    ...fields,
    amountMinor,
    feeMinor,
  }
}

function eventsOf(fields: Partial<BalanceRow>) {
  const plan = planRow(row(fields))
  if (!plan.ok) throw new Error(plan.error.message)
  if (plan.value.kind !== 'post') throw new Error('expected events')
  return plan.value.events.map(({ backfillId, eventType, amountMinor, category, payment }) => ({
    backfillId,
    eventType,
    amountMinor,
    category,
    payment,
  }))
}

describe('planRow', () => {
  it('books a charge gross: income of Amount, and its fee as its own expense', () => {
    expect(eventsOf({ amountMinor: 84900n, feeMinor: 2492n })).toEqual([
      {
        backfillId: 'txn_1',
        eventType: 'income',
        amountMinor: 84900n,
        category: 'sales_revenue',
        payment: 'processor',
      },
      {
        backfillId: 'txn_1:fee',
        eventType: 'expense',
        amountMinor: 2492n,
        category: 'bank_fees',
        payment: 'processor',
      },
    ])
    expect(eventsOf({ type: 'payment', amountMinor: 1200n })).toEqual([
      expect.objectContaining({ eventType: 'income', amountMinor: 1200n }),
    ])
  })

  it('books a refund as a refund of Sales Revenue and a refunded fee as income', () => {
    expect(eventsOf({ type: 'refund', amountMinor: -24900n, feeMinor: -752n })).toEqual([
      {
        backfillId: 'txn_1',
        eventType: 'refund',
        amountMinor: 24900n,
        category: 'sales_revenue',
        payment: 'processor',
      },
      {
        backfillId: 'txn_1:fee',
        eventType: 'income',
        amountMinor: 752n,
        category: 'bank_fees',
        payment: 'processor',
      },
    ])
    expect(eventsOf({ type: 'payment_refund', amountMinor: -500n })[0]).toMatchObject({ eventType: 'refund' })
  })

  it('books a lost dispute as a refund plus its dispute fee, a won one as income', () => {
    expect(eventsOf({ type: 'adjustment', amountMinor: -84900n, feeMinor: 1500n })).toEqual([
      {
        backfillId: 'txn_1',
        eventType: 'refund',
        amountMinor: 84900n,
        category: 'sales_revenue',
        payment: 'processor',
      },
      {
        backfillId: 'txn_1:fee',
        eventType: 'expense',
        amountMinor: 1500n,
        category: 'bank_fees',
        payment: 'processor',
      },
    ])
    expect(
      eventsOf({ family: 'itemized', type: 'dispute_reversal', amountMinor: 84900n, feeMinor: -1500n }),
    ).toEqual([
      expect.objectContaining({ eventType: 'income', category: 'sales_revenue' }),
      expect.objectContaining({ eventType: 'income', category: 'bank_fees', amountMinor: 1500n }),
    ])
  })

  it('books processor fees as Bank Fees & Charges expenses', () => {
    expect(eventsOf({ type: 'stripe_fee', sourceId: '', amountMinor: -200n })).toEqual([
      {
        backfillId: 'txn_1',
        eventType: 'expense',
        amountMinor: 200n,
        category: 'bank_fees',
        payment: 'processor',
      },
    ])
    expect(eventsOf({ family: 'itemized', type: 'fee', amountMinor: -200n })[0]).toMatchObject({
      eventType: 'expense',
    })
  })

  it('books payouts as transfers to Chequing, a positive one from Chequing, and a payout fee as a fee', () => {
    expect(eventsOf({ type: 'payout', sourceId: 'po_1', amountMinor: -500000n, feeMinor: 5000n })).toEqual([
      {
        backfillId: 'txn_1',
        eventType: 'transfer',
        amountMinor: 500000n,
        category: 'chequing',
        payment: 'processor',
      },
      {
        backfillId: 'txn_1:fee',
        eventType: 'expense',
        amountMinor: 5000n,
        category: 'bank_fees',
        payment: 'processor',
      },
    ])
    expect(eventsOf({ type: 'payout_failure', sourceId: 'po_1', amountMinor: 500000n })).toEqual([
      {
        backfillId: 'txn_1',
        eventType: 'transfer',
        amountMinor: 500000n,
        category: 'processor',
        payment: 'chequing',
      },
    ])
  })

  it('tells legacy bank payouts from merchant transfers', () => {
    const stripeTransfer = {
      type: 'transfer',
      sourceId: 'tr_1',
      description: 'STRIPE TRANSFER',
      date: '2016-07-15',
    }
    expect(eventsOf({ ...stripeTransfer, amountMinor: -82408n })[0]).toMatchObject({
      eventType: 'transfer',
      category: 'chequing',
      payment: 'processor',
    })
    expect(eventsOf({ ...stripeTransfer, amountMinor: 86400n })[0]).toMatchObject({
      eventType: 'transfer',
      category: 'processor',
      payment: 'chequing',
    })
    const connect = {
      type: 'transfer',
      sourceId: 'tr_2',
      description: 'Transfer to acct_9',
      date: '2021-06-01',
    }
    expect(eventsOf({ ...connect, amountMinor: -3000n })).toEqual([
      {
        backfillId: 'txn_1',
        eventType: 'expense',
        amountMinor: 3000n,
        category: 'cost_of_goods_sold',
        payment: 'processor',
      },
    ])
    expect(eventsOf({ ...connect, type: 'transfer_refund', amountMinor: 3000n })[0]).toMatchObject({
      eventType: 'income',
      category: 'cost_of_goods_sold',
    })
    expect(
      eventsOf({ family: 'itemized', type: 'transfer', sourceId: '', amountMinor: -3000n })[0],
    ).toMatchObject({
      category: 'cost_of_goods_sold',
    })
  })

  it('decides payouts by source, bank descriptor or the date payouts got their own objects', () => {
    expect(isBankPayout({ sourceId: 'po_1', description: '', date: '2021-01-01' })).toBe(true)
    expect(isBankPayout({ sourceId: '', description: 'stripe payout', date: '2021-01-01' })).toBe(true)
    expect(isBankPayout({ sourceId: 'tr_1', description: '', date: '2017-04-05' })).toBe(true)
    expect(isBankPayout({ sourceId: 'tr_1', description: '', date: '2017-04-06' })).toBe(false)
    expect(isBankPayout({ sourceId: 'tr_1', description: 'Order 12', date: '2021-01-01' })).toBe(false)
  })

  it('skips application fees and platform earnings', () => {
    for (const fields of [
      { type: 'application_fee', sourceId: 'fee_1' },
      { type: 'application_fee_refund', amountMinor: -100n },
      { family: 'itemized' as const, type: 'platform_earning' },
    ]) {
      expect(planRow(row(fields))).toMatchObject({ ok: true, value: { kind: 'skip_app_fee' } })
    }
  })

  it('stops at a type with no mapping, naming the line and the type', () => {
    expect(planRow(row({ line: 7, type: 'topup', id: 'txn_top' }))).toEqual({
      ok: false,
      error: {
        code: 'UNMAPPED_ROW_TYPE',
        message: 'Line 7: type "topup" (txn_top) has no mapping to the books. Nothing was imported.',
      },
    })
    expect(planRow(row({ family: 'itemized', type: 'payment' }))).toMatchObject({
      ok: false,
      error: { message: /reporting_category "payment"/ },
    })
    expect(planRow(row({ type: 'constructor' }))).toMatchObject({ ok: false })
  })

  it('refuses a row that moves no money', () => {
    expect(planRow(row({ amountMinor: 0n, feeMinor: 0n }))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CSV_ROW' },
    })
  })

  it('names events after the description, else the processor and type, and keeps the trail in the memo', () => {
    const plan = planRow(row({ description: 'Spree Order ID: R1', feeMinor: 30n }))
    if (!plan.ok || plan.value.kind !== 'post') throw new Error('expected events')
    expect(plan.value.sourceId).toBe('ch_1')
    expect(plan.value.events.map((e) => [e.merchantName, e.memo])).toEqual([
      ['Spree Order ID: R1', 'Stripe charge ch_1 (txn_1)'],
      ['Stripe', 'Stripe fee on charge ch_1 (txn_1)'],
    ])
    const bare = planRow(row({ type: 'stripe_fee', sourceId: '', amountMinor: -5n }))
    if (!bare.ok || bare.value.kind !== 'post') throw new Error('expected events')
    expect(bare.value.sourceId).toBe('txn_1')
    expect(bare.value.events[0]?.merchantName).toBe('Stripe stripe_fee')
  })

  it('moves the processor balance by exactly Net for any mapped row', () => {
    const types = ['charge', 'refund', 'adjustment', 'stripe_fee', 'payout', 'transfer', 'transfer_refund']
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n }),
        fc.boolean(),
        (type, amountMinor, feeMinor, payoutLike) => {
          fc.pre(amountMinor !== 0n || feeMinor !== 0n)
          const plan = planRow(
            row({ type, amountMinor, feeMinor, description: payoutLike ? 'STRIPE PAYOUT' : 'Order' }),
          )
          if (!plan.ok || plan.value.kind !== 'post') return false
          return (
            processorChange(plan.value.events) === amountMinor - feeMinor &&
            plan.value.events.every((e) => e.amountMinor > 0n)
          )
        },
      ),
    )
  })
})

describe('the real files', () => {
  it('map every row of the VERBATIM file, and the processor balance moves by the sum of Net', () => {
    const rows = readBalanceCsv(
      readFileSync(path.join(stripeDir, 'reunion_stripe_balance_history_rows_VERBATIM.csv'), 'utf8'),
    )
    if (!rows.ok) throw new Error(rows.error.message)
    const plans = planRows(rows.value)
    if (!plans.ok) throw new Error(plans.error.message)
    const posted = plans.value.filter((p): p is Extract<RowPlan, { kind: 'post' }> => p.kind === 'post')
    expect(posted).toHaveLength(7)
    const net = rows.value.reduce((sum, r) => sum + r.netMinor, 0n)
    expect(processorChange(posted.flatMap((p) => p.events))).toBe(net)
    expect(posted.map((p) => p.events.map((e) => `${e.eventType}:${e.category}:${e.amountMinor}`))).toEqual([
      ['transfer:chequing:82408'],
      ['refund:sales_revenue:24900', 'income:bank_fees:752'],
      ['transfer:chequing:82408'],
      ['income:sales_revenue:84900', 'expense:bank_fees:2492'],
      ['transfer:processor:86400'],
      ['refund:sales_revenue:84900', 'expense:bank_fees:1500'],
      ['transfer:chequing:500000', 'expense:bank_fees:5000'],
    ])
  })
})

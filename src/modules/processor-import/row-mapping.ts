import { limits } from '../../kernel/limits.js'
import { assert, fail, ok, type Result } from '../../kernel/result.js'
import type { BalanceRow } from './balance-csv.js'

// What each balance row becomes in the books (docs/decisions/0009-processor-import.md). Pure: the
// service only swaps the account roles for ids and writes the events.

export const processorName = 'Stripe'
export const batchPrefix = 'stripe'

/** The accounts a processor event touches, by role; `processor` is the processor balance account. */
export type AccountRole = 'processor' | 'chequing' | 'sales_revenue' | 'bank_fees' | 'cost_of_goods_sold'

export interface PlannedEvent {
  /** Stored as backfill_id: the row's balance-transaction id, with `:fee` for its fee event. */
  backfillId: string
  eventType: 'income' | 'expense' | 'transfer' | 'refund'
  /** Positive; the direction lives in eventType and the two accounts. */
  amountMinor: bigint
  category: AccountRole
  payment: 'processor' | 'chequing'
  merchantName: string
  memo: string
}

export type RowPlan =
  | { kind: 'post'; row: BalanceRow; sourceId: string; events: PlannedEvent[] }
  | { kind: 'skip_app_fee'; row: BalanceRow }

/** How a row's Amount is booked; its Fee column is booked the same way for every kind. */
type RowKind = 'revenue' | 'processor_fee' | 'bank_payout' | 'merchant_transfer' | 'transfer' | 'app_fee'

// Legacy `Type` values (FORMATS.md 1c). Reversals of a mapped type map like the type itself: the
// sign of Amount turns them around.
const legacyKinds: Record<string, RowKind> = {
  charge: 'revenue',
  payment: 'revenue',
  refund: 'revenue',
  payment_refund: 'revenue',
  refund_failure: 'revenue',
  adjustment: 'revenue',
  stripe_fee: 'processor_fee',
  payout: 'bank_payout',
  payout_cancel: 'bank_payout',
  payout_failure: 'bank_payout',
  transfer: 'transfer',
  transfer_cancel: 'merchant_transfer',
  transfer_failure: 'merchant_transfer',
  transfer_refund: 'merchant_transfer',
  application_fee: 'app_fee',
  application_fee_refund: 'app_fee',
}

// Itemized `reporting_category` values (FORMATS.md 1d).
const itemizedKinds: Record<string, RowKind> = {
  charge: 'revenue',
  refund: 'revenue',
  refund_failure: 'revenue',
  dispute: 'revenue',
  dispute_reversal: 'revenue',
  fee: 'processor_fee',
  payout: 'bank_payout',
  payout_reversal: 'bank_payout',
  transfer: 'transfer',
  transfer_reversal: 'merchant_transfer',
  platform_earning: 'app_fee',
  platform_earning_refund: 'app_fee',
}

/** Before this API version Stripe paid out to the bank with `tr_` transfers; after it, `po_` payouts. */
const payoutObjectsFrom = '2017-04-06'
const payoutDescriptions = /^STRIPE (TRANSFER|PAYOUT)$/i

/**
 * A `transfer` row is a bank payout when its Source is a payout, its Description is the bank
 * descriptor Stripe used for payouts, or it is a `tr_` transfer from before payouts had their own
 * objects (FORMATS.md 1e, pitfall 1). Otherwise it is a transfer to another party (Connect).
 */
export function isBankPayout(row: Pick<BalanceRow, 'sourceId' | 'description' | 'date'>): boolean {
  if (row.sourceId.startsWith('po_')) return true
  if (payoutDescriptions.test(row.description)) return true
  return row.sourceId.startsWith('tr_') && row.date < payoutObjectsFrom
}

export function rowKind(row: BalanceRow): Exclude<RowKind, 'transfer'> | undefined {
  const kinds = row.family === 'legacy' ? legacyKinds : itemizedKinds
  const kind = Object.hasOwn(kinds, row.type) ? kinds[row.type] : undefined
  if (kind !== 'transfer') return kind
  return isBankPayout(row) ? 'bank_payout' : 'merchant_transfer'
}

/** One row's events, a skip, or the reason the whole run must stop. */
export function planRow(row: BalanceRow): Result<RowPlan> {
  const kind = rowKind(row)
  if (kind === undefined) {
    const column = row.family === 'legacy' ? 'type' : 'reporting_category'
    return fail(
      'UNMAPPED_ROW_TYPE',
      `Line ${row.line}: ${column} ${JSON.stringify(row.type)} (${row.id}) has no mapping to the books. Nothing was imported.`,
    )
  }
  if (kind === 'app_fee') return ok({ kind: 'skip_app_fee', row })
  if (row.amountMinor === 0n && row.feeMinor === 0n) {
    return fail(
      'INVALID_CSV_ROW',
      `Line ${row.line}: ${row.id} has a zero amount and a zero fee, so there is nothing to book. Nothing was imported.`,
    )
  }
  const sourceId = row.sourceId || row.id
  const trail = `${row.type} ${sourceId}${sourceId === row.id ? '' : ` (${row.id})`}`
  const events: PlannedEvent[] = []
  if (row.amountMinor !== 0n) {
    events.push({
      backfillId: row.id,
      ...amountEvent(kind, row.amountMinor),
      merchantName: merchantNameOf(row),
      memo: `${processorName} ${trail}`,
    })
  }
  if (row.feeMinor !== 0n) {
    const charged = row.feeMinor > 0n
    events.push({
      backfillId: `${row.id}:fee`,
      eventType: charged ? 'expense' : 'income',
      amountMinor: magnitude(row.feeMinor),
      category: 'bank_fees',
      payment: 'processor',
      merchantName: processorName,
      memo: `${processorName} fee ${charged ? 'on' : 'refunded on'} ${trail}`,
    })
  }
  assert(
    processorChange(events) === row.netMinor,
    `the events of line ${row.line} move the processor balance by its Net`,
  )
  return ok({ kind: 'post', row, sourceId, events })
}

/** Every row's plan, or the first row that cannot be booked. */
export function planRows(rows: BalanceRow[]): Result<RowPlan[]> {
  const plans: RowPlan[] = []
  for (const row of rows) {
    const plan = planRow(row)
    if (!plan.ok) return plan
    plans.push(plan.value)
  }
  return ok(plans)
}

type Booking = Pick<PlannedEvent, 'eventType' | 'amountMinor' | 'category' | 'payment'>

function amountEvent(kind: Exclude<RowKind, 'app_fee' | 'transfer'>, amount: bigint): Booking {
  const inward = amount > 0n
  const amountMinor = magnitude(amount)
  switch (kind) {
    case 'revenue':
      // Revenue is booked gross; money returned to a customer (refund, lost dispute) is a refund.
      return inward
        ? { eventType: 'income', amountMinor, category: 'sales_revenue', payment: 'processor' }
        : { eventType: 'refund', amountMinor, category: 'sales_revenue', payment: 'processor' }
    case 'processor_fee':
      return {
        eventType: inward ? 'income' : 'expense',
        amountMinor,
        category: 'bank_fees',
        payment: 'processor',
      }
    case 'merchant_transfer':
      return {
        eventType: inward ? 'income' : 'expense',
        amountMinor,
        category: 'cost_of_goods_sold',
        payment: 'processor',
      }
    case 'bank_payout':
      // A transfer moves money from its payment account to its category: a payout leaves the
      // processor balance for the bank; a positive one is the processor pulling from the bank.
      return inward
        ? { eventType: 'transfer', amountMinor, category: 'processor', payment: 'chequing' }
        : { eventType: 'transfer', amountMinor, category: 'chequing', payment: 'processor' }
  }
}

/** How much an event moves the processor balance account (debits minus credits). */
export function eventProcessorChange(event: Booking): bigint {
  if (event.category === 'processor') return event.amountMinor
  if (event.payment !== 'processor') return 0n
  return event.eventType === 'income' ? event.amountMinor : -event.amountMinor
}

export function processorChange(events: Booking[]): bigint {
  return events.reduce((sum, event) => sum + eventProcessorChange(event), 0n)
}

function merchantNameOf(row: BalanceRow): string {
  const description = Array.from(row.description, (char) => (char < ' ' ? ' ' : char))
    .join('')
    .trim()
  const name = description === '' ? `${processorName} ${row.type}` : description
  // A processor's description is its own text, cut to the merchant name's rule rather than refused.
  return name.length > limits.merchantNameLengthMax ? name.slice(0, limits.merchantNameLengthMax) : name
}

const magnitude = (minor: bigint) => (minor < 0n ? -minor : minor)

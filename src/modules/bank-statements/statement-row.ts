import { type CalendarDate, parseCalendarDate } from '../../kernel/calendar-date.js'
import { parseMoney } from '../../kernel/money.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import {
  type Direction,
  type EventType,
  parseEventType,
  parseMemo,
  parseMerchantName,
  parseReference,
} from '../ledger-events/ledger-events-port.js'

// One row of a bank statement as a client sends it, and the checks that make it importable.

export interface StatementRowInput {
  transactionDate: string
  description: string
  amount: string
  eventType: string
  memo?: string | null
  reference?: string | null
}

export interface StatementRow {
  transactionDate: CalendarDate
  description: string
  /** The magnitude (DESIGN 5.7); the sign is kept as the direction (DESIGN 7.7). */
  amountMinor: bigint
  eventType: EventType
  direction: Direction
  memo: string
  reference: string | null
}

/** The first problem of the first bad row, named by 0-based index and field. */
export function parseStatementRows(rows: StatementRowInput[], decimals: number): Result<StatementRow[]> {
  const parsed: StatementRow[] = []
  for (const [index, row] of rows.entries()) {
    const one = parseStatementRow(row, decimals)
    if (!one.ok) {
      return fail('INVALID_ROW', `Row ${index}: ${one.error.message}`, `rows[${index}].${one.error.field}`)
    }
    parsed.push(one.value)
  }
  return ok(parsed)
}

/** One row's first problem, with the field it lies in. */
export function parseStatementRow(row: StatementRowInput, decimals: number): Result<StatementRow> {
  const date = parseCalendarDate(row.transactionDate, 'transactionDate')
  if (!date.ok) return date
  // The description becomes the event's merchant name, so it obeys the merchant name's rule.
  const description = parseMerchantName(row.description, 'description')
  if (!description.ok) return description
  // Banks write money in as `+500.00` as often as `500.00`.
  const plus = row.amount.startsWith('+') && !row.amount.startsWith('+-')
  const amount = parseMoney(plus ? row.amount.slice(1) : row.amount, decimals, 'amount')
  if (!amount.ok) return amount
  if (amount.value === 0n) return fail('INVALID_AMOUNT', 'amount must not be zero.', 'amount')
  const eventType = parseEventType(row.eventType)
  if (!eventType.ok) return eventType
  // A minus is money out and a plus money in. An unsigned amount is in too, except an expense's:
  // clients that send magnitudes, as the spec's examples do, write expenses without a sign.
  const direction: Direction =
    amount.value < 0n ? 'out' : plus || eventType.value !== 'expense' ? 'in' : 'out'
  const memo = parseMemo(row.memo)
  if (!memo.ok) return memo
  const reference = parseReference(row.reference)
  if (!reference.ok) return reference
  return ok({
    transactionDate: date.value,
    description: row.description,
    amountMinor: amount.value < 0n ? -amount.value : amount.value,
    eventType: eventType.value,
    direction,
    memo: memo.value,
    reference: reference.value,
  })
}

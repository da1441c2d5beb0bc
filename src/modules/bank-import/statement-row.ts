import { type CalendarDate, parseCalendarDate } from '../../kernel/calendar-date.js'
import { parseMoney } from '../../kernel/money.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import {
  type EventType,
  parseEventType,
  parseMemo,
  parseMerchantName,
  parseReference,
} from '../ledger-events/ledger-event.js'

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
  /** The magnitude; banks sign amounts, Daybook keeps direction in eventType (DESIGN 5.7). */
  amountMinor: bigint
  eventType: EventType
  memo: string
  reference: string | null
}

/** The first problem of the first bad row, named by 0-based index and field. */
export function parseStatementRows(rows: StatementRowInput[], decimals: number): Result<StatementRow[]> {
  const parsed: StatementRow[] = []
  for (const [index, row] of rows.entries()) {
    const where = (field: string) => `rows[${index}].${field}`
    const rowFail = (field: string, message: string) =>
      fail('INVALID_ROW', `Row ${index}: ${message}`, where(field))
    const date = parseCalendarDate(row.transactionDate, 'transactionDate')
    if (!date.ok) return rowFail('transactionDate', date.error.message)
    // The description becomes the event's merchant name, so it obeys the merchant name's rule.
    const description = parseMerchantName(row.description, 'description')
    if (!description.ok) return rowFail('description', description.error.message)
    const amount = parseMoney(row.amount, decimals, 'amount')
    if (!amount.ok) return rowFail('amount', amount.error.message)
    if (amount.value === 0n) return rowFail('amount', 'amount must not be zero.')
    const eventType = parseEventType(row.eventType)
    if (!eventType.ok) return rowFail('eventType', eventType.error.message)
    const memo = parseMemo(row.memo)
    if (!memo.ok) return rowFail('memo', memo.error.message)
    const reference = parseReference(row.reference)
    if (!reference.ok) return rowFail('reference', reference.error.message)
    parsed.push({
      transactionDate: date.value,
      description: row.description,
      amountMinor: amount.value < 0n ? -amount.value : amount.value,
      eventType: eventType.value,
      memo: memo.value,
      reference: reference.value,
    })
  }
  return ok(parsed)
}

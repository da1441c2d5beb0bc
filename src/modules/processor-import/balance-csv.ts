import { type CalendarDate, daysInMonth } from '../../kernel/calendar-date.js'
import { type CsvRecord, readCsvRecords } from '../../kernel/csv.js'
import { currencyDecimals, parseCurrency } from '../../kernel/currency.js'
import { limits } from '../../kernel/limits.js'
import { formatMoney, parseMoney } from '../../kernel/money.js'
import { fail, ok, type Result } from '../../kernel/result.js'

// Reads a Stripe balance CSV of either family (FORMATS.md 1a and 1b) into plain rows, by column
// name, never by position. Pure: text in, rows or the first problem (naming its line) out.

/** One balance transaction as both families describe it; amounts are signed minor units. */
export interface BalanceRow {
  /** The physical line the record starts on; the header is line 1. */
  line: number
  family: LayoutFamily
  /** The balance-transaction id (`txn_...`): unique per row, the dedup key. */
  id: string
  /** Legacy `Type` or itemized `reporting_category`, lower-cased. */
  type: string
  /** The object behind the row (`ch_`, `re_`, `tr_`, `po_`...); empty when the file has none. */
  sourceId: string
  amountMinor: bigint
  feeMinor: bigint
  netMinor: bigint
  /** ISO 4217, upper-cased. */
  currency: string
  /** The UTC date of Created (UTC) / created_utc. */
  date: CalendarDate
  description: string
}

export type LayoutFamily = 'legacy' | 'itemized'

type Field = 'id' | 'type' | 'source' | 'amount' | 'fee' | 'net' | 'currency' | 'created' | 'description'

interface LayoutSpec {
  family: LayoutFamily
  label: string
  columns: Record<Field, string>
  optional: readonly Field[]
}

const legacy: LayoutSpec = {
  family: 'legacy',
  label: 'a Stripe balance history export',
  columns: {
    id: 'id',
    type: 'Type',
    source: 'Source',
    amount: 'Amount',
    fee: 'Fee',
    net: 'Net',
    currency: 'Currency',
    created: 'Created (UTC)',
    description: 'Description',
  },
  optional: [],
}

const itemized: LayoutSpec = {
  family: 'itemized',
  label: 'a Stripe itemized balance report',
  columns: {
    id: 'balance_transaction_id',
    type: 'reporting_category',
    source: 'source_id',
    amount: 'gross',
    fee: 'fee',
    net: 'net',
    currency: 'currency',
    created: 'created_utc',
    description: 'description',
  },
  optional: ['source', 'description'],
}

/**
 * The 2021 legacy header (17 columns). A file that mixes exports can carry a row of that newer
 * shape, with trailing metadata fields, under the older 14-column header (the VERBATIM file).
 */
const legacy17Header = [
  'id',
  'Type',
  'Source',
  'Amount',
  'Fee',
  'Destination Platform Fee',
  'Destination Platform Fee Currency',
  'Net',
  'Currency',
  'Created (UTC)',
  'Available On (UTC)',
  'Description',
  'Customer Facing Amount',
  'Customer Facing Currency',
  'Transfer',
  'Transfer Date (UTC)',
  'Transfer Group',
]

const fields = Object.keys(legacy.columns) as Field[]
const columnKey = (name: string) => name.trim().toLowerCase()

// ---- layout ------------------------------------------------------------------------------------

export interface Layout {
  spec: LayoutSpec
  header: string[]
  /** Field -> column index in the header; absent for an optional column the file lacks. */
  index: Partial<Record<Field, number>>
  /** Set when a longer row may be read with the 17-column legacy header. */
  index17: Partial<Record<Field, number>> | undefined
}

function indexOf(header: string[], spec: LayoutSpec): { index: Layout['index']; missing: string[] } {
  const positions = new Map<string, number>()
  header.forEach((name, position) => {
    const key = columnKey(name)
    if (!positions.has(key)) positions.set(key, position)
  })
  const index: Layout['index'] = {}
  const missing: string[] = []
  for (const field of fields) {
    const position = positions.get(columnKey(spec.columns[field]))
    if (position !== undefined) index[field] = position
    else if (!spec.optional.includes(field)) missing.push(spec.columns[field])
  }
  return { index, missing }
}

/** Chooses the family whose required columns the header holds; otherwise names what is missing. */
export function detectLayout(header: string[]): Result<Layout> {
  const candidates = [legacy, itemized].map((spec) => ({ spec, ...indexOf(header, spec) }))
  const found = candidates.find((c) => c.missing.length === 0)
  if (found) {
    const index17 =
      found.spec.family === 'legacy' && !hasColumn(header, legacy17Header[5])
        ? indexOf(legacy17Header, legacy).index
        : undefined
    return ok({ spec: found.spec, header, index: found.index, index17 })
  }
  const [first, second] = candidates
  const closest = second && first && second.missing.length < first.missing.length ? second : first
  const spec = closest?.spec ?? legacy
  const missing = closest?.missing ?? []
  return fail(
    'UNKNOWN_CSV_LAYOUT',
    `Unknown CSV layout: the header lacks ${missing.map((m) => JSON.stringify(m)).join(', ')} of ${spec.label} (nor is it ${spec === legacy ? itemized.label : legacy.label}). Nothing was imported.`,
  )
}

const hasColumn = (header: string[], name: string | undefined) =>
  name !== undefined && header.some((h) => columnKey(h) === columnKey(name))

// ---- rows --------------------------------------------------------------------------------------

/** Reads every data row, or stops at the first bad one. */
export function readBalanceCsv(text: string, rowsMax: number = limits.csvRowsMax): Result<BalanceRow[]> {
  const records = readCsvRecords(text, { rowsMax, name: 'balance CSV' })
  if (!records.ok) return records
  const [headerRecord, ...dataRecords] = records.value
  if (!headerRecord) return fail('INVALID_CSV', 'The CSV is empty: it has no header line.')
  const layout = detectLayout(headerRecord.fields)
  if (!layout.ok) return layout
  const rows: BalanceRow[] = []
  for (const record of dataRecords) {
    const row = readRow(layout.value, record)
    if (!row.ok) return row
    rows.push(row.value)
  }
  return ok(rows)
}

export function readRow(layout: Layout, record: CsvRecord): Result<BalanceRow> {
  const { line, fields: values } = record
  const width = layout.header.length
  let index = layout.index
  if (values.length > width) {
    // Only the known case is read: a 17-column legacy row (plus metadata) under an older header.
    if (!layout.index17 || values.length < legacy17Header.length) {
      return rowProblem(line, `the row has ${values.length} fields but the header has ${width}.`)
    }
    index = layout.index17
  } else if (values.length < width) {
    return rowProblem(line, `the row has ${values.length} fields but the header has ${width}.`)
  }
  const column = (field: Field) => layout.spec.columns[field]
  const value = (field: Field) => {
    const position = index[field]
    return position === undefined ? '' : (values[position] ?? '')
  }

  const id = value('id').trim()
  if (id === '') return rowProblem(line, `${column('id')} is empty.`)
  if (id.length > limits.balanceTransactionIdLengthMax || Array.from(id).some((char) => char < ' ')) {
    return rowProblem(line, `${column('id')} is not a balance-transaction id.`)
  }
  const type = value('type').trim().toLowerCase()
  if (type === '') return rowProblem(line, `${column('type')} is empty.`)

  const currencyText = value('currency').trim()
  const parsedCurrency = parseCurrency(currencyText.toUpperCase())
  if (!parsedCurrency.ok) {
    return rowProblem(
      line,
      `${column('currency')} ${JSON.stringify(currencyText)} is not an ISO 4217 currency code.`,
    )
  }
  const currency = parsedCurrency.value
  const decimals = currencyDecimals(currency)
  const money = (field: 'amount' | 'fee' | 'net'): Result<bigint> => {
    const text = value(field)
    const parsed = parseMoney(text, decimals, column(field))
    if (parsed.ok) return parsed
    return rowProblem(
      line,
      `${column(field)} ${JSON.stringify(text)} is not an amount in ${currency} such as ${formatMoney(1250n, decimals)}.`,
    )
  }
  const amount = money('amount')
  if (!amount.ok) return amount
  const fee = money('fee')
  if (!fee.ok) return fee
  const net = money('net')
  if (!net.ok) return net
  if (net.value !== amount.value - fee.value) {
    const f = (minor: bigint) => formatMoney(minor, decimals)
    return fail(
      'NET_MISMATCH',
      `Line ${line}: ${column('net')} ${f(net.value)} is not ${column('amount')} - ${column('fee')} (${f(amount.value)} - ${f(fee.value)} = ${f(amount.value - fee.value)}). Nothing was imported.`,
    )
  }
  const createdText = value('created').trim()
  const date = utcDateOf(createdText)
  if (!date) {
    return rowProblem(
      line,
      `${column('created')} ${JSON.stringify(createdText)} is not a time such as 2016-07-14 07:45 or 7/14/2016 7:45.`,
    )
  }
  return ok({
    line,
    family: layout.spec.family,
    id,
    type,
    sourceId: value('source').trim(),
    amountMinor: amount.value,
    feeMinor: fee.value,
    netMinor: net.value,
    currency,
    date,
    description: value('description').trim(),
  })
}

const rowProblem = (line: number, message: string) =>
  fail('INVALID_CSV_ROW', `Line ${line}: ${message} Nothing was imported.`)

const isoTime = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]00:?00)?)?$/
const usTime = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/

/** The calendar date of a UTC time in one of the shapes Stripe's exports use, if it is real. */
export function utcDateOf(text: string): CalendarDate | undefined {
  let year: number
  let month: number
  let day: number
  let clock: Array<string | undefined>
  const iso = isoTime.exec(text)
  const us = iso ? null : usTime.exec(text)
  if (iso) {
    year = Number(iso[1])
    month = Number(iso[2])
    day = Number(iso[3])
    clock = iso.slice(4, 7)
  } else if (us) {
    month = Number(us[1])
    day = Number(us[2])
    year = Number(us[3])
    clock = us.slice(4, 7)
  } else {
    return undefined
  }
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  const [hours, minutes, seconds] = clock.map((part) => (part === undefined ? 0 : Number(part)))
  if ((hours ?? 0) > 23 || (minutes ?? 0) > 59 || (seconds ?? 0) > 59) return undefined
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

import { limits } from '../../kernel/limits.js'
import { ok, type Result } from '../../kernel/result.js'
import {
  type FileRow,
  fileFail,
  rowsOnly,
  type StatementFile,
  signedAmount,
  statementDate,
  tooManyElements,
  tooManyFileRows,
} from './statement-file.js'

// QIF, the export of old desktop software: `!Type:Bank` or `!Type:CCard`, then records of
// one-letter lines (D date, T amount, P payee, M memo, N number) ending with `^`. Split lines
// (S, E, $) only break the total down; T already holds it. QIF states no balances.

/** The order of a date's parts; QIF dates do not say it, so the caller may. */
export type DateOrder = 'MDY' | 'DMY' | 'YMD'

const accountTypes = new Set(['bank', 'ccard', 'cash'])

interface RawRecord {
  line: number
  fields: Map<string, string>
}

export function readQif(text: string, order?: DateOrder): Result<StatementFile> {
  const lines = linesOf(text)
  let next = lines.next()
  while (!next.done && next.value.text.trim() === '') next = lines.next()
  const type = /^!Type:\s*(\S+)/i.exec(next.done ? '' : next.value.text.trim())?.[1]
  if (!type) return fileFail('The QIF file does not open with !Type:.')
  if (!accountTypes.has(type.toLowerCase())) {
    return fileFail(`The QIF file holds !Type:${type}; only Bank, CCard and Cash statements can be imported.`)
  }
  const records: RawRecord[] = []
  let current: RawRecord | undefined
  for (next = lines.next(); !next.done; next = lines.next()) {
    const { number, text: raw } = next.value
    if (number > limits.statementElementsMax) return tooManyElements('lines')
    const line = raw.trim()
    if (line === '') continue
    if (line.startsWith('!'))
      return fileFail(`Line ${number}: the file holds a second section (${line.slice(0, 20)}).`)
    if (line === '^') {
      if (current) records.push(current)
      current = undefined
      if (records.length > limits.rowsPerImportMax) return tooManyFileRows()
      continue
    }
    current ??= { line: number, fields: new Map() }
    const code = line[0] as string
    // A split's own lines come in threes; the record's first D, T, P, M and N are what counts.
    if (!current.fields.has(code)) current.fields.set(code, line.slice(1).trim())
  }
  if (current) records.push(current)
  if (records.length > limits.rowsPerImportMax) return tooManyFileRows()
  const dateOrder = order ?? guessOrder(records)
  const rows: FileRow[] = []
  for (const record of records) {
    const row = rowOf(record, dateOrder)
    if (!row.ok) return row
    rows.push(row.value)
  }
  return ok(rowsOnly(rows))
}

function rowOf(record: RawRecord, order: DateOrder): Result<FileRow> {
  const where = `Line ${record.line}`
  const dateText = record.fields.get('D')
  if (dateText === undefined) return fileFail(`${where}: the record has no D (date) line.`)
  const parts = dateParts(dateText, order)
  if (!parts) return fileFail(`${where}: "${dateText.slice(0, 20)}" is not a date in ${order} order.`)
  const date = statementDate(parts.year, parts.month, parts.day, where)
  if (!date.ok) return date
  const amountText = record.fields.get('T') ?? record.fields.get('U')
  if (amountText === undefined) return fileFail(`${where}: the record has no T (amount) line.`)
  const amount = signedAmount(withoutGrouping(amountText), where)
  if (!amount.ok) return amount
  const payee = record.fields.get('P') ?? ''
  const memo = record.fields.get('M') ?? ''
  const number = record.fields.get('N')
  return ok({
    position: where,
    transactionDate: date.value,
    amount: amount.value,
    description: payee || memo,
    memo: payee ? memo : '',
    reference: number ? number : null,
  })
}

/** The text's lines (LF or CRLF ends) one by one with their 1-based numbers, never split all at once. */
function* linesOf(text: string): Generator<{ number: number; text: string }> {
  let at = 0
  for (let number = 1; at <= text.length; number++) {
    const end = text.indexOf('\n', at)
    const stop = end < 0 ? text.length : end
    yield { number, text: text.slice(at, stop > at && text[stop - 1] === '\r' ? stop - 1 : stop) }
    if (end < 0) return
    at = end + 1
  }
}

/** Day, month and year of `01/23/2019`, `23.01.2019`, `1/23'19` (Quicken) or `2019-01-23`. */
function dateParts(text: string, order: DateOrder): { year: string; month: string; day: string } | undefined {
  const match = /^(\d{1,4})[/.-](\s?\d{1,2})[/.\-'](\s?\d{1,4})$/.exec(text.trim())
  if (!match) return undefined
  const numbers = [match[1], match[2], match[3]].map((part) => (part as string).trim())
  const [a, b, c] = numbers as [string, string, string]
  const [year, month, day] = order === 'YMD' ? [a, b, c] : order === 'MDY' ? [c, a, b] : [c, b, a]
  const fullYear = year.length === 4 ? year : year.length <= 2 ? String(2000 + Number(year)) : undefined
  if (fullYear === undefined) return undefined
  return { year: fullYear, month: month.padStart(2, '0'), day: day.padStart(2, '0') }
}

/** US order unless a date only reads day first (a first part above 12), or opens with the year. */
function guessOrder(records: RawRecord[]): DateOrder {
  const dates = records.map((r) => r.fields.get('D') ?? '')
  if (dates.length > 0 && dates.every((d) => /^\d{4}-/.test(d.trim()))) return 'YMD'
  const dayFirst = dates.some((d) => Number(/^(\d{1,2})[/.-]/.exec(d.trim())?.[1] ?? 0) > 12)
  return dayFirst ? 'DMY' : 'MDY'
}

/** `1,234.56` and `1.234,56` as `1234.56`: the last mark is the decimal one when both occur. */
function withoutGrouping(amount: string): string {
  const text = amount.trim()
  const comma = text.lastIndexOf(',')
  const point = text.lastIndexOf('.')
  if (comma >= 0 && point >= 0) {
    return comma > point ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '')
  }
  // A lone comma followed by exactly three digits groups thousands (1,234); otherwise it is decimal.
  if (comma >= 0 && /,\d{3}$/.test(text) && text.indexOf(',') === comma) return text.replace(',', '')
  return text.replace(/,(?=\d{3}(,|$))/g, '')
}

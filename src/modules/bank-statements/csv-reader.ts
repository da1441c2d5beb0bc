import { readCsvRecords, stoppedAtLimit } from '../../kernel/csv.js'
import { limits } from '../../kernel/limits.js'
import { ok, type Result } from '../../kernel/result.js'
import { tooManyRows } from '../../kernel/too-many-rows.js'
import {
  type FileRow,
  fileFail,
  negated,
  rowsOnly,
  type StatementFile,
  signedAmount,
  sizeRefusal,
  statementDate,
  tooManyFileRows,
} from './statement-file.js'

// Bank CSV exports, read through a profile: which column holds what (named by header text, or
// by 1-based number in a file without a header), the date format, the decimal mark, and whether
// the bank signs amounts the other way round. `suggestCsvProfile` guesses one from the file.

export const csvDateFormats = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'] as const
export type CsvDateFormat = (typeof csvDateFormats)[number]

export interface CsvProfile {
  delimiter: string
  hasHeader: boolean
  /** Lines before the header (or the first row): a bank's title, the account, a blank line. */
  skipLines: number
  dateColumn: string
  dateFormat: CsvDateFormat
  /** A signed amount; or else inflow and outflow, each a magnitude. */
  amountColumn: string | null
  inflowColumn: string | null
  outflowColumn: string | null
  descriptionColumn: string | null
  payeeColumn: string | null
  memoColumn: string | null
  referenceColumn: string | null
  decimalMark: '.' | ','
  /** The bank writes money out as positive. */
  flipSign: boolean
}

interface Table {
  columns: Map<string, number>
  rows: Array<{ line: number; fields: string[] }>
}

function tableOf(
  text: string,
  profile: Pick<CsvProfile, 'delimiter' | 'hasHeader' | 'skipLines'>,
): Result<Table> {
  const kept = profile.skipLines === 0 ? text : text.slice(afterLines(text, profile.skipLines))
  const records = readCsvRecords(kept, {
    delimiter: profile.delimiter,
    // Counted past the rows one import takes by the most a profile may skip and a header, so a
    // file stopped here is too long however it is read, and only it is remembered so.
    rowsMax: limits.rowsPerImportMax + limits.csvSkipLinesMax + 1,
    stopAfterRowsMax: true,
    columnsMax: limits.statementCsvColumnsMax,
    name: 'bank CSV',
  })
  if (!records.ok) {
    if (!stoppedAtLimit(records.error)) return records
    return records.error.code === 'TOO_MANY_ROWS' ? tooManyFileRows('A bank CSV') : sizeRefusal(records)
  }
  const shifted = records.value.map((r) => ({
    line: r.line + profile.skipLines,
    fields: r.fields.map((f) => f.trim()),
  }))
  const [first, ...rest] = shifted
  if (!first) return fileFail('The CSV file holds no rows.')
  const header = profile.hasHeader ? first.fields : first.fields.map((_, i) => String(i + 1))
  const columns = new Map(header.map((name, i) => [name, i]))
  return ok({ columns, rows: profile.hasHeader ? rest : shifted })
}

/** Where the text after its first `count` lines starts (CRLF, LF or CR ends), without splitting it. */
function afterLines(text: string, count: number): number {
  let at = 0
  for (let line = 0; line < count && at < text.length; line++) {
    const lineFeed = text.indexOf('\n', at)
    const carriageReturn = text.indexOf('\r', at)
    if (lineFeed < 0 && carriageReturn < 0) return text.length
    if (carriageReturn >= 0 && (lineFeed < 0 || carriageReturn < lineFeed)) {
      at = carriageReturn + (text[carriageReturn + 1] === '\n' ? 2 : 1)
    } else at = lineFeed + 1
  }
  return at
}

/** The first `count` lines of the text, read from its start only. */
function firstLines(text: string, count: number): string[] {
  const lines: string[] = []
  let at = 0
  while (lines.length < count && at < text.length) {
    const end = afterLines(text.slice(at, at + limits.csvRecordBytesMax + 2), 1)
    lines.push(text.slice(at, at + end).replace(/\r?\n$|\r$/, ''))
    if (end === 0) break
    at += end
  }
  return lines
}

export function readCsv(text: string, profile: CsvProfile): Result<StatementFile> {
  const table = tableOf(text, profile)
  if (!table.ok) return table
  const { columns } = table.value
  const named = [
    profile.dateColumn,
    profile.amountColumn,
    profile.inflowColumn,
    profile.outflowColumn,
    profile.descriptionColumn,
    profile.payeeColumn,
    profile.memoColumn,
    profile.referenceColumn,
  ].filter((name): name is string => name !== null && name !== '')
  const missing = named.find((name) => !columns.has(name))
  if (missing !== undefined) return fileFail(`The CSV file has no column "${missing}".`)
  if (!profile.amountColumn && !profile.inflowColumn && !profile.outflowColumn) {
    return fileFail('The profile names no amount column, nor inflow and outflow columns.')
  }
  // Each role's column index, looked up once rather than per row.
  const indexOf = new Map(named.map((name) => [name, columns.get(name) as number]))
  const cell = (fields: string[], name: string | null) =>
    name ? (fields[indexOf.get(name) as number] ?? '') : ''
  if (table.value.rows.length > limits.rowsPerImportMax) {
    return tooManyRows('A bank CSV', limits.rowsPerImportMax, table.value.rows.length, { field: 'file' })
  }
  const rows: FileRow[] = []
  for (const { line, fields } of table.value.rows) {
    const where = `Line ${line}`
    const date = csvDate(cell(fields, profile.dateColumn), profile.dateFormat, where)
    if (!date.ok) return date
    const amount = rowAmount(fields, profile, cell, where)
    if (!amount.ok) return amount
    const payee = cell(fields, profile.payeeColumn)
    const description = cell(fields, profile.descriptionColumn)
    const memo = cell(fields, profile.memoColumn)
    const reference = cell(fields, profile.referenceColumn)
    rows.push({
      position: where,
      transactionDate: date.value,
      amount: amount.value,
      description: payee || description || memo,
      memo: payee ? [description, memo].filter(Boolean).join(' ') : description ? memo : '',
      reference: reference || null,
    })
  }
  return ok(rowsOnly(rows))
}

function rowAmount(
  fields: string[],
  profile: CsvProfile,
  cell: (fields: string[], name: string | null) => string,
  where: string,
): Result<string> {
  let signed: Result<string>
  if (profile.amountColumn) {
    signed = csvAmount(cell(fields, profile.amountColumn), profile.decimalMark, where)
  } else {
    const inflow = cell(fields, profile.inflowColumn)
    const outflow = cell(fields, profile.outflowColumn)
    if ((inflow === '') === (outflow === '')) {
      return fileFail(`${where}: exactly one of the inflow and outflow columns must hold an amount.`)
    }
    const magnitude = csvAmount(inflow || outflow, profile.decimalMark, where)
    if (!magnitude.ok) return magnitude
    const bare = magnitude.value.replace(/^-/, '')
    signed = ok(inflow ? bare : `-${bare}`)
  }
  if (!signed.ok || !profile.flipSign) return signed
  return ok(negated(signed.value))
}

/** `-1,234.56`, `1.234,56` (decimal comma), `$12.00`, `(12.00)` for a negative, `12.00 CR`. */
function csvAmount(text: string, decimalMark: '.' | ',', where: string): Result<string> {
  let value = text.replace(/[\s\u00a0$€£]/g, '')
  let negative = false
  if (value.startsWith('(') && value.endsWith(')')) {
    negative = true
    value = value.slice(1, -1)
  }
  const grouping = decimalMark === '.' ? ',' : '.'
  value = value.split(grouping).join('')
  if (decimalMark === ',') value = value.replace(',', '.')
  if (value === '') return fileFail(`${where}: the amount is empty.`)
  const amount = signedAmount(value, where)
  if (!amount.ok) return fileFail(`${where}: "${text.slice(0, 40)}" is not an amount.`)
  if (!negative) return amount
  return ok(negated(amount.value))
}

/** Each date format's pattern, and the order of year, month and day among its groups. */
const datePatterns: Record<CsvDateFormat, [RegExp, [number, number, number]]> = {
  'YYYY-MM-DD': [/^(\d{4})-(\d{1,2})-(\d{1,2})/, [1, 2, 3]],
  'MM/DD/YYYY': [/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, [3, 1, 2]],
  'DD/MM/YYYY': [/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, [3, 2, 1]],
  'DD.MM.YYYY': [/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, [3, 2, 1]],
  YYYYMMDD: [/^(\d{4})(\d{2})(\d{2})$/, [1, 2, 3]],
}

function csvDate(text: string, format: CsvDateFormat, where: string): Result<string> {
  const [pattern, [year, month, day]] = datePatterns[format]
  const match = pattern.exec(text)
  if (!match) return fileFail(`${where}: "${text.slice(0, 40)}" is not a date in the form ${format}.`)
  const part = (group: number) => (match[group] as string).padStart(2, '0')
  return statementDate(match[year] as string, part(month), part(day), where)
}

const roles: Array<[keyof CsvProfile, RegExp]> = [
  ['dateColumn', /date|posted|datum|fecha|buchungstag/i],
  ['inflowColumn', /credit|deposit|inflow|money in|cr[ée]dit/i],
  ['outflowColumn', /debit|withdrawal|outflow|money out|d[ée]bit/i],
  ['amountColumn', /amount|montant|betrag|importe|^(cad|usd|eur)\$?$|^value$/i],
  ['payeeColumn', /payee|merchant|^name$|counterparty|b[ée]n[ée]ficiaire/i],
  ['memoColumn', /memo|note/i],
  ['referenceColumn', /reference|^ref|transaction id|^id$|fitid/i],
  ['descriptionColumn', /description|details|narrative|libell|verwendungszweck|buchungstext|^text$/i],
]

/** A profile guessed from the file's first line and rows; a dry run returns it for the caller to save. */
export function suggestCsvProfile(text: string): CsvProfile {
  const firstLine = firstLines(text, limits.csvSkipLinesMax + 1).find((line) => line.trim() !== '') ?? ''
  const delimiter = [',', ';', '\t', '|'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  )
  const firstCells = firstLine.split(delimiter).map((cell) => cell.trim().replace(/^"|"$/g, ''))
  const looksLikeData = firstCells.some((cell) => /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$|^\d{8}$/.test(cell))
  const hasHeader = !looksLikeData
  const names = hasHeader ? firstCells : firstCells.map((_, i) => String(i + 1))
  const profile: CsvProfile = {
    delimiter,
    hasHeader,
    skipLines: 0,
    dateColumn: '',
    dateFormat: 'YYYY-MM-DD',
    amountColumn: null,
    inflowColumn: null,
    outflowColumn: null,
    descriptionColumn: null,
    payeeColumn: null,
    memoColumn: null,
    referenceColumn: null,
    decimalMark: '.',
    flipSign: false,
  }
  const taken = new Set<string>()
  for (const [role, pattern] of roles) {
    const name = names.find((n) => !taken.has(n) && pattern.test(n))
    if (name === undefined) continue
    taken.add(name)
    ;(profile as unknown as Record<string, string>)[role] = name
  }
  const table = tableOf(text, profile)
  const sample = table.ok ? table.value.rows.slice(0, 50) : []
  const column = (name: string | null) =>
    name && table.ok ? sample.map((r) => r.fields[table.value.columns.get(name) as number] ?? '') : []
  if (!hasHeader) {
    // Without names, the cells say what they are: the first date, the first amount after it, and
    // the first text that is neither.
    const isDate = (cell: string) => /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$|^\d{8}$/.test(cell)
    const isAmount = (cell: string) => /^[-+(]?[$€£]?\d[\d,.]*\)?$/.test(cell)
    const dateIndex = firstCells.findIndex(isDate)
    const amountIndex = firstCells.findIndex((cell, i) => i !== dateIndex && isAmount(cell))
    const textIndex = firstCells.findIndex((cell, i) => i !== dateIndex && i !== amountIndex && cell !== '')
    profile.dateColumn = String(dateIndex + 1)
    if (amountIndex >= 0) profile.amountColumn = String(amountIndex + 1)
    if (textIndex >= 0) profile.descriptionColumn = String(textIndex + 1)
  }
  profile.dateFormat = guessDateFormat(column(profile.dateColumn))
  const amounts = [
    ...column(profile.amountColumn),
    ...column(profile.inflowColumn),
    ...column(profile.outflowColumn),
  ].filter(Boolean)
  if (
    amounts.length > 0 &&
    amounts.every((a) => !/\.\d{1,2}$/.test(a)) &&
    amounts.some((a) => /,\d{1,2}$/.test(a))
  ) {
    profile.decimalMark = ','
  }
  // Inflow and outflow are only used when there is no single amount column.
  if (profile.amountColumn) {
    profile.inflowColumn = null
    profile.outflowColumn = null
  }
  return profile
}

function guessDateFormat(values: string[]): CsvDateFormat {
  const dates = values.filter(Boolean)
  if (dates.every((d) => /^\d{4}-\d{1,2}-\d{1,2}/.test(d))) return 'YYYY-MM-DD'
  if (dates.every((d) => /^\d{8}$/.test(d))) return 'YYYYMMDD'
  if (dates.every((d) => /^\d{1,2}\.\d{1,2}\.\d{4}$/.test(d))) return 'DD.MM.YYYY'
  const dayFirst = dates.some((d) => Number(/^(\d{1,2})\//.exec(d)?.[1] ?? 0) > 12)
  return dayFirst ? 'DD/MM/YYYY' : 'MM/DD/YYYY'
}

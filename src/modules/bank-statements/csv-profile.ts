import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import { type CsvDateFormat, type CsvProfile, csvDateFormats } from './csv-reader.js'
import { type StatementEncoding, statementEncodings } from './statement-text.js'

// A saved CSV import profile (DESIGN 7.1): a bank's CSV layout under a name, kept per payment
// account, and the checks its input passes before it is saved.

export interface CsvImportProfileRecord {
  id: string
  paymentAccountId: string
  name: string
  /** Null: the file's bytes decide (strict UTF-8, else windows-1252). */
  encoding: StatementEncoding | null
  profile: CsvProfile
  createdAt: string
  updatedAt: string
}

export interface CsvImportProfileInput {
  name: string
  delimiter?: string | null
  encoding?: string | null
  hasHeader?: boolean | null
  skipLines?: number | null
  dateColumn: string
  dateFormat: string
  amountColumn?: string | null
  inflowColumn?: string | null
  outflowColumn?: string | null
  descriptionColumn?: string | null
  payeeColumn?: string | null
  memoColumn?: string | null
  referenceColumn?: string | null
  decimalMark?: string | null
  flipSign?: boolean | null
}

const profileFail = (field: string, message: string) =>
  fail('INVALID_CSV_PROFILE', message, `profile.${field}`)

const columnRoles = [
  'dateColumn',
  'amountColumn',
  'inflowColumn',
  'outflowColumn',
  'descriptionColumn',
  'payeeColumn',
  'memoColumn',
  'referenceColumn',
] as const

export function parseCsvDateFormat(value: string, field: string): Result<CsvDateFormat> {
  if (!(csvDateFormats as readonly string[]).includes(value)) {
    return fail('INVALID_CSV_PROFILE', `${field} must be one of: ${csvDateFormats.join(', ')}.`, field)
  }
  return ok(value as CsvDateFormat)
}

export function parseCsvProfileInput(
  input: CsvImportProfileInput,
): Result<{ name: string; encoding: StatementEncoding | null; profile: CsvProfile }> {
  const name = input.name.trim()
  if (name === '' || name.length > limits.csvProfileNameLengthMax || /\p{Cc}/u.test(name)) {
    return profileFail(
      'name',
      `name must be 1 to ${limits.csvProfileNameLengthMax} characters, without control characters.`,
    )
  }
  const delimiter = input.delimiter ?? ','
  if (delimiter.length !== 1 || /["\r\n]/.test(delimiter)) {
    return profileFail('delimiter', 'delimiter must be one character other than a quote or a line break.')
  }
  const encoding = input.encoding
    ? statementEncodings.find((known) => known.toLowerCase() === input.encoding?.toLowerCase())
    : null
  if (encoding === undefined) {
    return profileFail('encoding', `encoding must be one of: ${statementEncodings.join(', ')}; or null.`)
  }
  const skipLines = input.skipLines ?? 0
  if (!Number.isInteger(skipLines) || skipLines < 0 || skipLines > limits.csvSkipLinesMax) {
    return profileFail('skipLines', `skipLines must be from 0 to ${limits.csvSkipLinesMax}.`)
  }
  const hasHeader = input.hasHeader ?? true
  const columns = Object.fromEntries(columnRoles.map((role) => [role, null])) as Record<
    (typeof columnRoles)[number],
    string | null
  >
  for (const role of columnRoles) {
    const column = input[role]?.trim() || null
    if (column === null) continue
    if (column.length > limits.csvColumnNameLengthMax || /\p{Cc}/u.test(column)) {
      return profileFail(role, `${role} must be at most ${limits.csvColumnNameLengthMax} characters.`)
    }
    if (!hasHeader && !/^[1-9]\d{0,2}$/.test(column)) {
      return profileFail(
        role,
        `${role} must be a column number (1 for the first) in a file without a header.`,
      )
    }
    columns[role] = column
  }
  if (columns.dateColumn === null) return profileFail('dateColumn', 'dateColumn must name a column.')
  const dateFormat = parseCsvDateFormat(input.dateFormat, 'profile.dateFormat')
  if (!dateFormat.ok) return dateFormat
  const splitAmount = columns.inflowColumn !== null || columns.outflowColumn !== null
  if ((columns.amountColumn !== null) === splitAmount) {
    return profileFail(
      'amountColumn',
      'Name either amountColumn, or inflowColumn and outflowColumn (one may be missing), not both.',
    )
  }
  const decimalMark = input.decimalMark ?? '.'
  if (decimalMark !== '.' && decimalMark !== ',') {
    return profileFail('decimalMark', 'decimalMark must be "." or ",".')
  }
  return ok({
    name,
    encoding,
    profile: {
      delimiter,
      hasHeader,
      skipLines,
      ...columns,
      dateColumn: columns.dateColumn,
      dateFormat: dateFormat.value,
      decimalMark,
      flipSign: input.flipSign ?? false,
    },
  })
}

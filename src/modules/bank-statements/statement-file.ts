import { parseCalendarDate } from '../../kernel/calendar-date.js'
import { limits } from '../../kernel/limits.js'
import { type Failure, fail, ok, type Result } from '../../kernel/result.js'

// What every statement format is read into, before the rows go through the one import path.

export interface FileRow {
  /** Where the row is in the file, for messages: "Line 15", "Stmt[1]/Ntry[2]". */
  position: string
  transactionDate: string
  /** Signed as the bank signs it (negative: money out), with a point as the decimal mark. */
  amount: string
  description: string
  memo: string
  reference: string | null
}

export interface StatementFile {
  /** The currency the file states, if it states one. */
  currency: string | undefined
  /** The file's own name for the account (OFX BANKID:ACCTID, an IBAN, MT940 :25:), if any. */
  accountId: string | undefined
  rows: FileRow[]
  /** Signed decimal strings in the statement's own sign, where the file states them. */
  openingBalance: string | undefined
  closingBalance: string | undefined
  /** The day the closing balance stands at (OFX LEDGERBAL DTASOF, camt CLBD Dt, MT940 :62F:). */
  closingDate: string | undefined
}

export const fileFail = (message: string) => fail('INVALID_BANK_FILE', message, 'file')

const sizeRefusals = new WeakSet<Failure>()

/**
 * Marks a refusal for the file's size (rows, columns, elements past a limit): it holds however
 * the file is read, so the upload is remembered refused and never read again.
 */
export function sizeRefusal<F extends { ok: false; error: Failure }>(refusal: F): F {
  sizeRefusals.add(refusal.error)
  return refusal
}

export const isSizeRefusal = (failure: Failure) => sizeRefusals.has(failure)

/** A file past the row limit, refused at the first row too many, before the rest is read. */
export const tooManyFileRows = (what = 'A statement file') =>
  sizeRefusal(
    fail(
      'TOO_MANY_ROWS',
      `${what} may hold at most ${limits.rowsPerImportMax.toLocaleString('en-US')} rows; this one has more. Split it.`,
      'file',
    ),
  )

/** A file past the element limit, refused at the first element too many. */
export const tooManyElements = (what: string) =>
  sizeRefusal(
    fileFail(
      `The file holds more than ${limits.statementElementsMax.toLocaleString('en-US')} ${what}; no statement of ${limits.rowsPerImportMax.toLocaleString('en-US')} rows needs that many.`,
    ),
  )

/** A signed amount as banks write it: one decimal mark, point or comma, no grouping. */
export function signedAmount(text: string, where: string): Result<string> {
  const match = /^([+-]?)(\d{1,15})(?:[.,](\d{1,6}))?$/.exec(text.trim())
  if (!match) return fileFail(`${where}: "${text.trim().slice(0, 40)}" is not an amount.`)
  const [, sign, digits = '', fraction] = match
  // Kept in the form money parsing takes: no leading zeros, and no sign on a zero.
  const whole = digits.replace(/^0+(?=\d)/, '')
  const zero = /^0*$/.test(whole + (fraction ?? ''))
  return ok(`${sign === '-' && !zero ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`)
}

/** A calendar date from its year, month and day, refusing days that do not exist (2025-02-30). */
export function statementDate(year: string, month: string, day: string, where: string): Result<string> {
  const date = parseCalendarDate(`${year}-${month}-${day}`, 'transactionDate')
  if (!date.ok) return fileFail(`${where}: ${year}-${month}-${day} is not a date.`)
  return ok(date.value)
}

/** A statement of rows alone: QIF and CSV name no account, currency or balance. */
export function rowsOnly(rows: FileRow[]): StatementFile {
  return {
    currency: undefined,
    accountId: undefined,
    rows,
    openingBalance: undefined,
    closingBalance: undefined,
    closingDate: undefined,
  }
}

/** A signed decimal string with the other sign. */
export function negated(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`
}

import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney, parseMoney } from '../../kernel/money.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { NetTaxKind } from '../journal/journal-port.js'
import {
  rateOn,
  recoverableMinor,
  salesTaxCode,
  taxIncludedIn,
  taxParts,
} from '../tax-codes/tax-codes-port.js'
import { type EventType, parseMemo } from './ledger-event.js'

// An event classified line by line (DESIGN 8.2): any number of accounts, each with its share of the
// amount (its tax included) and its own tax code. The rules here are pure; the service checks the
// accounts and contacts the lines name against the organization.

export const entryLinesMax = 100

export interface EntryLineInput {
  accountId: string
  amount: string
  taxCode?: string | null
  taxAmount?: string | null
  memo?: string | null
  contactId?: string | null
}

/** A line as it is kept. */
export interface EntryLineRecord {
  /** From 1, in the order the lines were given. */
  lineNo: number
  accountId: string
  /** Its share of the event's amount, tax included, in the event's currency. */
  amountMinor: bigint
  taxCode: string | null
  taxAmountMinor: bigint | null
  /** The tax was worked out from taxCode at the event's date, so a new date works it out again. */
  taxFromCode: boolean
  memo: string
  contactId: string | null
}

const lineField = (index: number, field: string) => `lines[${index}].${field}`

/**
 * The lines given for an event, checked on their own and against the event's amount, date and
 * type. A tax code alone works out the tax included in the line's amount at the code's rate on the
 * event's date; a tax amount given is kept as given. A transfer's lines carry no tax: a transfer is
 * nothing to a sales tax return (DESIGN 5.4).
 */
export function parseEntryLines(
  input: readonly EntryLineInput[],
  event: { amountMinor: bigint; currency: string; transactionDate: string; eventType: EventType },
): Result<EntryLineRecord[]> {
  if (input.length < 1 || input.length > entryLinesMax) {
    return fail('INVALID_LINES', `Give 1 to ${entryLinesMax} lines; got ${input.length}.`, 'lines')
  }
  const decimals = currencyDecimals(event.currency)
  const lines: EntryLineRecord[] = []
  for (const [index, given] of input.entries()) {
    const amount = parseMoney(given.amount, decimals, lineField(index, 'amount'))
    if (!amount.ok) return amount
    if (amount.value <= 0n) {
      return fail('INVALID_LINES', `Line ${index + 1}: amount must be positive.`, lineField(index, 'amount'))
    }
    const memo = parseMemo(given.memo)
    if (!memo.ok) return fail(memo.error.code, memo.error.message, lineField(index, 'memo'))
    const taxCode = given.taxCode ?? null
    if (taxCode !== null && !salesTaxCode(taxCode)) {
      return fail(
        'SALES_TAX_CODE_NOT_FOUND',
        `Line ${index + 1}: taxCode must be a sales tax code id from listSalesTaxCodes.`,
        lineField(index, 'taxCode'),
      )
    }
    const tax = lineTax(given, taxCode, amount.value, event.transactionDate, decimals, index)
    if (!tax.ok) return tax
    if (tax.value.minor !== null && !taxedEventTypes.has(event.eventType) && tax.value.minor > 0n) {
      return fail(
        'INVALID_LINES',
        `Line ${index + 1}: a ${event.eventType}'s lines carry no tax.`,
        lineField(index, 'taxCode'),
      )
    }
    lines.push({
      lineNo: index + 1,
      accountId: given.accountId,
      amountMinor: amount.value,
      taxCode,
      taxAmountMinor: tax.value.minor,
      taxFromCode: tax.value.fromCode,
      memo: memo.value,
      contactId: given.contactId ?? null,
    })
  }
  return linesAddUp(lines, event) ?? ok(lines)
}

/** Whether the lines add up to the event's amount, as confirming one needs them to. */
export function linesAddUp(
  lines: ReadonlyArray<Pick<EntryLineRecord, 'amountMinor'>>,
  event: { amountMinor: bigint; currency: string },
) {
  const total = lines.reduce((sum, line) => sum + line.amountMinor, 0n)
  if (total === event.amountMinor) return undefined
  const decimals = currencyDecimals(event.currency)
  return fail(
    'LINES_DO_NOT_ADD_UP',
    `The lines add up to ${formatMoney(total, decimals)}; the event's amount is ${formatMoney(event.amountMinor, decimals)}.`,
    'lines',
  )
}

/** The lines' tax worked out again for a new date; a code without a rate that day refuses. */
export function linesOnDate(lines: readonly EntryLineRecord[], date: string): Result<EntryLineRecord[]> {
  const moved: EntryLineRecord[] = []
  for (const line of lines) {
    if (!line.taxFromCode || line.taxCode === null) {
      moved.push(line)
      continue
    }
    const tax = taxFromCode(line.taxCode, line.amountMinor, date, line.lineNo - 1)
    if (!tax.ok) return tax
    moved.push({ ...line, taxAmountMinor: tax.value })
  }
  return ok(moved)
}

function lineTax(
  given: EntryLineInput,
  taxCode: string | null,
  amountMinor: bigint,
  date: string,
  decimals: number,
  index: number,
): Result<{ minor: bigint | null; fromCode: boolean }> {
  if (given.taxAmount != null) {
    const tax = parseMoney(given.taxAmount, decimals, lineField(index, 'taxAmount'))
    if (!tax.ok) return tax
    if (tax.value < 0n || tax.value >= amountMinor) {
      return fail(
        'INVALID_TAX_AMOUNT',
        `Line ${index + 1}: taxAmount must be at least 0 and less than the line's amount.`,
        lineField(index, 'taxAmount'),
      )
    }
    if (taxCode !== null && !rateOn(taxCode, date)) return noRate(taxCode, date, index)
    return ok({ minor: tax.value, fromCode: false })
  }
  if (taxCode === null) return ok({ minor: null, fromCode: false })
  const tax = taxFromCode(taxCode, amountMinor, date, index)
  return tax.ok ? ok({ minor: tax.value, fromCode: true }) : tax
}

function taxFromCode(code: string, grossMinor: bigint, date: string, index: number): Result<bigint> {
  const rate = rateOn(code, date)
  return rate ? ok(taxIncludedIn(grossMinor, rate)) : noRate(code, date, index)
}

const noRate = (code: string, date: string, index: number) =>
  fail(
    'TAX_CODE_NO_RATE',
    `Line ${index + 1}: sales tax ${code} has no rate on ${date}.`,
    lineField(index, 'taxCode'),
  )

export const taxedEventTypes: ReadonlySet<EventType> = new Set(['income', 'expense'])

/** One tax inside a line's tax, and the share of it posted to a tax account. */
export interface LineTaxPart {
  /** A code of one tax; null for a tax given without a code. */
  code: string | null
  minor: bigint
  postedMinor: bigint
}

/**
 * What a line's tax posts (DESIGN 8.2): a part per tax its code holds. A sale posts every part;
 * a purchase posts what it claims back, and the rest (PST, half of a meal's GST/HST and QST) stays
 * on the line's own account. A line of an event that posts no tax, or of an account that is
 * neither a sale nor a purchase, posts none of it apart.
 */
export function lineTaxParts(
  line: { taxCode: string | null; taxAmountMinor: bigint | null },
  date: string,
  kind: NetTaxKind | null,
  mealsAndEntertainment: boolean,
): LineTaxPart[] {
  const taxMinor = line.taxAmountMinor ?? 0n
  if (kind === null || taxMinor === 0n) return []
  const code = line.taxCode === null ? undefined : salesTaxCode(line.taxCode)
  const parts = code ? taxParts(code, date, taxMinor) : [{ code: null, minor: taxMinor }]
  return parts.map((part) => ({
    code: part.code,
    minor: part.minor,
    postedMinor:
      kind === 'purchase' && part.code !== null
        ? recoverableMinor({ code: part.code, minor: part.minor }, mealsAndEntertainment)
        : part.minor,
  }))
}

/** The tax a line claims back: what its purchase posts to a tax account; nothing for a sale. */
export const recoverableOf = (parts: readonly LineTaxPart[], kind: NetTaxKind | null): bigint =>
  kind === 'purchase' ? parts.reduce((sum, part) => sum + part.postedMinor, 0n) : 0n

import { type CalendarDate, parseCalendarDate } from '../../kernel/calendar-date.js'
import { currencyDecimals } from '../../kernel/currency.js'
import { limits } from '../../kernel/limits.js'
import { divideHalfEven } from '../../kernel/money.js'
import { assert, fail, ok, type Result } from '../../kernel/result.js'
import {
  assertBalanced,
  type EntryPlan,
  type PostingLine,
  type PostingLinePart,
  planLinesPosting,
} from '../journal/journal-port.js'
import { rateOn, recoverableMinor, salesTaxCode, taxParts } from '../tax-codes/tax-codes-port.js'

// The pure rules of invoices, bills and credit notes (DESIGN 8.6): a line's amount and tax, a
// document's totals, what it posts and what a payment posts, and how its status moves. Amounts are
// minor units of the document's currency; the caller has read every account and rate it needs.

export const invoiceKinds = ['invoice', 'bill', 'credit_note', 'vendor_credit'] as const
export type InvoiceKind = (typeof invoiceKinds)[number]
export const invoiceStatuses = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const
export type InvoiceStatus = (typeof invoiceStatuses)[number]

export const isInvoiceKind = (kind: string): kind is InvoiceKind =>
  (invoiceKinds as readonly string[]).includes(kind)
export const isInvoiceStatus = (status: string): status is InvoiceStatus =>
  (invoiceStatuses as readonly string[]).includes(status)

/** Documents to or from a customer are receivables; the others, a vendor's, payables. */
export const contactTypeOf = (kind: InvoiceKind): 'customer' | 'vendor' =>
  kind === 'invoice' || kind === 'credit_note' ? 'customer' : 'vendor'

/** A credit note or a vendor credit: what the contact is owed back, or owes back. */
export const isCredit = (kind: InvoiceKind): boolean => kind === 'credit_note' || kind === 'vendor_credit'

/** The documents Daybook numbers itself; a vendor numbers its bills and credits. */
export const numberPrefixOf = (kind: InvoiceKind): string | null =>
  kind === 'invoice' ? 'INV' : kind === 'credit_note' ? 'CN' : null

/** The next number of a series such as INV-0001, after the highest taken. */
export function nextNumber(prefix: string, highest: number): string {
  return `${prefix}-${String(highest + 1).padStart(4, '0')}`
}

/** The sequence a number of the series holds; null for a number given by hand in another form. */
export function sequenceOf(prefix: string, number: string): number | null {
  const match = new RegExp(`^${prefix}-(\\d{1,12})$`).exec(number)
  return match ? Number(match[1]) : null
}

/** A non-negative decimal as an exact fraction: digits over 10^scale. */
export interface Decimal {
  digits: bigint
  scale: number
}

const decimalPattern = /^(0|[1-9]\d*)(\.\d+)?$/
const negativePattern = /^-(0|[1-9]\d*)(\.\d+)?$/
const quantityDecimalsMax = 4
const priceDecimalsMin = 4

/** A quantity or a unit price: a decimal string, never negative, with few enough decimals; else why not. */
export function parseDecimal(input: string, decimalsMax: number, field: string): Decimal | string {
  if (negativePattern.test(input)) return `${field} must not be negative; got ${input}.`
  if (!decimalPattern.test(input)) {
    return `${field} must be a decimal string such as "2.5"; got ${JSON.stringify(input)}.`
  }
  const [whole = '', fraction = ''] = input.split('.')
  if (fraction.length > decimalsMax) return `${field} has more than ${decimalsMax} decimals.`
  if (whole.length > 12) return `${field} is too large.`
  return { digits: BigInt(whole + fraction), scale: fraction.length }
}

export function parseQuantity(input: string, field: string): Result<Decimal> {
  const parsed = parseDecimal(input, quantityDecimalsMax, field)
  return typeof parsed === 'string' ? fail('INVALID_QUANTITY', parsed, field) : ok(parsed)
}

export function parseUnitPrice(input: string, currency: string, field: string): Result<Decimal> {
  const parsed = parseDecimal(input, Math.max(priceDecimalsMin, currencyDecimals(currency)), field)
  return typeof parsed === 'string' ? fail('INVALID_AMOUNT', parsed, field) : ok(parsed)
}

/** quantity x unitPrice in minor units of the currency, rounded once, ties to even. */
export function lineAmountMinor(quantity: Decimal, unitPrice: Decimal, decimals: number): bigint {
  const numerator = quantity.digits * unitPrice.digits * 10n ** BigInt(decimals)
  return divideHalfEven(numerator, 10n ** BigInt(quantity.scale + unitPrice.scale))
}

export interface LineInput {
  description?: string | null
  quantity: string
  unitPrice: string
  accountId: string
  taxCode?: string | null
}

export interface PricedLine {
  description: string
  quantity: string
  unitPrice: string
  accountId: string
  taxCode: string | null
  amountMinor: bigint
  taxMinor: bigint
}

export interface DocumentTotals {
  subtotalMinor: bigint
  taxTotalMinor: bigint
  totalMinor: bigint
}

/**
 * Each line priced and taxed on its own (DESIGN 8.6): its amount quantity x unitPrice, its tax the
 * amount at the code's rate on the issue date, each rounded half-even. A code with no rate that day
 * is refused, as a ledger event's is.
 */
export function priceLines(
  inputs: readonly LineInput[],
  currency: string,
  issueDate: CalendarDate,
): Result<PricedLine[]> {
  if (inputs.length < 1 || inputs.length > limits.invoiceLinesMax) {
    return fail(
      'INVALID_LINES',
      `A document has 1 to ${limits.invoiceLinesMax} lines; got ${inputs.length}.`,
      'lines',
    )
  }
  assert(parseCalendarDate(issueDate).ok, 'an issue date is checked before lines are priced')
  const decimals = currencyDecimals(currency)
  const priced: PricedLine[] = []
  for (const [index, input] of inputs.entries()) {
    const at = `lines[${index}]`
    const description = input.description ?? ''
    if (description.length > limits.memoLengthMax || description.includes('\u0000')) {
      return fail(
        'INVALID_MEMO',
        `${at}.description must be at most ${limits.memoLengthMax} characters, without NUL.`,
        `${at}.description`,
      )
    }
    const quantity = parseQuantity(input.quantity, `${at}.quantity`)
    if (!quantity.ok) return quantity
    const unitPrice = parseUnitPrice(input.unitPrice, currency, `${at}.unitPrice`)
    if (!unitPrice.ok) return unitPrice
    const amountMinor = lineAmountMinor(quantity.value, unitPrice.value, decimals)
    const taxCode = input.taxCode ?? null
    let taxMinor = 0n
    if (taxCode !== null) {
      if (!salesTaxCode(taxCode)) {
        return fail('SALES_TAX_CODE_NOT_FOUND', `${at}: no sales tax code ${taxCode}.`, `${at}.taxCode`)
      }
      const rate = rateOn(taxCode, issueDate)
      if (!rate) {
        return fail(
          'TAX_CODE_NO_RATE',
          `${at}: sales tax ${taxCode} has no rate on the issue date ${issueDate}.`,
          `${at}.taxCode`,
        )
      }
      taxMinor = divideHalfEven(amountMinor * rate.numerator, rate.denominator)
    }
    priced.push({
      description,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      accountId: input.accountId,
      taxCode,
      amountMinor,
      taxMinor,
    })
  }
  return ok(priced)
}

export function totalsOf(lines: readonly Pick<PricedLine, 'amountMinor' | 'taxMinor'>[]): DocumentTotals {
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0n)
  const taxTotalMinor = lines.reduce((sum, line) => sum + line.taxMinor, 0n)
  return { subtotalMinor, taxTotalMinor, totalMinor: subtotalMinor + taxTotalMinor }
}

/** What settling part or all of a document makes of its status; a draft or void never gets here. */
export function statusAfterSettling(totalMinor: bigint, paidMinor: bigint): InvoiceStatus {
  assert(paidMinor >= 0n && paidMinor <= totalMinor, 'a document is never settled beyond its total')
  if (paidMinor === 0n) return 'open'
  return paidMinor === totalMinor ? 'paid' : 'partially_paid'
}

/** Approved and not void: a document that payments and credits may reach (a paid one has nothing due). */
export const isPosted = (status: InvoiceStatus): boolean => status !== 'draft' && status !== 'void'

/** Where a document's lines and settlement post. */
export interface PostingAccounts {
  /** Accounts Receivable for a customer's documents, Accounts Payable for a vendor's. */
  controlAccountId: string
  /** GST/HST Payable: the tax of a sale. */
  taxPayableId: string
  /** Taxes Recoverable: the tax a purchase claims back. */
  taxRecoverableId: string
  /** Lines on accounts keyed to GIFI 8523 (meals and entertainment) claim back half their tax. */
  mealsAccountIds: ReadonlySet<string>
}

/**
 * DESIGN 8.6: the entry of an approved document, through the journal's rule for events classified
 * line by line, so its lines are tagged for the sales tax return as an event's are. An invoice is
 * money the control account is owed (Dr AR, Cr each line and its tax), a bill money it owes (Dr
 * each line and the tax claimed back, Cr AP); credits are the mirror images. A purchase's tax that
 * is not claimed back (PST, half of a meal's) stays on the line's account.
 */
export function planDocumentPosting(
  document: { kind: InvoiceKind; issueDate: string; currency: string; contactId: string; number: string },
  lines: readonly PricedLine[],
  accounts: PostingAccounts,
  conversion?: Conversion,
): EntryPlan | undefined {
  const sale = contactTypeOf(document.kind) === 'customer'
  const parts: PostingLinePart[] = []
  for (const line of lines) {
    const grossMinor = line.amountMinor + line.taxMinor
    if (grossMinor === 0n) continue
    const code = line.taxCode === null ? undefined : salesTaxCode(line.taxCode)
    const split = code && line.taxMinor > 0n ? taxParts(code, document.issueDate, line.taxMinor) : []
    const meals = accounts.mealsAccountIds.has(line.accountId)
    const posted = split
      .map((part) => ({
        code: part.code,
        minor: sale ? part.minor : recoverableMinor(part, meals),
        accountId: sale ? accounts.taxPayableId : accounts.taxRecoverableId,
      }))
      .filter((part) => part.minor > 0n)
    parts.push({
      accountId: line.accountId,
      grossMinor,
      taxParts: posted,
      salesTax: { kind: sale ? 'sale' : 'purchase', code: line.taxCode },
      contactId: document.contactId,
    })
  }
  assert(parts.length > 0, 'an approved document has a total above zero')
  // Money in to the control account: an invoice, or a vendor's credit.
  const owedToUs = document.kind === 'invoice' || document.kind === 'vendor_credit'
  const plan = planLinesPosting({
    direction: owedToUs ? 'in' : 'out',
    paymentAccountId: accounts.controlAccountId,
    contactId: document.contactId,
    txnDate: document.issueDate,
    currency: conversion?.functionalCurrency ?? document.currency,
    ...(conversion
      ? { conversion: { originalCurrency: document.currency, toFunctional: conversion.toFunctional } }
      : {}),
    lines: parts,
  })
  assert(plan || conversion, 'a document in the functional currency always posts')
  if (!plan) return undefined
  return { ...plan, memo: `${labelOf(document.kind)} ${document.number}`, reference: document.number }
}

/** A foreign-currency document's amounts in the functional currency, at one day's rate. */
export interface Conversion {
  functionalCurrency: string
  toFunctional: (originalMinor: bigint) => bigint
}

/**
 * What a payment clears of the control account in the functional currency: the document was
 * posted at its issue date's rate, and each payment takes off the converted amount paid after it
 * less the converted amount paid before, so however many parts pay it, the last one leaves the
 * control account at exactly zero for the document.
 */
export function clearedFunctionalMinor(
  atIssueRate: (originalMinor: bigint) => bigint,
  paidBeforeMinor: bigint,
  amountMinor: bigint,
): bigint {
  return atIssueRate(paidBeforeMinor + amountMinor) - atIssueRate(paidBeforeMinor)
}

/**
 * The realised exchange difference of a payment (DESIGN 8.6): the payment account moved
 * `paidFunctionalMinor`, the control account `clearedMinor`; the account "Exchange Gain or Loss"
 * takes the rest, on the control line's side when the payment moved more (a gain on money in, a
 * loss on money out) and on the other side when it moved less. Undefined when nothing is left.
 */
export function exchangeDifferenceLine(
  controlSide: 'debit' | 'credit',
  paidFunctionalMinor: bigint,
  clearedMinor: bigint,
  exchangeAccountId: string,
): PostingLine | undefined {
  const difference = paidFunctionalMinor - clearedMinor
  if (difference === 0n) return undefined
  const other = controlSide === 'debit' ? 'credit' : 'debit'
  return {
    accountId: exchangeAccountId,
    side: difference > 0n ? controlSide : other,
    amountMinor: difference > 0n ? difference : -difference,
    contactId: null,
  }
}

/** The rate a foreign-currency payment is made at, what it clears, and where the difference goes. */
export interface PaymentConversion extends Conversion {
  clearedMinor: bigint
  exchangeAccountId: string
}

/**
 * A payment of a document (DESIGN 8.6): an invoice's, or a vendor credit's refund, is money in
 * (Dr bank, Cr the control account); a bill's, or a credit note's refund, money out.
 */
export function planPayment(
  document: { kind: InvoiceKind; currency: string; contactId: string; number: string },
  payment: { date: string; amountMinor: bigint; paymentAccountId: string; controlAccountId: string },
  conversion?: PaymentConversion,
): EntryPlan {
  assert(payment.amountMinor > 0n, 'a payment is positive')
  const moneyIn = paysIn(document.kind)
  const line = (accountId: string, side: 'debit' | 'credit', amountMinor: bigint): PostingLine => ({
    accountId,
    side,
    amountMinor,
    contactId: document.contactId,
    ...(conversion ? { originalMinor: payment.amountMinor } : {}),
  })
  const paidMinor = conversion ? conversion.toFunctional(payment.amountMinor) : payment.amountMinor
  const clearedMinor = conversion ? conversion.clearedMinor : payment.amountMinor
  const controlSide = moneyIn ? 'credit' : 'debit'
  const paymentLine = line(payment.paymentAccountId, moneyIn ? 'debit' : 'credit', paidMinor)
  const controlLine = line(payment.controlAccountId, controlSide, clearedMinor)
  const difference = conversion
    ? exchangeDifferenceLine(controlSide, paidMinor, clearedMinor, conversion.exchangeAccountId)
    : undefined
  const lines = (moneyIn ? [paymentLine, controlLine] : [controlLine, paymentLine]).filter(
    (l) => l.amountMinor > 0n,
  )
  const plan: EntryPlan = {
    txnDate: payment.date,
    currency: conversion?.functionalCurrency ?? document.currency,
    ...(conversion ? { originalCurrency: document.currency } : {}),
    lines: difference ? [...lines, difference] : lines,
    memo: `Payment of ${labelOf(document.kind).toLowerCase()} ${document.number}`,
    reference: document.number,
  }
  assertBalanced(plan)
  return plan
}

/** Money in pays an invoice (or a vendor credit's refund); money out a bill (or a credit note's refund). */
export const paysIn = (kind: InvoiceKind): boolean => kind === 'invoice' || kind === 'vendor_credit'

export function labelOf(kind: InvoiceKind): string {
  switch (kind) {
    case 'invoice':
      return 'Invoice'
    case 'bill':
      return 'Bill'
    case 'credit_note':
      return 'Credit note'
    case 'vendor_credit':
      return 'Vendor credit'
  }
}

/** The buckets of an aging report, by days past due (DESIGN 8.6). */
export type AgingBucket = 'current' | 'days1To30' | 'days31To60' | 'days61To90' | 'over90'

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

export function agingBucketOf(dueDate: CalendarDate, asOf: CalendarDate): AgingBucket {
  const late = daysBetween(dueDate, asOf)
  if (late <= 0) return 'current'
  if (late <= 30) return 'days1To30'
  if (late <= 60) return 'days31To60'
  if (late <= 90) return 'days61To90'
  return 'over90'
}

/** What a document weighs in what a contact owes: a credit counts against its contact's other documents. */
export const signedMinor = (kind: InvoiceKind, minor: bigint): bigint => (isCredit(kind) ? -minor : minor)

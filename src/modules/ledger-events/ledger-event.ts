import { type CalendarDate, parseCalendarDate } from '../../kernel/calendar-date.js'
import { limits } from '../../kernel/limits.js'
import { parsePositiveMoney } from '../../kernel/money.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccountRecord } from '../accounts/accounts-port.js'

// The pure rules of a ledger event: its states, what may change in each, and which accounts fit.

export const statuses = ['needs_review', 'confirmed', 'synced', 'reconciled', 'pending', 'ignored'] as const
export type Status = (typeof statuses)[number]

/** What a client may create or set; `refund` is produced only by the processor import. */
export const clientEventTypes = ['expense', 'income', 'transfer'] as const
export type EventType = (typeof clientEventTypes)[number] | 'refund'

export type EventSource = 'api' | 'bank_import' | 'processor_import'

/** DESIGN 7.7: whether money went into the event's payment account or out of it. */
export const directions = ['in', 'out'] as const
export type Direction = (typeof directions)[number]

/** The spec's meaning of an event that names no direction: income comes in, the rest goes out. */
export const defaultDirection = (eventType: EventType): Direction => (eventType === 'income' ? 'in' : 'out')

export function parseDirection(value: string | null | undefined, eventType: EventType): Result<Direction> {
  if (value === null || value === undefined) return ok(defaultDirection(eventType))
  if (!(directions as readonly string[]).includes(value)) {
    return fail(
      'INVALID_DIRECTION',
      'direction must be in (money into the payment account) or out.',
      'direction',
    )
  }
  return ok(value as Direction)
}

/** Spec rule 2: only events not yet in the books can be edited. */
export const editableStatuses: readonly Status[] = ['needs_review', 'pending']
/** Statuses whose events have a posted entry that has not been reversed. */
export const postedStatuses: readonly Status[] = ['confirmed', 'synced', 'reconciled']

export const isStatus = (value: string): value is Status => (statuses as readonly string[]).includes(value)

export function parseEventType(value: string | null | undefined): Result<EventType> {
  const type = value ?? 'expense'
  if (!(clientEventTypes as readonly string[]).includes(type)) {
    return fail(
      'INVALID_EVENT_TYPE',
      `eventType must be one of: ${clientEventTypes.join(', ')}.`,
      'eventType',
    )
  }
  return ok(type as EventType)
}

/** The one rule of a merchant name, for every path that writes one: typed, imported or derived. */
export function parseMerchantName(value: string, field = 'merchantName'): Result<string> {
  if (value.trim() === '') return fail('INVALID_NAME', `${field} must not be empty.`, field)
  if (value.length > limits.merchantNameLengthMax || value.includes('\u0000')) {
    return fail(
      'INVALID_NAME',
      `${field} must be at most ${limits.merchantNameLengthMax} characters, without NUL.`,
      field,
    )
  }
  return ok(value)
}

export function parseMemo(value: string | null | undefined): Result<string> {
  const memo = value ?? ''
  if (memo.length > limits.memoLengthMax || memo.includes('\u0000')) {
    return fail(
      'INVALID_MEMO',
      `memo must be at most ${limits.memoLengthMax} characters, without NUL.`,
      'memo',
    )
  }
  return ok(memo)
}

export function parseReference(value: string | null | undefined): Result<string | null> {
  if (value === null || value === undefined || value === '') return ok(null)
  if (value.length > limits.referenceLengthMax || value.includes('\u0000')) {
    // A reference arrives only in a statement row, so its refusal is that row's (INVALID_ROW).
    return fail(
      'INVALID_ROW',
      `reference must be at most ${limits.referenceLengthMax} characters.`,
      'reference',
    )
  }
  return ok(value)
}

export function parseAmount(value: string, decimals: number, field = 'amount'): Result<bigint> {
  return parsePositiveMoney(value, decimals, field)
}

export function parseTransactionDate(value: string, field = 'transactionDate'): Result<CalendarDate> {
  return parseCalendarDate(value, field)
}

/** DESIGN 7.2: a reconciled event is tied to a bank statement until its reconciliation is undone. */
export const reconciledEvent = (field = 'eventId') =>
  fail('RECONCILED', 'This event is reconciled; undo its reconciliation before changing it.', field)

export function notEditable(status: Status) {
  if (status === 'reconciled') return reconciledEvent()
  return fail(
    'EVENT_NOT_EDITABLE',
    `Only events in needs_review or pending can be changed; this one is ${status}.`,
    'eventId',
  )
}

/** Income and expense events take an income or expense category; a transfer may go to any account. */
export function categoryProblem(
  eventType: EventType,
  category: AccountRecord,
  paymentAccountId: string | null,
) {
  if (category.id === paymentAccountId) {
    return fail(
      'CATEGORY_IS_PAYMENT_ACCOUNT',
      'The category and the payment account must differ.',
      'categoryId',
    )
  }
  if ((eventType === 'income' || eventType === 'expense') && !isIncomeOrExpense(category)) {
    return fail(
      'CATEGORY_NOT_ALLOWED',
      `An ${eventType} event needs an income or expense category; ${category.name} is ${category.classification}.`,
      'categoryId',
    )
  }
  return undefined
}

export const isIncomeOrExpense = (account: AccountRecord) =>
  account.classification === 'revenue' || account.classification === 'expense'

const paymentTypes = ['bank', 'credit_card', 'accounts_receivable', 'accounts_payable'] as const

export function paymentProblem(account: AccountRecord, field = 'paymentAccountId') {
  if (!(paymentTypes as readonly string[]).includes(account.accountType)) {
    return fail(
      'PAYMENT_ACCOUNT_NOT_ALLOWED',
      `A payment account must be a bank, credit card, receivable or payable account; ${account.name} is ${account.accountType}.`,
      field,
    )
  }
  return undefined
}

export function taxAccountProblem(account: AccountRecord) {
  if (account.classification !== 'liability' && account.classification !== 'asset') {
    return fail(
      'TAX_ACCOUNT_NOT_ALLOWED',
      `A tax account must be a liability or asset account; ${account.name} is ${account.classification}.`,
      'taxAccountId',
    )
  }
  return undefined
}

/**
 * An event's second part (DESIGN 7.7): a loan repayment's interest beside its principal, or a
 * purchase shared by two expense accounts. The split account is an account of its own that fits
 * the event as its category must (income and expenses take income or expense accounts), and the
 * split, with the tax an income or expense posts, leaves something for the category. Classifying
 * may give the account and the amount one at a time; posting needs both (`complete`).
 */
export function splitProblem(
  event: {
    eventType: EventType
    amountMinor: bigint
    taxAmountMinor: bigint | null
    splitAmountMinor: bigint | null
    splitAccountId: string | null
    categoryId: string | null
    paymentAccountId: string | null
  },
  splitAccount: AccountRecord | undefined,
  complete: boolean,
) {
  const refuse = (message: string, field: string) => fail('INVALID_SPLIT', message, field)
  if (event.splitAccountId !== null) {
    if (!splitAccount) return refuse('No account with this splitAccountId.', 'splitAccountId')
    if (splitAccount.id === event.paymentAccountId || splitAccount.id === event.categoryId) {
      return refuse(
        'The split account must differ from the category and the payment account.',
        'splitAccountId',
      )
    }
    if (event.eventType !== 'transfer' && event.eventType !== 'refund' && !isIncomeOrExpense(splitAccount)) {
      return refuse(
        `An ${event.eventType} event splits to an income or expense account; ${splitAccount.name} is ${splitAccount.classification}.`,
        'splitAccountId',
      )
    }
  } else if (complete) return refuse('Give splitAccountId with splitAmount.', 'splitAccountId')
  if (event.splitAmountMinor === null) {
    return complete ? refuse('Give splitAmount with splitAccountId.', 'splitAmount') : undefined
  }
  if (event.splitAmountMinor <= 0n) return refuse('splitAmount must be greater than zero.', 'splitAmount')
  // A transfer posts no tax (DESIGN 5.4); income and expenses keep theirs beside the split.
  const taxMinor =
    event.eventType === 'income' || event.eventType === 'expense' ? (event.taxAmountMinor ?? 0n) : 0n
  if (taxMinor + event.splitAmountMinor >= event.amountMinor) {
    return refuse('splitAmount (with any tax) must be less than the amount.', 'splitAmount')
  }
  return undefined
}

// The pure rules of a ledger event: field parsing, which accounts fit, and what posting refuses.
import { describe, expect, it } from 'vitest'
import { limits } from '../../kernel/limits.js'
import type { AccountRecord } from '../accounts/accounts-port.js'
import {
  categoryProblem,
  editableStatuses,
  parseEventType,
  parseMemo,
  parseMerchantName,
  parseReference,
  paymentProblem,
  postedStatuses,
  statuses,
  taxAccountProblem,
} from './ledger-event.js'
import { type PostingEvent, postingProblem } from './ledger-event-posting.js'

const account = (fields: Partial<AccountRecord>): AccountRecord => ({
  id: 'a',
  name: 'Account',
  accountType: 'expense',
  classification: 'expense',
  subType: '',
  taxCodeId: null,
  lastFour: null,
  parentId: null,
  systemRole: null,
  active: true,
  debitTotalMinor: 0n,
  creditTotalMinor: 0n,
  ...fields,
})

const office = account({ id: 'office', name: 'Office', accountType: 'expense', classification: 'expense' })
const chequing = account({ id: 'chequing', name: 'Chequing', accountType: 'bank', classification: 'asset' })
const gst = account({
  id: 'gst',
  name: 'GST',
  accountType: 'other_current_liability',
  classification: 'liability',
})
const equity = account({ id: 'equity', name: 'Owner', accountType: 'equity', classification: 'equity' })
const rent = account({ id: 'rent', name: 'Rent', accountType: 'expense', classification: 'expense' })

describe('field rules', () => {
  it('holds a merchant name to one length, whatever field it arrives in', () => {
    const longest = 'n'.repeat(limits.merchantNameLengthMax)
    expect(parseMerchantName(longest)).toEqual({ ok: true, value: longest })
    for (const bad of ['', '   ', `${longest}n`, 'a\u0000b']) {
      expect(parseMerchantName(bad).ok, JSON.stringify(bad)).toBe(false)
    }
    const refused = parseMerchantName('d'.repeat(400), 'description')
    expect(refused.ok || refused.error).toMatchObject({ code: 'INVALID_NAME', field: 'description' })
  })

  it('takes the client event types, expense by default, and not refund', () => {
    expect(parseEventType(undefined)).toEqual({ ok: true, value: 'expense' })
    expect(parseEventType('income')).toEqual({ ok: true, value: 'income' })
    expect(parseEventType('refund').ok).toBe(false)
    expect(parseEventType('EXPENSE').ok).toBe(false)
  })

  it('keeps an empty reference as none and bounds a memo', () => {
    expect(parseReference('')).toEqual({ ok: true, value: null })
    expect(parseReference('FIT-1')).toEqual({ ok: true, value: 'FIT-1' })
    expect(parseReference('r'.repeat(201)).ok).toBe(false)
    expect(parseMemo(null)).toEqual({ ok: true, value: '' })
    expect(parseMemo('m'.repeat(2001)).ok).toBe(false)
  })

  it('edits only events not yet in the books', () => {
    for (const status of statuses) {
      expect(editableStatuses.includes(status) && postedStatuses.includes(status)).toBe(false)
    }
  })
})

describe('which accounts fit', () => {
  it('gives income and expense events an income or expense category, and a transfer any other account', () => {
    expect(categoryProblem('expense', office, 'chequing')).toBeUndefined()
    expect(categoryProblem('expense', equity, 'chequing')?.error.code).toBe('CATEGORY_NOT_ALLOWED')
    expect(categoryProblem('transfer', equity, 'chequing')).toBeUndefined()
    expect(categoryProblem('transfer', chequing, 'chequing')?.error.code).toBe('CATEGORY_IS_PAYMENT_ACCOUNT')
  })

  it('pays from bank, card, receivable and payable accounts only, and taxes to liabilities or assets', () => {
    expect(paymentProblem(chequing)).toBeUndefined()
    expect(paymentProblem(office)?.error.code).toBe('PAYMENT_ACCOUNT_NOT_ALLOWED')
    expect(taxAccountProblem(gst)).toBeUndefined()
    expect(taxAccountProblem(office)?.error.code).toBe('TAX_ACCOUNT_NOT_ALLOWED')
  })
})

describe('postingProblem', () => {
  const accounts = new Map([office, chequing, gst, equity, rent].map((a) => [a.id, a]))
  const posting = (fields: Partial<PostingEvent> = {}): PostingEvent => ({
    id: 'event',
    journalEntryId: 'entry',
    eventType: 'expense',
    direction: 'out',
    amountMinor: 1130n,
    taxAmountMinor: null,
    splitAmountMinor: null,
    categoryId: 'office',
    paymentAccountId: 'chequing',
    taxAccountId: null,
    salesTaxCode: null,
    splitAccountId: null,
    contactId: null,
    transactionDate: '2026-03-02',
    currency: 'CAD',
    exchangeRate: null,
    ...fields,
  })
  const codeOf = (fields: Partial<PostingEvent>) => postingProblem(posting(fields), accounts)?.error.code

  it('posts a classified event whose accounts fit', () => {
    expect(codeOf({})).toBeUndefined()
    expect(codeOf({ taxAmountMinor: 130n, taxAccountId: 'gst' })).toBeUndefined()
  })

  it('refuses what a confirm refuses, for every path that posts', () => {
    expect(codeOf({ categoryId: null })).toBe('EVENT_NOT_CLASSIFIED')
    expect(codeOf({ paymentAccountId: null })).toBe('EVENT_NOT_CLASSIFIED')
    expect(codeOf({ categoryId: 'elsewhere' })).toBe('CATEGORY_NOT_FOUND')
    expect(codeOf({ categoryId: 'equity' })).toBe('CATEGORY_NOT_ALLOWED')
    expect(codeOf({ paymentAccountId: 'elsewhere' })).toBe('PAYMENT_ACCOUNT_NOT_FOUND')
    expect(codeOf({ paymentAccountId: 'gst', categoryId: 'office' })).toBe('PAYMENT_ACCOUNT_NOT_ALLOWED')
    expect(codeOf({ taxAmountMinor: 1130n, taxAccountId: 'gst' })).toBe('INVALID_TAX_AMOUNT')
    expect(codeOf({ taxAmountMinor: 130n })).toBe('TAX_ACCOUNT_REQUIRED')
    expect(codeOf({ taxAmountMinor: 130n, taxAccountId: 'office' })).toBe('TAX_ACCOUNT_NOT_ALLOWED')
  })

  it('splits to an account of its own that fits the event, within the amount', () => {
    const transfer = { eventType: 'transfer' as const, categoryId: 'equity' }
    expect(codeOf({ ...transfer, splitAmountMinor: 130n, splitAccountId: 'office' })).toBeUndefined()
    expect(codeOf({ ...transfer, splitAmountMinor: 130n, splitAccountId: 'gst' })).toBeUndefined()
    expect(codeOf({ splitAmountMinor: 130n, splitAccountId: 'equity' })).toBe('INVALID_SPLIT')
    expect(codeOf({ ...transfer, splitAmountMinor: 130n })).toBe('INVALID_SPLIT')
    expect(codeOf({ ...transfer, splitAccountId: 'office' })).toBe('INVALID_SPLIT')
    expect(codeOf({ ...transfer, splitAmountMinor: 130n, splitAccountId: 'elsewhere' })).toBe('INVALID_SPLIT')
    expect(codeOf({ ...transfer, splitAmountMinor: 130n, splitAccountId: 'chequing' })).toBe('INVALID_SPLIT')
    expect(codeOf({ ...transfer, splitAmountMinor: 1130n, splitAccountId: 'office' })).toBe('INVALID_SPLIT')
    const taxed = { taxAmountMinor: 130n, taxAccountId: 'gst', splitAccountId: 'rent' }
    expect(codeOf({ ...taxed, splitAmountMinor: 999n })).toBeUndefined()
    expect(codeOf({ ...taxed, splitAmountMinor: 1000n })).toBe('INVALID_SPLIT')
  })
})

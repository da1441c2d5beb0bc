import type { CategoryAccountFragment } from '../api/generated/review-queue'

/** A customer's documents (invoices and credit notes) or a vendor's (bills and vendor credits). */
export type Side = 'customer' | 'vendor'

export interface DocumentKind {
  kind: string
  label: string
}

export interface SideWords {
  side: Side
  title: string
  /** One document of the side's main kind, in a sentence: "invoice", "bill". */
  one: string
  contactType: Side
  contactLabel: string
  kinds: readonly DocumentKind[]
  /** The kind a credit of this side is set against. */
  creditAppliesTo: string
  /** The accounts a line of this side may go to, as the server checks them. */
  lineAccountFits: (account: CategoryAccountFragment) => boolean
}

const notMoneyOrReceivable = new Set(['accounts_receivable', 'bank', 'credit_card'])

export const sideWords: Readonly<Record<Side, SideWords>> = {
  customer: {
    side: 'customer',
    title: 'Invoices',
    one: 'invoice',
    contactType: 'customer',
    contactLabel: 'Customer',
    kinds: [
      { kind: 'invoice', label: 'Invoice' },
      { kind: 'credit_note', label: 'Credit note' },
    ],
    creditAppliesTo: 'invoice',
    lineAccountFits: (account) => account.classification === 'revenue',
  },
  vendor: {
    side: 'vendor',
    title: 'Bills',
    one: 'bill',
    contactType: 'vendor',
    contactLabel: 'Vendor',
    kinds: [
      { kind: 'bill', label: 'Bill' },
      { kind: 'vendor_credit', label: 'Vendor credit' },
    ],
    creditAppliesTo: 'bill',
    lineAccountFits: (account) =>
      (account.classification === 'expense' || account.classification === 'asset') &&
      !notMoneyOrReceivable.has(account.accountType),
  },
}

export const isCreditKind = (kind: string) => kind === 'credit_note' || kind === 'vendor_credit'

const kindLabels: Record<string, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  bill: 'Bill',
  vendor_credit: 'Vendor credit',
}

export const kindLabel = (kind: string) => kindLabels[kind] ?? kind

export const statuses = [
  { status: 'draft', label: 'Draft' },
  { status: 'open', label: 'Open' },
  { status: 'partially_paid', label: 'Partially paid' },
  { status: 'paid', label: 'Paid' },
  { status: 'void', label: 'Void' },
] as const

export const statusLabel = (status: string) =>
  statuses.find((each) => each.status === status)?.label ?? status

/** Approved and not settled: what payments and credits may still reach. */
export const isUnsettled = (status: string) => status === 'open' || status === 'partially_paid'

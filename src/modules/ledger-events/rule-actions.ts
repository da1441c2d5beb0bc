import { currencyDecimals } from '../../kernel/currency.js'
import {
  percentUnit,
  percentUnits,
  type RuleMatch,
  type RuleSubject,
} from '../category-rules/category-rules-port.js'
import { rateOn, taxIncludedIn } from '../tax-codes/tax-codes-port.js'
import { type EntryLineRecord, taxedEventTypes } from './entry-lines.js'
import type { EventType } from './ledger-event.js'
import type { EventChanges } from './ledger-event-row-store.js'

// What a category rule's actions make of an event it classifies (DESIGN 8.9), without I/O: the
// category or the lines shared by percent, the tax its code gives on the event's date, and its
// contact when the event names none.

/** The fields of an event a rule's conditions read. */
export interface RuleEventFields {
  merchantName: string
  memo: string
  reference: string | null
  amountMinor: bigint
  currency: string
  direction: string
  eventType: EventType
  paymentAccountId: string | null
}

export function ruleSubjectOf(event: RuleEventFields): RuleSubject {
  return {
    merchantName: event.merchantName,
    memo: event.memo,
    reference: event.reference,
    amountMinor: event.amountMinor,
    amountDecimals: currencyDecimals(event.currency),
    direction: event.direction,
    eventType: event.eventType,
    paymentAccountId: event.paymentAccountId,
  }
}

export interface RuleClassification {
  changes: Required<
    Pick<EventChanges, 'categoryId' | 'categoryRuleId' | 'salesTaxCode' | 'taxAmountMinor' | 'taxFromCode'>
  > &
    Pick<EventChanges, 'contactId'>
  /** The event's lines; none for a rule with one category. */
  lines: EntryLineRecord[]
}

/**
 * The classification a rule gives an event. A tax code applies to income and expenses only, and
 * only where it has a rate on the event's date; elsewhere the event is classified without the tax,
 * for the reviewer to settle, rather than left unclassified.
 */
export function ruleClassification(
  event: Pick<RuleEventFields, 'amountMinor' | 'currency' | 'eventType'> & {
    transactionDate: string
    contactId: string | null
  },
  rule: RuleMatch,
): RuleClassification {
  const taxOf = (code: string | null, grossMinor: bigint): bigint | null => {
    if (code === null || !taxedEventTypes.has(event.eventType)) return null
    const rate = rateOn(code, event.transactionDate)
    return rate ? taxIncludedIn(grossMinor, rate) : null
  }
  const contact = event.contactId === null && rule.contactId !== null ? { contactId: rule.contactId } : {}
  if (rule.lines === null) {
    const taxAmountMinor = taxOf(rule.taxCode, event.amountMinor)
    return {
      changes: {
        categoryId: rule.accountId,
        categoryRuleId: rule.id,
        salesTaxCode: taxAmountMinor === null ? null : rule.taxCode,
        taxAmountMinor,
        taxFromCode: taxAmountMinor !== null,
        ...contact,
      },
      lines: [],
    }
  }
  const lines: EntryLineRecord[] = []
  for (const [index, share] of shares(event.amountMinor, rule.lines).entries()) {
    const line = rule.lines[index]
    // A share too small for one minor unit is left out: its part went to the last line.
    if (!line || share === 0n) continue
    const taxCode = line.taxCode ?? rule.taxCode
    const taxAmountMinor = taxOf(taxCode, share)
    lines.push({
      lineNo: lines.length + 1,
      accountId: line.accountId,
      amountMinor: share,
      taxCode: taxAmountMinor === null ? null : taxCode,
      taxAmountMinor,
      taxFromCode: taxAmountMinor !== null,
      memo: '',
      contactId: null,
    })
  }
  const taxed = lines.filter((line) => line.taxAmountMinor !== null)
  return {
    changes: {
      categoryId: (lines[0] as EntryLineRecord).accountId,
      categoryRuleId: rule.id,
      salesTaxCode: null,
      taxAmountMinor:
        taxed.length === 0 ? null : taxed.reduce((sum, l) => sum + (l.taxAmountMinor ?? 0n), 0n),
      taxFromCode: false,
      ...contact,
    },
    lines,
  }
}

/**
 * Each line's share of the amount: its percent of it rounded down to the minor unit, the last
 * line taking what is left, so the shares add up to the amount exactly and none is negative.
 */
export function shares(amountMinor: bigint, lines: ReadonlyArray<{ percent: string }>): bigint[] {
  const hundred = 100n * percentUnit
  const result: bigint[] = []
  let given = 0n
  for (const [index, line] of lines.entries()) {
    if (index === lines.length - 1) {
      result.push(amountMinor - given)
      break
    }
    const share = (amountMinor * (percentUnits(line.percent) ?? 0n)) / hundred
    given += share
    result.push(share)
  }
  return result
}

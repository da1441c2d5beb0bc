import { addDays } from '../../kernel/calendar-date.js'
import { limits } from '../../kernel/limits.js'
import type { StatementRow } from './statement-row.js'

// The one duplicate rule that both checkBankStatementDups and importBankStatement obey
// (spec rule 4, DESIGN 5.7), as a pure function of the rows and the account's existing events.

export interface ExistingEvent {
  id: string
  transactionDate: string
  amountMinor: bigint
  eventType: string
  merchantName: string
  reference: string | null
}

export type DuplicateReason = 'reference' | 'exact' | 'same_date_amount'

export interface RowVerdict {
  rowIndex: number
  isDuplicate: boolean
  isPossibleDuplicate: boolean
  matchingEventId: string | null
  reason: DuplicateReason | null
  /** For rows with no match: same amount and type within a few days, to explain a decision. */
  nearMatches: ExistingEvent[]
}

/** Vendors compare trimmed, with inner runs of white space collapsed and case folded. */
export const vendorKey = (name: string): string => name.trim().replace(/\s+/gu, ' ').toLowerCase()

const exactKey = (date: string, amountMinor: bigint, eventType: string, vendor: string) =>
  `${date}|${amountMinor}|${eventType}|${vendorKey(vendor)}`
const dateAmountKey = (date: string, amountMinor: bigint, eventType: string) =>
  `${date}|${amountMinor}|${eventType}`
const amountKey = (amountMinor: bigint, eventType: string) => `${amountMinor}|${eventType}`

/**
 * Identical rows are counted, not collapsed: each duplicate row uses up one existing event, so
 * the n-th identical row is a duplicate only when at least n identical events exist. A reference
 * match is checked first, then a full match; a possible match (same date, amount and type, other
 * vendor) is never also a full match and uses nothing up, since its row is imported.
 */
export function judgeRows(rows: StatementRow[], existing: ExistingEvent[]): RowVerdict[] {
  const byReference = new Map<string, ExistingEvent[]>()
  const byExact = new Map<string, ExistingEvent[]>()
  const byDateAmount = new Map<string, ExistingEvent[]>()
  const byAmount = new Map<string, ExistingEvent[]>()
  const push = (map: Map<string, ExistingEvent[]>, key: string, event: ExistingEvent) => {
    const list = map.get(key)
    if (list) list.push(event)
    else map.set(key, [event])
  }
  for (const event of existing) {
    if (event.reference) push(byReference, event.reference, event)
    push(
      byExact,
      exactKey(event.transactionDate, event.amountMinor, event.eventType, event.merchantName),
      event,
    )
    push(byDateAmount, dateAmountKey(event.transactionDate, event.amountMinor, event.eventType), event)
    push(byAmount, amountKey(event.amountMinor, event.eventType), event)
  }
  const used = new Set<string>()
  const takeUnused = (candidates: ExistingEvent[] | undefined) => {
    const found = candidates?.find((event) => !used.has(event.id))
    if (found) used.add(found.id)
    return found
  }

  return rows.map((row, rowIndex) => {
    const verdict = (
      reason: DuplicateReason | null,
      match: ExistingEvent | undefined,
      nearMatches: ExistingEvent[] = [],
    ): RowVerdict => ({
      rowIndex,
      isDuplicate: reason === 'reference' || reason === 'exact',
      isPossibleDuplicate: reason === 'same_date_amount',
      matchingEventId: match?.id ?? null,
      reason,
      nearMatches,
    })
    if (row.reference) {
      const match = takeUnused(byReference.get(row.reference))
      if (match) return verdict('reference', match)
    }
    const exact = takeUnused(
      byExact.get(exactKey(row.transactionDate, row.amountMinor, row.eventType, row.description)),
    )
    if (exact) return verdict('exact', exact)
    const sameDateAmount = byDateAmount.get(
      dateAmountKey(row.transactionDate, row.amountMinor, row.eventType),
    )
    const rowVendor = vendorKey(row.description)
    const possible = sameDateAmount?.find((event) => vendorKey(event.merchantName) !== rowVendor)
    if (possible) return verdict('same_date_amount', possible)
    return verdict(
      null,
      undefined,
      nearMatchesOf(row, byAmount.get(amountKey(row.amountMinor, row.eventType)) ?? []),
    )
  })
}

/** `sameAmount` already holds only events of the row's amount and type. */
function nearMatchesOf(row: StatementRow, sameAmount: ExistingEvent[]): ExistingEvent[] {
  const from = addDays(row.transactionDate, -limits.bankNearMatchDays)
  const to = addDays(row.transactionDate, limits.bankNearMatchDays)
  return sameAmount
    .filter((event) => event.transactionDate >= from && event.transactionDate <= to)
    .slice(0, limits.bankNearMatchesMax)
}

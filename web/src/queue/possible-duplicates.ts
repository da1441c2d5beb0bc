import type { QueueEventFragment } from '../api/generated/review-queue'
import { daysBetween } from '../format/dates'

// The API gives no duplicate verdict for an event already in the books (only a bank file's preview
// does), so the queue flags what a reviewer would spot: two events of the same amount and direction
// within the window Daybook's own near-match check uses.
export const duplicateWindowDays = 3

/** The ids of loaded events that have a same-amount twin within the window. */
export function possibleDuplicates(rows: ReadonlyArray<QueueEventFragment | undefined>): Set<string> {
  const groups = new Map<string, QueueEventFragment[]>()
  for (const event of rows) {
    if (!event) continue
    const key = `${event.direction} ${event.functionalCurrency} ${event.functionalAmount}`
    const group = groups.get(key)
    if (group) group.push(event)
    else groups.set(key, [event])
  }
  const flagged = new Set<string>()
  for (const group of groups.values()) {
    if (group.length < 2) continue
    group.sort((x, y) => (x.transactionDate < y.transactionDate ? -1 : 1))
    for (let index = 1; index < group.length; index++) {
      const previous = group[index - 1] as QueueEventFragment
      const current = group[index] as QueueEventFragment
      if (daysBetween(previous.transactionDate, current.transactionDate) <= duplicateWindowDays) {
        flagged.add(previous.id)
        flagged.add(current.id)
      }
    }
  }
  return flagged
}

// The duplicate rule of a bank statement, as a pure function: counted matches, references first.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ExistingEvent, judgeRows, vendorKey } from './duplicates.js'
import type { StatementRow } from './statement-row.js'

const row = (fields: Partial<StatementRow> = {}): StatementRow => ({
  transactionDate: '2026-03-02',
  description: 'Blue Bottle Coffee',
  amountMinor: 450n,
  eventType: 'expense',
  direction: 'out',
  memo: '',
  reference: null,
  ...fields,
})

let nextId = 0
const event = (fields: Partial<ExistingEvent> = {}): ExistingEvent => ({
  id: `e${nextId++}`,
  transactionDate: '2026-03-02',
  amountMinor: 450n,
  eventType: 'expense',
  merchantName: 'Blue Bottle Coffee',
  reference: null,
  ...fields,
})

describe('judgeRows', () => {
  it('matches a reference whatever the date, amount and vendor', () => {
    const known = event({ reference: 'FIT-1', transactionDate: '2025-01-01', amountMinor: 1n })
    const [verdict] = judgeRows([row({ reference: 'FIT-1' })], [known])
    expect(verdict).toMatchObject({ isDuplicate: true, reason: 'reference', matchingEventId: known.id })
  })

  it('counts identical rows: the n-th is a duplicate only when n identical events exist', () => {
    const verdicts = judgeRows([row(), row(), row()], [event(), event()])
    expect(verdicts.map((v) => v.isDuplicate)).toEqual([true, true, false])
    expect(new Set(verdicts.slice(0, 2).map((v) => v.matchingEventId)).size).toBe(2)
  })

  it('compares vendors trimmed, white space collapsed, case folded', () => {
    expect(vendorKey('  BLUE   bottle\tCoffee ')).toBe('blue bottle coffee')
    const [verdict] = judgeRows([row({ description: ' blue  BOTTLE coffee' })], [event()])
    expect(verdict).toMatchObject({ isDuplicate: true, reason: 'exact' })
  })

  it('calls another vendor on the same date and amount a possible duplicate, never a duplicate', () => {
    const [verdict] = judgeRows([row({ description: 'Tim Hortons' })], [event()])
    expect(verdict).toMatchObject({
      isDuplicate: false,
      isPossibleDuplicate: true,
      reason: 'same_date_amount',
    })
  })

  it('lists near matches of the same amount and type within 3 days, and no further', () => {
    const near = event({ transactionDate: '2026-03-05' })
    const far = event({ transactionDate: '2026-03-06' })
    const [verdict] = judgeRows([row({ transactionDate: '2026-03-02' })], [near, far])
    expect(verdict?.reason).toBeNull()
    expect(verdict?.nearMatches.map((e) => e.id)).toEqual([near.id])
  })

  const statementRow = fc.record({
    transactionDate: fc.constantFrom('2026-03-01', '2026-03-02', '2026-04-20'),
    description: fc.constantFrom('Coffee', ' coffee ', 'Tea'),
    amountMinor: fc.constantFrom(450n, 500n),
    eventType: fc.constantFrom('expense' as const, 'income' as const),
    direction: fc.constantFrom('in' as const, 'out' as const),
    memo: fc.constant(''),
    reference: fc.option(fc.constantFrom('A', 'B', 'C'), { nil: null }),
  })
  const existingEvent = statementRow.map(
    (r): Omit<ExistingEvent, 'id'> => ({
      transactionDate: r.transactionDate,
      amountMinor: r.amountMinor,
      eventType: r.eventType,
      merchantName: r.description,
      reference: r.reference,
    }),
  )

  it('never marks more rows duplicate than there are matching events, each used once', () => {
    fc.assert(
      fc.property(
        fc.array(statementRow, { maxLength: 12 }),
        fc.array(existingEvent, { maxLength: 12 }),
        (rows, parts) => {
          const existing = parts.map((p, i) => ({ ...p, id: `x${i}` }))
          const verdicts = judgeRows(rows, existing)
          expect(verdicts.map((v) => v.rowIndex)).toEqual(rows.map((_, i) => i))
          const duplicates = verdicts.filter((v) => v.isDuplicate)
          expect(duplicates.length).toBeLessThanOrEqual(existing.length)
          const used = duplicates.map((v) => v.matchingEventId)
          expect(new Set(used).size).toBe(used.length)
          for (const verdict of duplicates) {
            const match = existing.find((e) => e.id === verdict.matchingEventId)
            const judged = rows[verdict.rowIndex] as StatementRow
            expect(match).toBeDefined()
            if (verdict.reason === 'reference') expect(match?.reference).toBe(judged.reference)
            else
              expect([
                match?.transactionDate,
                match?.amountMinor,
                match?.eventType,
                vendorKey(match?.merchantName ?? ''),
              ]).toEqual([
                judged.transactionDate,
                judged.amountMinor,
                judged.eventType,
                vendorKey(judged.description),
              ])
          }
          expect(verdicts.every((v) => !(v.isDuplicate && v.isPossibleDuplicate))).toBe(true)
        },
      ),
    )
  })

  it('judges a statement against its own import as all duplicates', () => {
    fc.assert(
      fc.property(fc.array(statementRow, { maxLength: 12 }), (rows) => {
        const imported = rows.map((r, i) =>
          event({
            id: `i${i}`,
            transactionDate: r.transactionDate,
            amountMinor: r.amountMinor,
            eventType: r.eventType,
            merchantName: r.description,
            reference: r.reference,
          }),
        )
        expect(judgeRows(rows, imported).every((v) => v.isDuplicate)).toBe(true)
      }),
    )
  })
})

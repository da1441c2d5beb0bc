import { fromUnits, isDecimal, toUnits } from '../format/decimal'

// An entry's lines as typed: text until posted, so a half-typed amount is never lost or rounded.

export interface DraftLine {
  accountId: string
  debit: string
  credit: string
  memo: string
  taxReturnLine: string
}

export const emptyLine = (): DraftLine => ({
  accountId: '',
  debit: '',
  credit: '',
  memo: '',
  taxReturnLine: '',
})

export const taxReturnLines = [
  { line: '104', label: '104 Adjustments to GST/HST collected' },
  { line: '107', label: '107 Adjustments to ITCs' },
  { line: '110', label: '110 Instalments' },
  { line: '111', label: '111 Rebates' },
  { line: '205', label: '205 GST/HST on real property' },
  { line: '405', label: '405 Other self-assessed GST/HST' },
]

const unitsOf = (text: string) => (text.trim() !== '' && isDecimal(text) ? toUnits(text) : 0n)

/** The debits, the credits, and what the credits lack to equal the debits, as decimal strings. */
export function totalsOf(lines: readonly DraftLine[]): {
  debits: string
  credits: string
  difference: string
} {
  let debits = 0n
  let credits = 0n
  for (const line of lines) {
    debits += unitsOf(line.debit)
    credits += unitsOf(line.credit)
  }
  return { debits: fromUnits(debits), credits: fromUnits(credits), difference: fromUnits(debits - credits) }
}

/** The lines the API takes: blank rows left out, each with the one amount it was given. */
export function linesInput(lines: readonly DraftLine[]) {
  return lines
    .filter((line) => line.accountId !== '' || line.debit.trim() !== '' || line.credit.trim() !== '')
    .map((line) => ({
      accountId: line.accountId,
      debit: line.debit.trim() === '' ? null : line.debit.trim(),
      credit: line.credit.trim() === '' ? null : line.credit.trim(),
      memo: line.memo.trim() === '' ? null : line.memo.trim(),
      taxReturnLine: line.taxReturnLine === '' ? null : line.taxReturnLine,
    }))
}

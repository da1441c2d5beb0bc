import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { AccountRecord } from '../accounts/account-store.js'
import type { EntryKind, PostingLine } from '../journal/journal.js'

// The posted books as plain-text accounting journals, for hledger and for Beancount. Both tools
// read debits as positive amounts and credits as negative ones.

export type ExportFormat = 'hledger' | 'beancount'

export interface ExportEntry {
  id: string
  eventId: string | null
  kind: EntryKind
  txnDate: string
  currency: string
  description: string
  lines: PostingLine[]
}

const topLevel = {
  hledger: {
    asset: 'Assets',
    liability: 'Liabilities',
    equity: 'Equity',
    revenue: 'Revenue',
    expense: 'Expenses',
  },
  beancount: {
    asset: 'Assets',
    liability: 'Liabilities',
    equity: 'Equity',
    revenue: 'Income',
    expense: 'Expenses',
  },
} as const

function hledgerComponent(name: string): string {
  // Two spaces end an account name in hledger, a colon nests it, a semicolon starts a comment.
  return name.replace(/[:;]/g, '-').replace(/\s+/g, ' ').trim() || 'Account'
}

function beancountComponent(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  const component = cleaned === '' ? 'Account' : cleaned
  return /^[A-Z0-9]/.test(component)
    ? component
    : `${component[0]?.toUpperCase() ?? 'A'}${component.slice(1)}`
}

/** Full account names, made unique even when two accounts clean up to the same text. */
export function exportAccountNames(accounts: AccountRecord[], format: ExportFormat): Map<string, string> {
  const names = new Map<string, string>()
  const taken = new Set<string>()
  for (const account of [...accounts].sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const component = format === 'hledger' ? hledgerComponent(account.name) : beancountComponent(account.name)
    let full = `${topLevel[format][account.classification]}:${component}`
    if (taken.has(full.toLowerCase())) full = `${full}-${account.id.slice(0, 8)}`
    taken.add(full.toLowerCase())
    names.set(account.id, full)
  }
  return names
}

const amountText = (line: PostingLine, currency: string) =>
  `${formatMoney(line.side === 'debit' ? line.amountMinor : -line.amountMinor, currencyDecimals(currency))} ${currency}`

export function exportHeader(
  format: ExportFormat,
  organizationName: string,
  accounts: Map<string, string>,
  openDate: string,
): string {
  const names = [...accounts.values()].sort()
  if (format === 'hledger') {
    return `; Daybook journal of ${organizationName.replace(/\n/g, ' ')}\n\n${names.map((n) => `account ${n}`).join('\n')}\n\n`
  }
  const title = organizationName.replace(/["\\\n]/g, ' ')
  return `option "title" "${title}"\n\n${names.map((n) => `${openDate} open ${n}`).join('\n')}\n\n`
}

export function exportEntry(format: ExportFormat, entry: ExportEntry, accounts: Map<string, string>): string {
  const prefix = entry.kind === 'reversal' ? 'Reversal of ' : ''
  const posting = (line: PostingLine) => {
    const name = accounts.get(line.accountId)
    if (!name) throw new Error(`journal line names unknown account ${line.accountId}`)
    return `    ${name}  ${amountText(line, entry.currency)}`
  }
  if (format === 'hledger') {
    const description = `${prefix}${entry.description}`
      .replace(/[;\r\n]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    const tags = [`entry:${entry.id}`, ...(entry.eventId ? [`event:${entry.eventId}`] : [])].join(', ')
    return `${entry.txnDate} ${description}  ; ${tags}\n${entry.lines.map(posting).join('\n')}\n\n`
  }
  const narration = `${prefix}${entry.description}`.replace(/[\r\n]/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)
  const meta = [`  entry: "${entry.id}"`, ...(entry.eventId ? [`  event: "${entry.eventId}"`] : [])].join(
    '\n',
  )
  return `${entry.txnDate} * "${narration}"\n${meta}\n${entry.lines.map(posting).join('\n')}\n\n`
}

import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { AccountRecord } from '../accounts/accounts-port.js'
import type { EntryKind, PostingLine } from '../journal/journal-port.js'

// The posted books as plain-text accounting journals, for hledger and for Beancount. Both tools
// read debits as positive amounts and credits as negative ones.

export type ExportFormat = 'hledger' | 'beancount'

export interface ExportEntry {
  id: string
  eventId: string | null
  kind: EntryKind
  txnDate: string
  /** The organization's functional currency, which every line's amountMinor is in. */
  currency: string
  /** The currency the event happened in, when it is not the functional one. */
  originalCurrency: string | null
  description: string
  lines: PostingLine[]
  /** The numbers of the documents (invoices, bills, credits) the entry posts, voids or pays. */
  documents?: readonly string[]
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

/**
 * A value of an hledger tag, or of a Beancount metadata string, from a name people typed. In
 * hledger a comma ends a tag's value, and `--pivot` makes the value an account name, where a
 * colon would nest it and two spaces end it; a semicolon or a line break would end the comment.
 * Each becomes what hledger's account names get: a `-`, and one space for any run of spaces.
 */
function tagValue(text: string, fallback: string): string {
  return text.replace(/[:;,]/g, '-').replace(/\s+/g, ' ').trim() || fallback
}

/**
 * The tag value of each contact the export has named so far, by id: cleaned as `tagValue` does,
 * and made unique, as account names are, when two names clean up to the same text, so a pivot on
 * the tag never adds two contacts together. Contacts met later, on later pages, extend the map.
 */
export function nameContacts(
  names: Map<string, string>,
  contacts: ReadonlyArray<{ id: string; displayName: string }>,
): void {
  const taken = new Set([...names.values()].map((name) => name.toLowerCase()))
  for (const contact of [...contacts].sort((x, y) => (x.id < y.id ? -1 : 1))) {
    if (names.has(contact.id)) continue
    let name = tagValue(contact.displayName, 'Contact')
    if (taken.has(name.toLowerCase())) name = `${name}-${contact.id.slice(0, 8)}`
    taken.add(name.toLowerCase())
    names.set(contact.id, name)
  }
}

const signed = (line: PostingLine, minor: bigint) => (line.side === 'debit' ? minor : -minor)

const money = (minor: bigint, currency: string) =>
  `${formatMoney(minor, currencyDecimals(currency))} ${currency}`

/**
 * hledger's sample amount for a commodity directive, which fixes how many decimals reports show.
 * hledger 1.25 refuses a sample without a decimal mark ("commodity 1000 JPY"), so a currency
 * without minor units gets a bare trailing period, which the manual allows for exactly this.
 */
function hledgerCommoditySample(currency: string): string {
  const decimals = currencyDecimals(currency)
  return `1000.${'0'.repeat(decimals)} ${currency}`
}

/**
 * @param currencies every currency the export's entries use, the functional currency first;
 *   both tools refuse, when strict, an amount in a commodity nothing declared.
 */
export function exportHeader(
  format: ExportFormat,
  organizationName: string,
  accounts: Map<string, string>,
  openDate: string,
  currencies: readonly string[],
): string {
  if (currencies.length === 0) throw new Error('a journal export needs at least its functional currency')
  const codes = [...new Set(currencies)]
  const names = [...accounts.values()].sort()
  if (format === 'hledger') {
    const commodities = codes.map((code) => `commodity ${hledgerCommoditySample(code)}`).join('\n')
    const declared = names.map((n) => `account ${n}`).join('\n')
    return `; Daybook journal of ${organizationName.replace(/\n/g, ' ')}\n\n${commodities}\n\n${declared}\n\n`
  }
  const title = organizationName.replace(/["\\\n]/g, ' ')
  const commodities = codes.map((code) => `${openDate} commodity ${code}`).join('\n')
  return `option "title" "${title}"\n\n${commodities}\n\n${names.map((n) => `${openDate} open ${n}`).join('\n')}\n\n`
}

/**
 * One posting's amount. An entry kept in a foreign currency shows each line as it happened, with
 * its exact functional amount as a total cost, so both tools balance the entry on the functional
 * figures the books hold (rather than on a rate, which would round) and report them at cost.
 */
function postingAmount(entry: ExportEntry, line: PostingLine): string {
  const original = entry.originalCurrency
  if (original === null || original === entry.currency)
    return money(signed(line, line.amountMinor), entry.currency)
  if (line.originalMinor !== undefined && line.originalMinor < 0n)
    throw new Error(`entry ${entry.id} has a negative ${original} amount`)
  // A line with no amount in the original currency only ever moved functional money: the realised
  // exchange difference of a document's payment (DESIGN 8.6) is one. A line that rounded to
  // nothing there is another: both tools take the sign of a total cost from the amount it prices,
  // so as `0 USD @@ x CAD` it would lose its functional amount and unbalance the entry.
  if (line.originalMinor === undefined || line.originalMinor === 0n)
    return money(signed(line, line.amountMinor), entry.currency)
  return `${money(signed(line, line.originalMinor), original)} @@ ${money(line.amountMinor, entry.currency)}`
}

/**
 * The description as hledger's transaction line must carry it. hledger reads the line as
 * date, optional status mark (`*` or `!`), optional code in parentheses, then description up to
 * the first `;` or end of line, with surrounding spaces trimmed. The entry's code is always
 * written, so a description starting with `*`, `!` or `(` lands in the description whole.
 * Nothing escapes a `;` inside a description, so it becomes the nearest punctuation, a comma.
 *
 * A `|` is kept in the description itself, but hledger's payees, notes and `payee:` query always
 * split it there, payee on the left and note on the right; there is no escape and no tag that
 * names the payee instead (hledger, unlike Ledger, has no `payee:` tag). Left as is, a merchant
 * "A | B" would be reported as payee "A" and grouped with merchant "A". It becomes a `/`, the
 * ASCII character people write for the same purpose; a look-alike such as U+00A6 would read
 * closer but makes hledger refuse the whole file when the locale is not UTF-8.
 */
function hledgerDescription(text: string): string {
  return text.replace(/\|/g, '/').replace(/;/g, ',').replace(/\s+/g, ' ').trim()
}

const beancountString = (text: string) => text.replace(/["\\]/g, (c) => `\\${c}`)

export function exportEntry(
  format: ExportFormat,
  entry: ExportEntry,
  accounts: Map<string, string>,
  contacts: ReadonlyMap<string, string> = new Map(),
): string {
  const prefix = entry.kind === 'reversal' ? 'Reversal of ' : ''
  const contactOf = (line: PostingLine) => {
    if (line.contactId === null) return undefined
    const name = contacts.get(line.contactId)
    if (name === undefined) throw new Error(`journal line names unknown contact ${line.contactId}`)
    return name
  }
  const documents = (entry.documents ?? []).map((number) => tagValue(number, 'Document'))
  const posting = (line: PostingLine) => {
    const name = accounts.get(line.accountId)
    if (!name) throw new Error(`journal line names unknown account ${line.accountId}`)
    const contact = contactOf(line)
    const amount = `    ${name}  ${postingAmount(entry, line)}`
    if (contact === undefined) return amount
    return format === 'hledger'
      ? `${amount}  ; contact: ${contact}`
      : `${amount}\n      contact: "${beancountString(contact)}"`
  }
  const postings = entry.lines.map(posting).join('\n')
  if (format === 'hledger') {
    const code = entry.id.slice(0, 8)
    // A code ends at the first `)`, so one inside it would push the rest into the description.
    if (/[()\r\n]/.test(code)) throw new Error(`entry id ${entry.id} cannot be an hledger code`)
    const tags = [
      `entry:${entry.id}`,
      ...(entry.eventId ? [`event:${entry.eventId}`] : []),
      ...documents.map((number) => `document: ${number}`),
    ].join(', ')
    const description = hledgerDescription(`${prefix}${entry.description}`)
    return `${entry.txnDate} (${code}) ${description}  ; ${tags}\n${postings}\n\n`
  }
  const narration = beancountString(`${prefix}${entry.description}`.replace(/[\r\n]+/g, ' '))
  // Beancount refuses a key twice on one transaction, so several documents share one value.
  const meta = [
    `  entry: "${entry.id}"`,
    ...(entry.eventId ? [`  event: "${entry.eventId}"`] : []),
    ...(documents.length > 0 ? [`  document: "${beancountString(documents.join(', '))}"`] : []),
  ].join('\n')
  return `${entry.txnDate} * "${narration}"\n${meta}\n${postings}\n\n`
}

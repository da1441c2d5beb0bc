// Exported journals must load in the real hledger and Beancount, balance at cost to the cent, and keep descriptions as written.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beancount, hledger, requireTool } from '../../../test/support/system-tools.js'
import { formatMoney } from '../../kernel/money.js'
import type { AccountRecord } from '../accounts/accounts-port.js'
import type { PostingLine } from '../journal/journal-port.js'
import { type AccountType, classificationOfAccountType } from '../tax-codes/tax-codes-port.js'
import {
  type ExportEntry,
  type ExportFormat,
  exportAccountNames,
  exportEntry,
  exportHeader,
  nameContacts,
} from './journal-export.js'

const run = promisify(execFile)

const account = (id: string, name: string, accountType: AccountType): AccountRecord => ({
  id,
  name,
  accountType,
  classification: classificationOfAccountType[accountType],
  subType: '',
  taxCodeId: null,
  lastFour: null,
  parentId: null,
  systemRole: null,
  active: true,
  debitTotalMinor: 0n,
  creditTotalMinor: 0n,
})

const bank = account('10000000-0000-4000-8000-000000000001', 'Chequing', 'bank')
const tax = account('10000000-0000-4000-8000-000000000002', 'Taxes Recoverable', 'other_current_asset')
const meals = account('10000000-0000-4000-8000-000000000003', 'Meals & Entertainment', 'expense')
const office = account('10000000-0000-4000-8000-000000000004', 'Office Expenses', 'expense')
const sales = account('10000000-0000-4000-8000-000000000005', 'Sales Revenue', 'income')
const accounts = [bank, tax, meals, office, sales]

const line = (
  target: AccountRecord,
  side: PostingLine['side'],
  amountMinor: bigint,
  originalMinor?: bigint,
): PostingLine => ({
  accountId: target.id,
  side,
  amountMinor,
  contactId: null,
  ...(originalMinor === undefined ? {} : { originalMinor }),
})

const entry = (
  id: string,
  description: string,
  lines: PostingLine[],
  more: Partial<ExportEntry> = {},
): ExportEntry => ({
  id,
  eventId: `e${id.slice(1)}`,
  kind: 'posting',
  txnDate: '2025-03-01',
  currency: 'CAD',
  originalCurrency: null,
  description,
  lines,
  ...more,
})

const usdPurchase = entry(
  'a2000000-0000-4000-8000-000000000002',
  '(123) Shop',
  [
    line(office, 'debit', 1_350_00n, 1_000_00n),
    line(tax, 'debit', 67_51n, 50_00n),
    line(bank, 'credit', 1_417_51n, 1_050_00n),
  ],
  { originalCurrency: 'USD', txnDate: '2025-03-02' },
)

const entries: ExportEntry[] = [
  entry('a1000000-0000-4000-8000-000000000001', '*STARBUCKS', [
    line(meals, 'debit', 45_67n),
    line(tax, 'debit', 2_28n),
    line(bank, 'credit', 47_95n),
  ]),
  usdPurchase,
  {
    ...usdPurchase,
    id: 'a3000000-0000-4000-8000-000000000003',
    kind: 'reversal',
    txnDate: '2025-03-03',
    lines: usdPurchase.lines.map((l) => ({ ...l, side: l.side === 'debit' ? 'credit' : 'debit' })),
  },
  entry(
    'a4000000-0000-4000-8000-000000000004',
    'A | B',
    [line(bank, 'debit', 271_13n, 200_00n), line(sales, 'credit', 271_13n, 200_00n)],
    { originalCurrency: 'USD', txnDate: '2025-03-04' },
  ),
  entry(
    'a5000000-0000-4000-8000-000000000005',
    'semi;colon',
    [line(office, 'debit', 12_00n), line(bank, 'credit', 12_00n)],
    { kind: 'adjustment', eventId: null, txnDate: '2025-03-05' },
  ),
  // A line that rounds to nothing in yen still moved a cent in the books.
  entry(
    'a6000000-0000-4000-8000-000000000006',
    'quote " and \\ backslash',
    [line(meals, 'debit', 11_05n, 1234n), line(tax, 'debit', 1n, 0n), line(bank, 'credit', 11_06n, 1234n)],
    { originalCurrency: 'JPY', txnDate: '2025-03-06' },
  ),
]

const currencies = ['CAD', 'USD', 'JPY']

/** What each tool must read back as each entry's description. */
const expectedDescriptions: Record<string, { hledger: string; beancount: string }> = {
  a1000000: { hledger: '*STARBUCKS', beancount: '*STARBUCKS' },
  a2000000: { hledger: '(123) Shop', beancount: '(123) Shop' },
  a3000000: { hledger: 'Reversal of (123) Shop', beancount: 'Reversal of (123) Shop' },
  a4000000: { hledger: 'A / B', beancount: 'A | B' },
  a5000000: { hledger: 'semi,colon', beancount: 'semi;colon' },
  a6000000: { hledger: 'quote " and \\ backslash', beancount: 'quote " and \\ backslash' },
}

function journal(format: ExportFormat): { text: string; names: Map<string, string> } {
  const names = exportAccountNames(accounts, format)
  const body = entries.map((e) => exportEntry(format, e, names)).join('')
  return { text: exportHeader(format, 'Acme "Books"', names, '1970-01-01', currencies) + body, names }
}

/** Each account's functional balance, debits positive, as the entries above were built. */
function functionalBalances(names: Map<string, string>): Map<string, string> {
  const totals = new Map<string, bigint>()
  for (const e of entries) {
    for (const l of e.lines) {
      const name = names.get(l.accountId) as string
      totals.set(name, (totals.get(name) ?? 0n) + (l.side === 'debit' ? l.amountMinor : -l.amountMinor))
    }
  }
  return new Map(
    [...totals].filter(([, minor]) => minor !== 0n).map(([n, m]) => [n, `${formatMoney(m, 2)} CAD`]),
  )
}

/** hledger's `bal -O csv` rows as account -> amount, leaving out the total row. */
function balanceRows(csv: string): Map<string, string> {
  const rows = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split('","').map((cell) => cell.replace(/^"|"$/g, '').replace(/""/g, '"')))
  return new Map(
    rows.filter(([name]) => name !== 'total').map(([name, amount]) => [name ?? '', amount ?? '']),
  )
}

/**
 * The rows of a two-column bean-query CSV answer, header left out. bean-query pads unquoted cells
 * to the column's width, so those are trimmed; a quoted cell is read exactly.
 */
function beanQueryPairs(csv: string): Array<[string, string]> {
  const cell = /"((?:[^"]|"")*)"|([^,]*)/y
  return csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((row) => {
      const cells: string[] = []
      for (let at = 0; at <= row.length; at = cell.lastIndex + 1) {
        cell.lastIndex = at
        const match = cell.exec(row)
        cells.push(match?.[1] !== undefined ? match[1].replace(/""/g, '"') : (match?.[2] ?? '').trim())
      }
      const [first, second, ...rest] = cells
      if (first === undefined || second === undefined || rest.length > 0)
        throw new Error(`not two cells: ${row}`)
      return [first, second]
    })
}

describe('exportHeader', () => {
  const names = exportAccountNames([bank], 'hledger')

  it('declares each currency once, at its number of decimals, the functional one first', () => {
    const text = exportHeader('hledger', 'Acme', names, '1970-01-01', ['CAD', 'JPY', 'BHD', 'JPY'])
    expect(text.match(/^commodity .*$/gm)).toEqual([
      'commodity 1000.00 CAD',
      'commodity 1000. JPY',
      'commodity 1000.000 BHD',
    ])
    const bean = exportHeader('beancount', 'Acme', names, '1970-01-01', ['CAD', 'USD'])
    expect(bean.match(/^.* commodity .*$/gm)).toEqual([
      '1970-01-01 commodity CAD',
      '1970-01-01 commodity USD',
    ])
  })
})

describe('exportEntry', () => {
  it('writes a foreign-currency posting in its currency at its total functional cost', () => {
    for (const format of ['hledger', 'beancount'] as const) {
      const names = exportAccountNames(accounts, format)
      const text = exportEntry(format, usdPurchase, names)
      expect(text).toContain(`    ${names.get(office.id)}  1000.00 USD @@ 1350.00 CAD\n`)
      expect(text).toContain(`    ${names.get(tax.id)}  50.00 USD @@ 67.51 CAD\n`)
      expect(text).toContain(`    ${names.get(bank.id)}  -1050.00 USD @@ 1417.51 CAD\n`)
    }
  })

  it('writes a line with no original amount, as a realised exchange difference, in the functional currency', () => {
    const gain = account('10000000-0000-4000-8000-000000000007', 'Exchange Gain or Loss', 'other_income')
    const payment = {
      ...usdPurchase,
      lines: [
        line(bank, 'debit', 548_00n, 400_00n),
        line(sales, 'credit', 540_00n, 400_00n),
        line(gain, 'credit', 8_00n),
      ],
    }
    for (const format of ['hledger', 'beancount'] as const) {
      const names = exportAccountNames([...accounts, gain], format)
      const text = exportEntry(format, payment, names)
      expect(text).toContain(`    ${names.get(bank.id)}  400.00 USD @@ 548.00 CAD\n`)
      expect(text).toContain(`    ${names.get(gain.id)}  -8.00 CAD\n`)
    }
  })

  it('puts the entry code before the description, so hledger cannot read a status or code in it', () => {
    const text = exportEntry('hledger', entries[0] as ExportEntry, exportAccountNames(accounts, 'hledger'))
    expect(text.split('\n')[0]).toBe(
      '2025-03-01 (a1000000) *STARBUCKS  ; entry:a1000000-0000-4000-8000-000000000001, event:e1000000-0000-4000-8000-000000000001',
    )
  })
})

describe('the exported journals in the real tools', () => {
  let directory = ''
  const files = { hledger: '', beancount: '' }
  let names = { hledger: new Map<string, string>(), beancount: new Map<string, string>() }

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'journal-export-'))
    for (const format of ['hledger', 'beancount'] as const) {
      const { text, names: accountNames } = journal(format)
      files[format] = path.join(directory, format === 'hledger' ? 'books.journal' : 'books.beancount')
      names = { ...names, [format]: accountNames }
      await writeFile(files[format], text)
    }
  })
  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true })
  })

  it('passes hledger strict checks: every account and commodity declared, every entry balanced', async () => {
    await requireTool(hledger)
    await run('hledger', ['-f', files.hledger, 'check', '-s'])
  })

  it('balances in hledger at cost to the functional figures, to the cent', async () => {
    await requireTool(hledger)
    const { stdout } = await run('hledger', ['-f', files.hledger, 'bal', '-B', '--flat', '-O', 'csv'])
    expect(balanceRows(stdout)).toEqual(functionalBalances(names.hledger))
    expect(stdout.trim().split('\n').at(-1)).toBe('"total","0"')
  })

  it('keeps the original currency amounts when not converted to cost', async () => {
    await requireTool(hledger)
    const { stdout } = await run('hledger', ['-f', files.hledger, 'bal', '--flat', '-O', 'csv', 'Chequing'])
    expect(balanceRows(stdout).get('Assets:Chequing')).toBe('-59.95 CAD, -1234 JPY, 200.00 USD')
  })

  it('reads every description back from hledger as written, with `|` and `;` rewritten', async () => {
    await requireTool(hledger)
    const { stdout } = await run('hledger', ['-f', files.hledger, 'print', '-O', 'json'])
    const read = JSON.parse(stdout) as Array<{ tcode: string; tdescription: string; tstatus: string }>
    expect(Object.fromEntries(read.map((t) => [t.tcode, t.tdescription]))).toEqual(
      Object.fromEntries(Object.entries(expectedDescriptions).map(([code, d]) => [code, d.hledger])),
    )
    expect(new Set(read.map((t) => t.tstatus))).toEqual(new Set(['Unmarked']))
    const payees = (await run('hledger', ['-f', files.hledger, 'payees'])).stdout.trim().split('\n')
    expect(payees.sort()).toEqual(
      Object.values(expectedDescriptions)
        .map((d) => d.hledger)
        .sort(),
    )
  })

  it('passes bean-check and reads every narration back exactly', async () => {
    await requireTool(beancount)
    await run('bean-check', [files.beancount])
    const { stdout } = await run('bean-query', [
      '-f',
      'csv',
      files.beancount,
      "SELECT DISTINCT entry_meta('entry') AS entry, narration",
    ])
    const narrations = new Map(beanQueryPairs(stdout).map(([id, narration]) => [id.slice(0, 8), narration]))
    expect(Object.fromEntries(narrations)).toEqual(
      Object.fromEntries(Object.entries(expectedDescriptions).map(([code, d]) => [code, d.beancount])),
    )
  })

  it('balances in Beancount at cost to the functional figures, to the cent', async () => {
    await requireTool(beancount)
    const { stdout } = await run('bean-query', [
      '-f',
      'csv',
      files.beancount,
      'SELECT account, sum(weight) AS total GROUP BY account ORDER BY account',
    ])
    const read = new Map(beanQueryPairs(stdout).filter(([, amount]) => !/^0(\.0+)? /.test(amount)))
    expect(read).toEqual(functionalBalances(names.beancount))
  })
})

describe('contacts and documents in the exported journals', () => {
  const receivable = account(
    '10000000-0000-4000-8000-000000000006',
    'Accounts Receivable',
    'accounts_receivable',
  )
  const books = [...accounts, receivable]
  // Names a person may type that hledger would read as structure: a colon nests an account name,
  // a comma ends a tag value, a semicolon starts a comment, two spaces end an account name; and
  // two names that clean up to the same text must stay two contacts.
  const contacts = [
    { id: 'c1000000-0000-4000-8000-000000000001', displayName: 'Smith, Jones: and  Co; Ltd' },
    { id: 'c2000000-0000-4000-8000-000000000002', displayName: 'Smith- Jones- and Co- Ltd' },
    { id: 'c3000000-0000-4000-8000-000000000003', displayName: 'Quote " and \\ back' },
    { id: 'c4000000-0000-4000-8000-000000000004', displayName: ' ;, ' },
  ]
  const withContact = (l: PostingLine, contactId: string): PostingLine => ({ ...l, contactId })
  const sale = (n: number, contactId: string, minor: bigint, documents: string[]) =>
    entry(
      `b${n}000000-0000-4000-8000-00000000000${n}`,
      `Invoice ${documents.join(' ')}`,
      [
        withContact(line(receivable, 'debit', minor), contactId),
        withContact(line(sales, 'credit', minor), contactId),
      ],
      { kind: 'invoice', eventId: null, documents },
    )
  const booked = [
    sale(1, 'c1000000-0000-4000-8000-000000000001', 100_00n, ['INV-0001']),
    sale(2, 'c2000000-0000-4000-8000-000000000002', 25_50n, ['A,1: b;c']),
    sale(3, 'c3000000-0000-4000-8000-000000000003', 7_00n, ['INV-0002', 'INV-0003']),
    sale(4, 'c4000000-0000-4000-8000-000000000004', 1_01n, ['INV-0004']),
  ]
  const expectedByContact = new Map([
    ['Smith- Jones- and Co- Ltd', '100.00 CAD'],
    ['Smith- Jones- and Co- Ltd-c2000000', '25.50 CAD'],
    ['Quote " and \\ back', '7.00 CAD'],
    ['--', '1.01 CAD'],
  ])

  it('names each contact once, cleaned, and apart from another that cleans up the same', () => {
    const names = new Map<string, string>()
    nameContacts(names, contacts.slice(0, 1))
    nameContacts(names, contacts)
    expect([...names.values()]).toEqual([...expectedByContact.keys()])
  })

  it('refuses a line naming a contact it was not told about', () => {
    const names = exportAccountNames(books, 'hledger')
    expect(() => exportEntry('hledger', booked[0] as ExportEntry, names)).toThrow(/unknown contact/)
  })

  let directory = ''
  const write = async (format: ExportFormat) => {
    const names = exportAccountNames(books, format)
    const contactNames = new Map<string, string>()
    nameContacts(contactNames, contacts)
    const body = booked.map((e) => exportEntry(format, e, names, contactNames)).join('')
    const file = path.join(directory, format === 'hledger' ? 'parties.journal' : 'parties.beancount')
    await writeFile(file, exportHeader(format, 'Acme', names, '1970-01-01', ['CAD']) + body)
    return file
  }
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'journal-export-parties-'))
  })
  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true })
  })

  it('gives hledger a contact tag on each line and a document tag per number', async () => {
    await requireTool(hledger)
    const file = await write('hledger')
    await run('hledger', ['-f', file, 'check', '-s'])
    const { stdout } = await run('hledger', [
      '-f',
      file,
      'bal',
      'Accounts Receivable',
      '--pivot',
      'contact',
      '--flat',
      '-O',
      'csv',
      '-N',
    ])
    expect(balanceRows(stdout)).toEqual(expectedByContact)
    const codes = async (query: string) =>
      (
        JSON.parse((await run('hledger', ['-f', file, 'print', '-O', 'json', query])).stdout) as Array<{
          tcode: string
        }>
      ).map((t) => t.tcode)
    expect(await codes('tag:document=^INV-0003$')).toEqual(['b3000000'])
    expect(await codes('tag:document=^A-1- b-c$')).toEqual(['b2000000'])
  })

  it('gives Beancount the same contact and documents as metadata', async () => {
    await requireTool(beancount)
    const file = await write('beancount')
    await run('bean-check', [file])
    const { stdout } = await run('bean-query', [
      '-f',
      'csv',
      file,
      "SELECT meta('contact') AS contact, sum(position) AS total WHERE account ~ 'Receivable' GROUP BY contact ORDER BY contact",
    ])
    expect(new Map(beanQueryPairs(stdout))).toEqual(
      new Map([...expectedByContact].sort(([x], [y]) => (x < y ? -1 : 1))),
    )
    const documents = await run('bean-query', [
      '-f',
      'csv',
      file,
      "SELECT DISTINCT entry_meta('entry'), entry_meta('document')",
    ])
    expect(
      beanQueryPairs(documents.stdout)
        .map(([, d]) => d)
        .sort(),
    ).toEqual(['A-1- b-c', 'INV-0001', 'INV-0002, INV-0003', 'INV-0004'].sort())
  })
})

import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// The SDL keeps the spec's String types for statuses, kinds and roles; the client types them from
// the server's own lists, so a value added on the server reaches the client at the next codegen.
// The server's sources are read as text: importing them would pull the server's own imports (its
// database, its framework) into the client's toolchain for a handful of string lists.

const repositoryRoot = new URL('../../../', import.meta.url)

/** Where one list is declared: an `as const` array, an `as const` object's keys, or a union alias. */
type Source =
  | { kind: 'array'; file: string; name: string }
  | { kind: 'keys'; file: string; name: string }
  | { kind: 'union'; file: string; name: string }

interface ValueList {
  /** The client's name of the type; the list's own is its plural in camel case. */
  type: string
  list: string
  doc: string
  source: Source
}

export const valueLists: readonly ValueList[] = [
  {
    type: 'LedgerEventStatus',
    list: 'ledgerEventStatuses',
    doc: "A LedgerEvent's status.",
    source: { kind: 'array', file: 'src/modules/ledger-events/ledger-event.ts', name: 'statuses' },
  },
  {
    type: 'LedgerEventType',
    list: 'ledgerEventTypes',
    doc: "A LedgerEvent's eventType; refund comes only from the processor import.",
    source: { kind: 'union', file: 'src/modules/ledger-events/ledger-event.ts', name: 'EventType' },
  },
  {
    type: 'Direction',
    list: 'directions',
    doc: "Whether money went into the event's payment account or out of it.",
    source: { kind: 'array', file: 'src/modules/ledger-events/ledger-event.ts', name: 'directions' },
  },
  {
    type: 'LedgerEventSource',
    list: 'ledgerEventSources',
    doc: 'Where a LedgerEvent came from: its source.',
    source: { kind: 'union', file: 'src/modules/ledger-events/ledger-event.ts', name: 'EventSource' },
  },
  {
    type: 'AccountType',
    list: 'accountTypes',
    doc: "An account's accountType; each implies its classification.",
    source: { kind: 'keys', file: 'src/modules/tax-codes/gifi.ts', name: 'classificationOfAccountType' },
  },
  {
    type: 'AccountClassification',
    list: 'accountClassifications',
    doc: "An account's classification.",
    source: { kind: 'array', file: 'src/modules/tax-codes/gifi.ts', name: 'classifications' },
  },
  {
    type: 'InvoiceKind',
    list: 'invoiceKinds',
    doc: "A document's kind: what it sells or buys, or what it credits.",
    source: { kind: 'array', file: 'src/modules/invoices/invoice.ts', name: 'invoiceKinds' },
  },
  {
    type: 'InvoiceStatus',
    list: 'invoiceStatuses',
    doc: "An invoice's, bill's or credit's status.",
    source: { kind: 'array', file: 'src/modules/invoices/invoice.ts', name: 'invoiceStatuses' },
  },
  {
    type: 'ReceiptStatus',
    list: 'receiptStatuses',
    doc: "A receipt's review status.",
    source: { kind: 'array', file: 'src/modules/receipts/receipt.ts', name: 'receiptStatuses' },
  },
  {
    type: 'ExtractionStatus',
    list: 'extractionStatuses',
    doc: "Where reading a receipt's document stands, apart from its review status.",
    source: { kind: 'array', file: 'src/modules/receipts/receipt.ts', name: 'extractionStatuses' },
  },
  {
    type: 'ReceiptSource',
    list: 'receiptSources',
    doc: 'How a receipt arrived.',
    source: { kind: 'array', file: 'src/modules/receipts/receipt.ts', name: 'receiptSources' },
  },
  {
    type: 'ContactType',
    list: 'contactTypes',
    doc: "A contact's contactType.",
    source: { kind: 'array', file: 'src/modules/contacts/contact.ts', name: 'contactTypes' },
  },
  {
    type: 'Role',
    list: 'roles',
    doc: "A member's role in an organization.",
    source: { kind: 'array', file: 'src/modules/access/principal.ts', name: 'roles' },
  },
  {
    type: 'ApiKeyScope',
    list: 'apiKeyScopes',
    doc: 'What an API key may be limited to; a key without scopes keeps every right.',
    source: { kind: 'array', file: 'src/modules/access/principal.ts', name: 'scopes' },
  },
  {
    type: 'ActorType',
    list: 'actorTypes',
    doc: "Who made an audit record's change.",
    source: { kind: 'array', file: 'src/modules/audit/audit-record.ts', name: 'actorTypes' },
  },
  {
    type: 'DuplicateReason',
    list: 'duplicateReasons',
    doc: "Why a bank row is taken for a duplicate: BankFileRow's duplicateReason.",
    source: { kind: 'union', file: 'src/modules/bank-statements/duplicates.ts', name: 'DuplicateReason' },
  },
  {
    type: 'StatementDateFormat',
    list: 'statementDateFormats',
    doc: "importBankStatementFile's dateFormat and a CSV profile's.",
    source: { kind: 'array', file: 'src/modules/bank-statements/csv-reader.ts', name: 'csvDateFormats' },
  },
  {
    type: 'StatementEncoding',
    list: 'statementEncodings',
    doc: 'The encodings a statement file is read in.',
    source: {
      kind: 'array',
      file: 'src/modules/bank-statements/statement-text.ts',
      name: 'statementEncodings',
    },
  },
  {
    type: 'SalesTaxFrequency',
    list: 'salesTaxFrequencies',
    doc: "An organization's salesTaxFrequency.",
    source: {
      kind: 'array',
      file: 'src/modules/organizations/organization-profile.ts',
      name: 'salesTaxFrequencies',
    },
  },
  {
    type: 'SalesTaxMethod',
    list: 'salesTaxMethods',
    doc: "An organization's salesTaxMethod.",
    source: {
      kind: 'array',
      file: 'src/modules/organizations/organization-profile.ts',
      name: 'salesTaxMethods',
    },
  },
]

const stringLiteral = /'([^'\\]*)'/g

function sourceText(file: string): string {
  return readFileSync(new URL(file, repositoryRoot), 'utf8')
}

/** The text between the declaration of `name` and the end of its statement. */
function declaration(text: string, pattern: RegExp, what: string): string {
  const match = pattern.exec(text)
  if (!match?.[1])
    throw new Error(`${what} was not found; the server's sources changed, update scripts/values.ts`)
  return match[1]
}

function literals(body: string): string[] {
  return [...body.matchAll(stringLiteral)].map((match) => match[1] as string)
}

function valuesOf(source: Source, text = sourceText(source.file)): string[] {
  const where = `${source.name} in ${source.file}`
  switch (source.kind) {
    case 'array':
      return literals(
        declaration(text, new RegExp(`export const ${source.name} = \\[([^\\]]*)\\] as const`), where),
      )
    case 'keys': {
      const body = declaration(
        text,
        new RegExp(`export const ${source.name} = \\{([^}]*)\\} as const`),
        where,
      )
      return [...body.matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm)].map((match) => match[1] as string)
    }
    case 'union': {
      const body = declaration(text, new RegExp(`export type ${source.name} =([^\\n]*)`), where)
      // `(typeof someList)[number]` names an array of the same file.
      const lists = [...body.matchAll(/\(typeof (\w+)\)\[number\]/g)].flatMap((match) =>
        valuesOf({ kind: 'array', file: source.file, name: match[1] as string }, text),
      )
      return [...lists, ...literals(body)]
    }
  }
}

export function renderValues(): string {
  const blocks = valueLists.map(({ type, list, doc, source }) => {
    const values = valuesOf(source)
    if (values.length === 0) throw new Error(`${source.name} in ${source.file} lists no values`)
    return [
      `/** ${doc} From ${source.name} in the server's ${source.file}. */`,
      `export const ${list} = [${values.map((value) => `'${value}'`).join(', ')}] as const`,
      `export type ${type} = (typeof ${list})[number]`,
    ].join('\n')
  })
  return `// Generated from the server's own lists by scripts/values.ts; do not edit. Run npm run codegen.\n\n${blocks.join('\n\n')}\n`
}

export const valuesFile = fileURLToPath(new URL('../src/generated/values.ts', import.meta.url))

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(valuesFile, renderValues())
}

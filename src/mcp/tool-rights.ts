import { isScope, type Scope, scopes } from '../modules/access/principal.js'
import { keyMayCall, type OperationName } from '../modules/access/rights.js'

// What each tool calls, by the names of the table of rights, so `daybook mcp` lists only the tools
// its key may use and docs/access.md says which scopes serve each (ADR 0061). A test holds every
// entry to the documents and uploads the tool really sends. The order is tools/list's.

export const toolOperations = {
  list_review_queue: ['listLedgerEvents'],
  get_event: ['getLedgerEvent', 'LedgerEvent.receipts'],
  explain_suggestion: ['getLedgerEvent', 'LedgerEvent.receipts', 'listCategoryRules', 'listLedgerEvents'],
  classify_event: ['updateStagedEntry', 'LedgerEvent.receipts'],
  confirm_event: ['confirmLedgerEvent'],
  confirm_events: ['confirmLedgerEvents'],
  reject_event: ['rejectLedgerEvent'],
  preview_bank_file: ['POST /uploads', 'importBankStatementFile'],
  import_bank_file: ['POST /uploads', 'importBankStatementFile'],
  list_receipts: ['listReceipts'],
  attach_receipt: ['POST /uploads', 'attachReceiptToEvent'],
  income_statement: ['incomeStatement'],
  balance_sheet: ['balanceSheet'],
  dashboard_summary: ['dashboardSummary'],
  sales_tax_return: ['salesTaxReturn'],
  events: ['events'],
  list_accounts: ['listAccounts'],
  list_journal_entries: ['listJournalEntries', 'JournalEntry.lines', 'JournalEntry.reversedByEntryId'],
  get_journal_entry: ['journalEntry', 'JournalEntry.lines', 'JournalEntry.reversedByEntryId'],
  fiscal_years: ['fiscalYears'],
  list_open_documents: ['listInvoices'],
  get_document: ['invoice'],
  aged_receivables: ['agedReceivables'],
  aged_payables: ['agedPayables'],
  invoice_matches: ['invoiceMatches', 'getLedgerEvent', 'LedgerEvent.appliedDocuments'],
} as const satisfies Record<string, readonly OperationName[]>

export type ToolName = keyof typeof toolOperations

export const toolNames = Object.keys(toolOperations) as ToolName[]

/** Whether a key with these scopes (null: every right a key has) may call all the tool calls. */
export function keyMayUse(tool: ToolName, keyScopes: readonly Scope[] | null): boolean {
  return toolOperations[tool].every((operation) => keyMayCall(operation, keyScopes))
}

/** The scopes each of which serves the tool on its own. */
export function scopesServing(tool: ToolName): Scope[] {
  return scopes.filter((scope) => keyMayUse(tool, [scope]))
}

/** A key's scopes as myAccess names them; null is a key with every right. */
export interface KeyScopes {
  known: readonly Scope[] | null
  /** Scopes of a newer Daybook, which no tool here needs. */
  unknown: readonly string[]
}

export function keyScopesOf(named: readonly string[] | null): KeyScopes {
  if (named === null) return { known: null, unknown: [] }
  return { known: named.filter(isScope), unknown: named.filter((scope) => !isScope(scope)) }
}

const listed = (names: readonly string[], or: string): string =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${or} ${names.at(-1)}`

const named = (keyScopes: KeyScopes): string =>
  keyScopes.known === null ? 'every scope' : listed([...keyScopes.known, ...keyScopes.unknown], 'and')

/** What the key serves, for the log; a key that serves every tool needs no word. */
export function servedToolsLine(keyScopes: KeyScopes): string | undefined {
  const unusable = toolNames.filter((tool) => !keyMayUse(tool, keyScopes.known))
  if (unusable.length === 0) return undefined
  const needs = unusable.map((tool) => `${tool} (${listed(scopesServing(tool), 'or')})`)
  return `DAYBOOK_API_KEY (scopes: ${named(keyScopes)}) serves ${toolNames.length - unusable.length} of ${toolNames.length} tools; not listed: ${needs.join(', ')}.`
}

/** Why a key that serves no tool is refused, naming the scopes that would serve them. */
export function noToolRefusal(keyScopes: KeyScopes): string | undefined {
  if (toolNames.some((tool) => keyMayUse(tool, keyScopes.known))) return undefined
  const every = scopes.filter((scope) => toolNames.every((tool) => keyMayUse(tool, [scope])))
  const some = scopes.filter(
    (scope) => !every.includes(scope) && toolNames.some((tool) => keyMayUse(tool, [scope])),
  )
  const needs = [
    ...(every.length > 0 ? [`${listed(every, 'or')}, which serves them all`] : []),
    ...(some.length > 0 ? [`${listed(some, 'or')}, which serve some (docs/access.md lists which)`] : []),
  ]
  return `DAYBOOK_API_KEY (scopes: ${named(keyScopes)}) serves none of daybook mcp's tools: it needs ${needs.join(', or ')}.`
}

import { type Role, type Scope, scopes } from './principal.js'

// The one table of who may call what (DESIGN 4 and 8.7). Every GraphQL field of Query and
// Mutation, every REST route and every nested field that reads on its own is listed here once;
// services name their entry when they ask access, a test walks the schema against it, and
// docs/access.md is generated from it. MCP tools name the operations they call.

export type Right =
  /** Anyone, signed in or not (signing in itself, intake from a mail or SMS provider). */
  | { caller: 'anyone'; summary: string }
  /** Any valid key or token; the operation names no organization. */
  | { caller: 'identified'; summary: string }
  /** A person signed in with a token; API keys are refused with the admin message. */
  | { caller: 'person'; summary: string }
  | OrganizationRight

export interface OrganizationRight {
  caller: 'organization'
  /** The roles a person needs. */
  roles: readonly Role[]
  /** The scopes any one of which lets a key call it; 'none' when keys are refused. */
  keyScopes: readonly Scope[] | 'none'
  /** A viewer is refused every write before any other role check. */
  writes: boolean
  /** A rule the service adds, shown in the generated table. */
  note?: string
}

const everyone: readonly Role[] = ['owner', 'admin', 'member', 'accountant', 'viewer']
const editors: readonly Role[] = ['owner', 'admin', 'member', 'accountant']
const bookkeepers: readonly Role[] = ['owner', 'admin', 'accountant']
const managers: readonly Role[] = ['owner', 'admin']

/** A read any member may make; keys with read or write, or one of the scopes named. */
const read = (...alsoScopes: Scope[]): OrganizationRight => ({
  caller: 'organization',
  roles: everyone,
  keyScopes: ['read', 'write', ...alsoScopes],
  writes: false,
})

/** A write any member but a viewer may make; keys with write, or one of the scopes named. */
const write = (...alsoScopes: Scope[]): OrganizationRight => ({
  caller: 'organization',
  roles: editors,
  keyScopes: ['write', ...alsoScopes],
  writes: true,
})

/** A field of an answer already admitted: whoever could ask for its parent reads it. */
const nested: OrganizationRight = {
  caller: 'organization',
  roles: everyone,
  keyScopes: scopes,
  writes: false,
}

/** About the books: owners, admins and accountants, signed in. */
const books = (note?: string): OrganizationRight => ({
  caller: 'organization',
  roles: bookkeepers,
  keyScopes: 'none',
  writes: true,
  ...(note === undefined ? {} : { note }),
})

/** Invoices, bills and their payments: owners, admins and accountants, and keys that write. */
const documents: OrganizationRight = {
  caller: 'organization',
  roles: bookkeepers,
  keyScopes: ['write'],
  writes: true,
}

/** Members, keys and webhooks: owners and admins, signed in. */
const administration = (writes: boolean, note?: string): OrganizationRight => ({
  caller: 'organization',
  roles: managers,
  keyScopes: 'none',
  writes,
  ...(note === undefined ? {} : { note }),
})

export const rights = {
  // ---- access
  tokenAuth: { caller: 'anyone', summary: 'Signs a person in.' },
  myOrganizations: { caller: 'identified', summary: "A key's organization, or a person's." },
  practiceOverview: {
    caller: 'person',
    summary: "Each of the person's organizations, with what needs work.",
  },
  myAccess: nested,
  createOrganization: { caller: 'person', summary: 'The creator becomes its first owner.' },
  listMembers: administration(false),
  addMember: administration(true, 'Only an owner makes an owner.'),
  updateMemberRole: administration(true, 'Only an owner makes, or unmakes, an owner; never the last one.'),
  removeMember: administration(true, 'Only an owner removes an owner; never the last one.'),
  listApiKeys: administration(false),
  createApiKey: administration(true),
  revokeApiKey: administration(true),

  // ---- organization
  setFunctionalCurrency: administration(true),
  updateOrganizationProfile: books(),
  setLockDate: books(),
  listExchangeRates: read(),
  setExchangeRates: { caller: 'organization', roles: bookkeepers, keyScopes: ['write'], writes: true },

  // ---- chart, contacts, rules, tax codes
  listAccounts: read('bank_import'),
  createAccount: write(),
  batchCreateAccounts: write(),
  listContacts: read(),
  createContact: write(),
  updateContact: write(),
  batchCreateContacts: write(),
  listCategoryRules: read(),
  createCategoryRule: write(),
  updateCategoryRule: write(),
  deleteCategoryRule: write(),
  // Rules with conditions and actions (DESIGN 8.9).
  previewCategoryRule: read(),
  applyCategoryRule: write(),
  listTaxCodes: read(),
  listSalesTaxCodes: read(),

  // ---- bank files and imports
  listCsvImportProfiles: read('bank_import'),
  createCsvImportProfile: write('bank_import'),
  updateCsvImportProfile: write('bank_import'),
  deleteCsvImportProfile: write('bank_import'),
  checkBankStatementDups: write('bank_import'),
  importBankStatement: write('bank_import'),
  importBankStatementFile: write('bank_import'),
  importProcessorBalance: books(),
  deleteProcessorImports: books(),
  'POST /uploads': write('bank_import', 'receipts'),

  // ---- ledger events
  listLedgerEvents: read(),
  getLedgerEvent: read(),
  createLedgerEvent: write('bank_import'),
  updateLedgerEvent: write(),
  updateStagedEntry: write(),
  confirmLedgerEvent: write(),
  confirmLedgerEvents: write(),
  rejectLedgerEvent: write(),
  markLedgerEventsSynced: write('events'),
  'LedgerEvent.receipts': nested,

  // ---- receipts and intake
  listReceipts: read('receipts'),
  attachReceiptToEvent: write('receipts'),
  updateReceipt: write('receipts'),
  rejectReceipt: write('receipts'),
  'GET /files/*': read('receipts'),
  listIntakeAddresses: read('receipts'),
  createIntakeAddress: {
    caller: 'organization',
    roles: managers,
    keyScopes: ['write', 'receipts'],
    writes: true,
  },
  deleteIntakeAddress: {
    caller: 'organization',
    roles: managers,
    keyScopes: ['write', 'receipts'],
    writes: true,
  },
  'POST /intake/email': { caller: 'anyone', summary: 'Mail for an intake address, from the mail server.' },
  'POST /intake/sms': { caller: 'anyone', summary: 'A message for an intake number, from the SMS provider.' },

  // ---- reconciliation
  reconciliation: read(),
  listReconciliations: read(),
  startReconciliation: write(),
  startReconciliationFromStatementFile: write(),
  setReconciliationCleared: write(),
  finishReconciliation: write(),
  undoReconciliation: books(),
  cancelReconciliation: books(),

  // ---- journal and the year
  journalEntry: read(),
  listJournalEntries: read(),
  createJournalEntry: write(),
  reverseJournalEntry: write(),
  setOpeningBalances: books(),
  'JournalEntry.lines': nested,
  'JournalEntry.reversedByEntryId': nested,
  fiscalYears: read(),
  closeFiscalYear: books(),
  reopenFiscalYear: books('Only an owner reopens a year, with a reason.'),

  // ---- invoices, bills, payments and credit notes
  invoice: read(),
  listInvoices: read(),
  agedReceivables: read(),
  agedPayables: read(),
  contactStatement: read(),
  invoiceMatches: read(),
  'GET /invoices/:id.pdf': read(),
  'Contact.outstanding': nested,
  'Contact.overdue': nested,
  'LedgerEvent.appliedDocuments': nested,
  createInvoice: documents,
  updateInvoice: documents,
  approveInvoice: documents,
  voidInvoice: documents,
  recordInvoicePayment: documents,
  applyCreditNote: documents,
  applyLedgerEventToInvoice: documents,
  createBillFromReceipt: documents,

  // ---- recurring entries: a template makes entries and documents, so it takes their rights
  listRecurringTemplates: read(),
  createRecurringTemplate: documents,
  updateRecurringTemplate: documents,
  pauseRecurringTemplate: documents,
  resumeRecurringTemplate: documents,
  deleteRecurringTemplate: documents,
  'LedgerEvent.recurringTemplateId': nested,
  'JournalEntry.recurringTemplateId': nested,
  'Invoice.recurringTemplateId': nested,

  // ---- reports and sales tax
  dashboardSummary: read(),
  incomeStatement: read(),
  accountBalances: read(),
  trialBalance: read(),
  balanceSheet: read(),
  generalLedger: read(),
  gifiSchedule: read(),
  salesTaxReturn: read(),
  salesTaxReturnLineDetail: read(),
  listSalesTaxReturns: read(),
  fileSalesTaxReturn: books(),

  // ---- audit, feed and webhooks
  auditLog: { caller: 'organization', roles: bookkeepers, keyScopes: 'none', writes: false },
  events: read('events'),
  listWebhookEndpoints: administration(false),
  listWebhookDeliveries: administration(false),
  createWebhookEndpoint: administration(true),
  updateWebhookEndpoint: administration(true),
  deleteWebhookEndpoint: administration(true),
  rotateWebhookSecret: administration(true),
  redeliverWebhookEvent: administration(true),
} as const satisfies Record<string, Right>

export type OperationName = keyof typeof rights

/** The operations an organization's members and keys call. */
export type OrganizationOperation = {
  [K in OperationName]: (typeof rights)[K] extends OrganizationRight ? K : never
}[OperationName]

export function rightOf(operation: OrganizationOperation): OrganizationRight {
  return rights[operation]
}

/** Whether a key with these scopes (null: every right a key has) may call the operation. */
export function keyMayCall(operation: OperationName, keyScopes: readonly Scope[] | null): boolean {
  const right: Right = rights[operation]
  if (right.caller === 'anyone' || right.caller === 'identified') return true
  if (right.caller === 'person' || right.keyScopes === 'none') return false
  return keyScopes === null || right.keyScopes.some((scope) => keyScopes.includes(scope))
}

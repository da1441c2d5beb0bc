// Tenant isolation generated from the schema: every operation, called with another organization's id and with another organization's ids of every kind, answers as if they did not exist and changes nothing.
import { randomUUID } from 'node:crypto'
import {
  buildSchema,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getNamedType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  isObjectType,
} from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSdl } from '../../src/graphql/sdl.js'
import { multipart, tinyPng } from '../support/files.js'
import { createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

// ---- the schema ---------------------------------------------------------------------------------

const schema = buildSchema(loadSdl())

interface Operation {
  name: string
  kind: 'query' | 'mutation'
  field: GraphQLField<unknown, unknown>
}

const schemaOperations: Operation[] = [
  ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({
    name: field.name,
    kind: 'query' as const,
    field,
  })),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
    name: field.name,
    kind: 'mutation' as const,
    field,
  })),
]
const takesOrganization = (op: Operation) => op.field.args.some((a) => a.name === 'organizationId')

/** The only operations that may take no organizationId; each has its own test below. */
const withoutOrganization = ['myOrganizations', 'tokenAuth', 'createOrganization', 'practiceOverview']

/** Admin operations need a person who owns the organization; the rest run with the API key. */
const operations: Record<string, { admin?: true }> = {
  myOrganizations: {},
  myAccess: {},
  practiceOverview: {},
  tokenAuth: {},
  createOrganization: {},
  setLockDate: { admin: true },
  setFunctionalCurrency: { admin: true },
  updateOrganizationProfile: { admin: true },
  listExchangeRates: {},
  setExchangeRates: {},
  listApiKeys: { admin: true },
  listMembers: { admin: true },
  createApiKey: { admin: true },
  revokeApiKey: { admin: true },
  addMember: { admin: true },
  removeMember: { admin: true },
  updateMemberRole: { admin: true },
  importProcessorBalance: { admin: true },
  deleteProcessorImports: { admin: true },
  listAccounts: {},
  createAccount: {},
  batchCreateAccounts: {},
  checkBankStatementDups: {},
  importBankStatement: {},
  importBankStatementFile: {},
  listCsvImportProfiles: {},
  createCsvImportProfile: {},
  updateCsvImportProfile: {},
  deleteCsvImportProfile: {},
  reconciliation: {},
  listReconciliations: {},
  startReconciliation: {},
  startReconciliationFromStatementFile: {},
  setReconciliationCleared: {},
  finishReconciliation: {},
  undoReconciliation: { admin: true },
  cancelReconciliation: { admin: true },
  auditLog: { admin: true },
  events: {},
  listCategoryRules: {},
  createCategoryRule: {},
  updateCategoryRule: {},
  deleteCategoryRule: {},
  // Rules with conditions and actions (DESIGN 8.9).
  previewCategoryRule: {},
  applyCategoryRule: {},
  listContacts: {},
  createContact: {},
  updateContact: {},
  batchCreateContacts: {},
  listIntakeAddresses: {},
  createIntakeAddress: {},
  deleteIntakeAddress: {},
  listLedgerEvents: {},
  getLedgerEvent: {},
  createLedgerEvent: {},
  updateLedgerEvent: {},
  updateStagedEntry: {},
  confirmLedgerEvent: {},
  confirmLedgerEvents: {},
  rejectLedgerEvent: {},
  markLedgerEventsSynced: {},
  listReceipts: {},
  attachReceiptToEvent: {},
  updateReceipt: {},
  rejectReceipt: {},
  dashboardSummary: {},
  incomeStatement: {},
  accountBalances: {},
  trialBalance: {},
  balanceSheet: {},
  generalLedger: {},
  salesTaxReturn: {},
  salesTaxReturnLineDetail: {},
  listSalesTaxReturns: {},
  fileSalesTaxReturn: { admin: true },
  journalEntry: {},
  listJournalEntries: {},
  createJournalEntry: {},
  reverseJournalEntry: {},
  setOpeningBalances: { admin: true },
  fiscalYears: {},
  closeFiscalYear: { admin: true },
  reopenFiscalYear: { admin: true },
  gifiSchedule: {},
  listTaxCodes: {},
  listSalesTaxCodes: {},
  listWebhookEndpoints: { admin: true },
  listWebhookDeliveries: { admin: true },
  createWebhookEndpoint: { admin: true },
  updateWebhookEndpoint: { admin: true },
  deleteWebhookEndpoint: { admin: true },
  rotateWebhookSecret: { admin: true },
  redeliverWebhookEvent: { admin: true },
  invoice: {},
  listInvoices: {},
  agedReceivables: {},
  agedPayables: {},
  contactStatement: {},
  createInvoice: {},
  updateInvoice: {},
  approveInvoice: {},
  voidInvoice: {},
  recordInvoicePayment: {},
  applyCreditNote: {},
  invoiceMatches: {},
  applyLedgerEventToInvoice: {},
  createBillFromReceipt: {},
  listRecurringTemplates: {},
  createRecurringTemplate: {},
  updateRecurringTemplate: {},
  pauseRecurringTemplate: {},
  resumeRecurringTemplate: {},
  deleteRecurringTemplate: {},
}

// ---- the kinds of ids, and the argument table ---------------------------------------------------

/** Ids (and id-like strings) an organization owns. */
const idKinds = [
  'event',
  'classifiedEvent',
  'confirmedEvent',
  'ignoredEvent',
  'expenseAccount',
  /** A second expense account, for the part of an event split away from its category. */
  'splitAccount',
  'bankAccount',
  'taxAccount',
  'processorAccount',
  'contact',
  'rule',
  'emailAddress',
  'smsAddress',
  'apiKey',
  'member',
  'receipt',
  's3Key',
  'attachedS3Key',
  'statementS3Key',
  'csvProfile',
  'reconciliation',
  'finishedReconciliation',
  'reconcilableAccount',
  'batchId',
  'webhookEndpoint',
  /** An endpoint a call may delete. */
  'deletableWebhookEndpoint',
  /** A feed event sent to the organization's webhookEndpoint. */
  'webhookEvent',
  /** A manual journal entry, not yet reversed. */
  'journalEntry',
  /** A contact of type customer, and an income account, for invoices. */
  'customer',
  'salesAccount',
  /** Invoices of the customer: a draft, an approved one, and an approved credit note. */
  'draftInvoice',
  'openInvoice',
  'creditNote',
  /** Money in waiting for review: a bank line that may pay an invoice. */
  'depositEvent',
  /** A receipt whose total is known, which makes a bill. */
  'readReceipt',
  /** A monthly journal entry template whose first date is far ahead, so it makes nothing meanwhile. */
  'recurringTemplate',
] as const
/** Text an organization wrote, probed through search and duplicate checks. */
const textKinds = [
  'merchant',
  'accountName',
  'contactName',
  'rulePattern',
  'processorTxn',
  'invoiceMemo',
] as const
/** Values every call needs but no organization owns, or that are made fresh for each call. */
const plainKinds = ['gifiExpense', 'salesTaxCode', 'freshEmail', 'freshName'] as const
type IdKind = (typeof idKinds)[number]
type TextKind = (typeof textKinds)[number]
type PlainKind = (typeof plainKinds)[number]
type Kind = IdKind | TextKind | PlainKind
type Ids = Record<Kind, string>

/** Kinds an operation can use up (confirm, delete, revoke ...): the caller's own get made afresh per call. */
const consumable = new Set<Kind>([
  'event',
  'classifiedEvent',
  'confirmedEvent',
  'ignoredEvent',
  'rule',
  'emailAddress',
  'smsAddress',
  'apiKey',
  'member',
  'receipt',
  'readReceipt',
  's3Key',
  'attachedS3Key',
  'csvProfile',
  'reconciliation',
  'finishedReconciliation',
  'reconcilableAccount',
  'batchId',
  'deletableWebhookEndpoint',
  'journalEntry',
  'draftInvoice',
  'openInvoice',
  'creditNote',
  'depositEvent',
  'recurringTemplate',
  'freshEmail',
  'freshName',
])

interface ArgSpec {
  /** A probe takes another organization's values (or random ones); the others keep the caller's. */
  probe: boolean
  /** An id of shared reference data (a GIFI code), the same for every organization. */
  shared?: true
  make: (ids: Ids) => unknown
}
const fixed = (value: unknown): ArgSpec[] => [{ probe: false, make: () => value }]
const own = (make: (ids: Ids) => unknown): ArgSpec[] => [{ probe: false, make }]
const sharedId = (kind: PlainKind): ArgSpec[] => [{ probe: false, shared: true, make: (ids) => ids[kind] }]
const probe = (make: (ids: Ids) => unknown): ArgSpec[] => [{ probe: true, make }]
/** One alternative per kind: an eventId is tried with events in every state, and so on. */
const id = (...kinds: IdKind[]): ArgSpec[] => kinds.map((kind) => ({ probe: true, make: (ids) => ids[kind] }))
/** The specs, then the argument left out: an alternative where another argument stands in for it. */
const orNot = (specs: ArgSpec[]): ArgSpec[] => [
  ...specs,
  { probe: specs[0]?.probe ?? false, make: () => null },
]
const idList = (...kinds: IdKind[]): ArgSpec[] =>
  kinds.map((kind) => ({ probe: true, make: (ids) => [ids[kind]] }))

const allStatuses = ['needs_review', 'confirmed', 'synced', 'reconciled', 'pending', 'ignored']
const eventDate = '2026-03-01'
const eventAmount = '43.21'
// A statement with a closing balance, so that a reconciliation can start from it too.
const statementOfx = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  '',
  '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD<BANKTRANLIST>',
  '<STMTTRN><DTPOSTED>20260301<TRNAMT>-4.20<FITID>ISO-1<NAME>Isolation Shop</STMTTRN>',
  '</BANKTRANLIST><LEDGERBAL><BALAMT>95.80<DTASOF>20260331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
].join('\n')
const csvProfileInput = (name: string) => ({
  name,
  dateColumn: 'Date',
  dateFormat: 'YYYY-MM-DD',
  amountColumn: 'Amount',
  descriptionColumn: 'Description',
})
const invoiceInput = (ids: Ids, kind = 'invoice') => ({
  kind,
  contactId: ids.customer,
  issueDate: eventDate,
  memo: ids.invoiceMemo,
  lines: [
    { description: 'Work', quantity: '2', unitPrice: '5.00', accountId: ids.salesAccount, taxCode: 'HST_ON' },
  ],
})
const recurringInput = (ids: Ids) => ({
  name: 'Isolation rent',
  kind: 'journal_entry',
  frequency: 'monthly',
  startDate: '2199-01-31',
  mode: 'post',
  journalEntry: {
    memo: 'isolation',
    lines: [
      { accountId: ids.expenseAccount, debit: '3.00' },
      { accountId: ids.bankAccount, credit: '3.00' },
    ],
  },
})
const processorCsv = (txn: string, description: string) =>
  [
    'balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,description',
    `${txn},2026-03-01 10:00:00,cad,25.00,1.00,24.00,charge,${description}`,
  ].join('\n')

/**
 * Every argument an operation takes, keyed operation.argument (organizationId aside). Required and
 * id-typed arguments must be here; the test below fails on one that is not.
 */
const argTable: Record<string, ArgSpec[]> = {
  'createApiKey.name': own((ids) => ids.freshName),
  'revokeApiKey.apiKeyId': id('apiKey'),
  // Null reopens A's books: nothing of A's is dated in a period a test could close.
  'setLockDate.lockDate': fixed(null),
  // The organization's own currency again: a change that changes nothing, wherever it lands.
  'setFunctionalCurrency.functionalCurrency': fixed('CAD'),
  'updateOrganizationProfile.province': fixed('CA-QC'),
  'updateOrganizationProfile.businessNumber': fixed('123456789RT0001'),
  'setExchangeRates.rates': fixed([{ currency: 'USD', date: '2026-03-02', rate: '1.35' }]),
  'addMember.email': own((ids) => ids.freshEmail),
  'addMember.role': fixed('member'),
  'removeMember.userId': id('member'),
  'updateMemberRole.userId': id('member'),
  'updateMemberRole.role': fixed('member'),
  'importProcessorBalance.csv': probe((ids) => processorCsv(ids.processorTxn, 'Order 1')),
  'importProcessorBalance.dryRun': fixed(true),
  'importProcessorBalance.review': fixed(false),
  'deleteProcessorImports.batchId': id('batchId'),
  'deleteProcessorImports.dryRun': fixed(false),

  'listAccounts.limit': fixed(200),
  'listAccounts.offset': fixed(0),
  'listAccounts.search': probe((ids) => ids.accountName),
  'listAccounts.sortBy': fixed('name'),
  'listAccounts.sortDir': fixed('asc'),
  'createAccount.name': own((ids) => ids.freshName),
  'createAccount.taxCodeId': sharedId('gifiExpense'),
  'createAccount.parentId': id('expenseAccount', 'bankAccount'),
  'createAccount.lastFour': fixed('1234'),
  'batchCreateAccounts.items': probe((ids) => [
    { name: ids.freshName, accountType: 'expense', classification: 'expense', parentId: ids.expenseAccount },
  ]),

  'checkBankStatementDups.paymentAccountId': id('bankAccount', 'processorAccount'),
  'checkBankStatementDups.rows': probe((ids) => [
    {
      transactionDate: eventDate,
      description: ids.merchant,
      amount: `-${eventAmount}`,
      eventType: 'expense',
    },
  ]),
  'checkBankStatementDups.currency': fixed('CAD'),
  'importBankStatement.paymentAccountId': id('bankAccount', 'processorAccount'),
  'importBankStatement.currency': fixed('CAD'),
  'importBankStatementFile.paymentAccountId': id('bankAccount', 'processorAccount'),
  'importBankStatementFile.s3Key': id('statementS3Key', 's3Key'),
  'importBankStatementFile.format': fixed('AUTO'),
  'importBankStatementFile.csvProfileId': id('csvProfile'),
  'importBankStatementFile.dateFormat': fixed('YYYY-MM-DD'),
  'importBankStatementFile.dryRun': fixed(false),
  'listCsvImportProfiles.paymentAccountId': id('bankAccount', 'processorAccount'),
  'createCsvImportProfile.paymentAccountId': id('bankAccount', 'processorAccount'),
  'createCsvImportProfile.profile': own((ids) => csvProfileInput(ids.freshName)),
  'updateCsvImportProfile.profileId': id('csvProfile'),
  'updateCsvImportProfile.profile': own((ids) => csvProfileInput(ids.freshName)),
  'deleteCsvImportProfile.profileId': id('csvProfile'),
  'reconciliation.reconciliationId': id('reconciliation', 'finishedReconciliation'),
  'listReconciliations.paymentAccountId': id('bankAccount', 'processorAccount'),
  'listReconciliations.limit': fixed(200),
  'listReconciliations.offset': fixed(0),
  'startReconciliation.paymentAccountId': id('reconcilableAccount', 'processorAccount'),
  'startReconciliation.statementDate': fixed('2031-01-31'),
  'startReconciliation.statementBalance': fixed('12.34'),
  'startReconciliationFromStatementFile.paymentAccountId': id('reconcilableAccount', 'processorAccount'),
  'startReconciliationFromStatementFile.s3Key': id('statementS3Key', 's3Key'),
  'startReconciliationFromStatementFile.format': fixed('AUTO'),
  'setReconciliationCleared.reconciliationId': id('reconciliation', 'finishedReconciliation'),
  'setReconciliationCleared.eventIds': idList('confirmedEvent', 'event', 'ignoredEvent'),
  'setReconciliationCleared.cleared': fixed(true),
  'finishReconciliation.reconciliationId': id('reconciliation', 'finishedReconciliation'),
  'finishReconciliation.adjustmentAccountId': id('expenseAccount', 'bankAccount'),
  'undoReconciliation.reconciliationId': id('finishedReconciliation', 'reconciliation'),
  'undoReconciliation.reason': fixed('isolation'),
  'cancelReconciliation.reconciliationId': id('reconciliation', 'finishedReconciliation'),
  'cancelReconciliation.reason': fixed('isolation'),
  'auditLog.entityId': id('event', 'confirmedEvent', 'rule'),
  'auditLog.limit': fixed(200),
  'importBankStatement.rows': own((ids) => [
    { transactionDate: '2026-02-11', description: ids.freshName, amount: '-3.00', eventType: 'expense' },
  ]),

  'listCategoryRules.limit': fixed(100),
  'listCategoryRules.search': probe((ids) => ids.rulePattern),
  'createCategoryRule.vendorPattern': own((ids) => `${ids.freshName}%`),
  'createCategoryRule.categoryId': [...id('expenseAccount'), { probe: true, make: () => null }],
  'updateCategoryRule.ruleId': id('rule'),
  'updateCategoryRule.vendorPattern': own((ids) => `${ids.freshName}%`),
  'updateCategoryRule.categoryId': [...id('expenseAccount'), { probe: true, make: () => null }],
  'deleteCategoryRule.ruleId': id('rule'),
  // Rules with conditions and actions (DESIGN 8.9): a rule's lines are tried where its category is not.
  'createCategoryRule.lines': [
    { probe: true, make: () => null },
    ...probe((ids) => [{ accountId: ids.expenseAccount, percent: '100' }]),
  ],
  'createCategoryRule.paymentAccountIds': idList('bankAccount'),
  'createCategoryRule.contactId': id('contact'),
  'updateCategoryRule.lines': [
    { probe: true, make: () => null },
    ...probe((ids) => [{ accountId: ids.expenseAccount, percent: '100' }]),
  ],
  'updateCategoryRule.paymentAccountIds': idList('bankAccount'),
  'updateCategoryRule.contactId': id('contact'),
  'previewCategoryRule.rule': probe((ids) => ({
    vendorPattern: `${ids.merchant}%`,
    paymentAccountIds: [ids.bankAccount],
  })),
  'previewCategoryRule.limit': fixed(200),
  'applyCategoryRule.ruleId': id('rule'),

  'listContacts.limit': fixed(200),
  'listContacts.search': probe((ids) => ids.contactName),
  'createContact.contactType': fixed('vendor'),
  'createContact.displayName': own((ids) => ids.freshName),
  'createContact.email': fixed('billing@example.com'),
  'updateContact.contactId': id('contact'),
  'updateContact.phone': fixed('416 555 0199'),
  'batchCreateContacts.items': own((ids) => [{ contactType: 'customer', displayName: ids.freshName }]),

  'createIntakeAddress.addressType': fixed('email'),
  'createIntakeAddress.address': own((ids) => ids.freshEmail),
  'createIntakeAddress.label': fixed('Inbox'),
  'deleteIntakeAddress.intakeAddressId': id('emailAddress', 'smsAddress'),

  'listLedgerEvents.status': fixed(allStatuses),
  'listLedgerEvents.accountIds': idList('bankAccount', 'expenseAccount', 'taxAccount', 'processorAccount'),
  'listLedgerEvents.categoryIds': idList('expenseAccount'),
  'listLedgerEvents.search': probe((ids) => ids.merchant),
  'listLedgerEvents.limit': fixed(100),
  'getLedgerEvent.eventId': id('event', 'classifiedEvent', 'confirmedEvent', 'ignoredEvent'),
  'createLedgerEvent.merchantName': own((ids) => ids.freshName),
  'createLedgerEvent.amount': fixed('1.00'),
  'createLedgerEvent.transactionDate': fixed(eventDate),
  'createLedgerEvent.eventType': fixed('expense'),
  'createLedgerEvent.categoryId': id('expenseAccount'),
  'createLedgerEvent.paymentAccountId': id('bankAccount'),
  'createLedgerEvent.contactId': id('contact'),
  'createLedgerEvent.memo': fixed('isolation'),
  'updateLedgerEvent.eventId': id('event', 'classifiedEvent', 'confirmedEvent', 'ignoredEvent'),
  'updateLedgerEvent.transactionDate': fixed('2026-03-02'),
  'updateLedgerEvent.memo': fixed('changed'),
  'updateLedgerEvent.amount': fixed('2.00'),
  'updateLedgerEvent.eventType': fixed('expense'),
  'updateStagedEntry.eventId': id('event', 'classifiedEvent', 'confirmedEvent', 'ignoredEvent'),
  // The first alternative classifies by one category, the second line by line (never both at once).
  'updateStagedEntry.categoryId': orNot(id('expenseAccount')),
  'updateStagedEntry.paymentId': id('bankAccount', 'processorAccount'),
  'updateStagedEntry.taxAmount': orNot(fixed('0.05')),
  'updateStagedEntry.taxAccountId': orNot(id('taxAccount')),
  'updateStagedEntry.taxCode': orNot(own((ids) => ids.salesTaxCode)),
  'updateStagedEntry.contactId': id('contact'),
  'updateStagedEntry.splitAccountId': orNot(id('splitAccount')),
  'updateStagedEntry.lines': [
    { probe: true, make: () => null },
    ...probe((ids) => [
      { accountId: ids.expenseAccount, amount: '40.00', contactId: ids.contact },
      { accountId: ids.splitAccount, amount: '3.21', taxCode: 'HST_ON' },
    ]),
  ],
  'confirmLedgerEvent.eventId': id('classifiedEvent', 'event', 'confirmedEvent', 'ignoredEvent'),
  'confirmLedgerEvents.eventIds': idList('classifiedEvent', 'event', 'confirmedEvent', 'ignoredEvent'),
  'rejectLedgerEvent.eventId': id('confirmedEvent', 'classifiedEvent', 'event', 'ignoredEvent'),
  'markLedgerEventsSynced.eventIds': idList('confirmedEvent', 'event', 'ignoredEvent'),

  'listReceipts.limit': fixed(200),
  'listReceipts.search': probe((ids) => ids.merchant),
  'attachReceiptToEvent.eventId': id('event', 'classifiedEvent', 'confirmedEvent', 'ignoredEvent'),
  'attachReceiptToEvent.s3Key': id('s3Key', 'attachedS3Key'),
  'attachReceiptToEvent.filename': fixed('scan.png'),
  'updateReceipt.receiptId': id('receipt'),
  'updateReceipt.vendorName': fixed('Corrected Vendor'),
  'updateReceipt.amount': fixed('9.99'),
  'updateReceipt.receiptDate': fixed(eventDate),
  'rejectReceipt.receiptId': id('receipt'),

  'dashboardSummary.startDate': fixed('2026-01-01'),
  'dashboardSummary.endDate': fixed('2026-12-31'),
  'incomeStatement.startDate': fixed('2026-01-01'),
  'incomeStatement.endDate': fixed('2026-12-31'),
  'trialBalance.asOf': fixed('2026-12-31'),
  'salesTaxReturn.startDate': fixed('2026-01-01'),
  'salesTaxReturn.endDate': fixed('2026-12-31'),
  'salesTaxReturnLineDetail.startDate': fixed('2026-01-01'),
  'salesTaxReturnLineDetail.endDate': fixed('2026-12-31'),
  'salesTaxReturnLineDetail.line': fixed('109'),
  // A period long before every other date here, so the lock it leaves closes nothing the matrix writes.
  'fileSalesTaxReturn.startDate': fixed('2000-01-01'),
  'fileSalesTaxReturn.endDate': fixed('2000-01-31'),
  'balanceSheet.asOf': fixed('2026-12-31'),
  'journalEntry.journalEntryId': id('journalEntry'),
  'listJournalEntries.dateFrom': fixed('2026-01-01'),
  'listJournalEntries.dateTo': fixed('2026-12-31'),
  'listJournalEntries.sources': fixed(['manual', 'event']),
  'listJournalEntries.accountId': orNot(id('expenseAccount', 'bankAccount')),
  'listJournalEntries.limit': fixed(200),
  'listJournalEntries.offset': fixed(0),
  'createJournalEntry.date': fixed(eventDate),
  'createJournalEntry.memo': fixed('isolation'),
  'createJournalEntry.reference': fixed('ISO-1'),
  'createJournalEntry.lines': probe((ids) => [
    { accountId: ids.expenseAccount, debit: '7.00', contactId: ids.contact, taxReturnLine: '107' },
    { accountId: ids.bankAccount, credit: '7.00' },
  ]),
  'createJournalEntry.reverseOn': orNot(fixed('2026-03-02')),
  'reverseJournalEntry.journalEntryId': id('journalEntry'),
  'reverseJournalEntry.date': fixed('2026-03-02'),
  // A year long before every other date here, so the close it leaves locks nothing the matrix writes.
  'closeFiscalYear.endDate': fixed('2000-12-31'),
  'reopenFiscalYear.endDate': fixed('2000-12-31'),
  'reopenFiscalYear.reason': fixed('isolation'),
  // Before any balance, so that accounts the matrix made without a GIFI code hold none.
  'gifiSchedule.endDate': fixed('2000-12-31'),
  'gifiSchedule.schedule': fixed(125),
  'setOpeningBalances.date': fixed('2026-01-01'),
  'setOpeningBalances.lines': probe((ids) => [
    { accountId: ids.bankAccount, debit: '100.00', contactId: ids.contact },
    { accountId: ids.expenseAccount, credit: '40.00' },
  ]),
  'generalLedger.accountId': id('bankAccount', 'expenseAccount', 'taxAccount', 'processorAccount'),
  'generalLedger.startDate': fixed('2026-01-01'),
  'generalLedger.endDate': fixed('2026-12-31'),
  'generalLedger.limit': fixed(200),
  'listTaxCodes.limit': fixed(5),
  'listTaxCodes.search': fixed('8810'),
  'listSalesTaxCodes.limit': fixed(200),

  // A public address (TEST-NET-3) that passes the URL rules of a server with default settings.
  'createWebhookEndpoint.url': fixed('https://203.0.113.7/hooks'),
  'createWebhookEndpoint.eventTypes': fixed(['contact.created']),
  'createWebhookEndpoint.description': fixed('isolation'),
  'updateWebhookEndpoint.endpointId': id('webhookEndpoint'),
  'updateWebhookEndpoint.url': fixed('https://203.0.113.7/hooks'),
  'updateWebhookEndpoint.eventTypes': fixed(['ledger_event.created']),
  'updateWebhookEndpoint.enabled': fixed(true),
  'deleteWebhookEndpoint.endpointId': id('deletableWebhookEndpoint', 'webhookEndpoint'),
  'rotateWebhookSecret.endpointId': id('webhookEndpoint'),
  'listWebhookDeliveries.endpointId': id('webhookEndpoint'),
  'listWebhookDeliveries.limit': fixed(200),
  'listWebhookDeliveries.offset': fixed(0),
  'redeliverWebhookEvent.endpointId': id('webhookEndpoint'),
  'redeliverWebhookEvent.eventId': id('webhookEvent'),

  'invoice.invoiceId': id('openInvoice', 'draftInvoice', 'creditNote'),
  'listInvoices.kind': orNot(fixed('invoice')),
  'listInvoices.status': fixed(['draft', 'open', 'partially_paid', 'paid', 'void']),
  'listInvoices.contactId': orNot(id('customer', 'contact')),
  'listInvoices.dueBefore': fixed('2027-01-01'),
  'listInvoices.search': probe((ids) => ids.invoiceMemo),
  'listInvoices.limit': fixed(50),
  'listInvoices.offset': fixed(0),
  'listInvoices.sortBy': fixed('issueDate'),
  'listInvoices.sortDir': fixed('desc'),
  'agedReceivables.asOf': fixed('2026-12-31'),
  'agedPayables.asOf': fixed('2026-12-31'),
  'contactStatement.contactId': id('customer', 'contact'),
  'contactStatement.startDate': fixed('2026-01-01'),
  'contactStatement.endDate': fixed('2026-12-31'),
  'createInvoice.input': probe((ids) => invoiceInput(ids)),
  'updateInvoice.invoiceId': id('draftInvoice', 'openInvoice'),
  'updateInvoice.input': probe((ids) => invoiceInput(ids)),
  'approveInvoice.invoiceId': id('draftInvoice', 'openInvoice'),
  'voidInvoice.invoiceId': id('openInvoice', 'draftInvoice'),
  'recordInvoicePayment.invoiceId': id('openInvoice', 'draftInvoice'),
  'recordInvoicePayment.amount': fixed('1.00'),
  'recordInvoicePayment.date': fixed(eventDate),
  'recordInvoicePayment.paymentAccountId': id('bankAccount'),
  'applyCreditNote.creditNoteId': id('creditNote', 'openInvoice'),
  'applyCreditNote.invoiceId': id('openInvoice', 'creditNote'),
  'applyCreditNote.amount': fixed('1.00'),
  'invoiceMatches.eventId': id('depositEvent', 'event', 'confirmedEvent'),
  'applyLedgerEventToInvoice.eventId': id('depositEvent', 'event', 'confirmedEvent', 'ignoredEvent'),
  'applyLedgerEventToInvoice.invoiceId': id('openInvoice', 'draftInvoice'),
  'applyLedgerEventToInvoice.amount': fixed('1.00'),
  'createBillFromReceipt.receiptId': id('readReceipt', 'receipt'),
  'createBillFromReceipt.contactId': id('contact', 'customer'),
  'createBillFromReceipt.accountId': id('expenseAccount', 'bankAccount'),
  'listRecurringTemplates.limit': fixed(200),
  'listRecurringTemplates.offset': fixed(0),
  'createRecurringTemplate.input': probe((ids) => recurringInput(ids)),
  'updateRecurringTemplate.templateId': id('recurringTemplate'),
  'updateRecurringTemplate.input': probe((ids) => recurringInput(ids)),
  'pauseRecurringTemplate.templateId': id('recurringTemplate'),
  'resumeRecurringTemplate.templateId': id('recurringTemplate'),
  'deleteRecurringTemplate.templateId': id('recurringTemplate'),
}

// ---- GraphQL text generated from the schema -------------------------------------------------------

const typeText = (type: GraphQLInputType | GraphQLOutputType) => String(type)

function hasIdField(type: GraphQLInputType): boolean {
  const named = getNamedType(type)
  if (named.name === 'UUID') return true
  if (!isInputObjectType(named)) return false
  return Object.values(named.getFields()).some((f) => getNamedType(f.type).name === 'UUID')
}

/**
 * Every field, nested four levels deep, so that anything an answer could carry is asked for. The
 * lines of events, journal entries and invoices (and an invoice's payments, an event's documents)
 * are left out of a page: every field of a page with theirs costs more than a request may, and
 * getLedgerEvent, journalEntry and invoice ask for them whole.
 */
function selection(type: GraphQLOutputType, depth = 0, path: string[] = []): string {
  const named = getNamedType(type)
  if (!isObjectType(named)) return ''
  if (depth >= 4 || path.includes(named.name)) return '{ __typename }'
  const inPage = path.some((name) => name.endsWith('Page'))
  const fields = Object.values(named.getFields())
    .filter((f) => f.args.every((a) => !isNonNullType(a.type)))
    .filter(
      (f) =>
        !(
          inPage &&
          ((['LedgerEvent', 'JournalEntry', 'Invoice'].includes(named.name) && f.name === 'lines') ||
            (named.name === 'Invoice' && f.name === 'payments') ||
            (named.name === 'LedgerEvent' && f.name === 'appliedDocuments'))
        ),
    )
    .map((f) =>
      isLeafType(getNamedType(f.type))
        ? f.name
        : `${f.name} ${selection(f.type, depth + 1, [...path, named.name])}`,
    )
  return `{ ${fields.join(' ')} }`
}

function documentFor(op: Operation, argNames: string[], args: Record<string, unknown> = {}): string {
  const byName = new Map(op.field.args.map((a) => [a.name, a]))
  // A limit's value is its variable's default too: the cost rule prices a variable limit with no
  // default at the largest page, which a list of every field of a page of 200 would exceed.
  const defaultOf = (n: string) => (n === 'limit' && typeof args.limit === 'number' ? ` = ${args.limit}` : '')
  const defs = argNames.map(
    (n) => `$${n}: ${typeText(byName.get(n)?.type as GraphQLInputType)}${defaultOf(n)}`,
  )
  const uses = argNames.map((n) => `${n}: $${n}`)
  const head = defs.length > 0 ? `${op.kind} (${defs.join(', ')})` : op.kind
  const call = uses.length > 0 ? `${op.name}(${uses.join(', ')})` : op.name
  return `${head} { ${call} ${selection(op.field.type)} }`
}

// ---- the server, the two organizations and their data --------------------------------------------

let server: TestServer
let a: Tenant
let b: Tenant
const tag = `zq${randomUUID().slice(0, 8)}`
let bIds: Ids
let aStatic: Partial<Ids>
let referenceIds: Pick<Ids, 'gifiExpense' | 'salesTaxCode'>
let bBatchDoneMs = 0
/** Every string of B's that must never reach A: ids, names, e-mails, the key itself. */
const bSecrets = new Set<string>()
let bBefore: string

type Headers = Record<string, string>
// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
type Data = Record<string, any>

async function ok(headers: Headers, query: string, variables: Record<string, unknown> = {}): Promise<Data> {
  const response = await server.gql(query, variables, headers)
  expect(response.status, query).toBe(200)
  expect(response.body.errors, `${query}\n${JSON.stringify(response.body.errors)}`).toBeUndefined()
  return response.body.data as Data
}

async function upload(headers: Headers, file = { filename: 'receipt.png', bytes: tinyPng }): Promise<string> {
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers,
    body: multipart([{ name: 'file', ...file, type: 'application/octet-stream' }]),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { s3Key: string }).s3Key
}

const uploadStatement = (headers: Headers) =>
  upload(headers, { filename: 'statement.ofx', bytes: Buffer.from(statementOfx) })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Makes the objects of one organization, through its own credentials, over HTTP. */
class Maker {
  /** Reconciliations started so far: each ends a day after the last. */
  private reconciliations = 0

  constructor(
    private readonly tenant: Tenant,
    private readonly label: string,
    private readonly fixedIds: () => Partial<Ids>,
  ) {}

  private get key() {
    return this.tenant.bearer
  }
  private get owner() {
    return this.tenant.owner.jwt
  }
  private org(variables: Record<string, unknown> = {}) {
    return { org: this.tenant.organizationId, ...variables }
  }
  private name(what: string) {
    return `${this.label} ${what} ${randomUUID().slice(0, 8)}`
  }

  async event(merchant = this.name('Merchant'), direction = 'out'): Promise<string> {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $dir: String) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, memo: "seed", direction: $dir) { success eventId } }',
      this.org({ m: merchant, a: eventAmount, d: eventDate, dir: direction }),
    )
    expect(data.createLedgerEvent.success).toBe(true)
    return data.createLedgerEvent.eventId
  }

  async classify(eventId: string): Promise<void> {
    const { expenseAccount, bankAccount } = this.fixedIds()
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $e: UUID!, $c: UUID, $p: UUID) { updateStagedEntry(organizationId: $org, eventId: $e, categoryId: $c, paymentId: $p) { success error } }',
      this.org({ e: eventId, c: expenseAccount, p: bankAccount }),
    )
    expect(data.updateStagedEntry).toMatchObject({ success: true })
  }

  async confirm(eventId: string): Promise<void> {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      this.org({ e: eventId }),
    )
    expect(data.confirmLedgerEvent).toMatchObject({ success: true })
  }

  async reject(eventId: string): Promise<void> {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $e: UUID!) { rejectLedgerEvent(organizationId: $org, eventId: $e) { success error } }',
      this.org({ e: eventId }),
    )
    expect(data.rejectLedgerEvent).toMatchObject({ success: true })
  }

  async attach(eventId: string, s3Key: string): Promise<string> {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $e: UUID!, $k: String!) { attachReceiptToEvent(organizationId: $org, eventId: $e, s3Key: $k, filename: "receipt.png") { success error receiptId } }',
      this.org({ e: eventId, k: s3Key }),
    )
    expect(data.attachReceiptToEvent).toMatchObject({ success: true })
    return data.attachReceiptToEvent.receiptId
  }

  async readReceipt(): Promise<string> {
    const receiptId = await this.attach(await this.event(), await upload(this.key))
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $r: UUID!) { updateReceipt(organizationId: $org, receiptId: $r, vendorName: "Matrix Supply", amount: "11.30") { success error } }',
      this.org({ r: receiptId }),
    )
    expect(data.updateReceipt).toMatchObject({ success: true })
    return receiptId
  }

  async account(name: string, accountType: string, classification: string, lastFour?: string) {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $n: String!, $t: String, $c: String, $l: String) { createAccount(organizationId: $org, name: $n, accountType: $t, classification: $c, lastFour: $l) { success error account { id } } }',
      this.org({ n: name, t: accountType, c: classification, l: lastFour }),
    )
    expect(data.createAccount).toMatchObject({ success: true })
    return data.createAccount.account.id as string
  }

  async contact(name: string) {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $n: String!) { createContact(organizationId: $org, contactType: "vendor", displayName: $n, email: "ap@example.com", phone: "416 555 0100") { success error contact { id } } }',
      this.org({ n: name }),
    )
    expect(data.createContact).toMatchObject({ success: true })
    return data.createContact.contact.id as string
  }

  async rule(pattern = `${this.name('Rule')}%`): Promise<string> {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $p: String!, $c: UUID!) { createCategoryRule(organizationId: $org, vendorPattern: $p, categoryId: $c) { success error categoryRule { id } } }',
      this.org({ p: pattern, c: this.fixedIds().expenseAccount }),
    )
    expect(data.createCategoryRule).toMatchObject({ success: true })
    return data.createCategoryRule.categoryRule.id
  }

  async csvProfile(): Promise<string> {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $a: UUID!, $p: CsvImportProfileInput!) { createCsvImportProfile(organizationId: $org, paymentAccountId: $a, profile: $p) { success error csvImportProfile { id } } }',
      this.org({ a: this.fixedIds().bankAccount, p: csvProfileInput(this.name('Profile')) }),
    )
    expect(data.createCsvImportProfile).toMatchObject({ success: true })
    return data.createCsvImportProfile.csvImportProfile.id
  }

  /**
   * The open reconciliation of the fixed bank account, started when there is none. Each one ends a
   * day later and a unit higher than the last, so its difference is never zero and a finish needs
   * the adjustment account the call names.
   */
  async openReconciliation(): Promise<string> {
    const account = this.fixedIds().bankAccount
    const listed = await ok(
      this.key,
      'query ($org: UUID!, $a: UUID!) { listReconciliations(organizationId: $org, paymentAccountId: $a, limit: 1) { items { id status } } }',
      this.org({ a: account }),
    )
    const latest = listed.listReconciliations.items[0] as { id: string; status: string } | undefined
    if (latest?.status === 'open') return latest.id
    this.reconciliations++
    const day = new Date(Date.UTC(2030, 0, 1) + this.reconciliations * 86_400_000).toISOString().slice(0, 10)
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $a: UUID!, $d: Date!, $b: String!) { startReconciliation(organizationId: $org, paymentAccountId: $a, statementDate: $d, statementBalance: $b) { success error reconciliation { id } } }',
      this.org({ a: account, d: day, b: `${this.reconciliations}.00` }),
    )
    expect(data.startReconciliation).toMatchObject({ success: true })
    return data.startReconciliation.reconciliation.id
  }

  async finishedReconciliation(): Promise<string> {
    const id = await this.openReconciliation()
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $r: UUID!, $a: UUID) { finishReconciliation(organizationId: $org, reconciliationId: $r, adjustmentAccountId: $a) { success error } }',
      this.org({ r: id, a: this.fixedIds().expenseAccount }),
    )
    expect(data.finishReconciliation).toMatchObject({ success: true })
    return id
  }

  async intakeAddress(addressType: 'email' | 'sms', label = 'Inbox'): Promise<string> {
    const address =
      addressType === 'email'
        ? `${this.name('in').replaceAll(' ', '.').toLowerCase()}@example.com`
        : `1416${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $t: String!, $a: String!, $l: String) { createIntakeAddress(organizationId: $org, addressType: $t, address: $a, label: $l) { success error intakeAddress { id } } }',
      this.org({ t: addressType, a: address, l: label }),
    )
    expect(data.createIntakeAddress).toMatchObject({ success: true })
    return data.createIntakeAddress.intakeAddress.id
  }

  async apiKey(): Promise<string> {
    const data = await ok(
      this.owner,
      'mutation ($org: UUID!, $n: String) { createApiKey(organizationId: $org, name: $n) { success error key apiKey { id } } }',
      this.org({ n: this.name('Key') }),
    )
    expect(data.createApiKey).toMatchObject({ success: true })
    return data.createApiKey.apiKey.id
  }

  async member(role = 'member'): Promise<{ userId: string; email: string }> {
    const user = await createUser(server)
    const data = await ok(
      this.owner,
      'mutation ($org: UUID!, $e: String!, $r: String!) { addMember(organizationId: $org, email: $e, role: $r) { success error } }',
      this.org({ e: user.email, r: role }),
    )
    expect(data.addMember).toMatchObject({ success: true })
    return { userId: user.userId, email: user.email }
  }

  async processorImport(txn: string, description: string): Promise<string> {
    const data = await ok(
      this.owner,
      'mutation ($org: UUID!, $csv: String!) { importProcessorBalance(organizationId: $org, csv: $csv) { success error batchId created } }',
      this.org({ csv: processorCsv(txn, description) }),
    )
    expect(data.importProcessorBalance).toMatchObject({ success: true, created: 1 })
    return data.importProcessorBalance.batchId
  }

  async processorAccount(): Promise<string> {
    const data = await ok(
      this.key,
      'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name accountType } } }',
      this.org(),
    )
    const fixedNames = new Set(Object.values(this.fixedIds()))
    const found = (data.listAccounts.items as Array<{ id: string; name: string }>).find(
      (acc) => /stripe/i.test(acc.name) && !fixedNames.has(acc.id),
    )
    expect(found, 'the processor balance account').toBeDefined()
    return found?.id as string
  }

  async webhookEndpoint(): Promise<string> {
    const data = await ok(
      this.owner,
      'mutation ($org: UUID!, $u: String!) { createWebhookEndpoint(organizationId: $org, url: $u) { success error endpoint { id } } }',
      this.org({ u: 'https://203.0.113.7/hooks' }),
    )
    expect(data.createWebhookEndpoint).toMatchObject({ success: true })
    return data.createWebhookEndpoint.endpoint.id
  }

  /** A feed event the endpoint has been sent (or is being sent): a contact made, then its delivery. */
  async webhookEvent(endpointId: string): Promise<string> {
    await this.contact(this.name('Hooked'))
    for (let i = 0; i < 100; i++) {
      const data = await ok(
        this.owner,
        'query ($org: UUID!, $e: UUID!) { listWebhookDeliveries(organizationId: $org, endpointId: $e, limit: 1) { items { eventId } } }',
        this.org({ e: endpointId }),
      )
      const eventId = data.listWebhookDeliveries.items[0]?.eventId as string | undefined
      if (eventId) return eventId
      await sleep(100)
    }
    throw new Error('the webhook dispatcher never queued a delivery')
  }

  async customer(name: string) {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $n: String!) { createContact(organizationId: $org, contactType: "customer", displayName: $n) { success error contact { id } } }',
      this.org({ n: name }),
    )
    expect(data.createContact).toMatchObject({ success: true })
    return data.createContact.contact.id as string
  }

  /** A document of the fixed customer on the fixed income account, approved unless a draft is asked for. */
  async invoice(kind: 'invoice' | 'credit_note', approve: boolean): Promise<string> {
    const created = await ok(
      this.key,
      'mutation ($org: UUID!, $i: InvoiceInput!) { createInvoice(organizationId: $org, input: $i) { success error invoice { id } } }',
      this.org({ i: invoiceInput({ ...missingIds(), ...this.fixedIds() } as Ids, kind) }),
    )
    expect(created.createInvoice).toMatchObject({ success: true })
    const id = created.createInvoice.invoice.id as string
    if (approve) {
      const approved = await ok(
        this.key,
        'mutation ($org: UUID!, $i: UUID!) { approveInvoice(organizationId: $org, invoiceId: $i) { success error } }',
        this.org({ i: id }),
      )
      expect(approved.approveInvoice).toMatchObject({ success: true })
    }
    return id
  }

  /** A fresh object of a kind that an operation may use up. */
  /** A manual entry from the expense account to the bank account. */
  async journalEntry(): Promise<string> {
    const ids = this.fixedIds()
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $l: [JournalLineInput!]!) { createJournalEntry(organizationId: $org, date: "2026-03-01", lines: $l) { success error journalEntry { id } } }',
      this.org({
        l: [
          { accountId: ids.expenseAccount, debit: '3.00' },
          { accountId: ids.bankAccount, credit: '3.00' },
        ],
      }),
    )
    expect(data.createJournalEntry).toMatchObject({ success: true })
    return data.createJournalEntry.journalEntry.id
  }

  async recurringTemplate(): Promise<string> {
    const data = await ok(
      this.key,
      'mutation ($org: UUID!, $i: RecurringTemplateInput!) { createRecurringTemplate(organizationId: $org, input: $i) { success error recurringTemplate { id } } }',
      this.org({ i: recurringInput({ ...missingIds(), ...this.fixedIds() } as Ids) }),
    )
    expect(data.createRecurringTemplate).toMatchObject({ success: true })
    return data.createRecurringTemplate.recurringTemplate.id
  }

  async fresh(kind: Kind): Promise<string> {
    switch (kind) {
      case 'recurringTemplate':
        return this.recurringTemplate()
      case 'journalEntry':
        return this.journalEntry()
      case 'draftInvoice':
        return this.invoice('invoice', false)
      case 'openInvoice':
        return this.invoice('invoice', true)
      case 'creditNote':
        return this.invoice('credit_note', true)
      case 'event':
        return this.event()
      case 'depositEvent':
        return this.event(this.name('Customer payment'), 'in')
      case 'classifiedEvent': {
        const event = await this.event()
        await this.classify(event)
        return event
      }
      case 'confirmedEvent': {
        const event = await this.event()
        await this.classify(event)
        await this.confirm(event)
        return event
      }
      case 'ignoredEvent': {
        const event = await this.event()
        await this.reject(event)
        return event
      }
      case 'rule':
        return this.rule()
      case 'emailAddress':
        return this.intakeAddress('email')
      case 'smsAddress':
        return this.intakeAddress('sms')
      case 'apiKey':
        return this.apiKey()
      case 'member':
        return (await this.member()).userId
      case 'receipt':
        return this.attach(await this.event(), await upload(this.key))
      case 'readReceipt':
        return this.readReceipt()
      case 's3Key':
        return upload(this.key)
      case 'attachedS3Key': {
        const s3Key = await upload(this.key)
        await this.attach(await this.event(), s3Key)
        return s3Key
      }
      case 'csvProfile':
        return this.csvProfile()
      case 'reconciliation':
        return this.openReconciliation()
      case 'finishedReconciliation':
        return this.finishedReconciliation()
      case 'reconcilableAccount':
        return this.account(this.name('Reconcile'), 'bank', 'asset')
      case 'batchId': {
        // Batch ids carry the second they were made in; keep A's apart from B's.
        while (Date.now() < bBatchDoneMs + 1100) await sleep(100)
        return this.processorImport(`txn_own${randomUUID().slice(0, 12)}`, 'Own order')
      }
      case 'deletableWebhookEndpoint':
        return this.webhookEndpoint()
      case 'freshEmail':
        return (await createUser(server)).email
      case 'freshName':
        return this.name('Fresh')
      default:
        throw new Error(`no fresh ${kind}`)
    }
  }
}

/** Values no organization has, in the shape of each kind. */
function missingIds(): Ids {
  const ids = {} as Ids
  for (const kind of idKinds) ids[kind] = randomUUID()
  ids.s3Key = `${randomUUID()}/2026/03/${randomUUID()}.png`
  ids.attachedS3Key = `${randomUUID()}/2026/03/${randomUUID()}.png`
  ids.statementS3Key = `${randomUUID()}/2026/03/${randomUUID()}.ofx`
  ids.batchId = `stripe:2019${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}T010203Z`
  for (const kind of textKinds) ids[kind] = `nobody ${randomUUID().slice(0, 8)}`
  ids.processorTxn = `txn_nobody${randomUUID().slice(0, 12)}`
  return { ...ids, ...referenceIds, freshEmail: 'unused@example.com', freshName: 'unused' }
}

/** Records which kinds a set of argument makers reads. */
function kindsUsed(makers: Array<(ids: Ids) => unknown>): Set<Kind> {
  const used = new Set<Kind>()
  const recorder = new Proxy({} as Ids, {
    get(_target, property) {
      used.add(property as Kind)
      return `<${String(property)}>`
    },
  })
  for (const make of makers) make(recorder)
  return used
}

let aMaker: Maker

/** A's ids for one call: the fixed ones, and fresh objects of every kind the call may use up. */
async function ownIds(kinds: Set<Kind>): Promise<Ids> {
  const ids = { ...missingIds(), ...aStatic } as Ids
  for (const kind of kinds) if (consumable.has(kind)) ids[kind] = await aMaker.fresh(kind)
  return ids
}

// ---- calling an operation ----------------------------------------------------------------------

interface Answer {
  status: number
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape
  body: any
}

async function callOperation(
  op: Operation,
  args: Record<string, unknown>,
  headers: Headers,
): Promise<Answer> {
  const names = Object.keys(args)
  const response = await server.post({ query: documentFor(op, names, args), variables: args }, headers)
  return { status: response.status, text: JSON.stringify(response.body), body: response.body }
}

function argsOf(
  op: Operation,
  organizationId: string,
  idsFor: (spec: ArgSpec, argName: string) => Ids,
  alt: number,
) {
  const args: Record<string, unknown> = { organizationId }
  for (const arg of op.field.args) {
    if (arg.name === 'organizationId') continue
    const specs = argTable[`${op.name}.${arg.name}`]
    if (!specs) continue
    const spec = specs[alt % specs.length] as ArgSpec
    args[arg.name] = spec.make(idsFor(spec, arg.name))
  }
  return args
}

function specsOf(op: Operation, alt: number): Array<{ argName: string; spec: ArgSpec }> {
  return op.field.args.flatMap((arg) => {
    const specs = argTable[`${op.name}.${arg.name}`]
    return specs ? [{ argName: arg.name, spec: specs[alt % specs.length] as ArgSpec }] : []
  })
}

const alternativesOf = (op: Operation) =>
  Math.max(1, ...op.field.args.map((arg) => argTable[`${op.name}.${arg.name}`]?.length ?? 1))

/** B's strings found in a text. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase()
  return [...bSecrets].filter((secret) => lower.includes(secret.toLowerCase()))
}

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g
const timestampPattern = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g
const batchPattern = /stripe:\d{8}T\d{6}Z(-\d+)?/g

/** Replaces the values a call was given by their kind, then anything made fresh by a placeholder. */
function substitute(text: string, given: Map<string, string>): string {
  let out = text
  // Longest first, so a key that holds an id is replaced whole.
  for (const [value, placeholder] of [...given].sort((x, y) => y[0].length - x[0].length)) {
    out = out.split(value).join(placeholder)
  }
  return out
}
const volatile = (text: string) =>
  text.replace(uuidPattern, '<uuid>').replace(timestampPattern, '<ts>').replace(batchPattern, '<batch>')

function givenValues(ids: Ids, kinds: Set<Kind>): Map<string, string> {
  const given = new Map<string, string>()
  for (const kind of kinds) if (!plainKinds.includes(kind as PlainKind)) given.set(ids[kind], `<${kind}>`)
  return given
}

// ---- B's state, read by B --------------------------------------------------------------------

const snapshotQueries: Array<[string, string, Record<string, unknown>]> = [
  // Pages of 100, within the query cost limit with every field asked for; a tenant here has fewer.
  ['listLedgerEvents', 'query', { limit: 100, status: allStatuses }],
  ['listAccounts', 'query', { limit: 200 }],
  ['listContacts', 'query', { limit: 200 }],
  ['listCategoryRules', 'query', { limit: 100 }],
  ['listIntakeAddresses', 'query', {}],
  ['listReceipts', 'query', { limit: 200 }],
  ['listApiKeys', 'query', {}],
  ['listMembers', 'query', {}],
  ['accountBalances', 'query', {}],
  ['trialBalance', 'query', { asOf: '2026-12-31' }],
  ['balanceSheet', 'query', { asOf: '2026-12-31' }],
  ['dashboardSummary', 'query', { startDate: '2026-01-01', endDate: '2026-12-31' }],
  ['salesTaxReturn', 'query', { startDate: '2026-01-01', endDate: '2026-12-31' }],
  ['listSalesTaxReturns', 'query', {}],
  ['listJournalEntries', 'query', { limit: 200 }],
  ['fiscalYears', 'query', {}],
  ['listInvoices', 'query', { limit: 50 }],
  ['agedReceivables', 'query', { asOf: '2026-12-31' }],
  ['listRecurringTemplates', 'query', { limit: 200 }],
]

async function waitForJobs(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const text = await (await fetch(`${server.url}/metrics`)).text()
    if (/^daybook_job_queue_depth 0$/m.test(text)) return
    await sleep(100)
  }
  throw new Error('the job queue never emptied')
}

async function snapshot(tenant: Tenant, eventIds: string[], paymentAccountId?: string): Promise<string> {
  await waitForJobs()
  const parts: Record<string, unknown> = {}
  const byName = new Map(schemaOperations.map((op) => [op.name, op]))
  for (const [name, , extra] of snapshotQueries) {
    const op = byName.get(name) as Operation
    const answer = await callOperation(
      op,
      { organizationId: tenant.organizationId, ...extra },
      tenant.owner.jwt,
    )
    expect(answer.body.errors, `${name}: ${answer.text}`).toBeUndefined()
    parts[name] = answer.body.data[name]
  }
  const get = byName.get('getLedgerEvent') as Operation
  for (const eventId of eventIds) {
    const answer = await callOperation(
      get,
      { organizationId: tenant.organizationId, eventId },
      tenant.owner.jwt,
    )
    parts[`getLedgerEvent ${eventId}`] = answer.body.data
  }
  if (paymentAccountId) {
    const answer = await callOperation(
      byName.get('listCsvImportProfiles') as Operation,
      { organizationId: tenant.organizationId, paymentAccountId },
      tenant.owner.jwt,
    )
    expect(answer.body.errors, answer.text).toBeUndefined()
    parts.listCsvImportProfiles = answer.body.data.listCsvImportProfiles
    const reconciliations = await callOperation(
      byName.get('listReconciliations') as Operation,
      { organizationId: tenant.organizationId, paymentAccountId, limit: 200 },
      tenant.owner.jwt,
    )
    expect(reconciliations.body.errors, reconciliations.text).toBeUndefined()
    parts.listReconciliations = reconciliations.body.data.listReconciliations
  }
  return JSON.stringify(parts, null, 1)
}

function collectUuids(text: string): Set<string> {
  return new Set(text.match(uuidPattern) ?? [])
}

beforeAll(async () => {
  server = await startServer()
  b = await createTenant(server, `${tag} Books Inc`)
  a = await createTenant(server)

  const gifi = await ok(
    a.bearer,
    'query ($org: UUID!) { listTaxCodes(organizationId: $org, search: "8810") { items { id code } } }',
    {
      org: a.organizationId,
    },
  )
  const sales = await ok(
    a.bearer,
    'query ($org: UUID!) { listSalesTaxCodes(organizationId: $org, limit: 200) { items { id name } } }',
    { org: a.organizationId },
  )
  const salesItems = sales.listSalesTaxCodes.items as Array<{ id: string; name: string }>
  referenceIds = {
    gifiExpense: (gifi.listTaxCodes.items as Array<{ id: string; code: string }>).find(
      (t) => t.code === '8810',
    )?.id as string,
    salesTaxCode: (salesItems.find((s) => /gst/i.test(s.id)) ?? salesItems[0])?.id as string,
  }
  expect(referenceIds.gifiExpense).toBeDefined()
  expect(referenceIds.salesTaxCode).toBeDefined()

  // Accounts every organization starts with, found by name in its own chart.
  async function chart(tenant: Tenant) {
    const data = await ok(
      tenant.bearer,
      'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 200) { items { id name } } }',
      { org: tenant.organizationId },
    )
    const byName = new Map(
      (data.listAccounts.items as Array<{ id: string; name: string }>).map((x) => [x.name, x.id]),
    )
    return {
      taxAccount: byName.get('GST/HST Payable') as string,
      salesAccount: byName.get('Sales Revenue') as string,
    }
  }

  // ---- B: one object of every kind, in every state
  const bFixed: Partial<Ids> = {}
  const bMaker = new Maker(b, tag, () => bFixed)
  const bChart = await chart(b)
  bFixed.taxAccount = bChart.taxAccount
  bFixed.salesAccount = bChart.salesAccount
  bFixed.accountName = `${tag} Expense Account`
  bFixed.expenseAccount = await bMaker.account(bFixed.accountName, 'expense', 'expense')
  bFixed.splitAccount = await bMaker.account(`${tag} Second Expense`, 'expense', 'expense')
  bFixed.bankAccount = await bMaker.account(`${tag} Bank`, 'bank', 'asset', '4242')
  bFixed.contactName = `${tag} Vendor Contact`
  bFixed.contact = await bMaker.contact(bFixed.contactName)
  bFixed.rulePattern = `${tag} Pattern%`
  bFixed.rule = await bMaker.rule(bFixed.rulePattern)
  bFixed.merchant = `${tag} Merchant One`
  bFixed.event = await bMaker.event(bFixed.merchant)
  bFixed.classifiedEvent = await bMaker.event(`${tag} Merchant Two`)
  await bMaker.classify(bFixed.classifiedEvent)
  bFixed.confirmedEvent = await bMaker.event(`${tag} Merchant Three`)
  await bMaker.classify(bFixed.confirmedEvent)
  bFixed.attachedS3Key = await upload(b.bearer)
  bFixed.receipt = await bMaker.attach(bFixed.confirmedEvent, bFixed.attachedS3Key)
  await bMaker.confirm(bFixed.confirmedEvent)
  bFixed.ignoredEvent = await bMaker.event(`${tag} Merchant Four`)
  await bMaker.classify(bFixed.ignoredEvent)
  await bMaker.confirm(bFixed.ignoredEvent)
  await bMaker.reject(bFixed.ignoredEvent)
  bFixed.s3Key = await upload(b.bearer)
  bFixed.statementS3Key = await uploadStatement(b.bearer)
  bFixed.csvProfile = await bMaker.csvProfile()
  bFixed.reconcilableAccount = bFixed.bankAccount
  bFixed.finishedReconciliation = await bMaker.finishedReconciliation()
  bFixed.reconciliation = await bMaker.openReconciliation()
  bFixed.emailAddress = await bMaker.intakeAddress('email', `${tag} mail`)
  bFixed.smsAddress = await bMaker.intakeAddress('sms', `${tag} phone`)
  bFixed.apiKey = await bMaker.apiKey()
  const bMember = await bMaker.member('admin')
  bFixed.member = bMember.userId
  bFixed.processorTxn = `txn_${tag}001`
  bFixed.batchId = await bMaker.processorImport(bFixed.processorTxn, `${tag} Order`)
  bBatchDoneMs = Date.now()
  bFixed.processorAccount = await bMaker.processorAccount()
  bFixed.webhookEndpoint = await bMaker.webhookEndpoint()
  bFixed.deletableWebhookEndpoint = bFixed.webhookEndpoint
  bFixed.webhookEvent = await bMaker.webhookEvent(bFixed.webhookEndpoint)
  bFixed.journalEntry = await bMaker.journalEntry()
  bFixed.customer = await bMaker.customer(`${tag} Customer`)
  bFixed.invoiceMemo = `${tag} invoice memo`
  bFixed.draftInvoice = await bMaker.invoice('invoice', false)
  bFixed.openInvoice = await bMaker.invoice('invoice', true)
  bFixed.creditNote = await bMaker.invoice('credit_note', true)
  bFixed.depositEvent = await bMaker.event(`${tag} Customer payment`, 'in')
  bFixed.recurringTemplate = await bMaker.recurringTemplate()
  bIds = { ...missingIds(), ...bFixed } as Ids

  // ---- A: the fixed objects; the rest is made fresh for each call
  aStatic = { ...referenceIds }
  aMaker = new Maker(a, 'Own', () => aStatic)
  const aChart = await chart(a)
  aStatic.taxAccount = aChart.taxAccount
  aStatic.salesAccount = aChart.salesAccount
  aStatic.customer = await aMaker.customer(`Own Customer ${randomUUID().slice(0, 8)}`)
  aStatic.invoiceMemo = `Own invoice ${randomUUID().slice(0, 8)}`
  aStatic.accountName = `Own Expense ${randomUUID().slice(0, 8)}`
  aStatic.expenseAccount = await aMaker.account(aStatic.accountName, 'expense', 'expense')
  aStatic.splitAccount = await aMaker.account(`Own Second ${randomUUID().slice(0, 8)}`, 'expense', 'expense')
  aStatic.bankAccount = await aMaker.account(`Own Bank ${randomUUID().slice(0, 8)}`, 'bank', 'asset', '4242')
  aStatic.contactName = `Own Contact ${randomUUID().slice(0, 8)}`
  aStatic.contact = await aMaker.contact(aStatic.contactName)
  aStatic.rulePattern = 'Own Pattern%'
  aStatic.merchant = `Own Merchant ${randomUUID().slice(0, 8)}`
  aStatic.processorTxn = `txn_own${randomUUID().slice(0, 12)}`
  // A has a processor account too, so that one of B's is never the only one of its kind.
  while (Date.now() < bBatchDoneMs + 1100) await sleep(100)
  await aMaker.processorImport(aStatic.processorTxn, 'Own order')
  aStatic.processorAccount = await aMaker.processorAccount()
  aStatic.statementS3Key = await uploadStatement(a.bearer)
  aStatic.webhookEndpoint = await aMaker.webhookEndpoint()
  aStatic.webhookEvent = await aMaker.webhookEvent(aStatic.webhookEndpoint)
  // An event of A on the same day and amount as B's, so duplicate checks have something to find.
  const aEvent = await aMaker.event(aStatic.merchant)
  await aMaker.classify(aEvent)

  // ---- what must never cross over
  const bEvents = [
    bFixed.event,
    bFixed.classifiedEvent,
    bFixed.confirmedEvent,
    bFixed.ignoredEvent,
  ] as string[]
  bBefore = await snapshot(b, bEvents, bFixed.bankAccount)
  const aView = await snapshot(a, [])
  const shared = collectUuids(aView)
  for (const uuid of collectUuids(bBefore)) if (!shared.has(uuid)) bSecrets.add(uuid)
  for (const [kind, value] of Object.entries(bFixed)) {
    if (kind !== 'processorTxn' && typeof value === 'string') bSecrets.add(value)
  }
  bSecrets.add(b.organizationId)
  bSecrets.add(tag)
  bSecrets.add(b.apiKey)
  bSecrets.add(b.apiKey.slice(0, 12))
  bSecrets.add(b.owner.email)
  bSecrets.add(bMember.email)
  bSecrets.add(bMember.userId)
  bSecrets.add(b.owner.userId)
  // Sanity: the snapshot of B holds B's objects, and A's view holds none of them.
  expect(bBefore).toContain(bFixed.receipt as string)
  expect(bBefore).toContain(bFixed.batchId as string)
  expect(leaks(aView)).toEqual([])
}, 120_000)
afterAll(() => server.close())

// ---- the table covers the schema -------------------------------------------------------------

describe('the table covers the schema', () => {
  it('names every operation of the schema, and nothing that is not in it', () => {
    const inSchema = schemaOperations.map((op) => op.name).sort()
    const covered = Object.keys(operations).sort()
    expect(
      inSchema.filter((name) => !covered.includes(name)),
      'operations missing from the table',
    ).toEqual([])
    expect(
      covered.filter((name) => !inSchema.includes(name)),
      'operations no longer in the schema',
    ).toEqual([])
  })

  it('lets only the allow-listed operations go without organizationId', () => {
    const without = schemaOperations.filter((op) => !takesOrganization(op)).map((op) => op.name)
    expect(without.sort()).toEqual([...withoutOrganization].sort())
  })

  it('gives every required and every id-holding argument a value', () => {
    const uncovered: string[] = []
    for (const op of schemaOperations) {
      if (withoutOrganization.includes(op.name)) continue
      for (const arg of op.field.args) {
        if (arg.name === 'organizationId') continue
        const key = `${op.name}.${arg.name}`
        const specs = argTable[key]
        if (!specs && (isNonNullType(arg.type) || hasIdField(arg.type))) uncovered.push(key)
        if (specs && hasIdField(arg.type) && !specs.every((s) => s.probe || s.shared))
          uncovered.push(`${key} (not probed)`)
      }
    }
    expect(uncovered).toEqual([])
    const stale = Object.keys(argTable).filter((key) => {
      const [opName, argName] = key.split('.')
      return !schemaOperations.some(
        (op) => op.name === opName && op.field.args.some((x) => x.name === argName),
      )
    })
    expect(stale, 'table entries for arguments the schema no longer has').toEqual([])
  })
})

const matrixOperations = schemaOperations.filter((op) => takesOrganization(op) && operations[op.name])

// ---- (a) another organization's id --------------------------------------------------------------

describe("another organization's id", () => {
  it.each(matrixOperations.map((op) => [op.name, op] as const))(
    '%s refuses A with B organizationId',
    async (_name, op) => {
      const kinds = kindsUsed(
        specsOf(op, 0)
          .filter((s) => !s.spec.probe)
          .map((s) => s.spec.make),
      )
      const mine = await ownIds(kinds)
      const args = argsOf(op, b.organizationId, (spec) => (spec.probe ? bIds : mine), 0)
      const cases: Array<[Headers, string, string]> = [
        [a.bearer, 'API Key Not Authorized For This Organization.', 'API_KEY_NOT_AUTHORIZED'],
        [a.owner.jwt, 'Not A Member Of This Organization.', 'NOT_A_MEMBER'],
      ]
      for (const [headers, message, code] of cases) {
        const answer = await callOperation(op, args, headers)
        expect(answer.status).toBe(200)
        // A refused non-null field (fiscalYears) nulls the whole answer, as GraphQL says.
        const refusedData = isNonNullType(op.field.type) ? null : { [op.name]: null }
        expect(answer.body.data, answer.text).toEqual(refusedData)
        expect(answer.body.errors, answer.text).toHaveLength(1)
        expect(answer.body.errors[0]).toMatchObject({ message, path: [op.name], extensions: { code } })
        // The refusal echoes nothing of B, not even the ids it was given.
        expect(leaks(answer.text)).toEqual([])
      }
    },
  )
})

// ---- (b) ids of another organization ------------------------------------------------------------

describe('ids of another organization', () => {
  it.each(matrixOperations.map((op) => [op.name, op] as const))(
    "%s answers for B's ids exactly as for ids that do not exist",
    async (_name, op) => {
      const admin = operations[op.name]?.admin === true
      const headers = admin ? a.owner.jwt : a.bearer
      const alternatives = alternativesOf(op)
      const probes = op.field.args.filter((arg) => argTable[`${op.name}.${arg.name}`]?.[0]?.probe)
      let compared = 0

      /** One comparison: the probed arguments take B's values, then values nobody has. */
      async function compare(alt: number, probed: Set<string>, credential: Headers, label: string) {
        const specs = specsOf(op, alt)
        const probedMakers = specs.filter((s) => probed.has(s.argName)).map((s) => s.spec.make)
        const probedKinds = kindsUsed(probedMakers)
        const ownKinds = kindsUsed(specs.filter((s) => !probed.has(s.argName)).map((s) => s.spec.make))
        const mine = await ownIds(ownKinds)
        const missing = { ...missingIds(), ...referenceIds }
        const foreignArgs = argsOf(op, a.organizationId, (_s, n) => (probed.has(n) ? bIds : mine), alt)
        const missingArgs = argsOf(op, a.organizationId, (_s, n) => (probed.has(n) ? missing : mine), alt)
        const foreign = await callOperation(op, foreignArgs, credential)
        const nobody = await callOperation(op, missingArgs, credential)
        const foreignText = substitute(foreign.text, givenValues(bIds, probedKinds))
        const nobodyText = substitute(nobody.text, givenValues(missing, probedKinds))
        const where = `${op.name} ${label} ${JSON.stringify(foreignArgs)}`
        expect(foreign.status, where).toBe(nobody.status)
        expect(volatile(foreignText), where).toBe(volatile(nobodyText))
        expect(leaks(foreignText), where).toEqual([])
        expect(foreign.text, where).not.toContain('INTERNAL_SERVER_ERROR')
        compared++
      }

      if (probes.length === 0) {
        // Nothing to swap: the answer in A's own organization still shows nothing of B.
        const specs = specsOf(op, 0)
        const mine = await ownIds(kindsUsed(specs.map((s) => s.spec.make)))
        const answer = await callOperation(
          op,
          argsOf(op, a.organizationId, () => mine, 0),
          headers,
        )
        expect(answer.body.errors, answer.text).toBeUndefined()
        expect(leaks(answer.text), answer.text).toEqual([])
        return
      }
      const everyProbe = new Set(probes.map((p) => p.name))
      for (let alt = 0; alt < alternatives; alt++) {
        await compare(alt, everyProbe, headers, `all probes, alternative ${alt}`)
        if (probes.length > 1) {
          for (const p of probes) {
            if ((argTable[`${op.name}.${p.name}`]?.length ?? 1) <= alt) continue
            await compare(alt, new Set([p.name]), headers, `${p.name} alone, alternative ${alt}`)
          }
        }
      }
      if (!admin) await compare(0, everyProbe, a.owner.jwt, 'all probes, as the owner')

      // Control: with A's own ids the same call works, so a refusal above was about the ids.
      const specs = specsOf(op, 0)
      const mine = await ownIds(kindsUsed(specs.map((s) => s.spec.make)))
      const control = await callOperation(
        op,
        argsOf(op, a.organizationId, () => mine, 0),
        headers,
      )
      expect(control.body.errors, `${op.name} control: ${control.text}`).toBeUndefined()
      const payload = control.body.data[op.name]
      expect(payload, `${op.name} control`).not.toBeNull()
      if (payload && typeof payload === 'object' && 'success' in payload) {
        expect(payload.success, `${op.name} control: ${control.text}`).toBe(true)
      }
      expect(leaks(control.text)).toEqual([])
      expect(compared).toBeGreaterThan(0)
    },
  )
})

// ---- operations without organizationId ----------------------------------------------------------

describe('operations without organizationId', () => {
  it('myOrganizations never lists B, for the key or the person', async () => {
    for (const headers of [a.bearer, a.owner.jwt]) {
      const response = await server.gql('{ myOrganizations { id name } }', {}, headers)
      expect(response.body.data?.myOrganizations.map((o: { id: string }) => o.id)).toEqual([a.organizationId])
      expect(leaks(JSON.stringify(response.body))).toEqual([])
    }
  })

  it("tokenAuth gives nothing for B's owner without the password, and A's token does not open B", async () => {
    const tokenAuth = 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }'
    const refused = await server.gql(
      tokenAuth,
      { e: b.owner.email, p: a.owner.password.toUpperCase() },
      a.bearer,
    )
    expect(refused.body.data).toEqual({ tokenAuth: null })
    expect(refused.body.errors?.[0]?.message).toBe('Invalid Credentials.')
    const mine = await server.gql(tokenAuth, { e: a.owner.email, p: a.owner.password })
    const token = mine.body.data?.tokenAuth.token as string
    const tried = await server.gql(
      'query ($org: UUID!) { listMembers(organizationId: $org) { userId email } }',
      { org: b.organizationId },
      { authorization: `JWT ${token}` },
    )
    expect(tried.body.errors?.[0]?.message).toBe('Not A Member Of This Organization.')
    expect(tried.body.data).toEqual({ listMembers: null })
  })

  it("createOrganization makes a new organization and never hands over B's", async () => {
    const create =
      'mutation ($n: String!) { createOrganization(name: $n) { success error errorCode organization { id name } } }'
    const taken = await server.gql(create, { n: `${tag} BOOKS INC` }, a.owner.jwt)
    expect(taken.body.data?.createOrganization).toMatchObject({ success: false, organization: null })
    expect(JSON.stringify(taken.body)).not.toContain(b.organizationId)
    const made = await server.gql(create, { n: `Own ${randomUUID().slice(0, 8)}` }, a.owner.jwt)
    expect(made.body.data?.createOrganization.success).toBe(true)
    expect(made.body.data?.createOrganization.organization.id).not.toBe(b.organizationId)
    const mine = await server.gql('{ myOrganizations { id } }', {}, a.owner.jwt)
    expect(mine.body.data?.myOrganizations.map((o: { id: string }) => o.id)).not.toContain(b.organizationId)
  })
})

// ---- B afterwards --------------------------------------------------------------------------------

describe('B afterwards', () => {
  it('reads exactly as before the matrix', async () => {
    const bEvents = [bIds.event, bIds.classifiedEvent, bIds.confirmedEvent, bIds.ignoredEvent]
    const after = await snapshot(b, bEvents, bIds.bankAccount)
    expect(after).toBe(bBefore)
  })
})

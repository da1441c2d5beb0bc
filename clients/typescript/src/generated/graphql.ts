// Generated from operations/*.graphql and the SDL; do not edit. Run npm run codegen.
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type BankFileFormat =
  /** Told from the file's content. */
  | 'AUTO'
  | 'CAMT053'
  | 'CSV'
  | 'MT940'
  /** OFX 1 and 2, and QFX. */
  | 'OFX'
  | 'QIF';

export type BankStatementRowInput = {
  /** Signed or not; the event keeps the magnitude and the row's eventType. */
  amount: string;
  /** Becomes the event's merchant name. */
  description: string;
  /** expense, income or transfer */
  eventType: string;
  memo?: string | null | undefined;
  /** The bank's own id for the row; a row whose reference matches an event's on this account is a duplicate. */
  reference?: string | null | undefined;
  transactionDate: string;
};

export type MyOrganizationsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyOrganizationsQuery = { myOrganizations: Array<{ id: string, name: string, functionalCurrency: string, lockDate: string | null }> | null };

export type ListAccountsQueryVariables = Exact<{
  organizationId: string;
  search?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  sortBy?: string | null | undefined;
  sortDir?: string | null | undefined;
}>;


export type ListAccountsQuery = { listAccounts: { totalCount: number, pageSize: number, offset: number, items: Array<{ id: string, name: string, accountType: string, classification: string, subType: string, currentBalance: number, active: boolean, lastFour: string | null, parentId: string | null, taxCode: { code: string, name: string } | null }> } | null };

export type BankFileRowFieldsFragment = { rowIndex: number, position: string, transactionDate: string, description: string, amount: string, eventType: string, direction: string, memo: string, reference: string | null, isDuplicate: boolean, isPossibleDuplicate: boolean, duplicateReason: string | null, matchingEventId: string | null };

export type BankFileSummaryFieldsFragment = { success: boolean, error: string | null, errorCode: string | null, field: string | null, format: BankFileFormat | null, encoding: string | null, currency: string | null, importedCount: number, skippedCount: number, statementAccountId: string | null, accountMismatch: boolean, balanceCheck: { openingBalance: string | null, closingBalance: string, closingDate: string | null, entriesTotal: string, difference: string | null, balanced: boolean | null } | null };

export type PreviewBankStatementFileMutationVariables = Exact<{
  organizationId: string;
  paymentAccountId: string;
  s3Key: string;
  format?: BankFileFormat | null | undefined;
  csvProfileId?: string | null | undefined;
  dateFormat?: string | null | undefined;
}>;


export type PreviewBankStatementFileMutation = { importBankStatementFile: { success: boolean, error: string | null, errorCode: string | null, field: string | null, format: BankFileFormat | null, encoding: string | null, currency: string | null, importedCount: number, skippedCount: number, statementAccountId: string | null, accountMismatch: boolean, rows: Array<{ rowIndex: number, position: string, transactionDate: string, description: string, amount: string, eventType: string, direction: string, memo: string, reference: string | null, isDuplicate: boolean, isPossibleDuplicate: boolean, duplicateReason: string | null, matchingEventId: string | null }>, suggestedCsvProfile: { id: string | null, paymentAccountId: string, name: string, delimiter: string, encoding: string | null, hasHeader: boolean, skipLines: number, dateColumn: string, dateFormat: string, amountColumn: string | null, inflowColumn: string | null, outflowColumn: string | null, descriptionColumn: string | null, payeeColumn: string | null, memoColumn: string | null, referenceColumn: string | null, decimalMark: string, flipSign: boolean } | null, balanceCheck: { openingBalance: string | null, closingBalance: string, closingDate: string | null, entriesTotal: string, difference: string | null, balanced: boolean | null } | null } | null };

export type ImportBankStatementFileMutationVariables = Exact<{
  organizationId: string;
  paymentAccountId: string;
  s3Key: string;
  format?: BankFileFormat | null | undefined;
  csvProfileId?: string | null | undefined;
  dateFormat?: string | null | undefined;
}>;


export type ImportBankStatementFileMutation = { importBankStatementFile: { success: boolean, error: string | null, errorCode: string | null, field: string | null, format: BankFileFormat | null, encoding: string | null, currency: string | null, importedCount: number, skippedCount: number, statementAccountId: string | null, accountMismatch: boolean, rows: Array<{ rowIndex: number, position: string, transactionDate: string, description: string, amount: string, eventType: string, direction: string, memo: string, reference: string | null, isDuplicate: boolean, isPossibleDuplicate: boolean, duplicateReason: string | null, matchingEventId: string | null }>, balanceCheck: { openingBalance: string | null, closingBalance: string, closingDate: string | null, entriesTotal: string, difference: string | null, balanced: boolean | null } | null } | null };

export type ImportBankStatementMutationVariables = Exact<{
  organizationId: string;
  paymentAccountId: string;
  rows: Array<BankStatementRowInput> | BankStatementRowInput;
  currency?: string | null | undefined;
  exchangeRate?: string | null | undefined;
}>;


export type ImportBankStatementMutation = { importBankStatement: { success: boolean, error: string | null, errorCode: string | null, importedCount: number, skippedCount: number } | null };

export type LedgerEventFieldsFragment = { id: string, eventType: string, direction: string, merchantName: string, functionalAmount: string, functionalCurrency: string, originalAmount: string, originalCurrency: string, exchangeRate: string | null, transactionDate: string, status: string, memo: string, hasDocument: boolean, source: string, reference: string | null, taxAmount: string | null, taxCode: string | null, splitAmount: string | null, createdAt: string, updatedAt: string, account: { id: string, name: string, accountType: string } | null, category: { id: string, name: string } | null, paymentAccount: { id: string, name: string } | null, taxAccount: { id: string, name: string } | null, splitAccount: { id: string, name: string } | null, contact: { id: string, displayName: string } | null, journalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null, reversalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null };

export type ListLedgerEventsQueryVariables = Exact<{
  organizationId: string;
  status?: Array<string> | string | null | undefined;
  hasDocument?: boolean | null | undefined;
  sinceDays?: number | null | undefined;
  dateFrom?: string | null | undefined;
  dateTo?: string | null | undefined;
  amountMin?: string | null | undefined;
  amountMax?: string | null | undefined;
  accountIds?: Array<string> | string | null | undefined;
  categoryIds?: Array<string> | string | null | undefined;
  search?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  sortBy?: string | null | undefined;
  sortDir?: string | null | undefined;
}>;


export type ListLedgerEventsQuery = { listLedgerEvents: { totalCount: number, pageSize: number, offset: number, items: Array<{ id: string, eventType: string, direction: string, merchantName: string, functionalAmount: string, functionalCurrency: string, originalAmount: string, originalCurrency: string, exchangeRate: string | null, transactionDate: string, status: string, memo: string, hasDocument: boolean, source: string, reference: string | null, taxAmount: string | null, taxCode: string | null, splitAmount: string | null, createdAt: string, updatedAt: string, account: { id: string, name: string, accountType: string } | null, category: { id: string, name: string } | null, paymentAccount: { id: string, name: string } | null, taxAccount: { id: string, name: string } | null, splitAccount: { id: string, name: string } | null, contact: { id: string, displayName: string } | null, journalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null, reversalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null }> } | null };

export type GetLedgerEventQueryVariables = Exact<{
  organizationId: string;
  eventId: string;
}>;


export type GetLedgerEventQuery = { getLedgerEvent: { id: string, eventType: string, direction: string, merchantName: string, functionalAmount: string, functionalCurrency: string, originalAmount: string, originalCurrency: string, exchangeRate: string | null, transactionDate: string, status: string, memo: string, hasDocument: boolean, source: string, reference: string | null, taxAmount: string | null, taxCode: string | null, splitAmount: string | null, createdAt: string, updatedAt: string, receipts: Array<{ id: string, filename: string, s3Key: string, uploadedAt: string }>, account: { id: string, name: string, accountType: string } | null, category: { id: string, name: string } | null, paymentAccount: { id: string, name: string } | null, taxAccount: { id: string, name: string } | null, splitAccount: { id: string, name: string } | null, contact: { id: string, displayName: string } | null, journalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null, reversalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null } | null };

export type CreateLedgerEventMutationVariables = Exact<{
  organizationId: string;
  merchantName: string;
  amount: string;
  transactionDate: string;
  eventType?: string | null | undefined;
  direction?: string | null | undefined;
  categoryId?: string | null | undefined;
  paymentAccountId?: string | null | undefined;
  contactId?: string | null | undefined;
  memo?: string | null | undefined;
  currency?: string | null | undefined;
  exchangeRate?: string | null | undefined;
}>;


export type CreateLedgerEventMutation = { createLedgerEvent: { success: boolean, error: string | null, errorCode: string | null, eventId: string | null, event: { id: string, eventType: string, direction: string, merchantName: string, functionalAmount: string, functionalCurrency: string, originalAmount: string, originalCurrency: string, exchangeRate: string | null, transactionDate: string, status: string, memo: string, hasDocument: boolean, source: string, reference: string | null, taxAmount: string | null, taxCode: string | null, splitAmount: string | null, createdAt: string, updatedAt: string, account: { id: string, name: string, accountType: string } | null, category: { id: string, name: string } | null, paymentAccount: { id: string, name: string } | null, taxAccount: { id: string, name: string } | null, splitAccount: { id: string, name: string } | null, contact: { id: string, displayName: string } | null, journalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null, reversalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null } | null } | null };

export type UpdateStagedEntryMutationVariables = Exact<{
  organizationId: string;
  eventId: string;
  categoryId?: string | null | undefined;
  paymentId?: string | null | undefined;
  taxAmount?: string | null | undefined;
  taxAccountId?: string | null | undefined;
  taxCode?: string | null | undefined;
  contactId?: string | null | undefined;
  splitAmount?: string | null | undefined;
  splitAccountId?: string | null | undefined;
}>;


export type UpdateStagedEntryMutation = { updateStagedEntry: { success: boolean, error: string | null, errorCode: string | null, event: { id: string, eventType: string, direction: string, merchantName: string, functionalAmount: string, functionalCurrency: string, originalAmount: string, originalCurrency: string, exchangeRate: string | null, transactionDate: string, status: string, memo: string, hasDocument: boolean, source: string, reference: string | null, taxAmount: string | null, taxCode: string | null, splitAmount: string | null, createdAt: string, updatedAt: string, account: { id: string, name: string, accountType: string } | null, category: { id: string, name: string } | null, paymentAccount: { id: string, name: string } | null, taxAccount: { id: string, name: string } | null, splitAccount: { id: string, name: string } | null, contact: { id: string, displayName: string } | null, journalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null, reversalEntry: { id: string, txnDate: string, totalAmount: string, currency: string } | null } | null } | null };

export type ConfirmLedgerEventMutationVariables = Exact<{
  organizationId: string;
  eventId: string;
}>;


export type ConfirmLedgerEventMutation = { confirmLedgerEvent: { success: boolean, error: string | null, errorCode: string | null, eventId: string | null, journalEntryId: string | null } | null };

export type RejectLedgerEventMutationVariables = Exact<{
  organizationId: string;
  eventId: string;
}>;


export type RejectLedgerEventMutation = { rejectLedgerEvent: { success: boolean, error: string | null, errorCode: string | null, eventId: string | null, reversalEntryId: string | null } | null };

export type IncomeStatementQueryVariables = Exact<{
  organizationId: string;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}>;


export type IncomeStatementQuery = { incomeStatement: { currency: string, startDate: string, endDate: string, totalIncome: string, totalExpenses: string, netIncome: string, incomeAccounts: Array<{ accountId: string, accountName: string, total: string }>, expenseAccounts: Array<{ accountId: string, accountName: string, total: string }> } | null };

export type BalanceSheetQueryVariables = Exact<{
  organizationId: string;
  asOf?: string | null | undefined;
}>;


export type BalanceSheetQuery = { balanceSheet: { currency: string, asOf: string, totalAssets: string, totalLiabilities: string, totalEquity: string, currentEarnings: string, totalLiabilitiesAndEquity: string, assets: Array<{ accountId: string, accountName: string, accountType: string, amount: string }>, liabilities: Array<{ accountId: string, accountName: string, accountType: string, amount: string }>, equity: Array<{ accountId: string, accountName: string, accountType: string, amount: string }> } | null };

export type DashboardSummaryQueryVariables = Exact<{
  organizationId: string;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
}>;


export type DashboardSummaryQuery = { dashboardSummary: { currency: string, startDate: string, endDate: string, totalRevenue: string, totalExpenses: string, netIncome: string, receiptCount: number, unreviewedCount: number } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const BankFileRowFieldsFragmentDoc = new TypedDocumentString(`
    fragment BankFileRowFields on BankFileRow {
  rowIndex
  position
  transactionDate
  description
  amount
  eventType
  direction
  memo
  reference
  isDuplicate
  isPossibleDuplicate
  duplicateReason
  matchingEventId
}
    `, {"fragmentName":"BankFileRowFields"}) as unknown as TypedDocumentString<BankFileRowFieldsFragment, unknown>;
export const BankFileSummaryFieldsFragmentDoc = new TypedDocumentString(`
    fragment BankFileSummaryFields on BankFileImportPayload {
  success
  error
  errorCode
  field
  format
  encoding
  currency
  importedCount
  skippedCount
  balanceCheck {
    openingBalance
    closingBalance
    closingDate
    entriesTotal
    difference
    balanced
  }
  statementAccountId
  accountMismatch
}
    `, {"fragmentName":"BankFileSummaryFields"}) as unknown as TypedDocumentString<BankFileSummaryFieldsFragment, unknown>;
export const LedgerEventFieldsFragmentDoc = new TypedDocumentString(`
    fragment LedgerEventFields on LedgerEvent {
  id
  eventType
  direction
  merchantName
  functionalAmount
  functionalCurrency
  originalAmount
  originalCurrency
  exchangeRate
  transactionDate
  status
  memo
  hasDocument
  source
  reference
  taxAmount
  taxCode
  splitAmount
  account {
    id
    name
    accountType
  }
  category {
    id
    name
  }
  paymentAccount {
    id
    name
  }
  taxAccount {
    id
    name
  }
  splitAccount {
    id
    name
  }
  contact {
    id
    displayName
  }
  journalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  reversalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  createdAt
  updatedAt
}
    `, {"fragmentName":"LedgerEventFields"}) as unknown as TypedDocumentString<LedgerEventFieldsFragment, unknown>;
export const MyOrganizationsDocument = new TypedDocumentString(`
    query MyOrganizations {
  myOrganizations {
    id
    name
    functionalCurrency
    lockDate
  }
}
    `) as unknown as TypedDocumentString<MyOrganizationsQuery, MyOrganizationsQueryVariables>;
export const ListAccountsDocument = new TypedDocumentString(`
    query ListAccounts($organizationId: UUID!, $search: String, $limit: Int, $offset: Int, $sortBy: String, $sortDir: String) {
  listAccounts(
    organizationId: $organizationId
    search: $search
    limit: $limit
    offset: $offset
    sortBy: $sortBy
    sortDir: $sortDir
  ) {
    items {
      id
      name
      accountType
      classification
      subType
      currentBalance
      active
      lastFour
      parentId
      taxCode {
        code
        name
      }
    }
    totalCount
    pageSize
    offset
  }
}
    `) as unknown as TypedDocumentString<ListAccountsQuery, ListAccountsQueryVariables>;
export const PreviewBankStatementFileDocument = new TypedDocumentString(`
    mutation PreviewBankStatementFile($organizationId: UUID!, $paymentAccountId: UUID!, $s3Key: String!, $format: BankFileFormat, $csvProfileId: UUID, $dateFormat: String) {
  importBankStatementFile(
    organizationId: $organizationId
    paymentAccountId: $paymentAccountId
    s3Key: $s3Key
    format: $format
    csvProfileId: $csvProfileId
    dateFormat: $dateFormat
    dryRun: true
  ) {
    ...BankFileSummaryFields
    rows {
      ...BankFileRowFields
    }
    suggestedCsvProfile {
      id
      paymentAccountId
      name
      delimiter
      encoding
      hasHeader
      skipLines
      dateColumn
      dateFormat
      amountColumn
      inflowColumn
      outflowColumn
      descriptionColumn
      payeeColumn
      memoColumn
      referenceColumn
      decimalMark
      flipSign
    }
  }
}
    fragment BankFileRowFields on BankFileRow {
  rowIndex
  position
  transactionDate
  description
  amount
  eventType
  direction
  memo
  reference
  isDuplicate
  isPossibleDuplicate
  duplicateReason
  matchingEventId
}
fragment BankFileSummaryFields on BankFileImportPayload {
  success
  error
  errorCode
  field
  format
  encoding
  currency
  importedCount
  skippedCount
  balanceCheck {
    openingBalance
    closingBalance
    closingDate
    entriesTotal
    difference
    balanced
  }
  statementAccountId
  accountMismatch
}`) as unknown as TypedDocumentString<PreviewBankStatementFileMutation, PreviewBankStatementFileMutationVariables>;
export const ImportBankStatementFileDocument = new TypedDocumentString(`
    mutation ImportBankStatementFile($organizationId: UUID!, $paymentAccountId: UUID!, $s3Key: String!, $format: BankFileFormat, $csvProfileId: UUID, $dateFormat: String) {
  importBankStatementFile(
    organizationId: $organizationId
    paymentAccountId: $paymentAccountId
    s3Key: $s3Key
    format: $format
    csvProfileId: $csvProfileId
    dateFormat: $dateFormat
    dryRun: false
  ) {
    ...BankFileSummaryFields
    rows {
      ...BankFileRowFields
    }
  }
}
    fragment BankFileRowFields on BankFileRow {
  rowIndex
  position
  transactionDate
  description
  amount
  eventType
  direction
  memo
  reference
  isDuplicate
  isPossibleDuplicate
  duplicateReason
  matchingEventId
}
fragment BankFileSummaryFields on BankFileImportPayload {
  success
  error
  errorCode
  field
  format
  encoding
  currency
  importedCount
  skippedCount
  balanceCheck {
    openingBalance
    closingBalance
    closingDate
    entriesTotal
    difference
    balanced
  }
  statementAccountId
  accountMismatch
}`) as unknown as TypedDocumentString<ImportBankStatementFileMutation, ImportBankStatementFileMutationVariables>;
export const ImportBankStatementDocument = new TypedDocumentString(`
    mutation ImportBankStatement($organizationId: UUID!, $paymentAccountId: UUID!, $rows: [BankStatementRowInput!]!, $currency: String, $exchangeRate: String) {
  importBankStatement(
    organizationId: $organizationId
    paymentAccountId: $paymentAccountId
    rows: $rows
    currency: $currency
    exchangeRate: $exchangeRate
  ) {
    success
    error
    errorCode
    importedCount
    skippedCount
  }
}
    `) as unknown as TypedDocumentString<ImportBankStatementMutation, ImportBankStatementMutationVariables>;
export const ListLedgerEventsDocument = new TypedDocumentString(`
    query ListLedgerEvents($organizationId: UUID!, $status: [String!], $hasDocument: Boolean, $sinceDays: Int, $dateFrom: String, $dateTo: String, $amountMin: String, $amountMax: String, $accountIds: [UUID!], $categoryIds: [UUID!], $search: String, $limit: Int, $offset: Int, $sortBy: String, $sortDir: String) {
  listLedgerEvents(
    organizationId: $organizationId
    status: $status
    hasDocument: $hasDocument
    sinceDays: $sinceDays
    dateFrom: $dateFrom
    dateTo: $dateTo
    amountMin: $amountMin
    amountMax: $amountMax
    accountIds: $accountIds
    categoryIds: $categoryIds
    search: $search
    limit: $limit
    offset: $offset
    sortBy: $sortBy
    sortDir: $sortDir
  ) {
    items {
      ...LedgerEventFields
    }
    totalCount
    pageSize
    offset
  }
}
    fragment LedgerEventFields on LedgerEvent {
  id
  eventType
  direction
  merchantName
  functionalAmount
  functionalCurrency
  originalAmount
  originalCurrency
  exchangeRate
  transactionDate
  status
  memo
  hasDocument
  source
  reference
  taxAmount
  taxCode
  splitAmount
  account {
    id
    name
    accountType
  }
  category {
    id
    name
  }
  paymentAccount {
    id
    name
  }
  taxAccount {
    id
    name
  }
  splitAccount {
    id
    name
  }
  contact {
    id
    displayName
  }
  journalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  reversalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<ListLedgerEventsQuery, ListLedgerEventsQueryVariables>;
export const GetLedgerEventDocument = new TypedDocumentString(`
    query GetLedgerEvent($organizationId: UUID!, $eventId: UUID!) {
  getLedgerEvent(organizationId: $organizationId, eventId: $eventId) {
    ...LedgerEventFields
    receipts {
      id
      filename
      s3Key
      uploadedAt
    }
  }
}
    fragment LedgerEventFields on LedgerEvent {
  id
  eventType
  direction
  merchantName
  functionalAmount
  functionalCurrency
  originalAmount
  originalCurrency
  exchangeRate
  transactionDate
  status
  memo
  hasDocument
  source
  reference
  taxAmount
  taxCode
  splitAmount
  account {
    id
    name
    accountType
  }
  category {
    id
    name
  }
  paymentAccount {
    id
    name
  }
  taxAccount {
    id
    name
  }
  splitAccount {
    id
    name
  }
  contact {
    id
    displayName
  }
  journalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  reversalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<GetLedgerEventQuery, GetLedgerEventQueryVariables>;
export const CreateLedgerEventDocument = new TypedDocumentString(`
    mutation CreateLedgerEvent($organizationId: UUID!, $merchantName: String!, $amount: String!, $transactionDate: String!, $eventType: String, $direction: String, $categoryId: UUID, $paymentAccountId: UUID, $contactId: UUID, $memo: String, $currency: String, $exchangeRate: String) {
  createLedgerEvent(
    organizationId: $organizationId
    merchantName: $merchantName
    amount: $amount
    transactionDate: $transactionDate
    eventType: $eventType
    direction: $direction
    categoryId: $categoryId
    paymentAccountId: $paymentAccountId
    contactId: $contactId
    memo: $memo
    currency: $currency
    exchangeRate: $exchangeRate
  ) {
    success
    error
    errorCode
    eventId
    event {
      ...LedgerEventFields
    }
  }
}
    fragment LedgerEventFields on LedgerEvent {
  id
  eventType
  direction
  merchantName
  functionalAmount
  functionalCurrency
  originalAmount
  originalCurrency
  exchangeRate
  transactionDate
  status
  memo
  hasDocument
  source
  reference
  taxAmount
  taxCode
  splitAmount
  account {
    id
    name
    accountType
  }
  category {
    id
    name
  }
  paymentAccount {
    id
    name
  }
  taxAccount {
    id
    name
  }
  splitAccount {
    id
    name
  }
  contact {
    id
    displayName
  }
  journalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  reversalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<CreateLedgerEventMutation, CreateLedgerEventMutationVariables>;
export const UpdateStagedEntryDocument = new TypedDocumentString(`
    mutation UpdateStagedEntry($organizationId: UUID!, $eventId: UUID!, $categoryId: UUID, $paymentId: UUID, $taxAmount: String, $taxAccountId: UUID, $taxCode: String, $contactId: UUID, $splitAmount: String, $splitAccountId: UUID) {
  updateStagedEntry(
    organizationId: $organizationId
    eventId: $eventId
    categoryId: $categoryId
    paymentId: $paymentId
    taxAmount: $taxAmount
    taxAccountId: $taxAccountId
    taxCode: $taxCode
    contactId: $contactId
    splitAmount: $splitAmount
    splitAccountId: $splitAccountId
  ) {
    success
    error
    errorCode
    event {
      ...LedgerEventFields
    }
  }
}
    fragment LedgerEventFields on LedgerEvent {
  id
  eventType
  direction
  merchantName
  functionalAmount
  functionalCurrency
  originalAmount
  originalCurrency
  exchangeRate
  transactionDate
  status
  memo
  hasDocument
  source
  reference
  taxAmount
  taxCode
  splitAmount
  account {
    id
    name
    accountType
  }
  category {
    id
    name
  }
  paymentAccount {
    id
    name
  }
  taxAccount {
    id
    name
  }
  splitAccount {
    id
    name
  }
  contact {
    id
    displayName
  }
  journalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  reversalEntry {
    id
    txnDate
    totalAmount
    currency
  }
  createdAt
  updatedAt
}`) as unknown as TypedDocumentString<UpdateStagedEntryMutation, UpdateStagedEntryMutationVariables>;
export const ConfirmLedgerEventDocument = new TypedDocumentString(`
    mutation ConfirmLedgerEvent($organizationId: UUID!, $eventId: UUID!) {
  confirmLedgerEvent(organizationId: $organizationId, eventId: $eventId) {
    success
    error
    errorCode
    eventId
    journalEntryId
  }
}
    `) as unknown as TypedDocumentString<ConfirmLedgerEventMutation, ConfirmLedgerEventMutationVariables>;
export const RejectLedgerEventDocument = new TypedDocumentString(`
    mutation RejectLedgerEvent($organizationId: UUID!, $eventId: UUID!) {
  rejectLedgerEvent(organizationId: $organizationId, eventId: $eventId) {
    success
    error
    errorCode
    eventId
    reversalEntryId
  }
}
    `) as unknown as TypedDocumentString<RejectLedgerEventMutation, RejectLedgerEventMutationVariables>;
export const IncomeStatementDocument = new TypedDocumentString(`
    query IncomeStatement($organizationId: UUID!, $startDate: Date, $endDate: Date) {
  incomeStatement(
    organizationId: $organizationId
    startDate: $startDate
    endDate: $endDate
  ) {
    currency
    startDate
    endDate
    incomeAccounts {
      accountId
      accountName
      total
    }
    expenseAccounts {
      accountId
      accountName
      total
    }
    totalIncome
    totalExpenses
    netIncome
  }
}
    `) as unknown as TypedDocumentString<IncomeStatementQuery, IncomeStatementQueryVariables>;
export const BalanceSheetDocument = new TypedDocumentString(`
    query BalanceSheet($organizationId: UUID!, $asOf: Date) {
  balanceSheet(organizationId: $organizationId, asOf: $asOf) {
    currency
    asOf
    assets {
      accountId
      accountName
      accountType
      amount
    }
    liabilities {
      accountId
      accountName
      accountType
      amount
    }
    equity {
      accountId
      accountName
      accountType
      amount
    }
    totalAssets
    totalLiabilities
    totalEquity
    currentEarnings
    totalLiabilitiesAndEquity
  }
}
    `) as unknown as TypedDocumentString<BalanceSheetQuery, BalanceSheetQueryVariables>;
export const DashboardSummaryDocument = new TypedDocumentString(`
    query DashboardSummary($organizationId: UUID!, $startDate: Date, $endDate: Date) {
  dashboardSummary(
    organizationId: $organizationId
    startDate: $startDate
    endDate: $endDate
  ) {
    currency
    startDate
    endDate
    totalRevenue
    totalExpenses
    netIncome
    receiptCount
    unreviewedCount
  }
}
    `) as unknown as TypedDocumentString<DashboardSummaryQuery, DashboardSummaryQueryVariables>;
// Generated from the SDL by scripts/codegen.ts; do not edit. Run npm run codegen.
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { OrganizationRecord } from '../../modules/organizations/organization.js';
import type { JournalEntryParent } from '../../modules/journal/journal-entry-view.js';
import type { ApiKeyRecord } from '../../modules/access/access-store.js';
import type { PracticeOrganization as PracticeOrganizationParent } from '../../modules/practice/practice-service.js';
import type { GraphQLContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A UUID such as 0b8f1c7e-3d2a-4c51-9e0f-6a7b8c9d0e1f, in the textual form of RFC 9562. */
  UUID: { input: string; output: string; }
  /** A calendar date, YYYY-MM-DD: RFC 3339's full-date. An argument that is not one is refused by its operation with INVALID_DATE, naming the argument. */
  Date: { input: string; output: string; }
};

export type Query = {
  __typename?: 'Query';
  /** The caller's own role or scopes there, so a client shows only what it may do. */
  myAccess: MyAccess;
  listApiKeys: Maybe<Array<ApiKey>>;
  listMembers: Maybe<Array<Member>>;
  /** sortBy: name (default), currentBalance or accountType; sortDir asc (default) or desc. search matches the name. */
  listAccounts: Maybe<AccountPage>;
  /** Members and API keys. The organization's events after seq `after`, oldest first; at most 1,000 a page. A client that keeps lastSeq misses nothing. */
  events: Maybe<DaybookEventPage>;
  /** Owners, admins and accountants signed in as people. Newest first; entityId and entityType narrow it to one object or kind. */
  auditLog: Maybe<AuditRecordPage>;
  /** The payment account's CSV import profiles, the most recently changed first. */
  listCsvImportProfiles: Maybe<Array<CsvImportProfile>>;
  /** search matches the pattern, case-insensitively. sortBy: vendorPattern (default), matchCount or createdAt. */
  listCategoryRules: Maybe<CategoryRulePage>;
  /** The events in needs_review the rule would match; writes nothing. */
  previewCategoryRule: Maybe<RulePreview>;
  /** sortBy: displayName (default), contactType or balance. search matches the display name. */
  listContacts: Maybe<ContactPage>;
  /** Newest first unless sortDir is asc. */
  listExchangeRates: Maybe<ExchangeRatePage>;
  /** From the year of the first posted entry to the one holding today, oldest first. */
  fiscalYears: Array<FiscalYear>;
  listIntakeAddresses: Maybe<Array<IntakeAddress>>;
  invoice: Maybe<Invoice>;
  /**
   * Documents by kind, statuses, contact, due before a date, and search (number or memo);
   * sortBy issueDate (default), dueDate, number, total or createdAt; sortDir asc (default) or desc; limit at most 200.
   */
  listInvoices: Maybe<InvoicePage>;
  /** Invoices and credit notes due at asOf (today when omitted), per customer. */
  agedReceivables: Maybe<AgedReport>;
  /** Bills and vendor credits due at asOf (today when omitted), per vendor. */
  agedPayables: Maybe<AgedReport>;
  contactStatement: Maybe<ContactStatement>;
  /**
   * Open documents a bank line may pay (money in: invoices and vendor credits; money out: bills and credit notes),
   * in its currency, best first, at most 10; empty for an event not found or not waiting for review.
   */
  invoiceMatches: Array<InvoiceMatch>;
  journalEntry: Maybe<JournalEntry>;
  /** The whole journal, newest first, whatever posted each entry (limit at most 200, default 25). */
  listJournalEntries: Maybe<JournalEntryPage>;
  /** Every filter is optional; sortBy transactionDate (default), functionalAmount, merchantName or status; sortDir desc by default. */
  listLedgerEvents: Maybe<LedgerEventPage>;
  getLedgerEvent: Maybe<LedgerEvent>;
  /** The organizations the caller may use: an API key's own, or a person's memberships. */
  myOrganizations: Maybe<Array<Organization>>;
  /**
   * Every organization of the signed-in person (JWT only), the ones with most waiting for review
   * first, then the oldest waiting, then by name.
   */
  practiceOverview: Array<PracticeOrganization>;
  /** search matches the vendor name. sortBy: uploadedAt (default, desc), receiptDate, vendorName or amount. */
  listReceipts: Maybe<ReceiptPage>;
  reconciliation: Maybe<Reconciliation>;
  /** Newest first. */
  listReconciliations: Maybe<ReconciliationPage>;
  /** The organization's templates, oldest first (limit at most 200, default 25). */
  listRecurringTemplates: Maybe<RecurringTemplatePage>;
  /** Defaults: startDate the first of the current month, endDate today (UTC). */
  dashboardSummary: Maybe<DashboardSummary>;
  /** Same defaults as dashboardSummary. */
  incomeStatement: Maybe<IncomeStatement>;
  /** Every account. */
  accountBalances: Maybe<Array<AccountBalance>>;
  /** Balances of every account with activity up to asOf (default today). */
  trialBalance: Maybe<TrialBalance>;
  balanceSheet: Maybe<BalanceSheet>;
  /** One account's lines in the period, oldest first, with the running balance. */
  generalLedger: Maybe<GeneralLedger>;
  /**
   * GIFI schedule 100 (the balance sheet at endDate, a fiscal year end; 3600 holds Retained
   * Earnings plus every earning up to it) or 125 (the income statement of the fiscal year ending
   * endDate), with CRA's total lines. Accounts with a balance and no GIFI code: GIFI_CODE_MISSING.
   */
  gifiSchedule: Maybe<GifiSchedule>;
  /** A sales tax return computed from the entries posted in the period; method defaults to the organization's. */
  salesTaxReturn: Maybe<SalesTaxReturn>;
  /** The lines of the books that make up one line of a return, in date order (limit at most 1000, default 100). */
  salesTaxReturnLineDetail: Maybe<TaxReturnLineItemPage>;
  /** Filed returns, the latest period first (limit at most 1000, default 100). */
  listSalesTaxReturns: Maybe<SalesTaxReturnPage>;
  /** GIFI codes; search matches code or name. sortBy: code (default) or name. */
  listTaxCodes: Maybe<TaxCodePage>;
  /** Canadian sales tax codes with their rates over time. sortBy: id (default) or name. */
  listSalesTaxCodes: Maybe<SalesTaxCodePage>;
  /** Owners and admins signed in as people. */
  listWebhookEndpoints: Maybe<Array<WebhookEndpoint>>;
  /** Owners and admins signed in as people. The newest event first. */
  listWebhookDeliveries: Maybe<WebhookDeliveryPage>;
};


export type QueryMyAccessArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListApiKeysArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListMembersArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListAccountsArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryEventsArgs = {
  organizationId: Scalars['UUID']['input'];
  after?: InputMaybe<Scalars['Int']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']>>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryAuditLogArgs = {
  organizationId: Scalars['UUID']['input'];
  entityId?: InputMaybe<Scalars['UUID']['input']>;
  entityType?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryListCsvImportProfilesArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
};


export type QueryListCategoryRulesArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryPreviewCategoryRuleArgs = {
  organizationId: Scalars['UUID']['input'];
  rule: CategoryRuleInput;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryListContactsArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryListExchangeRatesArgs = {
  organizationId: Scalars['UUID']['input'];
  currency?: InputMaybe<Scalars['String']['input']>;
  dateFrom?: InputMaybe<Scalars['Date']['input']>;
  dateTo?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryFiscalYearsArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListIntakeAddressesArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryInvoiceArgs = {
  organizationId: Scalars['UUID']['input'];
  invoiceId: Scalars['UUID']['input'];
};


export type QueryListInvoicesArgs = {
  organizationId: Scalars['UUID']['input'];
  kind?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Array<Scalars['String']['input']>>;
  contactId?: InputMaybe<Scalars['UUID']['input']>;
  dueBefore?: InputMaybe<Scalars['Date']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAgedReceivablesArgs = {
  organizationId: Scalars['UUID']['input'];
  asOf?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryAgedPayablesArgs = {
  organizationId: Scalars['UUID']['input'];
  asOf?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryContactStatementArgs = {
  organizationId: Scalars['UUID']['input'];
  contactId: Scalars['UUID']['input'];
  startDate: Scalars['Date']['input'];
  endDate: Scalars['Date']['input'];
};


export type QueryInvoiceMatchesArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
};


export type QueryJournalEntryArgs = {
  organizationId: Scalars['UUID']['input'];
  journalEntryId: Scalars['UUID']['input'];
};


export type QueryListJournalEntriesArgs = {
  organizationId: Scalars['UUID']['input'];
  dateFrom?: InputMaybe<Scalars['Date']['input']>;
  dateTo?: InputMaybe<Scalars['Date']['input']>;
  sources?: InputMaybe<Array<Scalars['String']['input']>>;
  accountId?: InputMaybe<Scalars['UUID']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryListLedgerEventsArgs = {
  organizationId: Scalars['UUID']['input'];
  status?: InputMaybe<Array<Scalars['String']['input']>>;
  hasDocument?: InputMaybe<Scalars['Boolean']['input']>;
  sinceDays?: InputMaybe<Scalars['Int']['input']>;
  dateFrom?: InputMaybe<Scalars['String']['input']>;
  dateTo?: InputMaybe<Scalars['String']['input']>;
  amountMin?: InputMaybe<Scalars['String']['input']>;
  amountMax?: InputMaybe<Scalars['String']['input']>;
  accountIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
  categoryIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
  search?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryGetLedgerEventArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
};


export type QueryListReceiptsArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  source?: InputMaybe<Scalars['String']['input']>;
  extractionFailed?: InputMaybe<Scalars['Boolean']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryReconciliationArgs = {
  organizationId: Scalars['UUID']['input'];
  reconciliationId: Scalars['UUID']['input'];
};


export type QueryListReconciliationsArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryListRecurringTemplatesArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryDashboardSummaryArgs = {
  organizationId: Scalars['UUID']['input'];
  startDate?: InputMaybe<Scalars['Date']['input']>;
  endDate?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryIncomeStatementArgs = {
  organizationId: Scalars['UUID']['input'];
  startDate?: InputMaybe<Scalars['Date']['input']>;
  endDate?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryAccountBalancesArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryTrialBalanceArgs = {
  organizationId: Scalars['UUID']['input'];
  asOf?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryBalanceSheetArgs = {
  organizationId: Scalars['UUID']['input'];
  asOf?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryGeneralLedgerArgs = {
  organizationId: Scalars['UUID']['input'];
  accountId: Scalars['UUID']['input'];
  startDate?: InputMaybe<Scalars['Date']['input']>;
  endDate?: InputMaybe<Scalars['Date']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryGifiScheduleArgs = {
  organizationId: Scalars['UUID']['input'];
  endDate: Scalars['Date']['input'];
  schedule: Scalars['Int']['input'];
};


export type QuerySalesTaxReturnArgs = {
  organizationId: Scalars['UUID']['input'];
  startDate: Scalars['Date']['input'];
  endDate: Scalars['Date']['input'];
  jurisdiction?: InputMaybe<Scalars['String']['input']>;
  method?: InputMaybe<Scalars['String']['input']>;
};


export type QuerySalesTaxReturnLineDetailArgs = {
  organizationId: Scalars['UUID']['input'];
  startDate: Scalars['Date']['input'];
  endDate: Scalars['Date']['input'];
  jurisdiction?: InputMaybe<Scalars['String']['input']>;
  line: Scalars['String']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryListSalesTaxReturnsArgs = {
  organizationId: Scalars['UUID']['input'];
  jurisdiction?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryListTaxCodesArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryListSalesTaxCodesArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<Scalars['String']['input']>;
  sortDir?: InputMaybe<Scalars['String']['input']>;
};


export type QueryListWebhookEndpointsArgs = {
  organizationId: Scalars['UUID']['input'];
};


export type QueryListWebhookDeliveriesArgs = {
  organizationId: Scalars['UUID']['input'];
  endpointId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  tokenAuth: Maybe<TokenAuthPayload>;
  /** scopes limit the key to some of its rights (INVALID_SCOPE for an unknown one or an empty list); without them it keeps every right a key has. */
  createApiKey: Maybe<CreateApiKeyPayload>;
  revokeApiKey: Maybe<MutationResult>;
  addMember: Maybe<AddMemberPayload>;
  /** Gives a member another role; only an owner makes an owner or changes one, and the last owner stays one (LAST_OWNER). */
  updateMemberRole: Maybe<AddMemberPayload>;
  removeMember: Maybe<MutationResult>;
  /** Give taxCodeId (a GIFI code from listTaxCodes), or accountType and classification. */
  createAccount: Maybe<CreateAccountPayload>;
  /** Up to 500 accounts; each failing item is reported by index and the others are kept. */
  batchCreateAccounts: Maybe<BatchCreatePayload>;
  /** Imports a statement file sent to POST /uploads. Rows go through importBankStatement's duplicate check and import; a dry run writes nothing. */
  importBankStatementFile: Maybe<BankFileImportPayload>;
  createCsvImportProfile: Maybe<CsvImportProfilePayload>;
  /** Replaces the profile's settings; it stays on its payment account. */
  updateCsvImportProfile: Maybe<CsvImportProfilePayload>;
  deleteCsvImportProfile: Maybe<MutationResult>;
  /** Answers exactly what importBankStatement would do with the same rows. */
  checkBankStatementDups: Maybe<CheckBankStatementDupsPayload>;
  /** All or nothing: one needs_review event per row that is not a duplicate; at most 10,000 rows. */
  importBankStatement: Maybe<ImportBankStatementPayload>;
  /** When several rules match, the lowest priority wins; at equal priority the most specific (most literal characters), then the oldest. At least one condition (vendorPattern or conditions) and one action (categoryId or lines). */
  createCategoryRule: Maybe<CategoryRulePayload>;
  /** What is given replaces what the rule had: categoryId replaces lines and lines replace categoryId; a null taxCode or contactId removes it, an empty list of conditions or accounts empties it. */
  updateCategoryRule: Maybe<CategoryRulePayload>;
  /** Classifies with this rule the events in needs_review without a category that it matches. */
  applyCategoryRule: Maybe<ApplyCategoryRulePayload>;
  deleteCategoryRule: Maybe<MutationResult>;
  createContact: Maybe<CreateContactPayload>;
  /** Changes the fields given and keeps the others; the name stays unique within the contact type. */
  updateContact: Maybe<UpdateContactPayload>;
  /** Up to 500 contacts; each failing item is reported by index and the others are kept. */
  batchCreateContacts: Maybe<BatchCreatePayload>;
  /** Adds daily rates or replaces a day's rate; all or nothing, at most 10,000 (owner, admin or API key). */
  setExchangeRates: Maybe<SetExchangeRatesPayload>;
  /**
   * Closes every fiscal year through the one ending endDate (owner, admin or accountant): nothing dated on or
   * before it can be written by anyone, and lockDate moves to endDate when earlier.
   */
  closeFiscalYear: Maybe<FiscalYearPayload>;
  /** Reopens the last closed fiscal year (owner only), recorded in the audit trail with its reason. */
  reopenFiscalYear: Maybe<FiscalYearPayload>;
  /** Owner, admin or API key. Addresses are unique across every organization. */
  createIntakeAddress: Maybe<IntakeAddressPayload>;
  /** Mail and messages to the address stop reaching the organization; the address can be created again. */
  deleteIntakeAddress: Maybe<MutationResult>;
  /** A draft document; invoices and credit notes are numbered when number is omitted. */
  createInvoice: Maybe<InvoicePayload>;
  /** Replaces a draft's fields and lines (drafts only; the kind stays). */
  updateInvoice: Maybe<InvoicePayload>;
  /** Draft to open: posts the document on its issue date, tagged with its contact and for the sales tax return. */
  approveInvoice: Maybe<InvoicePayload>;
  /** Reverses an open document that nothing has settled (on its own date); a draft is voided without an entry. */
  voidInvoice: Maybe<InvoicePayload>;
  /**
   * Posts a payment (Dr bank / Cr Accounts Receivable for an invoice, Dr Accounts Payable / Cr bank for a bill;
   * a credit note's refund the other way) and moves amountPaid, amountDue and status.
   */
  recordInvoicePayment: Maybe<InvoicePayload>;
  /** Sets part of a credit note against an open invoice of the same contact (a vendor credit against a bill); answers the invoice. */
  applyCreditNote: Maybe<InvoicePayload>;
  /**
   * Part or all of a bank line in the review queue applied to an open document (again: the amount changes). When the
   * line is confirmed it credits Accounts Receivable (or debits Accounts Payable) for it, tagged with the document's
   * contact, instead of its category, and the document is paid; rejecting the line takes the payment back. Answers
   * the document.
   */
  applyLedgerEventToInvoice: Maybe<InvoicePayload>;
  /**
   * A draft bill from what was read on a receipt: its vendor (the contact given, else the active vendor with the
   * business number it prints or whose name it prints), its date (else the day it arrived), and one line of its total
   * less the tax read, with the tax code that gives that tax (else the whole total, untaxed). The line's account is
   * the one given, else the category of the rule that matches the vendor's name, else that of the vendor's latest
   * bill. Numbered R- and the end of the receipt's id; a receipt makes one bill.
   */
  createBillFromReceipt: Maybe<InvoicePayload>;
  /**
   * A balanced entry of 2 to 500 lines, posted at once (no review queue). With reverseOn, its
   * reversal is posted on that date too (an accrual).
   */
  createJournalEntry: Maybe<JournalEntryPayload>;
  /** The mirror image of a manual entry, dated date; the payload holds the reversing entry. */
  reverseJournalEntry: Maybe<JournalEntryPayload>;
  /**
   * The opening balances (owner, admin or accountant): one entry dated date; a second call reverses the first
   * and posts the new one. What the lines leave unbalanced goes to "Opening Balance Equity".
   */
  setOpeningBalances: Maybe<JournalEntryPayload>;
  createLedgerEvent: Maybe<CreateLedgerEventPayload>;
  /** Only events in needs_review or pending. */
  updateLedgerEvent: Maybe<LedgerEventPayload>;
  /** Classify: category, payment account, tax. taxCode alone computes the tax included in the amount. */
  updateStagedEntry: Maybe<LedgerEventPayload>;
  /** Posts the journal entry; needs a category and a payment account. */
  confirmLedgerEvent: Maybe<ConfirmLedgerEventPayload>;
  /** Up to 500 events, each confirmed as confirmLedgerEvent would confirm it: one refused leaves the others confirmed. An id given twice is confirmed once. */
  confirmLedgerEvents: Maybe<ConfirmLedgerEventsPayload>;
  /** Any event becomes ignored; a confirmed one is reversed. */
  rejectLedgerEvent: Maybe<RejectLedgerEventPayload>;
  /** Moves confirmed events to synced, for clients that push the books to another system. */
  markLedgerEventsSynced: Maybe<MarkSyncedPayload>;
  /** Creates an organization owned by the signed-in person (JWT only). */
  createOrganization: Maybe<CreateOrganizationPayload>;
  /** Changes the functional currency while nothing is posted (owner or admin). */
  setFunctionalCurrency: Maybe<CreateOrganizationPayload>;
  /**
   * Changes the profile fields given and keeps the others; null clears businessNumber, province,
   * salesTaxFrequency and quickMethodRate (owner, admin or accountant).
   */
  updateOrganizationProfile: Maybe<UpdateOrganizationProfilePayload>;
  /** Closes the books through lockDate, or reopens them with null (owner, admin or accountant). */
  setLockDate: Maybe<SetLockDatePayload>;
  /**
   * An owner, admin or accountant, signed in. Imports a Stripe balance CSV (the balance history export or
   * an itemized balance report) into the Stripe balance account: one run, all or nothing. Events
   * are posted as imported; review: true leaves them classified in needs_review instead.
   */
  importProcessorBalance: Maybe<ImportProcessorBalancePayload>;
  /**
   * Admin. Deletes the events of one import batch, or of every processor import when batchId is
   * omitted; posted events are reversed first, so the books stay balanced.
   */
  deleteProcessorImports: Maybe<DeleteProcessorImportsPayload>;
  /** Attaches an uploaded file (POST /uploads) or a received receipt to an event. */
  attachReceiptToEvent: Maybe<AttachReceiptPayload>;
  /** Corrects what extraction read; a draft becomes processed and is matched again. */
  updateReceipt: Maybe<ReceiptPayload>;
  rejectReceipt: Maybe<ReceiptPayload>;
  /** One open reconciliation per payment account; it opens where the last finished one closed. statementBalance in the functional currency's minor units; a statementDate on or before the lock date is PERIOD_LOCKED. */
  startReconciliation: Maybe<ReconciliationPayload>;
  /**
   * Started from the closing balance a statement file states, on the day it states it (OFX LEDGERBAL,
   * camt.053 CLBD, MT940 :62F:; QIF and CSV files state none: NO_CLOSING_BALANCE). The account's
   * posted events that the file's rows are, by the duplicate rule of imports, start cleared.
   */
  startReconciliationFromStatementFile: Maybe<ReconciliationPayload>;
  /** Only posted (confirmed or synced) events of the account dated on or before statementDate; at most 500 per call. */
  setReconciliationCleared: Maybe<ReconciliationPayload>;
  /** With difference zero, or with adjustmentAccountId (a balanced entry for the difference is posted on statementDate, in the functional currency). Cleared events become reconciled. PERIOD_LOCKED once statementDate is on or before the lock date. */
  finishReconciliation: Maybe<ReconciliationPayload>;
  /** The last finished reconciliation of its account only, while no later one is open (RECONCILIATION_NOT_LAST); owner, admin or accountant. Events go back to their status; an adjustment is reversed. PERIOD_LOCKED when statementDate is on or before the lock date. */
  undoReconciliation: Maybe<ReconciliationPayload>;
  /** An open reconciliation only; owner, admin or accountant. Nothing was posted and no event moved, so nothing goes back; the account can start another. Allowed in a closed period. */
  cancelReconciliation: Maybe<ReconciliationPayload>;
  /**
   * A template, its payload checked as its module checks a new one (accounts, balance, contact,
   * the lock date of its first date). Nothing is made until its dates come.
   */
  createRecurringTemplate: Maybe<RecurringTemplatePayload>;
  /** The template replaced by the input; dates already made or refused are never made again. */
  updateRecurringTemplate: Maybe<RecurringTemplatePayload>;
  /** No date is made while paused; resuming catches up the dates missed meanwhile, in order. */
  pauseRecurringTemplate: Maybe<RecurringTemplatePayload>;
  resumeRecurringTemplate: Maybe<RecurringTemplatePayload>;
  /** The template goes; what it already made stays, still naming it. */
  deleteRecurringTemplate: Maybe<RecurringTemplatePayload>;
  /**
   * Files the return as it stands (owner, admin or accountant): keeps its lines, posts the clearing entry dated
   * endDate to Sales Tax Owing (and Quick Method Gain), and moves lockDate to endDate when earlier.
   */
  fileSalesTaxReturn: Maybe<FileSalesTaxReturnPayload>;
  /**
   * Owners and admins signed in as people. url: https (http only where the operator allows it), to
   * a host that is not private or loopback. eventTypes: feed types; null or empty for all. The
   * endpoint is sent the events that happen from now on.
   */
  createWebhookEndpoint: Maybe<WebhookEndpointPayload>;
  /** Owners and admins signed in as people. Omitted arguments stay as they are; eventTypes: [] sends every type. */
  updateWebhookEndpoint: Maybe<WebhookEndpointPayload>;
  /** Owners and admins signed in as people. Its deliveries go with it. */
  deleteWebhookEndpoint: Maybe<MutationResult>;
  /** Owners and admins signed in as people. The old secret signs beside the new one for 24 hours. */
  rotateWebhookSecret: Maybe<WebhookEndpointPayload>;
  /** Owners and admins signed in as people. Sends an event this endpoint was sent once more, with the same webhook-id. */
  redeliverWebhookEvent: Maybe<WebhookDeliveryPayload>;
};


export type MutationTokenAuthArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationCreateApiKeyArgs = {
  organizationId: Scalars['UUID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type MutationRevokeApiKeyArgs = {
  organizationId: Scalars['UUID']['input'];
  apiKeyId: Scalars['UUID']['input'];
};


export type MutationAddMemberArgs = {
  organizationId: Scalars['UUID']['input'];
  email: Scalars['String']['input'];
  role: Scalars['String']['input'];
};


export type MutationUpdateMemberRoleArgs = {
  organizationId: Scalars['UUID']['input'];
  userId: Scalars['UUID']['input'];
  role: Scalars['String']['input'];
};


export type MutationRemoveMemberArgs = {
  organizationId: Scalars['UUID']['input'];
  userId: Scalars['UUID']['input'];
};


export type MutationCreateAccountArgs = {
  organizationId: Scalars['UUID']['input'];
  name: Scalars['String']['input'];
  taxCodeId?: InputMaybe<Scalars['UUID']['input']>;
  accountType?: InputMaybe<Scalars['String']['input']>;
  classification?: InputMaybe<Scalars['String']['input']>;
  subType?: InputMaybe<Scalars['String']['input']>;
  lastFour?: InputMaybe<Scalars['String']['input']>;
  parentId?: InputMaybe<Scalars['UUID']['input']>;
};


export type MutationBatchCreateAccountsArgs = {
  organizationId: Scalars['UUID']['input'];
  items: Array<AccountInput>;
};


export type MutationImportBankStatementFileArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
  s3Key: Scalars['String']['input'];
  format?: InputMaybe<BankFileFormat>;
  csvProfileId?: InputMaybe<Scalars['UUID']['input']>;
  dateFormat?: InputMaybe<Scalars['String']['input']>;
  dryRun?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationCreateCsvImportProfileArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
  profile: CsvImportProfileInput;
};


export type MutationUpdateCsvImportProfileArgs = {
  organizationId: Scalars['UUID']['input'];
  profileId: Scalars['UUID']['input'];
  profile: CsvImportProfileInput;
};


export type MutationDeleteCsvImportProfileArgs = {
  organizationId: Scalars['UUID']['input'];
  profileId: Scalars['UUID']['input'];
};


export type MutationCheckBankStatementDupsArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
  rows: Array<BankStatementRowInput>;
  currency?: InputMaybe<Scalars['String']['input']>;
};


export type MutationImportBankStatementArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
  currency?: InputMaybe<Scalars['String']['input']>;
  rows: Array<BankStatementRowInput>;
  exchangeRate?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateCategoryRuleArgs = {
  organizationId: Scalars['UUID']['input'];
  vendorPattern?: InputMaybe<Scalars['String']['input']>;
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  conditions?: InputMaybe<Array<RuleConditionInput>>;
  conditionMatch?: InputMaybe<Scalars['String']['input']>;
  priority?: InputMaybe<Scalars['Int']['input']>;
  paymentAccountIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
  taxCode?: InputMaybe<Scalars['String']['input']>;
  contactId?: InputMaybe<Scalars['UUID']['input']>;
  lines?: InputMaybe<Array<RuleLineInput>>;
};


export type MutationUpdateCategoryRuleArgs = {
  organizationId: Scalars['UUID']['input'];
  ruleId: Scalars['UUID']['input'];
  vendorPattern?: InputMaybe<Scalars['String']['input']>;
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  conditions?: InputMaybe<Array<RuleConditionInput>>;
  conditionMatch?: InputMaybe<Scalars['String']['input']>;
  priority?: InputMaybe<Scalars['Int']['input']>;
  paymentAccountIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
  taxCode?: InputMaybe<Scalars['String']['input']>;
  contactId?: InputMaybe<Scalars['UUID']['input']>;
  lines?: InputMaybe<Array<RuleLineInput>>;
};


export type MutationApplyCategoryRuleArgs = {
  organizationId: Scalars['UUID']['input'];
  ruleId: Scalars['UUID']['input'];
};


export type MutationDeleteCategoryRuleArgs = {
  organizationId: Scalars['UUID']['input'];
  ruleId: Scalars['UUID']['input'];
};


export type MutationCreateContactArgs = {
  organizationId: Scalars['UUID']['input'];
  contactType: Scalars['String']['input'];
  displayName: Scalars['String']['input'];
  email?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
  businessNumber?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUpdateContactArgs = {
  organizationId: Scalars['UUID']['input'];
  contactId: Scalars['UUID']['input'];
  contactType?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
  businessNumber?: InputMaybe<Scalars['String']['input']>;
  active?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationBatchCreateContactsArgs = {
  organizationId: Scalars['UUID']['input'];
  items: Array<ContactInput>;
};


export type MutationSetExchangeRatesArgs = {
  organizationId: Scalars['UUID']['input'];
  rates: Array<ExchangeRateInput>;
};


export type MutationCloseFiscalYearArgs = {
  organizationId: Scalars['UUID']['input'];
  endDate: Scalars['Date']['input'];
};


export type MutationReopenFiscalYearArgs = {
  organizationId: Scalars['UUID']['input'];
  endDate: Scalars['Date']['input'];
  reason: Scalars['String']['input'];
};


export type MutationCreateIntakeAddressArgs = {
  organizationId: Scalars['UUID']['input'];
  addressType: Scalars['String']['input'];
  address: Scalars['String']['input'];
  label?: InputMaybe<Scalars['String']['input']>;
};


export type MutationDeleteIntakeAddressArgs = {
  organizationId: Scalars['UUID']['input'];
  intakeAddressId: Scalars['UUID']['input'];
};


export type MutationCreateInvoiceArgs = {
  organizationId: Scalars['UUID']['input'];
  input: InvoiceInput;
};


export type MutationUpdateInvoiceArgs = {
  organizationId: Scalars['UUID']['input'];
  invoiceId: Scalars['UUID']['input'];
  input: InvoiceInput;
};


export type MutationApproveInvoiceArgs = {
  organizationId: Scalars['UUID']['input'];
  invoiceId: Scalars['UUID']['input'];
};


export type MutationVoidInvoiceArgs = {
  organizationId: Scalars['UUID']['input'];
  invoiceId: Scalars['UUID']['input'];
};


export type MutationRecordInvoicePaymentArgs = {
  organizationId: Scalars['UUID']['input'];
  invoiceId: Scalars['UUID']['input'];
  amount: Scalars['String']['input'];
  date: Scalars['Date']['input'];
  paymentAccountId: Scalars['UUID']['input'];
};


export type MutationApplyCreditNoteArgs = {
  organizationId: Scalars['UUID']['input'];
  creditNoteId: Scalars['UUID']['input'];
  invoiceId: Scalars['UUID']['input'];
  amount: Scalars['String']['input'];
};


export type MutationApplyLedgerEventToInvoiceArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
  invoiceId: Scalars['UUID']['input'];
  amount: Scalars['String']['input'];
};


export type MutationCreateBillFromReceiptArgs = {
  organizationId: Scalars['UUID']['input'];
  receiptId: Scalars['UUID']['input'];
  contactId?: InputMaybe<Scalars['UUID']['input']>;
  accountId?: InputMaybe<Scalars['UUID']['input']>;
};


export type MutationCreateJournalEntryArgs = {
  organizationId: Scalars['UUID']['input'];
  date: Scalars['Date']['input'];
  memo?: InputMaybe<Scalars['String']['input']>;
  reference?: InputMaybe<Scalars['String']['input']>;
  lines: Array<JournalLineInput>;
  reverseOn?: InputMaybe<Scalars['Date']['input']>;
};


export type MutationReverseJournalEntryArgs = {
  organizationId: Scalars['UUID']['input'];
  journalEntryId: Scalars['UUID']['input'];
  date: Scalars['Date']['input'];
};


export type MutationSetOpeningBalancesArgs = {
  organizationId: Scalars['UUID']['input'];
  date: Scalars['Date']['input'];
  lines: Array<JournalLineInput>;
};


export type MutationCreateLedgerEventArgs = {
  organizationId: Scalars['UUID']['input'];
  merchantName: Scalars['String']['input'];
  amount: Scalars['String']['input'];
  transactionDate: Scalars['String']['input'];
  eventType?: InputMaybe<Scalars['String']['input']>;
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  paymentAccountId?: InputMaybe<Scalars['UUID']['input']>;
  contactId?: InputMaybe<Scalars['UUID']['input']>;
  memo?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
  exchangeRate?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUpdateLedgerEventArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
  transactionDate?: InputMaybe<Scalars['String']['input']>;
  memo?: InputMaybe<Scalars['String']['input']>;
  amount?: InputMaybe<Scalars['String']['input']>;
  eventType?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<Scalars['String']['input']>;
  exchangeRate?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUpdateStagedEntryArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  paymentId?: InputMaybe<Scalars['UUID']['input']>;
  taxAmount?: InputMaybe<Scalars['String']['input']>;
  taxAccountId?: InputMaybe<Scalars['UUID']['input']>;
  taxCode?: InputMaybe<Scalars['String']['input']>;
  contactId?: InputMaybe<Scalars['UUID']['input']>;
  splitAmount?: InputMaybe<Scalars['String']['input']>;
  splitAccountId?: InputMaybe<Scalars['UUID']['input']>;
  lines?: InputMaybe<Array<EntryLineInput>>;
};


export type MutationConfirmLedgerEventArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
};


export type MutationConfirmLedgerEventsArgs = {
  organizationId: Scalars['UUID']['input'];
  eventIds: Array<Scalars['UUID']['input']>;
};


export type MutationRejectLedgerEventArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
};


export type MutationMarkLedgerEventsSyncedArgs = {
  organizationId: Scalars['UUID']['input'];
  eventIds: Array<Scalars['UUID']['input']>;
};


export type MutationCreateOrganizationArgs = {
  name: Scalars['String']['input'];
  functionalCurrency?: InputMaybe<Scalars['String']['input']>;
};


export type MutationSetFunctionalCurrencyArgs = {
  organizationId: Scalars['UUID']['input'];
  functionalCurrency: Scalars['String']['input'];
};


export type MutationUpdateOrganizationProfileArgs = {
  organizationId: Scalars['UUID']['input'];
  fiscalYearEnd?: InputMaybe<Scalars['String']['input']>;
  businessNumber?: InputMaybe<Scalars['String']['input']>;
  province?: InputMaybe<Scalars['String']['input']>;
  salesTaxFrequency?: InputMaybe<Scalars['String']['input']>;
  salesTaxMethod?: InputMaybe<Scalars['String']['input']>;
  quickMethodRate?: InputMaybe<Scalars['String']['input']>;
};


export type MutationSetLockDateArgs = {
  organizationId: Scalars['UUID']['input'];
  lockDate?: InputMaybe<Scalars['Date']['input']>;
};


export type MutationImportProcessorBalanceArgs = {
  organizationId: Scalars['UUID']['input'];
  csv: Scalars['String']['input'];
  dryRun?: InputMaybe<Scalars['Boolean']['input']>;
  review?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationDeleteProcessorImportsArgs = {
  organizationId: Scalars['UUID']['input'];
  batchId?: InputMaybe<Scalars['String']['input']>;
  dryRun?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationAttachReceiptToEventArgs = {
  organizationId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
  s3Key: Scalars['String']['input'];
  filename?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUpdateReceiptArgs = {
  organizationId: Scalars['UUID']['input'];
  receiptId: Scalars['UUID']['input'];
  vendorName?: InputMaybe<Scalars['String']['input']>;
  amount?: InputMaybe<Scalars['String']['input']>;
  receiptDate?: InputMaybe<Scalars['String']['input']>;
};


export type MutationRejectReceiptArgs = {
  organizationId: Scalars['UUID']['input'];
  receiptId: Scalars['UUID']['input'];
};


export type MutationStartReconciliationArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
  statementDate: Scalars['Date']['input'];
  statementBalance: Scalars['String']['input'];
};


export type MutationStartReconciliationFromStatementFileArgs = {
  organizationId: Scalars['UUID']['input'];
  paymentAccountId: Scalars['UUID']['input'];
  s3Key: Scalars['String']['input'];
  format?: InputMaybe<BankFileFormat>;
};


export type MutationSetReconciliationClearedArgs = {
  organizationId: Scalars['UUID']['input'];
  reconciliationId: Scalars['UUID']['input'];
  eventIds: Array<Scalars['UUID']['input']>;
  cleared: Scalars['Boolean']['input'];
};


export type MutationFinishReconciliationArgs = {
  organizationId: Scalars['UUID']['input'];
  reconciliationId: Scalars['UUID']['input'];
  adjustmentAccountId?: InputMaybe<Scalars['UUID']['input']>;
};


export type MutationUndoReconciliationArgs = {
  organizationId: Scalars['UUID']['input'];
  reconciliationId: Scalars['UUID']['input'];
  reason: Scalars['String']['input'];
};


export type MutationCancelReconciliationArgs = {
  organizationId: Scalars['UUID']['input'];
  reconciliationId: Scalars['UUID']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateRecurringTemplateArgs = {
  organizationId: Scalars['UUID']['input'];
  input: RecurringTemplateInput;
};


export type MutationUpdateRecurringTemplateArgs = {
  organizationId: Scalars['UUID']['input'];
  templateId: Scalars['UUID']['input'];
  input: RecurringTemplateInput;
};


export type MutationPauseRecurringTemplateArgs = {
  organizationId: Scalars['UUID']['input'];
  templateId: Scalars['UUID']['input'];
};


export type MutationResumeRecurringTemplateArgs = {
  organizationId: Scalars['UUID']['input'];
  templateId: Scalars['UUID']['input'];
};


export type MutationDeleteRecurringTemplateArgs = {
  organizationId: Scalars['UUID']['input'];
  templateId: Scalars['UUID']['input'];
};


export type MutationFileSalesTaxReturnArgs = {
  organizationId: Scalars['UUID']['input'];
  startDate: Scalars['Date']['input'];
  endDate: Scalars['Date']['input'];
  jurisdiction?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateWebhookEndpointArgs = {
  organizationId: Scalars['UUID']['input'];
  url: Scalars['String']['input'];
  eventTypes?: InputMaybe<Array<Scalars['String']['input']>>;
  description?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUpdateWebhookEndpointArgs = {
  organizationId: Scalars['UUID']['input'];
  endpointId: Scalars['UUID']['input'];
  url?: InputMaybe<Scalars['String']['input']>;
  eventTypes?: InputMaybe<Array<Scalars['String']['input']>>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationDeleteWebhookEndpointArgs = {
  organizationId: Scalars['UUID']['input'];
  endpointId: Scalars['UUID']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  organizationId: Scalars['UUID']['input'];
  endpointId: Scalars['UUID']['input'];
};


export type MutationRedeliverWebhookEventArgs = {
  organizationId: Scalars['UUID']['input'];
  endpointId: Scalars['UUID']['input'];
  eventId: Scalars['UUID']['input'];
};

/** The outcome of a mutation that returns nothing else. errorCode is stable; error is for people. */
export type MutationResult = {
  __typename?: 'MutationResult';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type TokenAuthPayload = {
  __typename?: 'TokenAuthPayload';
  /** A JWT for the Authorization header (JWT <token>), valid for 24 hours. */
  token: Scalars['String']['output'];
};

export type ApiKey = {
  __typename?: 'ApiKey';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  /** The first characters of the key, enough to recognise it; the key itself is never shown again. */
  prefix: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  lastUsedAt: Maybe<Scalars['String']['output']>;
  revokedAt: Maybe<Scalars['String']['output']>;
  /** What the key may do: read, write, bank_import, receipts, events. A key made without scopes has them all. */
  scopes: Array<Scalars['String']['output']>;
};

export type CreateApiKeyPayload = {
  __typename?: 'CreateApiKeyPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  /** The full key, shown in this answer only. */
  key: Maybe<Scalars['String']['output']>;
  apiKey: Maybe<ApiKey>;
};

export type Member = {
  __typename?: 'Member';
  userId: Scalars['UUID']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** owner, admin, member, accountant or viewer. */
  role: Scalars['String']['output'];
};

export type AddMemberPayload = {
  __typename?: 'AddMemberPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  member: Maybe<Member>;
};

/** What the caller may do in one organization: a person's role, or an API key's scopes. */
export type MyAccess = {
  __typename?: 'MyAccess';
  /** owner, admin, member, accountant or viewer; null for an API key. */
  role: Maybe<Scalars['String']['output']>;
  /** An API key's scopes (every one for a key made without them); null for a person. */
  scopes: Maybe<Array<Scalars['String']['output']>>;
};

export type Account = {
  __typename?: 'Account';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  /** bank, credit_card, accounts_receivable, other_current_asset, fixed_asset, other_asset, accounts_payable, other_current_liability, long_term_liability, equity, income, other_income, cost_of_goods_sold, expense, other_expense */
  accountType: Scalars['String']['output'];
  /** asset, liability, equity, revenue or expense */
  classification: Scalars['String']['output'];
  /** Empty string when unset. */
  subType: Scalars['String']['output'];
  /** Natural balance of every posted line (debit-natural for assets and expenses), in the functional currency. */
  currentBalance: Scalars['Float']['output'];
  active: Scalars['Boolean']['output'];
  taxCode: Maybe<TaxCode>;
  lastFour: Maybe<Scalars['String']['output']>;
  parentId: Maybe<Scalars['UUID']['output']>;
  /** Owners, admins and accountants signed in as people: this account's audit records, newest first. */
  history: Maybe<AuditRecordPage>;
};


export type AccountHistoryArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};

export type AccountPage = {
  __typename?: 'AccountPage';
  items: Array<Account>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type AccountInput = {
  name: Scalars['String']['input'];
  accountType: Scalars['String']['input'];
  classification: Scalars['String']['input'];
  subType?: InputMaybe<Scalars['String']['input']>;
  parentId?: InputMaybe<Scalars['UUID']['input']>;
  /** Last 4 digits of the card or bank account, used to match payments. */
  lastFour?: InputMaybe<Scalars['String']['input']>;
};

export type CreateAccountPayload = {
  __typename?: 'CreateAccountPayload';
  account: Maybe<Account>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type BatchItemError = {
  __typename?: 'BatchItemError';
  index: Scalars['Int']['output'];
  error: Scalars['String']['output'];
  errorCode: Scalars['String']['output'];
  /** The item's field the refusal is about, when one is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/** success is false only when the whole call was refused (more than 500 items); item failures are in errors. */
export type BatchCreatePayload = {
  __typename?: 'BatchCreatePayload';
  created: Scalars['Int']['output'];
  errors: Array<BatchItemError>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/** One change to the books or the organization's settings, sealed into the organization's hash chain. */
export type AuditRecord = {
  __typename?: 'AuditRecord';
  /** 1 for the organization's first record, then one more for each, with no gaps. */
  seq: Scalars['Int']['output'];
  at: Scalars['String']['output'];
  /** user, api_key, operator or system */
  actorType: Scalars['String']['output'];
  /** The user's or the API key's id; null for the operator and the system. */
  actorId: Maybe<Scalars['UUID']['output']>;
  /** What was done, as entity.verb: ledger_event.confirmed, account.created, organization.lock_date_changed ... */
  operation: Scalars['String']['output'];
  entityType: Scalars['String']['output'];
  entityId: Scalars['UUID']['output'];
  /** The entity's fields before and after the change, as JSON text; null where it did not exist. */
  before: Maybe<Scalars['String']['output']>;
  after: Maybe<Scalars['String']['output']>;
  /** HMAC-SHA-256 (hex), under the organization's own key, of this record, its place in the chain and the feed, and the hash of the one before it. */
  hash: Scalars['String']['output'];
};

export type AuditRecordPage = {
  __typename?: 'AuditRecordPage';
  items: Array<AuditRecord>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

/**
 * One business fact of an organization, as the event feed and webhooks tell it (DESIGN 7.5): the
 * audit trail's public part, numbered without gaps in the order the books took the changes.
 */
export type DaybookEvent = {
  __typename?: 'DaybookEvent';
  /** The event's id: the same in the feed, in every webhook delivery (webhook-id) and in auditLog. */
  id: Scalars['UUID']['output'];
  /** 1 for the organization's first event, then one more for each, with no gaps. */
  seq: Scalars['Int']['output'];
  /** ledger_event.created|updated|classified|confirmed|rejected|synced|reconciled, bank_import.completed, receipt.received|extracted|matched|failed, account.created|updated, contact.created|updated, reconciliation.finished|undone|cancelled, organization.lock_date_changed|profile_changed, sales_tax_return.filed, journal_entry.created|reversed (entries of no event), fiscal_year.closed|reopened, invoice.created|approved|paid|voided, payment.recorded, webhook_endpoint.disabled */
  type: Scalars['String']['output'];
  occurredAt: Scalars['String']['output'];
  /** user, api_key, operator or system */
  actorType: Scalars['String']['output'];
  actorId: Maybe<Scalars['UUID']['output']>;
  /** The object the event is about. */
  entityId: Scalars['UUID']['output'];
  /** JSON text: {entityType, entityId, before, after}, the fields the change set (null where the object did not exist). */
  data: Scalars['String']['output'];
};

export type DaybookEventPage = {
  __typename?: 'DaybookEventPage';
  items: Array<DaybookEvent>;
  /** Where the next call starts (after: lastSeq): the last event of a full page, else the feed's last number. */
  lastSeq: Scalars['Int']['output'];
  /** The audit chain's head as this page was read: kept outside Daybook, it shows later that the trail was not cut short. */
  auditHead: AuditChainHead;
};

/** The newest record of an organization's audit chain: its seq (0 before the first) and its hash (empty before the first). */
export type AuditChainHead = {
  __typename?: 'AuditChainHead';
  seq: Scalars['Int']['output'];
  hash: Scalars['String']['output'];
};

/** A bank or card transaction on its way into the books. */
export type LedgerEvent = {
  __typename?: 'LedgerEvent';
  /** Owners, admins and accountants signed in as people: this event's audit records, newest first. */
  history: Maybe<AuditRecordPage>;
  /**
   * The documents this bank line pays: those it is applied to while it waits for review (applyLedgerEventToInvoice),
   * the payments it made once confirmed; empty when it pays none, and again when it is rejected.
   */
  appliedDocuments: Array<AppliedDocument>;
  id: Scalars['UUID']['output'];
  /** expense, income or transfer (refund comes from the payment-processor import) */
  eventType: Scalars['String']['output'];
  merchantName: Scalars['String']['output'];
  /** in: money into the payment account; out: money out of it. */
  direction: Scalars['String']['output'];
  /** The amount in the functional currency, a positive decimal string; while no rate is known for an event in another currency (exchangeRate null), its original amount. */
  functionalAmount: Scalars['String']['output'];
  /** The organization's functional currency. */
  functionalCurrency: Scalars['String']['output'];
  /** The amount as the bank or the client gave it, in originalCurrency. */
  originalAmount: Scalars['String']['output'];
  originalCurrency: Scalars['String']['output'];
  /** Functional units per original unit: the event's own, the one it was posted with, or the rate table's for its day; null in the functional currency or while no rate is known. */
  exchangeRate: Maybe<Scalars['String']['output']>;
  /** A second part of the amount booked to splitAccount (a loan repayment's interest, a purchase shared by two expenses); null when not split. */
  splitAmount: Maybe<Scalars['String']['output']>;
  splitAccount: Maybe<AccountRef>;
  transactionDate: Scalars['String']['output'];
  /** needs_review, confirmed, synced, reconciled, pending or ignored */
  status: Scalars['String']['output'];
  /** Empty string when unset. */
  memo: Scalars['String']['output'];
  hasDocument: Scalars['Boolean']['output'];
  /** The category account, with its type. */
  account: Maybe<LedgerEventAccount>;
  paymentAccount: Maybe<AccountRef>;
  category: Maybe<AccountRef>;
  /** null until confirmed. */
  journalEntry: Maybe<JournalEntry>;
  /** The entry that reversed journalEntry when a confirmed event was rejected. */
  reversalEntry: Maybe<JournalEntry>;
  /** Decimal string; null when no tax was given. */
  taxAmount: Maybe<Scalars['String']['output']>;
  taxAccount: Maybe<AccountRef>;
  /** The sales tax code id (listSalesTaxCodes). */
  taxCode: Maybe<Scalars['String']['output']>;
  contact: Maybe<ContactRef>;
  /** A bank statement's own reference for the row, when it had one. */
  reference: Maybe<Scalars['String']['output']>;
  /** api, bank_import or processor_import */
  source: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
  /** The finished reconciliation that holds this event; null unless it is reconciled. */
  reconciliationId: Maybe<Scalars['UUID']['output']>;
  /** The accounts the event posts to, each with its share and its tax; an event classified by one category reads as that line and its split; empty while unclassified. */
  lines: Array<EntryLine>;
  receipts: Array<ReceiptAttachment>;
  /** The recurring template that made the event, if one did. */
  recurringTemplateId: Maybe<Scalars['UUID']['output']>;
  /** The template's date the event was made for. */
  occurrenceDate: Maybe<Scalars['Date']['output']>;
};


/** A bank or card transaction on its way into the books. */
export type LedgerEventHistoryArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};

export type Contact = {
  __typename?: 'Contact';
  /** Owners, admins and accountants signed in as people: this contact's audit records, newest first. */
  history: Maybe<AuditRecordPage>;
  id: Scalars['UUID']['output'];
  /** vendor or customer */
  contactType: Scalars['String']['output'];
  displayName: Scalars['String']['output'];
  /** Empty string when unset. */
  email: Scalars['String']['output'];
  /** Empty string when unset; kept exactly as given. */
  phone: Scalars['String']['output'];
  /** The CRA business number (GST/HST registration), without spaces; null when unknown. */
  businessNumber: Maybe<Scalars['String']['output']>;
  /** Natural balance of the receivable and payable lines tagged with this contact. */
  balance: Scalars['Float']['output'];
  active: Scalars['Boolean']['output'];
  /** What the contact owes (a customer) or is owed (a vendor) on open documents, credits counted against them. */
  outstanding: Scalars['String']['output'];
  /** The part of outstanding past its due date today. */
  overdue: Scalars['String']['output'];
};


export type ContactHistoryArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};

/** A payment account tied to a bank statement. Balances are in the statement's sign: debits minus credits for an asset account, credits minus debits for a liability. */
export type Reconciliation = {
  __typename?: 'Reconciliation';
  /** Owners, admins and accountants signed in as people: this reconciliation's audit records, newest first. */
  history: Maybe<AuditRecordPage>;
  id: Scalars['UUID']['output'];
  paymentAccountId: Scalars['UUID']['output'];
  statementDate: Scalars['String']['output'];
  statementBalance: Scalars['String']['output'];
  /** The statement balance of the account's last finished reconciliation, else zero. Every amount is in the organization's functional currency, with its minor units (1000 yen, 12.50 dollars, 1.250 dinars). */
  openingBalance: Scalars['String']['output'];
  /** openingBalance plus the cleared events. */
  clearedBalance: Scalars['String']['output'];
  /** statementBalance - clearedBalance. */
  difference: Scalars['String']['output'];
  /** open, finished, undone or cancelled */
  status: Scalars['String']['output'];
  clearedEventIds: Array<Scalars['UUID']['output']>;
  /** The entry that took a difference to the adjustment account, if there was one. */
  adjustmentEntryId: Maybe<Scalars['UUID']['output']>;
  createdAt: Scalars['String']['output'];
  finishedAt: Maybe<Scalars['String']['output']>;
  undoneAt: Maybe<Scalars['String']['output']>;
  undoReason: Maybe<Scalars['String']['output']>;
  cancelledAt: Maybe<Scalars['String']['output']>;
  cancelReason: Maybe<Scalars['String']['output']>;
};


/** A payment account tied to a bank statement. Balances are in the statement's sign: debits minus credits for an asset account, credits minus debits for a liability. */
export type ReconciliationHistoryArgs = {
  organizationId: Scalars['UUID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};

export type BankFileFormat =
  /** Told from the file's content. */
  | 'AUTO'
  /** OFX 1 and 2, and QFX. */
  | 'OFX'
  | 'CAMT053'
  | 'MT940'
  | 'QIF'
  | 'CSV';

/** A bank CSV export's layout, saved per payment account. Columns are named by their header text, or by number (1 for the first) in a file without a header. */
export type CsvImportProfile = {
  __typename?: 'CsvImportProfile';
  /** Null on a suggested profile, which is not saved until createCsvImportProfile. */
  id: Maybe<Scalars['UUID']['output']>;
  paymentAccountId: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  delimiter: Scalars['String']['output'];
  /** UTF-8, UTF-16LE, UTF-16BE, windows-1252 or ISO-8859-1; null lets the file's bytes decide. */
  encoding: Maybe<Scalars['String']['output']>;
  hasHeader: Scalars['Boolean']['output'];
  /** Lines above the header (or the first row): a bank's title, the account, a blank line. */
  skipLines: Scalars['Int']['output'];
  dateColumn: Scalars['String']['output'];
  /** YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYYMMDD. */
  dateFormat: Scalars['String']['output'];
  /** A signed amount (negative: money out). Either this, or inflowColumn and outflowColumn. */
  amountColumn: Maybe<Scalars['String']['output']>;
  inflowColumn: Maybe<Scalars['String']['output']>;
  outflowColumn: Maybe<Scalars['String']['output']>;
  descriptionColumn: Maybe<Scalars['String']['output']>;
  payeeColumn: Maybe<Scalars['String']['output']>;
  memoColumn: Maybe<Scalars['String']['output']>;
  referenceColumn: Maybe<Scalars['String']['output']>;
  /** "." or ",". */
  decimalMark: Scalars['String']['output'];
  /** The bank writes money out as positive. */
  flipSign: Scalars['Boolean']['output'];
  createdAt: Maybe<Scalars['String']['output']>;
  updatedAt: Maybe<Scalars['String']['output']>;
};

export type CsvImportProfileInput = {
  name: Scalars['String']['input'];
  delimiter?: InputMaybe<Scalars['String']['input']>;
  encoding?: InputMaybe<Scalars['String']['input']>;
  hasHeader?: InputMaybe<Scalars['Boolean']['input']>;
  skipLines?: InputMaybe<Scalars['Int']['input']>;
  dateColumn: Scalars['String']['input'];
  dateFormat: Scalars['String']['input'];
  amountColumn?: InputMaybe<Scalars['String']['input']>;
  inflowColumn?: InputMaybe<Scalars['String']['input']>;
  outflowColumn?: InputMaybe<Scalars['String']['input']>;
  descriptionColumn?: InputMaybe<Scalars['String']['input']>;
  payeeColumn?: InputMaybe<Scalars['String']['input']>;
  memoColumn?: InputMaybe<Scalars['String']['input']>;
  referenceColumn?: InputMaybe<Scalars['String']['input']>;
  decimalMark?: InputMaybe<Scalars['String']['input']>;
  flipSign?: InputMaybe<Scalars['Boolean']['input']>;
};

export type CsvImportProfilePayload = {
  __typename?: 'CsvImportProfilePayload';
  csvImportProfile: Maybe<CsvImportProfile>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/** One row of a statement file as read, with the duplicate verdict of checkBankStatementDups. */
export type BankFileRow = {
  __typename?: 'BankFileRow';
  /** 0-based, in file order; rows of zero amount are left out. */
  rowIndex: Scalars['Int']['output'];
  /** Where the row is in the file: Line 15, Stmt[1]/Ntry[2]. */
  position: Scalars['String']['output'];
  transactionDate: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** The magnitude. */
  amount: Scalars['String']['output'];
  /** expense for money out of the account, income for money in. */
  eventType: Scalars['String']['output'];
  /** out of the account or in, as the event will say. */
  direction: Scalars['String']['output'];
  memo: Scalars['String']['output'];
  /** The bank's id for the row: FITID, AcctSvcrRef / NtryRef / EndToEndId, the MT940 bank reference. */
  reference: Maybe<Scalars['String']['output']>;
  isDuplicate: Scalars['Boolean']['output'];
  isPossibleDuplicate: Scalars['Boolean']['output'];
  /** reference, exact, same_date_amount, or null. */
  duplicateReason: Maybe<Scalars['String']['output']>;
  matchingEventId: Maybe<Scalars['UUID']['output']>;
};

/** The statement's own arithmetic: opening + entries = closing. Amounts are signed, in the statement's sign. */
export type StatementBalanceCheck = {
  __typename?: 'StatementBalanceCheck';
  /** Null when the file states only its closing balance (OFX LEDGERBAL). */
  openingBalance: Maybe<Scalars['String']['output']>;
  closingBalance: Scalars['String']['output'];
  /** The day the closing balance stands at, when the file states it; startReconciliationFromStatementFile reconciles to it. */
  closingDate: Maybe<Scalars['String']['output']>;
  entriesTotal: Scalars['String']['output'];
  /** closingBalance - (openingBalance + entriesTotal); null without an opening balance. */
  difference: Maybe<Scalars['String']['output']>;
  /** Null without an opening balance, when there is nothing to check. */
  balanced: Maybe<Scalars['Boolean']['output']>;
};

export type BankFileImportPayload = {
  __typename?: 'BankFileImportPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  format: Maybe<BankFileFormat>;
  /** The encoding the file was read in: UTF-8, UTF-16LE, UTF-16BE, windows-1252 or ISO-8859-1. */
  encoding: Maybe<Scalars['String']['output']>;
  /** The currency of the file's events: the one it states, else CAD. */
  currency: Maybe<Scalars['String']['output']>;
  /** 0 in a dry run. */
  importedCount: Scalars['Int']['output'];
  /** 0 in a dry run. */
  skippedCount: Scalars['Int']['output'];
  rows: Array<BankFileRow>;
  /** Null when the file states no balance. */
  balanceCheck: Maybe<StatementBalanceCheck>;
  /** The account the file names (OFX BANKID:ACCTID, IBAN, MT940 :25:), if any. */
  statementAccountId: Maybe<Scalars['String']['output']>;
  /** True when the file names another account than the one remembered on this payment account. */
  accountMismatch: Scalars['Boolean']['output'];
  /** A CSV file read without a saved profile (dry run): the profile guessed from it. */
  suggestedCsvProfile: Maybe<CsvImportProfile>;
};

export type BankStatementRowInput = {
  transactionDate: Scalars['String']['input'];
  /** Becomes the event's merchant name. */
  description: Scalars['String']['input'];
  /** Signed or not; the event keeps the magnitude and the row's eventType. */
  amount: Scalars['String']['input'];
  /** expense, income or transfer */
  eventType: Scalars['String']['input'];
  memo?: InputMaybe<Scalars['String']['input']>;
  /** The bank's own id for the row; a row whose reference matches an event's on this account is a duplicate. */
  reference?: InputMaybe<Scalars['String']['input']>;
};

export type NearMatch = {
  __typename?: 'NearMatch';
  eventId: Scalars['UUID']['output'];
  transactionDate: Scalars['String']['output'];
  merchantName: Scalars['String']['output'];
  amount: Scalars['String']['output'];
};

export type DuplicateCheckResult = {
  __typename?: 'DuplicateCheckResult';
  /** 0-based index of the row in the request. */
  rowIndex: Scalars['Int']['output'];
  isDuplicate: Scalars['Boolean']['output'];
  isPossibleDuplicate: Scalars['Boolean']['output'];
  matchingEventId: Maybe<Scalars['UUID']['output']>;
  /** reference, exact, same_date_amount, or null when the row matches nothing. */
  reason: Maybe<Scalars['String']['output']>;
  /** For rows with no match: events of the same amount and type within 3 days. */
  nearMatches: Array<NearMatch>;
};

export type CheckBankStatementDupsPayload = {
  __typename?: 'CheckBankStatementDupsPayload';
  results: Array<DuplicateCheckResult>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type ImportBankStatementPayload = {
  __typename?: 'ImportBankStatementPayload';
  importedCount: Scalars['Int']['output'];
  skippedCount: Scalars['Int']['output'];
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/** Classifies arriving events that meet its conditions: the first matching rule by priority fills the category (or the lines), the tax code and the contact. */
export type CategoryRule = {
  __typename?: 'CategoryRule';
  id: Scalars['UUID']['output'];
  /** SQL ILIKE semantics over the whole merchant name: % any run, _ one character, \ escapes; case-insensitive. The condition merchant ilike; null for a rule without it. */
  vendorPattern: Maybe<Scalars['String']['output']>;
  /** The conditions beside vendorPattern. */
  conditions: Array<RuleCondition>;
  /** all (every condition, vendorPattern included) or any (at least one). */
  conditionMatch: Scalars['String']['output'];
  /** Lower runs first; at equal priority the pattern with more literal characters, then the oldest. */
  priority: Scalars['Int']['output'];
  /** The payment accounts whose events the rule applies to; all when empty. */
  paymentAccountIds: Array<Scalars['UUID']['output']>;
  /** The category, or the first line's account for a rule with lines. */
  account: CategoryRuleAccount;
  taxCode: Maybe<Scalars['String']['output']>;
  contactId: Maybe<Scalars['UUID']['output']>;
  /** The event's amount shared by percent, the last line taking the rounding; null for a rule with one category. */
  lines: Maybe<Array<RuleLine>>;
  /** How many times this rule filled an event's category. */
  matchCount: Scalars['Int']['output'];
  createdAt: Scalars['String']['output'];
};

export type RuleCondition = {
  __typename?: 'RuleCondition';
  field: Scalars['String']['output'];
  operator: Scalars['String']['output'];
  value: Scalars['String']['output'];
  value2: Maybe<Scalars['String']['output']>;
  negate: Scalars['Boolean']['output'];
};

export type RuleLine = {
  __typename?: 'RuleLine';
  accountId: Scalars['UUID']['output'];
  account: CategoryRuleAccount;
  percent: Scalars['String']['output'];
  taxCode: Maybe<Scalars['String']['output']>;
};

/** field: merchant, memo, amount, direction, eventType, reference. operator: ilike, contains, equals, starts_with (text); equals, gt, gte, lt, lte, between (amount, value..value2 inclusive); equals (direction, eventType). Text is compared case-insensitively; negate inverts. */
export type RuleConditionInput = {
  field: Scalars['String']['input'];
  operator: Scalars['String']['input'];
  value: Scalars['String']['input'];
  value2?: InputMaybe<Scalars['String']['input']>;
  negate?: InputMaybe<Scalars['Boolean']['input']>;
};

/** percent: a decimal above 0 with at most 4 decimals; a rule's percents add up to exactly 100. */
export type RuleLineInput = {
  accountId: Scalars['UUID']['input'];
  percent: Scalars['String']['input'];
  taxCode?: InputMaybe<Scalars['String']['input']>;
};

/** A rule as previewCategoryRule tries it, without saving it. */
export type CategoryRuleInput = {
  vendorPattern?: InputMaybe<Scalars['String']['input']>;
  conditions?: InputMaybe<Array<RuleConditionInput>>;
  conditionMatch?: InputMaybe<Scalars['String']['input']>;
  paymentAccountIds?: InputMaybe<Array<Scalars['UUID']['input']>>;
};

export type RulePreviewItem = {
  __typename?: 'RulePreviewItem';
  eventId: Scalars['UUID']['output'];
  merchantName: Scalars['String']['output'];
  amount: Scalars['String']['output'];
  transactionDate: Scalars['Date']['output'];
};

export type RulePreview = {
  __typename?: 'RulePreview';
  /** Events in needs_review the rule matches, classified or not. */
  matchCount: Scalars['Int']['output'];
  /** The first of them by date, at most limit (default 50, at most 200). */
  items: Array<RulePreviewItem>;
};

export type ApplyCategoryRulePayload = {
  __typename?: 'ApplyCategoryRulePayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  /** Events in needs_review without a category that the rule classified. */
  classifiedCount: Scalars['Int']['output'];
};

export type CategoryRuleAccount = {
  __typename?: 'CategoryRuleAccount';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
};

export type CategoryRulePage = {
  __typename?: 'CategoryRulePage';
  items: Array<CategoryRule>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type CategoryRulePayload = {
  __typename?: 'CategoryRulePayload';
  categoryRule: Maybe<CategoryRule>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type ContactPage = {
  __typename?: 'ContactPage';
  items: Array<Contact>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type ContactInput = {
  contactType: Scalars['String']['input'];
  displayName: Scalars['String']['input'];
  email?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
  businessNumber?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateContactPayload = {
  __typename?: 'UpdateContactPayload';
  contact: Maybe<Contact>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type CreateContactPayload = {
  __typename?: 'CreateContactPayload';
  contact: Maybe<Contact>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/** Functional units per one unit of currency on date (DESIGN 7.7). */
export type ExchangeRate = {
  __typename?: 'ExchangeRate';
  currency: Scalars['String']['output'];
  date: Scalars['String']['output'];
  /** A decimal string such as 1.3542. */
  rate: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
};

export type ExchangeRatePage = {
  __typename?: 'ExchangeRatePage';
  items: Array<ExchangeRate>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type ExchangeRateInput = {
  /** ISO 4217, not the functional currency. */
  currency: Scalars['String']['input'];
  /** YYYY-MM-DD */
  date: Scalars['String']['input'];
  /** Functional units per unit of currency, a positive decimal string with at most 12 decimals. */
  rate: Scalars['String']['input'];
};

export type SetExchangeRatesPayload = {
  __typename?: 'SetExchangeRatesPayload';
  success: Scalars['Boolean']['output'];
  /** Rates added or replaced (a repeated currency and day counts once). */
  savedCount: Scalars['Int']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type FiscalYear = {
  __typename?: 'FiscalYear';
  startDate: Scalars['Date']['output'];
  endDate: Scalars['Date']['output'];
  /** Whether the year-end close covers the year: nothing dated in it can be written. */
  closed: Scalars['Boolean']['output'];
  /** Revenue less expenses of the entries dated in the year, as a decimal string. */
  netIncome: Scalars['String']['output'];
};

export type FiscalYearPayload = {
  __typename?: 'FiscalYearPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  fiscalYear: Maybe<FiscalYear>;
};

/** An address receipts can be sent to; it belongs to one organization only. */
export type IntakeAddress = {
  __typename?: 'IntakeAddress';
  id: Scalars['UUID']['output'];
  /** email or sms */
  addressType: Scalars['String']['output'];
  /** A lower-cased e-mail address, or the digits of a phone number. */
  address: Scalars['String']['output'];
  label: Maybe<Scalars['String']['output']>;
  active: Scalars['Boolean']['output'];
  created: Scalars['String']['output'];
};

export type IntakeAddressPayload = {
  __typename?: 'IntakeAddressPayload';
  intakeAddress: Maybe<IntakeAddress>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/** An invoice to a customer, a bill from a vendor, a credit note or a vendor credit (amounts in its currency). */
export type Invoice = {
  __typename?: 'Invoice';
  id: Scalars['UUID']['output'];
  /** invoice (to a customer), bill (from a vendor), credit_note or vendor_credit. */
  kind: Scalars['String']['output'];
  /** INV-0001 and CN-0001 per organization unless given; a bill's is the vendor's, unique per vendor. */
  number: Scalars['String']['output'];
  contact: InvoiceContact;
  issueDate: Scalars['Date']['output'];
  dueDate: Scalars['Date']['output'];
  /** ISO 4217: posted at the rate of the issue date when it is not the functional currency. */
  currency: Scalars['String']['output'];
  /** draft, open, partially_paid, paid or void. */
  status: Scalars['String']['output'];
  lines: Array<InvoiceLine>;
  /** The lines' amounts before tax, as a decimal string. */
  subtotal: Scalars['String']['output'];
  /** The lines' tax, each line's worked out on its own and rounded half-even. */
  taxTotal: Scalars['String']['output'];
  total: Scalars['String']['output'];
  /** Payments and credit notes applied. */
  amountPaid: Scalars['String']['output'];
  amountDue: Scalars['String']['output'];
  memo: Scalars['String']['output'];
  /** The entry that posted the document when it was approved; null while it is a draft. */
  journalEntryId: Maybe<Scalars['UUID']['output']>;
  /** Payments and refunds of the document, and credits applied to it (or, for a credit note, where it was applied). */
  payments: Array<InvoicePayment>;
  /** The receipt a bill was made from (createBillFromReceipt); null otherwise. */
  receiptId: Maybe<Scalars['UUID']['output']>;
  createdAt: Scalars['String']['output'];
  /** The recurring template that made the document, if one did. */
  recurringTemplateId: Maybe<Scalars['UUID']['output']>;
  /** The template's date the document was made for. */
  occurrenceDate: Maybe<Scalars['Date']['output']>;
};

export type InvoiceContact = {
  __typename?: 'InvoiceContact';
  id: Scalars['UUID']['output'];
  displayName: Scalars['String']['output'];
};

export type InvoiceLine = {
  __typename?: 'InvoiceLine';
  description: Scalars['String']['output'];
  /** A decimal string as given (up to 4 decimals). */
  quantity: Scalars['String']['output'];
  /** A decimal string as given. */
  unitPrice: Scalars['String']['output'];
  accountId: Scalars['UUID']['output'];
  /** The sales tax code (HST_ON, GST, GST_QST...), or null for none. */
  taxCode: Maybe<Scalars['String']['output']>;
  /** quantity x unitPrice rounded half-even to the currency, before tax. */
  amount: Scalars['String']['output'];
  /** The line's tax at its code's rate on the issue date, rounded half-even. */
  taxAmount: Scalars['String']['output'];
};

/** A payment or refund of a document (with its entry), or a credit note applied (no entry, no payment account). */
export type InvoicePayment = {
  __typename?: 'InvoicePayment';
  id: Scalars['UUID']['output'];
  date: Scalars['Date']['output'];
  amount: Scalars['String']['output'];
  paymentAccountId: Maybe<Scalars['UUID']['output']>;
  journalEntryId: Maybe<Scalars['UUID']['output']>;
  eventId: Maybe<Scalars['UUID']['output']>;
};

export type InvoiceInput = {
  /** invoice, bill, credit_note or vendor_credit. */
  kind: Scalars['String']['input'];
  /** A customer for an invoice or credit note, a vendor for a bill or vendor credit. */
  contactId: Scalars['UUID']['input'];
  /** Optional for invoices and credit notes (numbered in their series); a bill's is the vendor's and required. */
  number?: InputMaybe<Scalars['String']['input']>;
  issueDate: Scalars['Date']['input'];
  /** On or after issueDate; the issue date when omitted (due on receipt). */
  dueDate?: InputMaybe<Scalars['Date']['input']>;
  /**
   * The functional currency when omitted. Another is posted at the rate of the issue date and paid at the rate of
   * each payment's date, the difference to the account "Exchange Gain or Loss".
   */
  currency?: InputMaybe<Scalars['String']['input']>;
  memo?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 200 lines. */
  lines: Array<InvoiceLineInput>;
};

export type InvoiceLineInput = {
  description?: InputMaybe<Scalars['String']['input']>;
  /** A decimal string, not negative, up to 4 decimals. */
  quantity: Scalars['String']['input'];
  /** A decimal string, not negative, before tax. */
  unitPrice: Scalars['String']['input'];
  /** An income account for a customer's document; an expense or asset account for a vendor's. */
  accountId: Scalars['UUID']['input'];
  /** A sales tax code with a rate on the issue date. */
  taxCode?: InputMaybe<Scalars['String']['input']>;
};

export type InvoicePayload = {
  __typename?: 'InvoicePayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  invoice: Maybe<Invoice>;
};

export type InvoicePage = {
  __typename?: 'InvoicePage';
  items: Array<Invoice>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

/** What is due at asOf, by days past due (decimal strings; credits count against the rest). */
export type AgedReport = {
  __typename?: 'AgedReport';
  asOf: Scalars['Date']['output'];
  rows: Array<AgedRow>;
  totals: AgedRow;
};

export type AgedRow = {
  __typename?: 'AgedRow';
  /** Null on the totals row. */
  contactId: Maybe<Scalars['UUID']['output']>;
  displayName: Scalars['String']['output'];
  /** Not yet due. */
  current: Scalars['String']['output'];
  days1To30: Scalars['String']['output'];
  days31To60: Scalars['String']['output'];
  days61To90: Scalars['String']['output'];
  over90: Scalars['String']['output'];
  total: Scalars['String']['output'];
};

/** A contact's documents and payments in a period, with the running balance of what it owes (or is owed). */
export type ContactStatement = {
  __typename?: 'ContactStatement';
  openingBalance: Scalars['String']['output'];
  lines: Array<ContactStatementLine>;
  closingBalance: Scalars['String']['output'];
};

export type ContactStatementLine = {
  __typename?: 'ContactStatementLine';
  date: Scalars['Date']['output'];
  /** invoice, bill, credit_note, vendor_credit or payment. */
  kind: Scalars['String']['output'];
  /** The document's number (for a payment, the document it pays). */
  number: Scalars['String']['output'];
  /** Positive when it adds to what is owed, negative when it settles it. */
  amount: Scalars['String']['output'];
  balance: Scalars['String']['output'];
};

/** An open document a bank line may pay, and how well it fits. */
export type InvoiceMatch = {
  __typename?: 'InvoiceMatch';
  invoice: Invoice;
  /** 0 to 1: the amount due is the line's amount (0.5), the number is in its merchant, memo or reference (0.3), the contact is its contact or named in its merchant (0.2). */
  score: Scalars['Float']['output'];
};

/** A document a bank line pays, and how much of it (in the document's currency). */
export type AppliedDocument = {
  __typename?: 'AppliedDocument';
  invoice: Invoice;
  amount: Scalars['String']['output'];
};

export type JournalEntry = {
  __typename?: 'JournalEntry';
  id: Scalars['UUID']['output'];
  /** The entry's date: an event's transactionDate, the date given to a manual entry or a reversal. */
  txnDate: Scalars['String']['output'];
  /** The sum of the entry's debits (equal to the sum of its credits), as a decimal string. */
  totalAmount: Scalars['String']['output'];
  /** The functional currency the entry is kept in. */
  currency: Scalars['String']['output'];
  memo: Maybe<Scalars['String']['output']>;
  reference: Maybe<Scalars['String']['output']>;
  /** event, manual, reversal, opening, reconciliation, tax_filing, invoice or payment. */
  source: Scalars['String']['output'];
  lines: Array<JournalLine>;
  /** The entry this one reverses. */
  reversesEntryId: Maybe<Scalars['UUID']['output']>;
  /** The entry that reverses this one; an entry is reversed at most once. */
  reversedByEntryId: Maybe<Scalars['UUID']['output']>;
  /** The ledger event that posted the entry (its entry, or the reversal when it was rejected). */
  eventId: Maybe<Scalars['UUID']['output']>;
  createdAt: Scalars['String']['output'];
  /** The recurring template that made the entry, if one did. */
  recurringTemplateId: Maybe<Scalars['UUID']['output']>;
  /** The template's date the entry was made for. */
  occurrenceDate: Maybe<Scalars['Date']['output']>;
};

export type JournalLine = {
  __typename?: 'JournalLine';
  id: Scalars['UUID']['output'];
  account: JournalLineAccount;
  /** A decimal string, or null on a credit line. */
  debit: Maybe<Scalars['String']['output']>;
  /** A decimal string, or null on a debit line. */
  credit: Maybe<Scalars['String']['output']>;
  memo: Maybe<Scalars['String']['output']>;
  contact: Maybe<JournalLineContact>;
  /** The GST/HST return line the line counts on: 104, 107, 110, 111, 205 or 405. */
  taxReturnLine: Maybe<Scalars['String']['output']>;
};

export type JournalLineAccount = {
  __typename?: 'JournalLineAccount';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
};

export type JournalLineContact = {
  __typename?: 'JournalLineContact';
  id: Scalars['UUID']['output'];
  displayName: Scalars['String']['output'];
};

export type JournalLineInput = {
  accountId: Scalars['UUID']['input'];
  /** Exactly one of debit and credit, a positive decimal string. */
  debit?: InputMaybe<Scalars['String']['input']>;
  credit?: InputMaybe<Scalars['String']['input']>;
  memo?: InputMaybe<Scalars['String']['input']>;
  contactId?: InputMaybe<Scalars['UUID']['input']>;
  /** 104, 107, 110, 111, 205 or 405: the GST/HST return line the line's amount counts on. */
  taxReturnLine?: InputMaybe<Scalars['String']['input']>;
};

export type JournalEntryPayload = {
  __typename?: 'JournalEntryPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  journalEntry: Maybe<JournalEntry>;
};

export type JournalEntryPage = {
  __typename?: 'JournalEntryPage';
  items: Array<JournalEntry>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

/** One account of an event classified line by line (DESIGN 8.2). */
export type EntryLine = {
  __typename?: 'EntryLine';
  accountId: Scalars['UUID']['output'];
  account: Maybe<AccountRef>;
  /** Its share of the event's amount, its tax included. */
  amount: Scalars['String']['output'];
  /** amount less taxAmount. */
  netAmount: Scalars['String']['output'];
  taxCode: Maybe<Scalars['String']['output']>;
  /** null when the line has no tax. */
  taxAmount: Maybe<Scalars['String']['output']>;
  /** The share of taxAmount claimed back (posted to Taxes Recoverable): all of a purchase's GST/HST and QST, half on meals and entertainment (GIFI 8523), never PST, nothing on a sale. */
  taxRecoverable: Scalars['String']['output'];
  /** Empty string when unset. */
  memo: Scalars['String']['output'];
  contact: Maybe<ContactRef>;
};

/** A line of updateStagedEntry's lines: amount includes its tax; taxCode alone works out the tax included at the code's rate on the event's date. */
export type EntryLineInput = {
  accountId: Scalars['UUID']['input'];
  amount: Scalars['String']['input'];
  taxCode?: InputMaybe<Scalars['String']['input']>;
  taxAmount?: InputMaybe<Scalars['String']['input']>;
  memo?: InputMaybe<Scalars['String']['input']>;
  contactId?: InputMaybe<Scalars['UUID']['input']>;
};

export type LedgerEventAccount = {
  __typename?: 'LedgerEventAccount';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  accountType: Scalars['String']['output'];
};

export type AccountRef = {
  __typename?: 'AccountRef';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
};

export type ContactRef = {
  __typename?: 'ContactRef';
  id: Scalars['UUID']['output'];
  displayName: Scalars['String']['output'];
};

export type LedgerEventPage = {
  __typename?: 'LedgerEventPage';
  items: Array<LedgerEvent>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type CreateLedgerEventPayload = {
  __typename?: 'CreateLedgerEventPayload';
  success: Scalars['Boolean']['output'];
  eventId: Maybe<Scalars['UUID']['output']>;
  event: Maybe<LedgerEvent>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type LedgerEventPayload = {
  __typename?: 'LedgerEventPayload';
  success: Scalars['Boolean']['output'];
  event: Maybe<LedgerEvent>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type ConfirmLedgerEventPayload = {
  __typename?: 'ConfirmLedgerEventPayload';
  success: Scalars['Boolean']['output'];
  eventId: Maybe<Scalars['UUID']['output']>;
  journalEntryId: Maybe<Scalars['UUID']['output']>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/** One event's answer in confirmLedgerEvents, in the order of eventIds. */
export type ConfirmLedgerEventResult = {
  __typename?: 'ConfirmLedgerEventResult';
  eventId: Scalars['UUID']['output'];
  success: Scalars['Boolean']['output'];
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  error: Maybe<Scalars['String']['output']>;
  journalEntryId: Maybe<Scalars['UUID']['output']>;
};

export type ConfirmLedgerEventsPayload = {
  __typename?: 'ConfirmLedgerEventsPayload';
  /** Whether the call was taken; each event's own answer is in results. */
  success: Scalars['Boolean']['output'];
  confirmedCount: Scalars['Int']['output'];
  results: Array<ConfirmLedgerEventResult>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type RejectLedgerEventPayload = {
  __typename?: 'RejectLedgerEventPayload';
  success: Scalars['Boolean']['output'];
  eventId: Maybe<Scalars['UUID']['output']>;
  /** The reversing entry, when the event had been confirmed. */
  reversalEntryId: Maybe<Scalars['UUID']['output']>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type SyncItemError = {
  __typename?: 'SyncItemError';
  index: Scalars['Int']['output'];
  eventId: Scalars['UUID']['output'];
  error: Scalars['String']['output'];
  errorCode: Scalars['String']['output'];
  /** The argument the refusal is about, when one is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type MarkSyncedPayload = {
  __typename?: 'MarkSyncedPayload';
  success: Scalars['Boolean']['output'];
  syncedCount: Scalars['Int']['output'];
  errors: Array<SyncItemError>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type Organization = {
  __typename?: 'Organization';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  /** Nothing dated on or before this day may be created or changed; null while no period is closed. */
  lockDate: Maybe<Scalars['Date']['output']>;
  /** The ISO 4217 currency the books and every report are kept in (CAD unless chosen at creation). */
  functionalCurrency: Scalars['String']['output'];
  /** MM-DD: the last day of every fiscal year (12-31 unless changed). */
  fiscalYearEnd: Scalars['String']['output'];
  /** The CRA business number: nine digits, or the GST/HST account form 123456789RT0001 as given. */
  businessNumber: Maybe<Scalars['String']['output']>;
  /** The province or territory as a sales tax jurisdiction: CA-ON, CA-QC... */
  province: Maybe<Scalars['String']['output']>;
  /** monthly, quarterly or annual: how often sales tax is filed. */
  salesTaxFrequency: Maybe<Scalars['String']['output']>;
  /** regular (default) or quick. */
  salesTaxMethod: Scalars['String']['output'];
  /** The quick method's remittance rate, a percentage such as 8.8. */
  quickMethodRate: Maybe<Scalars['String']['output']>;
  /** Nothing dated on or before it changes, whatever the lock date; set by the year-end close. */
  yearEndLockDate: Maybe<Scalars['Date']['output']>;
};

export type SetLockDatePayload = {
  __typename?: 'SetLockDatePayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  organization: Maybe<Organization>;
};

export type UpdateOrganizationProfilePayload = {
  __typename?: 'UpdateOrganizationProfilePayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  organization: Maybe<Organization>;
};

export type CreateOrganizationPayload = {
  __typename?: 'CreateOrganizationPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  organization: Maybe<Organization>;
};

/** One of a person's organizations, with what is waiting in it (DESIGN 8.7). */
export type PracticeOrganization = {
  __typename?: 'PracticeOrganization';
  organization: Organization;
  /** The person's role there: owner, admin, member, accountant or viewer. */
  role: Scalars['String']['output'];
  /** Events waiting for review, whatever their date. */
  unreviewedCount: Scalars['Int']['output'];
  /** Payment accounts with posted events not yet reconciled. */
  unreconciledAccounts: Scalars['Int']['output'];
  /** The date of the oldest event waiting for review; null when none waits. */
  oldestUnreviewedDate: Maybe<Scalars['Date']['output']>;
  lockDate: Maybe<Scalars['Date']['output']>;
  yearEndLockDate: Maybe<Scalars['Date']['output']>;
  /** When the first GST/HST return not yet filed is due; null without a salesTaxFrequency. */
  nextTaxReturnDue: Maybe<Scalars['Date']['output']>;
  /** Receivables past their due date, in the organization's functional currency. */
  overdueReceivables: Scalars['String']['output'];
};

/**
 * What an import of a payment processor's balance CSV did (or, with dryRun, would do). The three
 * counts are CSV rows and add up to the file's data rows.
 */
export type ImportProcessorBalancePayload = {
  __typename?: 'ImportProcessorBalancePayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  /** <prefix>:<UTC timestamp>, e.g. stripe:20261121T073800Z; every event of the run carries it. */
  batchId: Maybe<Scalars['String']['output']>;
  /** Rows booked (a charge and its fee are one row). */
  created: Scalars['Int']['output'];
  /** Application fee (platform earning) rows, which are not booked. */
  skippedAppFee: Scalars['Int']['output'];
  /** Rows whose balance transaction was imported before (or repeated in the file). */
  skippedDupe: Scalars['Int']['output'];
  /** Ledger events written: a row with a fee makes two. */
  eventCount: Scalars['Int']['output'];
  /** True when the run was rolled back and nothing was written. */
  dryRun: Scalars['Boolean']['output'];
  /** Why the events were left in needs_review instead of posted: a row's currency has no exchange rate yet. Null when posted as asked. */
  heldForRate: Maybe<Scalars['String']['output']>;
};

export type DeleteProcessorImportsPayload = {
  __typename?: 'DeleteProcessorImportsPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  /** Ledger events deleted. */
  deleted: Scalars['Int']['output'];
  dryRun: Scalars['Boolean']['output'];
};

/** A file attached to a ledger event. */
export type ReceiptAttachment = {
  __typename?: 'ReceiptAttachment';
  id: Scalars['UUID']['output'];
  filename: Scalars['String']['output'];
  /** The object-storage key of the file. */
  s3Key: Scalars['String']['output'];
  uploadedAt: Scalars['String']['output'];
};

export type ReceiptEvent = {
  __typename?: 'ReceiptEvent';
  id: Scalars['UUID']['output'];
  merchantName: Scalars['String']['output'];
  status: Scalars['String']['output'];
};

export type Receipt = {
  __typename?: 'Receipt';
  id: Scalars['UUID']['output'];
  /** Read from the document; null until known. */
  vendorName: Maybe<Scalars['String']['output']>;
  /** How sure the reading of vendorName is, from 0 to 1 (1 once a person gave it); null while it is unknown. */
  vendorNameConfidence: Maybe<Scalars['Float']['output']>;
  /** The total, read from the document (a JSON number); null until known. */
  amount: Maybe<Scalars['Float']['output']>;
  /** The ISO 4217 code of amount: the currency printed on the receipt, else the organization's. */
  currency: Scalars['String']['output'];
  /** How sure the reading of amount is, from 0 to 1 (1 once a person gave it); null while it is unknown. Only an amount and a date at 0.8 or above match the receipt to an event by themselves. */
  amountConfidence: Maybe<Scalars['Float']['output']>;
  receiptDate: Maybe<Scalars['String']['output']>;
  /** The sales tax in amount (a decimal string) when the receipt's subtotal and tax lines add up to it; null otherwise. */
  taxAmount: Maybe<Scalars['String']['output']>;
  /** The supplier's business number when the receipt prints one (GST Reg, HST #, BN), without spaces. */
  supplierBusinessNumber: Maybe<Scalars['String']['output']>;
  /** How sure the reading of receiptDate is, from 0 to 1; a date whose day and month could be swapped, with nothing to decide, stays below 0.8 and matches no event by itself. */
  receiptDateConfidence: Maybe<Scalars['Float']['output']>;
  /** Where reading the document stands, whatever status says: pending (waiting to be read), done (a field was found), nothing_found (read, but no total, date or vendor found), failed (see extractionError). */
  extractionStatus: Scalars['String']['output'];
  /** draft (not yet read), processed, reviewed (a person attached or confirmed it), rejected */
  status: Scalars['String']['output'];
  /** web_upload, email, sms, mailbox_scan, cloud_drive */
  source: Scalars['String']['output'];
  /** Where the file can be fetched, with the same Authorization header. */
  imageUrl: Scalars['String']['output'];
  event: Maybe<ReceiptEvent>;
  filename: Scalars['String']['output'];
  s3Key: Scalars['String']['output'];
  uploadedAt: Scalars['String']['output'];
  /** Why the document could not be read, or why reading it failed after every retry; null once read. */
  extractionError: Maybe<Scalars['String']['output']>;
  /** The code of extractionError when the document could not be read (UNREADABLE_DOCUMENT, UNSUPPORTED_TYPE, NO_TEXT_FOUND, DOCUMENT_OVER_LIMIT); null when it was read, is not yet read, or reading gave up after every retry. */
  extractionErrorCode: Maybe<Scalars['String']['output']>;
};

export type ReceiptPage = {
  __typename?: 'ReceiptPage';
  items: Array<Receipt>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type AttachReceiptPayload = {
  __typename?: 'AttachReceiptPayload';
  success: Scalars['Boolean']['output'];
  receiptId: Maybe<Scalars['UUID']['output']>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type ReceiptPayload = {
  __typename?: 'ReceiptPayload';
  success: Scalars['Boolean']['output'];
  receipt: Maybe<Receipt>;
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

export type ReconciliationPage = {
  __typename?: 'ReconciliationPage';
  items: Array<Reconciliation>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type ReconciliationPayload = {
  __typename?: 'ReconciliationPayload';
  reconciliation: Maybe<Reconciliation>;
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
};

/**
 * A recurring entry (DESIGN 8.10): what to create, and the dates to create it on. Each date is made
 * once, in order, whatever was missed, however many servers run; what a template made stays when the
 * template is deleted.
 */
export type RecurringTemplate = {
  __typename?: 'RecurringTemplate';
  id: Scalars['UUID']['output'];
  name: Scalars['String']['output'];
  /** journal_entry, ledger_event or invoice (an invoice template makes any document kind: bills too). */
  kind: Scalars['String']['output'];
  /** weekly, monthly, quarterly or yearly, every interval of them. */
  frequency: Scalars['String']['output'];
  interval: Scalars['Int']['output'];
  /** 1 to 31 (a shorter month takes its last day); null on weekly schedules and for the start date's day. */
  dayOfMonth: Maybe<Scalars['Int']['output']>;
  startDate: Scalars['Date']['output'];
  endDate: Maybe<Scalars['Date']['output']>;
  /** How many dates the schedule has at most, made or refused. */
  occurrencesMax: Maybe<Scalars['Int']['output']>;
  /** post (entries posted, invoices approved, classified events confirmed) or draft (events wait in needs_review, invoices stay drafts). */
  mode: Scalars['String']['output'];
  /** The next date to be made; null once the schedule has no date left. */
  nextDate: Maybe<Scalars['Date']['output']>;
  /** The latest date made. */
  lastDate: Maybe<Scalars['Date']['output']>;
  /** How many dates were made (refused dates do not count). */
  occurrenceCount: Scalars['Int']['output'];
  paused: Scalars['Boolean']['output'];
  /** The code of the latest refused date (PERIOD_LOCKED, ACCOUNT_NOT_FOUND, ...); that date is skipped. */
  lastErrorCode: Maybe<Scalars['String']['output']>;
  lastError: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
};

export type RecurringTemplateInput = {
  name: Scalars['String']['input'];
  /** journal_entry, ledger_event or invoice. */
  kind: Scalars['String']['input'];
  /** weekly, monthly, quarterly or yearly. */
  frequency: Scalars['String']['input'];
  /** Every interval periods (1 to 100, default 1). */
  interval?: InputMaybe<Scalars['Int']['input']>;
  /** 1 to 31; a shorter month takes its last day. Monthly, quarterly and yearly only; default the start date's day. */
  dayOfMonth?: InputMaybe<Scalars['Int']['input']>;
  /** The first date is the first on the schedule on or after it. */
  startDate: Scalars['Date']['input'];
  /** No date after it is made. */
  endDate?: InputMaybe<Scalars['Date']['input']>;
  occurrencesMax?: InputMaybe<Scalars['Int']['input']>;
  /** post or draft (journal_entry templates: post only). */
  mode: Scalars['String']['input'];
  journalEntry?: InputMaybe<JournalEntryTemplateInput>;
  ledgerEvent?: InputMaybe<LedgerEventTemplateInput>;
  /**
   * Each document is issued on its date and falls due as many days later as dueDate is after
   * issueDate here. A number given makes NUMBER-YYYY-MM-DD per date (bills need one); without it
   * invoices and credit notes take the next of their series.
   */
  invoice?: InputMaybe<InvoiceInput>;
};

/** A manual journal entry dated on each date. */
export type JournalEntryTemplateInput = {
  memo?: InputMaybe<Scalars['String']['input']>;
  reference?: InputMaybe<Scalars['String']['input']>;
  lines: Array<JournalLineInput>;
};

/** A ledger event dated on each date, as createLedgerEvent takes it. */
export type LedgerEventTemplateInput = {
  merchantName: Scalars['String']['input'];
  amount: Scalars['String']['input'];
  eventType?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<Scalars['String']['input']>;
  categoryId?: InputMaybe<Scalars['UUID']['input']>;
  paymentAccountId?: InputMaybe<Scalars['UUID']['input']>;
  memo?: InputMaybe<Scalars['String']['input']>;
  currency?: InputMaybe<Scalars['String']['input']>;
};

export type RecurringTemplatePayload = {
  __typename?: 'RecurringTemplatePayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  recurringTemplate: Maybe<RecurringTemplate>;
};

export type RecurringTemplatePage = {
  __typename?: 'RecurringTemplatePage';
  items: Array<RecurringTemplate>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type DashboardSummary = {
  __typename?: 'DashboardSummary';
  /** The functional currency every amount here is in (ISO 4217). */
  currency: Scalars['String']['output'];
  startDate: Scalars['String']['output'];
  endDate: Scalars['String']['output'];
  totalRevenue: Scalars['String']['output'];
  totalExpenses: Scalars['String']['output'];
  netIncome: Scalars['String']['output'];
  /** Receipts dated in the range (an undated receipt counts on the day it arrived). */
  receiptCount: Scalars['Int']['output'];
  /** needs_review events dated in the range. */
  unreviewedCount: Scalars['Int']['output'];
};

export type IncomeStatementLine = {
  __typename?: 'IncomeStatementLine';
  accountId: Scalars['UUID']['output'];
  accountName: Scalars['String']['output'];
  total: Scalars['String']['output'];
};

export type IncomeStatement = {
  __typename?: 'IncomeStatement';
  /** The functional currency every amount here is in (ISO 4217). */
  currency: Scalars['String']['output'];
  startDate: Scalars['String']['output'];
  endDate: Scalars['String']['output'];
  /** Revenue accounts whose balance changed in the period. */
  incomeAccounts: Array<IncomeStatementLine>;
  expenseAccounts: Array<IncomeStatementLine>;
  totalIncome: Scalars['String']['output'];
  totalExpenses: Scalars['String']['output'];
  netIncome: Scalars['String']['output'];
};

export type AccountBalance = {
  __typename?: 'AccountBalance';
  /** The functional currency every amount here is in (ISO 4217). */
  currency: Scalars['String']['output'];
  accountId: Scalars['UUID']['output'];
  accountName: Scalars['String']['output'];
  accountType: Scalars['String']['output'];
  classification: Scalars['String']['output'];
  /** Natural balance of every posted line, as a decimal string. */
  balance: Scalars['String']['output'];
};

export type TrialBalanceLine = {
  __typename?: 'TrialBalanceLine';
  accountId: Scalars['UUID']['output'];
  accountName: Scalars['String']['output'];
  accountType: Scalars['String']['output'];
  classification: Scalars['String']['output'];
  debit: Scalars['String']['output'];
  credit: Scalars['String']['output'];
};

export type TrialBalance = {
  __typename?: 'TrialBalance';
  /** The functional currency every amount here is in (ISO 4217). */
  currency: Scalars['String']['output'];
  asOf: Scalars['String']['output'];
  lines: Array<TrialBalanceLine>;
  totalDebit: Scalars['String']['output'];
  totalCredit: Scalars['String']['output'];
};

export type BalanceSheetLine = {
  __typename?: 'BalanceSheetLine';
  accountId: Scalars['UUID']['output'];
  accountName: Scalars['String']['output'];
  accountType: Scalars['String']['output'];
  amount: Scalars['String']['output'];
};

/** assets = liabilities + equity + currentEarnings (Daybook posts no closing entries). */
export type BalanceSheet = {
  __typename?: 'BalanceSheet';
  /** The functional currency every amount here is in (ISO 4217). */
  currency: Scalars['String']['output'];
  asOf: Scalars['String']['output'];
  assets: Array<BalanceSheetLine>;
  liabilities: Array<BalanceSheetLine>;
  equity: Array<BalanceSheetLine>;
  totalAssets: Scalars['String']['output'];
  totalLiabilities: Scalars['String']['output'];
  totalEquity: Scalars['String']['output'];
  /** Every earning up to asOf: priorYearsEarnings + currentYearEarnings. */
  currentEarnings: Scalars['String']['output'];
  /** Net income of every fiscal year that ended before asOf. */
  priorYearsEarnings: Scalars['String']['output'];
  /** Net income of the fiscal year holding asOf, from its first day to asOf. */
  currentYearEarnings: Scalars['String']['output'];
  totalLiabilitiesAndEquity: Scalars['String']['output'];
};

export type GeneralLedgerLine = {
  __typename?: 'GeneralLedgerLine';
  entryId: Scalars['UUID']['output'];
  eventId: Maybe<Scalars['UUID']['output']>;
  /** posting, reversal, adjustment (a reconciliation's), tax_filing (a filed sales tax return's clearing entry), manual or opening */
  kind: Scalars['String']['output'];
  txnDate: Scalars['String']['output'];
  debit: Scalars['String']['output'];
  credit: Scalars['String']['output'];
  /** The account's natural balance after this line. */
  balance: Scalars['String']['output'];
};

export type GeneralLedgerLinePage = {
  __typename?: 'GeneralLedgerLinePage';
  items: Array<GeneralLedgerLine>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type GeneralLedger = {
  __typename?: 'GeneralLedger';
  /** The functional currency every amount here is in (ISO 4217). */
  currency: Scalars['String']['output'];
  accountId: Scalars['UUID']['output'];
  accountName: Scalars['String']['output'];
  startDate: Scalars['String']['output'];
  endDate: Scalars['String']['output'];
  openingBalance: Scalars['String']['output'];
  closingBalance: Scalars['String']['output'];
  lines: GeneralLedgerLinePage;
};

export type GifiLine = {
  __typename?: 'GifiLine';
  /** The GIFI code: an account's, or one of CRA's total lines. */
  code: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** The natural balance of the code's accounts, a decimal string. */
  amount: Scalars['String']['output'];
};

export type GifiSchedule = {
  __typename?: 'GifiSchedule';
  /** 100 (balance sheet) or 125 (income statement). */
  schedule: Scalars['Int']['output'];
  endDate: Scalars['Date']['output'];
  lines: Array<GifiLine>;
};

export type TaxReturnLine = {
  __typename?: 'TaxReturnLine';
  /** The return's line: 90, 101, 103 ... 113A, 115 (GST/HST); 101, 103, 106, 109 (QST and PST). */
  line: Scalars['String']['output'];
  label: Scalars['String']['output'];
  amount: Scalars['String']['output'];
};

export type TaxReturnException = {
  __typename?: 'TaxReturnException';
  /** SUPPLIER_BN_MISSING, MEALS_HALF_RECOVERABLE, TAX_WITHOUT_CODE or UNPOSTED_IN_PERIOD */
  code: Scalars['String']['output'];
  eventId: Maybe<Scalars['UUID']['output']>;
  journalEntryId: Maybe<Scalars['UUID']['output']>;
  amount: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

export type SalesTaxReturn = {
  __typename?: 'SalesTaxReturn';
  startDate: Scalars['Date']['output'];
  endDate: Scalars['Date']['output'];
  /** CA (GST/HST), CA-QC (QST), CA-BC, CA-SK or CA-MB (PST). */
  jurisdiction: Scalars['String']['output'];
  /** regular or quick */
  method: Scalars['String']['output'];
  lines: Array<TaxReturnLine>;
  /** At most 100 of each code. */
  exceptions: Array<TaxReturnException>;
  /** The change over the period of what the books hold as this jurisdiction's tax payable, less its recoverable tax. */
  payableBalance: Scalars['String']['output'];
  /** Line 109 less payableBalance. */
  difference: Scalars['String']['output'];
  /** Whether line 109 equals payableBalance. */
  tiesOut: Scalars['Boolean']['output'];
  filed: Scalars['Boolean']['output'];
  filedAt: Maybe<Scalars['String']['output']>;
};

export type TaxReturnLineItem = {
  __typename?: 'TaxReturnLineItem';
  journalEntryId: Scalars['UUID']['output'];
  eventId: Maybe<Scalars['UUID']['output']>;
  transactionDate: Scalars['Date']['output'];
  description: Scalars['String']['output'];
  /** The account of the sale or purchase the amounts belong to. */
  accountId: Scalars['UUID']['output'];
  taxCode: Maybe<Scalars['String']['output']>;
  netAmount: Scalars['String']['output'];
  taxAmount: Scalars['String']['output'];
};

export type TaxReturnLineItemPage = {
  __typename?: 'TaxReturnLineItemPage';
  items: Array<TaxReturnLineItem>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type FileSalesTaxReturnPayload = {
  __typename?: 'FileSalesTaxReturnPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  return: Maybe<SalesTaxReturn>;
  /** The clearing entry; null when the period held no tax. */
  journalEntryId: Maybe<Scalars['UUID']['output']>;
};

export type SalesTaxReturnPage = {
  __typename?: 'SalesTaxReturnPage';
  items: Array<SalesTaxReturn>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

/** A CRA GIFI code. Choosing one for an account determines its type and classification. */
export type TaxCode = {
  __typename?: 'TaxCode';
  id: Scalars['UUID']['output'];
  code: Scalars['String']['output'];
  name: Scalars['String']['output'];
  classification: Scalars['String']['output'];
  accountType: Scalars['String']['output'];
  /** Total lines (1599, 2599, ...) describe statements and cannot be used for an account. */
  isTotalLine: Scalars['Boolean']['output'];
};

export type TaxCodePage = {
  __typename?: 'TaxCodePage';
  items: Array<TaxCode>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type SalesTaxRate = {
  __typename?: 'SalesTaxRate';
  /** Percent as an exact decimal string, e.g. 14.975. */
  rate: Scalars['String']['output'];
  effectiveFrom: Scalars['String']['output'];
  effectiveTo: Maybe<Scalars['String']['output']>;
};

/** A Canadian sales tax (GST, HST, QST, PST, zero-rated, exempt); its id is what updateStagedEntry takes as taxCode. */
export type SalesTaxCode = {
  __typename?: 'SalesTaxCode';
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  jurisdiction: Scalars['String']['output'];
  rates: Array<SalesTaxRate>;
};

export type SalesTaxCodePage = {
  __typename?: 'SalesTaxCodePage';
  items: Array<SalesTaxCode>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

/**
 * An address that is sent the organization's event feed as it happens, signed as Standard Webhooks
 * says (DESIGN 7.5, ADR 0037).
 */
export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  id: Scalars['UUID']['output'];
  url: Scalars['String']['output'];
  description: Maybe<Scalars['String']['output']>;
  /** The feed types it is sent; null for every type. */
  eventTypes: Maybe<Array<Scalars['String']['output']>>;
  /** False once turned off, or after 5 days in which no delivery succeeded (disabledAt says when). */
  enabled: Scalars['Boolean']['output'];
  disabledAt: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
};

export type WebhookEndpointPayload = {
  __typename?: 'WebhookEndpointPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  endpoint: Maybe<WebhookEndpoint>;
  /** whsec_ and base64: shown only in the answer that makes it (create, rotate). */
  secret: Maybe<Scalars['String']['output']>;
};

/** One try at sending a delivery. */
export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  /** 1 for the first try of the delivery. */
  attempt: Scalars['Int']['output'];
  at: Scalars['String']['output'];
  /** The receiver's HTTP status; null when it never answered. */
  statusCode: Maybe<Scalars['Int']['output']>;
  durationMs: Scalars['Int']['output'];
  /** The first 2 KB of the receiver's answer. */
  responseBody: Maybe<Scalars['String']['output']>;
  error: Maybe<Scalars['String']['output']>;
};

/** One feed event on its way to one endpoint: the first delivery, or one asked for again. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  id: Scalars['UUID']['output'];
  /** The feed event's id, sent as webhook-id. */
  eventId: Scalars['UUID']['output'];
  eventType: Scalars['String']['output'];
  /** The event's seq in the feed. */
  seq: Scalars['Int']['output'];
  /** pending, delivered or failed (every attempt of the retry schedule failed). */
  status: Scalars['String']['output'];
  attemptCount: Scalars['Int']['output'];
  /** When the next attempt is due, while pending. */
  nextAttemptAt: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  lastError: Maybe<Scalars['String']['output']>;
  /** Newest first. */
  attempts: Array<WebhookAttempt>;
};

export type WebhookDeliveryPage = {
  __typename?: 'WebhookDeliveryPage';
  items: Array<WebhookDelivery>;
  totalCount: Scalars['Int']['output'];
  pageSize: Scalars['Int']['output'];
  offset: Scalars['Int']['output'];
};

export type WebhookDeliveryPayload = {
  __typename?: 'WebhookDeliveryPayload';
  success: Scalars['Boolean']['output'];
  error: Maybe<Scalars['String']['output']>;
  errorCode: Maybe<Scalars['String']['output']>;
  /** The argument the refusal is about, when one argument is at fault. */
  field: Maybe<Scalars['String']['output']>;
  delivery: Maybe<WebhookDelivery>;
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  UUID: ResolverTypeWrapper<Scalars['UUID']['output']>;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  MutationResult: ResolverTypeWrapper<MutationResult>;
  TokenAuthPayload: ResolverTypeWrapper<TokenAuthPayload>;
  ApiKey: ResolverTypeWrapper<ApiKeyRecord>;
  CreateApiKeyPayload: ResolverTypeWrapper<Omit<CreateApiKeyPayload, 'apiKey'> & { apiKey?: Maybe<ResolversTypes['ApiKey']> }>;
  Member: ResolverTypeWrapper<Member>;
  AddMemberPayload: ResolverTypeWrapper<AddMemberPayload>;
  MyAccess: ResolverTypeWrapper<MyAccess>;
  Account: ResolverTypeWrapper<Omit<Account, 'history'>>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  AccountPage: ResolverTypeWrapper<Omit<AccountPage, 'items'> & { items: Array<ResolversTypes['Account']> }>;
  AccountInput: AccountInput;
  CreateAccountPayload: ResolverTypeWrapper<Omit<CreateAccountPayload, 'account'> & { account?: Maybe<ResolversTypes['Account']> }>;
  BatchItemError: ResolverTypeWrapper<BatchItemError>;
  BatchCreatePayload: ResolverTypeWrapper<BatchCreatePayload>;
  AuditRecord: ResolverTypeWrapper<AuditRecord>;
  AuditRecordPage: ResolverTypeWrapper<AuditRecordPage>;
  DaybookEvent: ResolverTypeWrapper<DaybookEvent>;
  DaybookEventPage: ResolverTypeWrapper<DaybookEventPage>;
  AuditChainHead: ResolverTypeWrapper<AuditChainHead>;
  LedgerEvent: ResolverTypeWrapper<Omit<LedgerEvent, 'history' | 'journalEntry' | 'reversalEntry' | 'appliedDocuments' | 'recurringTemplateId' | 'occurrenceDate'> & { organizationId: string; journalEntry: JournalEntryParent | null; reversalEntry: JournalEntryParent | null }>;
  Contact: ResolverTypeWrapper<Omit<Contact, 'history' | 'outstanding' | 'overdue'> & { organizationId: string }>;
  Reconciliation: ResolverTypeWrapper<Omit<Reconciliation, 'history'>>;
  BankFileFormat: BankFileFormat;
  CsvImportProfile: ResolverTypeWrapper<CsvImportProfile>;
  CsvImportProfileInput: CsvImportProfileInput;
  CsvImportProfilePayload: ResolverTypeWrapper<CsvImportProfilePayload>;
  BankFileRow: ResolverTypeWrapper<BankFileRow>;
  StatementBalanceCheck: ResolverTypeWrapper<StatementBalanceCheck>;
  BankFileImportPayload: ResolverTypeWrapper<BankFileImportPayload>;
  BankStatementRowInput: BankStatementRowInput;
  NearMatch: ResolverTypeWrapper<NearMatch>;
  DuplicateCheckResult: ResolverTypeWrapper<DuplicateCheckResult>;
  CheckBankStatementDupsPayload: ResolverTypeWrapper<CheckBankStatementDupsPayload>;
  ImportBankStatementPayload: ResolverTypeWrapper<ImportBankStatementPayload>;
  CategoryRule: ResolverTypeWrapper<CategoryRule>;
  RuleCondition: ResolverTypeWrapper<RuleCondition>;
  RuleLine: ResolverTypeWrapper<RuleLine>;
  RuleConditionInput: RuleConditionInput;
  RuleLineInput: RuleLineInput;
  CategoryRuleInput: CategoryRuleInput;
  RulePreviewItem: ResolverTypeWrapper<RulePreviewItem>;
  RulePreview: ResolverTypeWrapper<RulePreview>;
  ApplyCategoryRulePayload: ResolverTypeWrapper<ApplyCategoryRulePayload>;
  CategoryRuleAccount: ResolverTypeWrapper<CategoryRuleAccount>;
  CategoryRulePage: ResolverTypeWrapper<CategoryRulePage>;
  CategoryRulePayload: ResolverTypeWrapper<CategoryRulePayload>;
  ContactPage: ResolverTypeWrapper<Omit<ContactPage, 'items'> & { items: Array<ResolversTypes['Contact']> }>;
  ContactInput: ContactInput;
  UpdateContactPayload: ResolverTypeWrapper<Omit<UpdateContactPayload, 'contact'> & { contact?: Maybe<ResolversTypes['Contact']> }>;
  CreateContactPayload: ResolverTypeWrapper<Omit<CreateContactPayload, 'contact'> & { contact?: Maybe<ResolversTypes['Contact']> }>;
  ExchangeRate: ResolverTypeWrapper<ExchangeRate>;
  ExchangeRatePage: ResolverTypeWrapper<ExchangeRatePage>;
  ExchangeRateInput: ExchangeRateInput;
  SetExchangeRatesPayload: ResolverTypeWrapper<SetExchangeRatesPayload>;
  FiscalYear: ResolverTypeWrapper<FiscalYear>;
  FiscalYearPayload: ResolverTypeWrapper<FiscalYearPayload>;
  IntakeAddress: ResolverTypeWrapper<IntakeAddress>;
  IntakeAddressPayload: ResolverTypeWrapper<IntakeAddressPayload>;
  Invoice: ResolverTypeWrapper<Omit<Invoice, 'recurringTemplateId' | 'occurrenceDate'> & { organizationId: string }>;
  InvoiceContact: ResolverTypeWrapper<InvoiceContact>;
  InvoiceLine: ResolverTypeWrapper<InvoiceLine>;
  InvoicePayment: ResolverTypeWrapper<InvoicePayment>;
  InvoiceInput: InvoiceInput;
  InvoiceLineInput: InvoiceLineInput;
  InvoicePayload: ResolverTypeWrapper<Omit<InvoicePayload, 'invoice'> & { invoice?: Maybe<ResolversTypes['Invoice']> }>;
  InvoicePage: ResolverTypeWrapper<Omit<InvoicePage, 'items'> & { items: Array<ResolversTypes['Invoice']> }>;
  AgedReport: ResolverTypeWrapper<AgedReport>;
  AgedRow: ResolverTypeWrapper<AgedRow>;
  ContactStatement: ResolverTypeWrapper<ContactStatement>;
  ContactStatementLine: ResolverTypeWrapper<ContactStatementLine>;
  InvoiceMatch: ResolverTypeWrapper<Omit<InvoiceMatch, 'invoice'> & { invoice: ResolversTypes['Invoice'] }>;
  AppliedDocument: ResolverTypeWrapper<Omit<AppliedDocument, 'invoice'> & { invoice: ResolversTypes['Invoice'] }>;
  JournalEntry: ResolverTypeWrapper<JournalEntryParent>;
  JournalLine: ResolverTypeWrapper<JournalLine>;
  JournalLineAccount: ResolverTypeWrapper<JournalLineAccount>;
  JournalLineContact: ResolverTypeWrapper<JournalLineContact>;
  JournalLineInput: JournalLineInput;
  JournalEntryPayload: ResolverTypeWrapper<Omit<JournalEntryPayload, 'journalEntry'> & { journalEntry?: Maybe<ResolversTypes['JournalEntry']> }>;
  JournalEntryPage: ResolverTypeWrapper<Omit<JournalEntryPage, 'items'> & { items: Array<ResolversTypes['JournalEntry']> }>;
  EntryLine: ResolverTypeWrapper<EntryLine>;
  EntryLineInput: EntryLineInput;
  LedgerEventAccount: ResolverTypeWrapper<LedgerEventAccount>;
  AccountRef: ResolverTypeWrapper<AccountRef>;
  ContactRef: ResolverTypeWrapper<ContactRef>;
  LedgerEventPage: ResolverTypeWrapper<Omit<LedgerEventPage, 'items'> & { items: Array<ResolversTypes['LedgerEvent']> }>;
  CreateLedgerEventPayload: ResolverTypeWrapper<Omit<CreateLedgerEventPayload, 'event'> & { event?: Maybe<ResolversTypes['LedgerEvent']> }>;
  LedgerEventPayload: ResolverTypeWrapper<Omit<LedgerEventPayload, 'event'> & { event?: Maybe<ResolversTypes['LedgerEvent']> }>;
  ConfirmLedgerEventPayload: ResolverTypeWrapper<ConfirmLedgerEventPayload>;
  ConfirmLedgerEventResult: ResolverTypeWrapper<ConfirmLedgerEventResult>;
  ConfirmLedgerEventsPayload: ResolverTypeWrapper<ConfirmLedgerEventsPayload>;
  RejectLedgerEventPayload: ResolverTypeWrapper<RejectLedgerEventPayload>;
  SyncItemError: ResolverTypeWrapper<SyncItemError>;
  MarkSyncedPayload: ResolverTypeWrapper<MarkSyncedPayload>;
  Organization: ResolverTypeWrapper<OrganizationRecord>;
  SetLockDatePayload: ResolverTypeWrapper<Omit<SetLockDatePayload, 'organization'> & { organization?: Maybe<ResolversTypes['Organization']> }>;
  UpdateOrganizationProfilePayload: ResolverTypeWrapper<Omit<UpdateOrganizationProfilePayload, 'organization'> & { organization?: Maybe<ResolversTypes['Organization']> }>;
  CreateOrganizationPayload: ResolverTypeWrapper<Omit<CreateOrganizationPayload, 'organization'> & { organization?: Maybe<ResolversTypes['Organization']> }>;
  PracticeOrganization: ResolverTypeWrapper<PracticeOrganizationParent>;
  ImportProcessorBalancePayload: ResolverTypeWrapper<ImportProcessorBalancePayload>;
  DeleteProcessorImportsPayload: ResolverTypeWrapper<DeleteProcessorImportsPayload>;
  ReceiptAttachment: ResolverTypeWrapper<ReceiptAttachment>;
  ReceiptEvent: ResolverTypeWrapper<ReceiptEvent>;
  Receipt: ResolverTypeWrapper<Receipt>;
  ReceiptPage: ResolverTypeWrapper<ReceiptPage>;
  AttachReceiptPayload: ResolverTypeWrapper<AttachReceiptPayload>;
  ReceiptPayload: ResolverTypeWrapper<ReceiptPayload>;
  ReconciliationPage: ResolverTypeWrapper<Omit<ReconciliationPage, 'items'> & { items: Array<ResolversTypes['Reconciliation']> }>;
  ReconciliationPayload: ResolverTypeWrapper<Omit<ReconciliationPayload, 'reconciliation'> & { reconciliation?: Maybe<ResolversTypes['Reconciliation']> }>;
  RecurringTemplate: ResolverTypeWrapper<RecurringTemplate>;
  RecurringTemplateInput: RecurringTemplateInput;
  JournalEntryTemplateInput: JournalEntryTemplateInput;
  LedgerEventTemplateInput: LedgerEventTemplateInput;
  RecurringTemplatePayload: ResolverTypeWrapper<RecurringTemplatePayload>;
  RecurringTemplatePage: ResolverTypeWrapper<RecurringTemplatePage>;
  DashboardSummary: ResolverTypeWrapper<DashboardSummary>;
  IncomeStatementLine: ResolverTypeWrapper<IncomeStatementLine>;
  IncomeStatement: ResolverTypeWrapper<IncomeStatement>;
  AccountBalance: ResolverTypeWrapper<AccountBalance>;
  TrialBalanceLine: ResolverTypeWrapper<TrialBalanceLine>;
  TrialBalance: ResolverTypeWrapper<TrialBalance>;
  BalanceSheetLine: ResolverTypeWrapper<BalanceSheetLine>;
  BalanceSheet: ResolverTypeWrapper<BalanceSheet>;
  GeneralLedgerLine: ResolverTypeWrapper<GeneralLedgerLine>;
  GeneralLedgerLinePage: ResolverTypeWrapper<GeneralLedgerLinePage>;
  GeneralLedger: ResolverTypeWrapper<GeneralLedger>;
  GifiLine: ResolverTypeWrapper<GifiLine>;
  GifiSchedule: ResolverTypeWrapper<GifiSchedule>;
  TaxReturnLine: ResolverTypeWrapper<TaxReturnLine>;
  TaxReturnException: ResolverTypeWrapper<TaxReturnException>;
  SalesTaxReturn: ResolverTypeWrapper<SalesTaxReturn>;
  TaxReturnLineItem: ResolverTypeWrapper<TaxReturnLineItem>;
  TaxReturnLineItemPage: ResolverTypeWrapper<TaxReturnLineItemPage>;
  FileSalesTaxReturnPayload: ResolverTypeWrapper<FileSalesTaxReturnPayload>;
  SalesTaxReturnPage: ResolverTypeWrapper<SalesTaxReturnPage>;
  TaxCode: ResolverTypeWrapper<TaxCode>;
  TaxCodePage: ResolverTypeWrapper<TaxCodePage>;
  SalesTaxRate: ResolverTypeWrapper<SalesTaxRate>;
  SalesTaxCode: ResolverTypeWrapper<SalesTaxCode>;
  SalesTaxCodePage: ResolverTypeWrapper<SalesTaxCodePage>;
  WebhookEndpoint: ResolverTypeWrapper<WebhookEndpoint>;
  WebhookEndpointPayload: ResolverTypeWrapper<WebhookEndpointPayload>;
  WebhookAttempt: ResolverTypeWrapper<WebhookAttempt>;
  WebhookDelivery: ResolverTypeWrapper<WebhookDelivery>;
  WebhookDeliveryPage: ResolverTypeWrapper<WebhookDeliveryPage>;
  WebhookDeliveryPayload: ResolverTypeWrapper<WebhookDeliveryPayload>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  UUID: Scalars['UUID']['output'];
  Date: Scalars['Date']['output'];
  Query: Record<PropertyKey, never>;
  Int: Scalars['Int']['output'];
  String: Scalars['String']['output'];
  Boolean: Scalars['Boolean']['output'];
  Mutation: Record<PropertyKey, never>;
  MutationResult: MutationResult;
  TokenAuthPayload: TokenAuthPayload;
  ApiKey: ApiKeyRecord;
  CreateApiKeyPayload: Omit<CreateApiKeyPayload, 'apiKey'> & { apiKey?: Maybe<ResolversParentTypes['ApiKey']> };
  Member: Member;
  AddMemberPayload: AddMemberPayload;
  MyAccess: MyAccess;
  Account: Omit<Account, 'history'>;
  Float: Scalars['Float']['output'];
  AccountPage: Omit<AccountPage, 'items'> & { items: Array<ResolversParentTypes['Account']> };
  AccountInput: AccountInput;
  CreateAccountPayload: Omit<CreateAccountPayload, 'account'> & { account?: Maybe<ResolversParentTypes['Account']> };
  BatchItemError: BatchItemError;
  BatchCreatePayload: BatchCreatePayload;
  AuditRecord: AuditRecord;
  AuditRecordPage: AuditRecordPage;
  DaybookEvent: DaybookEvent;
  DaybookEventPage: DaybookEventPage;
  AuditChainHead: AuditChainHead;
  LedgerEvent: Omit<LedgerEvent, 'history' | 'journalEntry' | 'reversalEntry' | 'appliedDocuments' | 'recurringTemplateId' | 'occurrenceDate'> & { organizationId: string; journalEntry: JournalEntryParent | null; reversalEntry: JournalEntryParent | null };
  Contact: Omit<Contact, 'history' | 'outstanding' | 'overdue'> & { organizationId: string };
  Reconciliation: Omit<Reconciliation, 'history'>;
  CsvImportProfile: CsvImportProfile;
  CsvImportProfileInput: CsvImportProfileInput;
  CsvImportProfilePayload: CsvImportProfilePayload;
  BankFileRow: BankFileRow;
  StatementBalanceCheck: StatementBalanceCheck;
  BankFileImportPayload: BankFileImportPayload;
  BankStatementRowInput: BankStatementRowInput;
  NearMatch: NearMatch;
  DuplicateCheckResult: DuplicateCheckResult;
  CheckBankStatementDupsPayload: CheckBankStatementDupsPayload;
  ImportBankStatementPayload: ImportBankStatementPayload;
  CategoryRule: CategoryRule;
  RuleCondition: RuleCondition;
  RuleLine: RuleLine;
  RuleConditionInput: RuleConditionInput;
  RuleLineInput: RuleLineInput;
  CategoryRuleInput: CategoryRuleInput;
  RulePreviewItem: RulePreviewItem;
  RulePreview: RulePreview;
  ApplyCategoryRulePayload: ApplyCategoryRulePayload;
  CategoryRuleAccount: CategoryRuleAccount;
  CategoryRulePage: CategoryRulePage;
  CategoryRulePayload: CategoryRulePayload;
  ContactPage: Omit<ContactPage, 'items'> & { items: Array<ResolversParentTypes['Contact']> };
  ContactInput: ContactInput;
  UpdateContactPayload: Omit<UpdateContactPayload, 'contact'> & { contact?: Maybe<ResolversParentTypes['Contact']> };
  CreateContactPayload: Omit<CreateContactPayload, 'contact'> & { contact?: Maybe<ResolversParentTypes['Contact']> };
  ExchangeRate: ExchangeRate;
  ExchangeRatePage: ExchangeRatePage;
  ExchangeRateInput: ExchangeRateInput;
  SetExchangeRatesPayload: SetExchangeRatesPayload;
  FiscalYear: FiscalYear;
  FiscalYearPayload: FiscalYearPayload;
  IntakeAddress: IntakeAddress;
  IntakeAddressPayload: IntakeAddressPayload;
  Invoice: Omit<Invoice, 'recurringTemplateId' | 'occurrenceDate'> & { organizationId: string };
  InvoiceContact: InvoiceContact;
  InvoiceLine: InvoiceLine;
  InvoicePayment: InvoicePayment;
  InvoiceInput: InvoiceInput;
  InvoiceLineInput: InvoiceLineInput;
  InvoicePayload: Omit<InvoicePayload, 'invoice'> & { invoice?: Maybe<ResolversParentTypes['Invoice']> };
  InvoicePage: Omit<InvoicePage, 'items'> & { items: Array<ResolversParentTypes['Invoice']> };
  AgedReport: AgedReport;
  AgedRow: AgedRow;
  ContactStatement: ContactStatement;
  ContactStatementLine: ContactStatementLine;
  InvoiceMatch: Omit<InvoiceMatch, 'invoice'> & { invoice: ResolversParentTypes['Invoice'] };
  AppliedDocument: Omit<AppliedDocument, 'invoice'> & { invoice: ResolversParentTypes['Invoice'] };
  JournalEntry: JournalEntryParent;
  JournalLine: JournalLine;
  JournalLineAccount: JournalLineAccount;
  JournalLineContact: JournalLineContact;
  JournalLineInput: JournalLineInput;
  JournalEntryPayload: Omit<JournalEntryPayload, 'journalEntry'> & { journalEntry?: Maybe<ResolversParentTypes['JournalEntry']> };
  JournalEntryPage: Omit<JournalEntryPage, 'items'> & { items: Array<ResolversParentTypes['JournalEntry']> };
  EntryLine: EntryLine;
  EntryLineInput: EntryLineInput;
  LedgerEventAccount: LedgerEventAccount;
  AccountRef: AccountRef;
  ContactRef: ContactRef;
  LedgerEventPage: Omit<LedgerEventPage, 'items'> & { items: Array<ResolversParentTypes['LedgerEvent']> };
  CreateLedgerEventPayload: Omit<CreateLedgerEventPayload, 'event'> & { event?: Maybe<ResolversParentTypes['LedgerEvent']> };
  LedgerEventPayload: Omit<LedgerEventPayload, 'event'> & { event?: Maybe<ResolversParentTypes['LedgerEvent']> };
  ConfirmLedgerEventPayload: ConfirmLedgerEventPayload;
  ConfirmLedgerEventResult: ConfirmLedgerEventResult;
  ConfirmLedgerEventsPayload: ConfirmLedgerEventsPayload;
  RejectLedgerEventPayload: RejectLedgerEventPayload;
  SyncItemError: SyncItemError;
  MarkSyncedPayload: MarkSyncedPayload;
  Organization: OrganizationRecord;
  SetLockDatePayload: Omit<SetLockDatePayload, 'organization'> & { organization?: Maybe<ResolversParentTypes['Organization']> };
  UpdateOrganizationProfilePayload: Omit<UpdateOrganizationProfilePayload, 'organization'> & { organization?: Maybe<ResolversParentTypes['Organization']> };
  CreateOrganizationPayload: Omit<CreateOrganizationPayload, 'organization'> & { organization?: Maybe<ResolversParentTypes['Organization']> };
  PracticeOrganization: PracticeOrganizationParent;
  ImportProcessorBalancePayload: ImportProcessorBalancePayload;
  DeleteProcessorImportsPayload: DeleteProcessorImportsPayload;
  ReceiptAttachment: ReceiptAttachment;
  ReceiptEvent: ReceiptEvent;
  Receipt: Receipt;
  ReceiptPage: ReceiptPage;
  AttachReceiptPayload: AttachReceiptPayload;
  ReceiptPayload: ReceiptPayload;
  ReconciliationPage: Omit<ReconciliationPage, 'items'> & { items: Array<ResolversParentTypes['Reconciliation']> };
  ReconciliationPayload: Omit<ReconciliationPayload, 'reconciliation'> & { reconciliation?: Maybe<ResolversParentTypes['Reconciliation']> };
  RecurringTemplate: RecurringTemplate;
  RecurringTemplateInput: RecurringTemplateInput;
  JournalEntryTemplateInput: JournalEntryTemplateInput;
  LedgerEventTemplateInput: LedgerEventTemplateInput;
  RecurringTemplatePayload: RecurringTemplatePayload;
  RecurringTemplatePage: RecurringTemplatePage;
  DashboardSummary: DashboardSummary;
  IncomeStatementLine: IncomeStatementLine;
  IncomeStatement: IncomeStatement;
  AccountBalance: AccountBalance;
  TrialBalanceLine: TrialBalanceLine;
  TrialBalance: TrialBalance;
  BalanceSheetLine: BalanceSheetLine;
  BalanceSheet: BalanceSheet;
  GeneralLedgerLine: GeneralLedgerLine;
  GeneralLedgerLinePage: GeneralLedgerLinePage;
  GeneralLedger: GeneralLedger;
  GifiLine: GifiLine;
  GifiSchedule: GifiSchedule;
  TaxReturnLine: TaxReturnLine;
  TaxReturnException: TaxReturnException;
  SalesTaxReturn: SalesTaxReturn;
  TaxReturnLineItem: TaxReturnLineItem;
  TaxReturnLineItemPage: TaxReturnLineItemPage;
  FileSalesTaxReturnPayload: FileSalesTaxReturnPayload;
  SalesTaxReturnPage: SalesTaxReturnPage;
  TaxCode: TaxCode;
  TaxCodePage: TaxCodePage;
  SalesTaxRate: SalesTaxRate;
  SalesTaxCode: SalesTaxCode;
  SalesTaxCodePage: SalesTaxCodePage;
  WebhookEndpoint: WebhookEndpoint;
  WebhookEndpointPayload: WebhookEndpointPayload;
  WebhookAttempt: WebhookAttempt;
  WebhookDelivery: WebhookDelivery;
  WebhookDeliveryPage: WebhookDeliveryPage;
  WebhookDeliveryPayload: WebhookDeliveryPayload;
};

export interface UuidScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['UUID'], any> {
  name: 'UUID';
}

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  myAccess?: Resolver<ResolversTypes['MyAccess'], ParentType, ContextType, RequireFields<QueryMyAccessArgs, 'organizationId'>>;
  listApiKeys?: Resolver<Maybe<Array<ResolversTypes['ApiKey']>>, ParentType, ContextType, RequireFields<QueryListApiKeysArgs, 'organizationId'>>;
  listMembers?: Resolver<Maybe<Array<ResolversTypes['Member']>>, ParentType, ContextType, RequireFields<QueryListMembersArgs, 'organizationId'>>;
  listAccounts?: Resolver<Maybe<ResolversTypes['AccountPage']>, ParentType, ContextType, RequireFields<QueryListAccountsArgs, 'organizationId'>>;
  events?: Resolver<Maybe<ResolversTypes['DaybookEventPage']>, ParentType, ContextType, RequireFields<QueryEventsArgs, 'organizationId' | 'after' | 'limit'>>;
  auditLog?: Resolver<Maybe<ResolversTypes['AuditRecordPage']>, ParentType, ContextType, RequireFields<QueryAuditLogArgs, 'organizationId'>>;
  listCsvImportProfiles?: Resolver<Maybe<Array<ResolversTypes['CsvImportProfile']>>, ParentType, ContextType, RequireFields<QueryListCsvImportProfilesArgs, 'organizationId' | 'paymentAccountId'>>;
  listCategoryRules?: Resolver<Maybe<ResolversTypes['CategoryRulePage']>, ParentType, ContextType, RequireFields<QueryListCategoryRulesArgs, 'organizationId'>>;
  previewCategoryRule?: Resolver<Maybe<ResolversTypes['RulePreview']>, ParentType, ContextType, RequireFields<QueryPreviewCategoryRuleArgs, 'organizationId' | 'rule'>>;
  listContacts?: Resolver<Maybe<ResolversTypes['ContactPage']>, ParentType, ContextType, RequireFields<QueryListContactsArgs, 'organizationId'>>;
  listExchangeRates?: Resolver<Maybe<ResolversTypes['ExchangeRatePage']>, ParentType, ContextType, RequireFields<QueryListExchangeRatesArgs, 'organizationId'>>;
  fiscalYears?: Resolver<Array<ResolversTypes['FiscalYear']>, ParentType, ContextType, RequireFields<QueryFiscalYearsArgs, 'organizationId'>>;
  listIntakeAddresses?: Resolver<Maybe<Array<ResolversTypes['IntakeAddress']>>, ParentType, ContextType, RequireFields<QueryListIntakeAddressesArgs, 'organizationId'>>;
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType, RequireFields<QueryInvoiceArgs, 'organizationId' | 'invoiceId'>>;
  listInvoices?: Resolver<Maybe<ResolversTypes['InvoicePage']>, ParentType, ContextType, RequireFields<QueryListInvoicesArgs, 'organizationId'>>;
  agedReceivables?: Resolver<Maybe<ResolversTypes['AgedReport']>, ParentType, ContextType, RequireFields<QueryAgedReceivablesArgs, 'organizationId'>>;
  agedPayables?: Resolver<Maybe<ResolversTypes['AgedReport']>, ParentType, ContextType, RequireFields<QueryAgedPayablesArgs, 'organizationId'>>;
  contactStatement?: Resolver<Maybe<ResolversTypes['ContactStatement']>, ParentType, ContextType, RequireFields<QueryContactStatementArgs, 'organizationId' | 'contactId' | 'startDate' | 'endDate'>>;
  invoiceMatches?: Resolver<Array<ResolversTypes['InvoiceMatch']>, ParentType, ContextType, RequireFields<QueryInvoiceMatchesArgs, 'organizationId' | 'eventId'>>;
  journalEntry?: Resolver<Maybe<ResolversTypes['JournalEntry']>, ParentType, ContextType, RequireFields<QueryJournalEntryArgs, 'organizationId' | 'journalEntryId'>>;
  listJournalEntries?: Resolver<Maybe<ResolversTypes['JournalEntryPage']>, ParentType, ContextType, RequireFields<QueryListJournalEntriesArgs, 'organizationId'>>;
  listLedgerEvents?: Resolver<Maybe<ResolversTypes['LedgerEventPage']>, ParentType, ContextType, RequireFields<QueryListLedgerEventsArgs, 'organizationId'>>;
  getLedgerEvent?: Resolver<Maybe<ResolversTypes['LedgerEvent']>, ParentType, ContextType, RequireFields<QueryGetLedgerEventArgs, 'organizationId' | 'eventId'>>;
  myOrganizations?: Resolver<Maybe<Array<ResolversTypes['Organization']>>, ParentType, ContextType>;
  practiceOverview?: Resolver<Array<ResolversTypes['PracticeOrganization']>, ParentType, ContextType>;
  listReceipts?: Resolver<Maybe<ResolversTypes['ReceiptPage']>, ParentType, ContextType, RequireFields<QueryListReceiptsArgs, 'organizationId'>>;
  reconciliation?: Resolver<Maybe<ResolversTypes['Reconciliation']>, ParentType, ContextType, RequireFields<QueryReconciliationArgs, 'organizationId' | 'reconciliationId'>>;
  listReconciliations?: Resolver<Maybe<ResolversTypes['ReconciliationPage']>, ParentType, ContextType, RequireFields<QueryListReconciliationsArgs, 'organizationId' | 'paymentAccountId'>>;
  listRecurringTemplates?: Resolver<Maybe<ResolversTypes['RecurringTemplatePage']>, ParentType, ContextType, RequireFields<QueryListRecurringTemplatesArgs, 'organizationId'>>;
  dashboardSummary?: Resolver<Maybe<ResolversTypes['DashboardSummary']>, ParentType, ContextType, RequireFields<QueryDashboardSummaryArgs, 'organizationId'>>;
  incomeStatement?: Resolver<Maybe<ResolversTypes['IncomeStatement']>, ParentType, ContextType, RequireFields<QueryIncomeStatementArgs, 'organizationId'>>;
  accountBalances?: Resolver<Maybe<Array<ResolversTypes['AccountBalance']>>, ParentType, ContextType, RequireFields<QueryAccountBalancesArgs, 'organizationId'>>;
  trialBalance?: Resolver<Maybe<ResolversTypes['TrialBalance']>, ParentType, ContextType, RequireFields<QueryTrialBalanceArgs, 'organizationId'>>;
  balanceSheet?: Resolver<Maybe<ResolversTypes['BalanceSheet']>, ParentType, ContextType, RequireFields<QueryBalanceSheetArgs, 'organizationId'>>;
  generalLedger?: Resolver<Maybe<ResolversTypes['GeneralLedger']>, ParentType, ContextType, RequireFields<QueryGeneralLedgerArgs, 'organizationId' | 'accountId'>>;
  gifiSchedule?: Resolver<Maybe<ResolversTypes['GifiSchedule']>, ParentType, ContextType, RequireFields<QueryGifiScheduleArgs, 'organizationId' | 'endDate' | 'schedule'>>;
  salesTaxReturn?: Resolver<Maybe<ResolversTypes['SalesTaxReturn']>, ParentType, ContextType, RequireFields<QuerySalesTaxReturnArgs, 'organizationId' | 'startDate' | 'endDate' | 'jurisdiction'>>;
  salesTaxReturnLineDetail?: Resolver<Maybe<ResolversTypes['TaxReturnLineItemPage']>, ParentType, ContextType, RequireFields<QuerySalesTaxReturnLineDetailArgs, 'organizationId' | 'startDate' | 'endDate' | 'jurisdiction' | 'line'>>;
  listSalesTaxReturns?: Resolver<Maybe<ResolversTypes['SalesTaxReturnPage']>, ParentType, ContextType, RequireFields<QueryListSalesTaxReturnsArgs, 'organizationId'>>;
  listTaxCodes?: Resolver<Maybe<ResolversTypes['TaxCodePage']>, ParentType, ContextType, RequireFields<QueryListTaxCodesArgs, 'organizationId'>>;
  listSalesTaxCodes?: Resolver<Maybe<ResolversTypes['SalesTaxCodePage']>, ParentType, ContextType, RequireFields<QueryListSalesTaxCodesArgs, 'organizationId'>>;
  listWebhookEndpoints?: Resolver<Maybe<Array<ResolversTypes['WebhookEndpoint']>>, ParentType, ContextType, RequireFields<QueryListWebhookEndpointsArgs, 'organizationId'>>;
  listWebhookDeliveries?: Resolver<Maybe<ResolversTypes['WebhookDeliveryPage']>, ParentType, ContextType, RequireFields<QueryListWebhookDeliveriesArgs, 'organizationId' | 'endpointId'>>;
};

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  tokenAuth?: Resolver<Maybe<ResolversTypes['TokenAuthPayload']>, ParentType, ContextType, RequireFields<MutationTokenAuthArgs, 'email' | 'password'>>;
  createApiKey?: Resolver<Maybe<ResolversTypes['CreateApiKeyPayload']>, ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'organizationId'>>;
  revokeApiKey?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationRevokeApiKeyArgs, 'organizationId' | 'apiKeyId'>>;
  addMember?: Resolver<Maybe<ResolversTypes['AddMemberPayload']>, ParentType, ContextType, RequireFields<MutationAddMemberArgs, 'organizationId' | 'email' | 'role'>>;
  updateMemberRole?: Resolver<Maybe<ResolversTypes['AddMemberPayload']>, ParentType, ContextType, RequireFields<MutationUpdateMemberRoleArgs, 'organizationId' | 'userId' | 'role'>>;
  removeMember?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationRemoveMemberArgs, 'organizationId' | 'userId'>>;
  createAccount?: Resolver<Maybe<ResolversTypes['CreateAccountPayload']>, ParentType, ContextType, RequireFields<MutationCreateAccountArgs, 'organizationId' | 'name'>>;
  batchCreateAccounts?: Resolver<Maybe<ResolversTypes['BatchCreatePayload']>, ParentType, ContextType, RequireFields<MutationBatchCreateAccountsArgs, 'organizationId' | 'items'>>;
  importBankStatementFile?: Resolver<Maybe<ResolversTypes['BankFileImportPayload']>, ParentType, ContextType, RequireFields<MutationImportBankStatementFileArgs, 'organizationId' | 'paymentAccountId' | 's3Key' | 'format' | 'dryRun'>>;
  createCsvImportProfile?: Resolver<Maybe<ResolversTypes['CsvImportProfilePayload']>, ParentType, ContextType, RequireFields<MutationCreateCsvImportProfileArgs, 'organizationId' | 'paymentAccountId' | 'profile'>>;
  updateCsvImportProfile?: Resolver<Maybe<ResolversTypes['CsvImportProfilePayload']>, ParentType, ContextType, RequireFields<MutationUpdateCsvImportProfileArgs, 'organizationId' | 'profileId' | 'profile'>>;
  deleteCsvImportProfile?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationDeleteCsvImportProfileArgs, 'organizationId' | 'profileId'>>;
  checkBankStatementDups?: Resolver<Maybe<ResolversTypes['CheckBankStatementDupsPayload']>, ParentType, ContextType, RequireFields<MutationCheckBankStatementDupsArgs, 'organizationId' | 'paymentAccountId' | 'rows'>>;
  importBankStatement?: Resolver<Maybe<ResolversTypes['ImportBankStatementPayload']>, ParentType, ContextType, RequireFields<MutationImportBankStatementArgs, 'organizationId' | 'paymentAccountId' | 'rows'>>;
  createCategoryRule?: Resolver<Maybe<ResolversTypes['CategoryRulePayload']>, ParentType, ContextType, RequireFields<MutationCreateCategoryRuleArgs, 'organizationId'>>;
  updateCategoryRule?: Resolver<Maybe<ResolversTypes['CategoryRulePayload']>, ParentType, ContextType, RequireFields<MutationUpdateCategoryRuleArgs, 'organizationId' | 'ruleId'>>;
  applyCategoryRule?: Resolver<Maybe<ResolversTypes['ApplyCategoryRulePayload']>, ParentType, ContextType, RequireFields<MutationApplyCategoryRuleArgs, 'organizationId' | 'ruleId'>>;
  deleteCategoryRule?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationDeleteCategoryRuleArgs, 'organizationId' | 'ruleId'>>;
  createContact?: Resolver<Maybe<ResolversTypes['CreateContactPayload']>, ParentType, ContextType, RequireFields<MutationCreateContactArgs, 'organizationId' | 'contactType' | 'displayName'>>;
  updateContact?: Resolver<Maybe<ResolversTypes['UpdateContactPayload']>, ParentType, ContextType, RequireFields<MutationUpdateContactArgs, 'organizationId' | 'contactId'>>;
  batchCreateContacts?: Resolver<Maybe<ResolversTypes['BatchCreatePayload']>, ParentType, ContextType, RequireFields<MutationBatchCreateContactsArgs, 'organizationId' | 'items'>>;
  setExchangeRates?: Resolver<Maybe<ResolversTypes['SetExchangeRatesPayload']>, ParentType, ContextType, RequireFields<MutationSetExchangeRatesArgs, 'organizationId' | 'rates'>>;
  closeFiscalYear?: Resolver<Maybe<ResolversTypes['FiscalYearPayload']>, ParentType, ContextType, RequireFields<MutationCloseFiscalYearArgs, 'organizationId' | 'endDate'>>;
  reopenFiscalYear?: Resolver<Maybe<ResolversTypes['FiscalYearPayload']>, ParentType, ContextType, RequireFields<MutationReopenFiscalYearArgs, 'organizationId' | 'endDate' | 'reason'>>;
  createIntakeAddress?: Resolver<Maybe<ResolversTypes['IntakeAddressPayload']>, ParentType, ContextType, RequireFields<MutationCreateIntakeAddressArgs, 'organizationId' | 'addressType' | 'address'>>;
  deleteIntakeAddress?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationDeleteIntakeAddressArgs, 'organizationId' | 'intakeAddressId'>>;
  createInvoice?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationCreateInvoiceArgs, 'organizationId' | 'input'>>;
  updateInvoice?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationUpdateInvoiceArgs, 'organizationId' | 'invoiceId' | 'input'>>;
  approveInvoice?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationApproveInvoiceArgs, 'organizationId' | 'invoiceId'>>;
  voidInvoice?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationVoidInvoiceArgs, 'organizationId' | 'invoiceId'>>;
  recordInvoicePayment?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationRecordInvoicePaymentArgs, 'organizationId' | 'invoiceId' | 'amount' | 'date' | 'paymentAccountId'>>;
  applyCreditNote?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationApplyCreditNoteArgs, 'organizationId' | 'creditNoteId' | 'invoiceId' | 'amount'>>;
  applyLedgerEventToInvoice?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationApplyLedgerEventToInvoiceArgs, 'organizationId' | 'eventId' | 'invoiceId' | 'amount'>>;
  createBillFromReceipt?: Resolver<Maybe<ResolversTypes['InvoicePayload']>, ParentType, ContextType, RequireFields<MutationCreateBillFromReceiptArgs, 'organizationId' | 'receiptId'>>;
  createJournalEntry?: Resolver<Maybe<ResolversTypes['JournalEntryPayload']>, ParentType, ContextType, RequireFields<MutationCreateJournalEntryArgs, 'organizationId' | 'date' | 'lines'>>;
  reverseJournalEntry?: Resolver<Maybe<ResolversTypes['JournalEntryPayload']>, ParentType, ContextType, RequireFields<MutationReverseJournalEntryArgs, 'organizationId' | 'journalEntryId' | 'date'>>;
  setOpeningBalances?: Resolver<Maybe<ResolversTypes['JournalEntryPayload']>, ParentType, ContextType, RequireFields<MutationSetOpeningBalancesArgs, 'organizationId' | 'date' | 'lines'>>;
  createLedgerEvent?: Resolver<Maybe<ResolversTypes['CreateLedgerEventPayload']>, ParentType, ContextType, RequireFields<MutationCreateLedgerEventArgs, 'organizationId' | 'merchantName' | 'amount' | 'transactionDate'>>;
  updateLedgerEvent?: Resolver<Maybe<ResolversTypes['LedgerEventPayload']>, ParentType, ContextType, RequireFields<MutationUpdateLedgerEventArgs, 'organizationId' | 'eventId'>>;
  updateStagedEntry?: Resolver<Maybe<ResolversTypes['LedgerEventPayload']>, ParentType, ContextType, RequireFields<MutationUpdateStagedEntryArgs, 'organizationId' | 'eventId'>>;
  confirmLedgerEvent?: Resolver<Maybe<ResolversTypes['ConfirmLedgerEventPayload']>, ParentType, ContextType, RequireFields<MutationConfirmLedgerEventArgs, 'organizationId' | 'eventId'>>;
  confirmLedgerEvents?: Resolver<Maybe<ResolversTypes['ConfirmLedgerEventsPayload']>, ParentType, ContextType, RequireFields<MutationConfirmLedgerEventsArgs, 'organizationId' | 'eventIds'>>;
  rejectLedgerEvent?: Resolver<Maybe<ResolversTypes['RejectLedgerEventPayload']>, ParentType, ContextType, RequireFields<MutationRejectLedgerEventArgs, 'organizationId' | 'eventId'>>;
  markLedgerEventsSynced?: Resolver<Maybe<ResolversTypes['MarkSyncedPayload']>, ParentType, ContextType, RequireFields<MutationMarkLedgerEventsSyncedArgs, 'organizationId' | 'eventIds'>>;
  createOrganization?: Resolver<Maybe<ResolversTypes['CreateOrganizationPayload']>, ParentType, ContextType, RequireFields<MutationCreateOrganizationArgs, 'name'>>;
  setFunctionalCurrency?: Resolver<Maybe<ResolversTypes['CreateOrganizationPayload']>, ParentType, ContextType, RequireFields<MutationSetFunctionalCurrencyArgs, 'organizationId' | 'functionalCurrency'>>;
  updateOrganizationProfile?: Resolver<Maybe<ResolversTypes['UpdateOrganizationProfilePayload']>, ParentType, ContextType, RequireFields<MutationUpdateOrganizationProfileArgs, 'organizationId'>>;
  setLockDate?: Resolver<Maybe<ResolversTypes['SetLockDatePayload']>, ParentType, ContextType, RequireFields<MutationSetLockDateArgs, 'organizationId'>>;
  importProcessorBalance?: Resolver<Maybe<ResolversTypes['ImportProcessorBalancePayload']>, ParentType, ContextType, RequireFields<MutationImportProcessorBalanceArgs, 'organizationId' | 'csv'>>;
  deleteProcessorImports?: Resolver<Maybe<ResolversTypes['DeleteProcessorImportsPayload']>, ParentType, ContextType, RequireFields<MutationDeleteProcessorImportsArgs, 'organizationId'>>;
  attachReceiptToEvent?: Resolver<Maybe<ResolversTypes['AttachReceiptPayload']>, ParentType, ContextType, RequireFields<MutationAttachReceiptToEventArgs, 'organizationId' | 'eventId' | 's3Key'>>;
  updateReceipt?: Resolver<Maybe<ResolversTypes['ReceiptPayload']>, ParentType, ContextType, RequireFields<MutationUpdateReceiptArgs, 'organizationId' | 'receiptId'>>;
  rejectReceipt?: Resolver<Maybe<ResolversTypes['ReceiptPayload']>, ParentType, ContextType, RequireFields<MutationRejectReceiptArgs, 'organizationId' | 'receiptId'>>;
  startReconciliation?: Resolver<Maybe<ResolversTypes['ReconciliationPayload']>, ParentType, ContextType, RequireFields<MutationStartReconciliationArgs, 'organizationId' | 'paymentAccountId' | 'statementDate' | 'statementBalance'>>;
  startReconciliationFromStatementFile?: Resolver<Maybe<ResolversTypes['ReconciliationPayload']>, ParentType, ContextType, RequireFields<MutationStartReconciliationFromStatementFileArgs, 'organizationId' | 'paymentAccountId' | 's3Key' | 'format'>>;
  setReconciliationCleared?: Resolver<Maybe<ResolversTypes['ReconciliationPayload']>, ParentType, ContextType, RequireFields<MutationSetReconciliationClearedArgs, 'organizationId' | 'reconciliationId' | 'eventIds' | 'cleared'>>;
  finishReconciliation?: Resolver<Maybe<ResolversTypes['ReconciliationPayload']>, ParentType, ContextType, RequireFields<MutationFinishReconciliationArgs, 'organizationId' | 'reconciliationId'>>;
  undoReconciliation?: Resolver<Maybe<ResolversTypes['ReconciliationPayload']>, ParentType, ContextType, RequireFields<MutationUndoReconciliationArgs, 'organizationId' | 'reconciliationId' | 'reason'>>;
  cancelReconciliation?: Resolver<Maybe<ResolversTypes['ReconciliationPayload']>, ParentType, ContextType, RequireFields<MutationCancelReconciliationArgs, 'organizationId' | 'reconciliationId'>>;
  createRecurringTemplate?: Resolver<Maybe<ResolversTypes['RecurringTemplatePayload']>, ParentType, ContextType, RequireFields<MutationCreateRecurringTemplateArgs, 'organizationId' | 'input'>>;
  updateRecurringTemplate?: Resolver<Maybe<ResolversTypes['RecurringTemplatePayload']>, ParentType, ContextType, RequireFields<MutationUpdateRecurringTemplateArgs, 'organizationId' | 'templateId' | 'input'>>;
  pauseRecurringTemplate?: Resolver<Maybe<ResolversTypes['RecurringTemplatePayload']>, ParentType, ContextType, RequireFields<MutationPauseRecurringTemplateArgs, 'organizationId' | 'templateId'>>;
  resumeRecurringTemplate?: Resolver<Maybe<ResolversTypes['RecurringTemplatePayload']>, ParentType, ContextType, RequireFields<MutationResumeRecurringTemplateArgs, 'organizationId' | 'templateId'>>;
  deleteRecurringTemplate?: Resolver<Maybe<ResolversTypes['RecurringTemplatePayload']>, ParentType, ContextType, RequireFields<MutationDeleteRecurringTemplateArgs, 'organizationId' | 'templateId'>>;
  fileSalesTaxReturn?: Resolver<Maybe<ResolversTypes['FileSalesTaxReturnPayload']>, ParentType, ContextType, RequireFields<MutationFileSalesTaxReturnArgs, 'organizationId' | 'startDate' | 'endDate' | 'jurisdiction'>>;
  createWebhookEndpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpointPayload']>, ParentType, ContextType, RequireFields<MutationCreateWebhookEndpointArgs, 'organizationId' | 'url'>>;
  updateWebhookEndpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpointPayload']>, ParentType, ContextType, RequireFields<MutationUpdateWebhookEndpointArgs, 'organizationId' | 'endpointId'>>;
  deleteWebhookEndpoint?: Resolver<Maybe<ResolversTypes['MutationResult']>, ParentType, ContextType, RequireFields<MutationDeleteWebhookEndpointArgs, 'organizationId' | 'endpointId'>>;
  rotateWebhookSecret?: Resolver<Maybe<ResolversTypes['WebhookEndpointPayload']>, ParentType, ContextType, RequireFields<MutationRotateWebhookSecretArgs, 'organizationId' | 'endpointId'>>;
  redeliverWebhookEvent?: Resolver<Maybe<ResolversTypes['WebhookDeliveryPayload']>, ParentType, ContextType, RequireFields<MutationRedeliverWebhookEventArgs, 'organizationId' | 'endpointId' | 'eventId'>>;
};

export type MutationResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MutationResult'] = ResolversParentTypes['MutationResult']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TokenAuthPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TokenAuthPayload'] = ResolversParentTypes['TokenAuthPayload']> = {
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ApiKeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CreateApiKeyPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateApiKeyPayload'] = ResolversParentTypes['CreateApiKeyPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  apiKey?: Resolver<Maybe<ResolversTypes['ApiKey']>, ParentType, ContextType>;
};

export type MemberResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Member'] = ResolversParentTypes['Member']> = {
  userId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AddMemberPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AddMemberPayload'] = ResolversParentTypes['AddMemberPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  member?: Resolver<Maybe<ResolversTypes['Member']>, ParentType, ContextType>;
};

export type MyAccessResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MyAccess'] = ResolversParentTypes['MyAccess']> = {
  role?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  scopes?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type AccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Account'] = ResolversParentTypes['Account']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currentBalance?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['TaxCode']>, ParentType, ContextType>;
  lastFour?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  parentId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  history?: Resolver<Maybe<ResolversTypes['AuditRecordPage']>, ParentType, ContextType, RequireFields<AccountHistoryArgs, 'organizationId'>>;
};

export type AccountPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountPage'] = ResolversParentTypes['AccountPage']> = {
  items?: Resolver<Array<ResolversTypes['Account']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CreateAccountPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateAccountPayload'] = ResolversParentTypes['CreateAccountPayload']> = {
  account?: Resolver<Maybe<ResolversTypes['Account']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type BatchItemErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BatchItemError'] = ResolversParentTypes['BatchItemError']> = {
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  errorCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type BatchCreatePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BatchCreatePayload'] = ResolversParentTypes['BatchCreatePayload']> = {
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['BatchItemError']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AuditRecordResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditRecord'] = ResolversParentTypes['AuditRecord']> = {
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actorType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actorId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  operation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  entityType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  entityId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  before?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  after?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AuditRecordPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditRecordPage'] = ResolversParentTypes['AuditRecordPage']> = {
  items?: Resolver<Array<ResolversTypes['AuditRecord']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DaybookEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DaybookEvent'] = ResolversParentTypes['DaybookEvent']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actorType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actorId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  entityId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  data?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DaybookEventPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DaybookEventPage'] = ResolversParentTypes['DaybookEventPage']> = {
  items?: Resolver<Array<ResolversTypes['DaybookEvent']>, ParentType, ContextType>;
  lastSeq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  auditHead?: Resolver<ResolversTypes['AuditChainHead'], ParentType, ContextType>;
};

export type AuditChainHeadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuditChainHead'] = ResolversParentTypes['AuditChainHead']> = {
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  hash?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type LedgerEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LedgerEvent'] = ResolversParentTypes['LedgerEvent']> = {
  history?: Resolver<Maybe<ResolversTypes['AuditRecordPage']>, ParentType, ContextType, RequireFields<LedgerEventHistoryArgs, 'organizationId'>>;
  appliedDocuments?: Resolver<Array<ResolversTypes['AppliedDocument']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  merchantName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  functionalAmount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  functionalCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  originalAmount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  originalCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  exchangeRate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  splitAmount?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  splitAccount?: Resolver<Maybe<ResolversTypes['AccountRef']>, ParentType, ContextType>;
  transactionDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hasDocument?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  account?: Resolver<Maybe<ResolversTypes['LedgerEventAccount']>, ParentType, ContextType>;
  paymentAccount?: Resolver<Maybe<ResolversTypes['AccountRef']>, ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['AccountRef']>, ParentType, ContextType>;
  journalEntry?: Resolver<Maybe<ResolversTypes['JournalEntry']>, ParentType, ContextType>;
  reversalEntry?: Resolver<Maybe<ResolversTypes['JournalEntry']>, ParentType, ContextType>;
  taxAmount?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  taxAccount?: Resolver<Maybe<ResolversTypes['AccountRef']>, ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contact?: Resolver<Maybe<ResolversTypes['ContactRef']>, ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reconciliationId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['EntryLine']>, ParentType, ContextType>;
  receipts?: Resolver<Array<ResolversTypes['ReceiptAttachment']>, ParentType, ContextType>;
  recurringTemplateId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  occurrenceDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
};

export type ContactResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Contact'] = ResolversParentTypes['Contact']> = {
  history?: Resolver<Maybe<ResolversTypes['AuditRecordPage']>, ParentType, ContextType, RequireFields<ContactHistoryArgs, 'organizationId'>>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  contactType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  businessNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  outstanding?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  overdue?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReconciliationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Reconciliation'] = ResolversParentTypes['Reconciliation']> = {
  history?: Resolver<Maybe<ResolversTypes['AuditRecordPage']>, ParentType, ContextType, RequireFields<ReconciliationHistoryArgs, 'organizationId'>>;
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  paymentAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  statementDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  statementBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  openingBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  clearedBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  difference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  clearedEventIds?: Resolver<Array<ResolversTypes['UUID']>, ParentType, ContextType>;
  adjustmentEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  undoneAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  undoReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cancelledAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cancelReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CsvImportProfileResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CsvImportProfile'] = ResolversParentTypes['CsvImportProfile']> = {
  id?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  paymentAccountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  delimiter?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  encoding?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasHeader?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  skipLines?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dateColumn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateFormat?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountColumn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  inflowColumn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  outflowColumn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  descriptionColumn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  payeeColumn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  memoColumn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  referenceColumn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  decimalMark?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  flipSign?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CsvImportProfilePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CsvImportProfilePayload'] = ResolversParentTypes['CsvImportProfilePayload']> = {
  csvImportProfile?: Resolver<Maybe<ResolversTypes['CsvImportProfile']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type BankFileRowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BankFileRow'] = ResolversParentTypes['BankFileRow']> = {
  rowIndex?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  transactionDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isDuplicate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isPossibleDuplicate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  duplicateReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  matchingEventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
};

export type StatementBalanceCheckResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StatementBalanceCheck'] = ResolversParentTypes['StatementBalanceCheck']> = {
  openingBalance?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  closingBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  closingDate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  entriesTotal?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  difference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  balanced?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type BankFileImportPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BankFileImportPayload'] = ResolversParentTypes['BankFileImportPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  format?: Resolver<Maybe<ResolversTypes['BankFileFormat']>, ParentType, ContextType>;
  encoding?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  importedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skippedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rows?: Resolver<Array<ResolversTypes['BankFileRow']>, ParentType, ContextType>;
  balanceCheck?: Resolver<Maybe<ResolversTypes['StatementBalanceCheck']>, ParentType, ContextType>;
  statementAccountId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  accountMismatch?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  suggestedCsvProfile?: Resolver<Maybe<ResolversTypes['CsvImportProfile']>, ParentType, ContextType>;
};

export type NearMatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NearMatch'] = ResolversParentTypes['NearMatch']> = {
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  transactionDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  merchantName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DuplicateCheckResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DuplicateCheckResult'] = ResolversParentTypes['DuplicateCheckResult']> = {
  rowIndex?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  isDuplicate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isPossibleDuplicate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  matchingEventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  nearMatches?: Resolver<Array<ResolversTypes['NearMatch']>, ParentType, ContextType>;
};

export type CheckBankStatementDupsPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CheckBankStatementDupsPayload'] = ResolversParentTypes['CheckBankStatementDupsPayload']> = {
  results?: Resolver<Array<ResolversTypes['DuplicateCheckResult']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ImportBankStatementPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportBankStatementPayload'] = ResolversParentTypes['ImportBankStatementPayload']> = {
  importedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skippedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CategoryRuleResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategoryRule'] = ResolversParentTypes['CategoryRule']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  vendorPattern?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  conditions?: Resolver<Array<ResolversTypes['RuleCondition']>, ParentType, ContextType>;
  conditionMatch?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  paymentAccountIds?: Resolver<Array<ResolversTypes['UUID']>, ParentType, ContextType>;
  account?: Resolver<ResolversTypes['CategoryRuleAccount'], ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contactId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  lines?: Resolver<Maybe<Array<ResolversTypes['RuleLine']>>, ParentType, ContextType>;
  matchCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RuleConditionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RuleCondition'] = ResolversParentTypes['RuleCondition']> = {
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  operator?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  negate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type RuleLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RuleLine'] = ResolversParentTypes['RuleLine']> = {
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  account?: Resolver<ResolversTypes['CategoryRuleAccount'], ParentType, ContextType>;
  percent?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RulePreviewItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RulePreviewItem'] = ResolversParentTypes['RulePreviewItem']> = {
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  merchantName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  transactionDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
};

export type RulePreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RulePreview'] = ResolversParentTypes['RulePreview']> = {
  matchCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['RulePreviewItem']>, ParentType, ContextType>;
};

export type ApplyCategoryRulePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApplyCategoryRulePayload'] = ResolversParentTypes['ApplyCategoryRulePayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  classifiedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CategoryRuleAccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategoryRuleAccount'] = ResolversParentTypes['CategoryRuleAccount']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CategoryRulePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategoryRulePage'] = ResolversParentTypes['CategoryRulePage']> = {
  items?: Resolver<Array<ResolversTypes['CategoryRule']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CategoryRulePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategoryRulePayload'] = ResolversParentTypes['CategoryRulePayload']> = {
  categoryRule?: Resolver<Maybe<ResolversTypes['CategoryRule']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ContactPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ContactPage'] = ResolversParentTypes['ContactPage']> = {
  items?: Resolver<Array<ResolversTypes['Contact']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type UpdateContactPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UpdateContactPayload'] = ResolversParentTypes['UpdateContactPayload']> = {
  contact?: Resolver<Maybe<ResolversTypes['Contact']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CreateContactPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateContactPayload'] = ResolversParentTypes['CreateContactPayload']> = {
  contact?: Resolver<Maybe<ResolversTypes['Contact']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ExchangeRateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ExchangeRate'] = ResolversParentTypes['ExchangeRate']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ExchangeRatePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ExchangeRatePage'] = ResolversParentTypes['ExchangeRatePage']> = {
  items?: Resolver<Array<ResolversTypes['ExchangeRate']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SetExchangeRatesPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SetExchangeRatesPayload'] = ResolversParentTypes['SetExchangeRatesPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  savedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type FiscalYearResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FiscalYear'] = ResolversParentTypes['FiscalYear']> = {
  startDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  closed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  netIncome?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FiscalYearPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FiscalYearPayload'] = ResolversParentTypes['FiscalYearPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fiscalYear?: Resolver<Maybe<ResolversTypes['FiscalYear']>, ParentType, ContextType>;
};

export type IntakeAddressResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntakeAddress'] = ResolversParentTypes['IntakeAddress']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  addressType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  created?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type IntakeAddressPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IntakeAddressPayload'] = ResolversParentTypes['IntakeAddressPayload']> = {
  intakeAddress?: Resolver<Maybe<ResolversTypes['IntakeAddress']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type InvoiceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Invoice'] = ResolversParentTypes['Invoice']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contact?: Resolver<ResolversTypes['InvoiceContact'], ParentType, ContextType>;
  issueDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  dueDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['InvoiceLine']>, ParentType, ContextType>;
  subtotal?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxTotal?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountPaid?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountDue?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  journalEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  payments?: Resolver<Array<ResolversTypes['InvoicePayment']>, ParentType, ContextType>;
  receiptId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recurringTemplateId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  occurrenceDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
};

export type InvoiceContactResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvoiceContact'] = ResolversParentTypes['InvoiceContact']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvoiceLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvoiceLine'] = ResolversParentTypes['InvoiceLine']> = {
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxAmount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvoicePaymentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvoicePayment'] = ResolversParentTypes['InvoicePayment']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paymentAccountId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  journalEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
};

export type InvoicePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvoicePayload'] = ResolversParentTypes['InvoicePayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType>;
};

export type InvoicePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvoicePage'] = ResolversParentTypes['InvoicePage']> = {
  items?: Resolver<Array<ResolversTypes['Invoice']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AgedReportResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AgedReport'] = ResolversParentTypes['AgedReport']> = {
  asOf?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  rows?: Resolver<Array<ResolversTypes['AgedRow']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['AgedRow'], ParentType, ContextType>;
};

export type AgedRowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AgedRow'] = ResolversParentTypes['AgedRow']> = {
  contactId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  current?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  days1To30?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  days31To60?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  days61To90?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  over90?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ContactStatementResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ContactStatement'] = ResolversParentTypes['ContactStatement']> = {
  openingBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['ContactStatementLine']>, ParentType, ContextType>;
  closingBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ContactStatementLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ContactStatementLine'] = ResolversParentTypes['ContactStatementLine']> = {
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvoiceMatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvoiceMatch'] = ResolversParentTypes['InvoiceMatch']> = {
  invoice?: Resolver<ResolversTypes['Invoice'], ParentType, ContextType>;
  score?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type AppliedDocumentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AppliedDocument'] = ResolversParentTypes['AppliedDocument']> = {
  invoice?: Resolver<ResolversTypes['Invoice'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type JournalEntryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JournalEntry'] = ResolversParentTypes['JournalEntry']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  txnDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalAmount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['JournalLine']>, ParentType, ContextType>;
  reversesEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  reversedByEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recurringTemplateId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  occurrenceDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
};

export type JournalLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JournalLine'] = ResolversParentTypes['JournalLine']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  account?: Resolver<ResolversTypes['JournalLineAccount'], ParentType, ContextType>;
  debit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  credit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  memo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contact?: Resolver<Maybe<ResolversTypes['JournalLineContact']>, ParentType, ContextType>;
  taxReturnLine?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type JournalLineAccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JournalLineAccount'] = ResolversParentTypes['JournalLineAccount']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type JournalLineContactResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JournalLineContact'] = ResolversParentTypes['JournalLineContact']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type JournalEntryPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JournalEntryPayload'] = ResolversParentTypes['JournalEntryPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  journalEntry?: Resolver<Maybe<ResolversTypes['JournalEntry']>, ParentType, ContextType>;
};

export type JournalEntryPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['JournalEntryPage'] = ResolversParentTypes['JournalEntryPage']> = {
  items?: Resolver<Array<ResolversTypes['JournalEntry']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type EntryLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['EntryLine'] = ResolversParentTypes['EntryLine']> = {
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  account?: Resolver<Maybe<ResolversTypes['AccountRef']>, ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  netAmount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  taxAmount?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  taxRecoverable?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memo?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contact?: Resolver<Maybe<ResolversTypes['ContactRef']>, ParentType, ContextType>;
};

export type LedgerEventAccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LedgerEventAccount'] = ResolversParentTypes['LedgerEventAccount']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AccountRefResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountRef'] = ResolversParentTypes['AccountRef']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ContactRefResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ContactRef'] = ResolversParentTypes['ContactRef']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type LedgerEventPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LedgerEventPage'] = ResolversParentTypes['LedgerEventPage']> = {
  items?: Resolver<Array<ResolversTypes['LedgerEvent']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CreateLedgerEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateLedgerEventPayload'] = ResolversParentTypes['CreateLedgerEventPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  event?: Resolver<Maybe<ResolversTypes['LedgerEvent']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type LedgerEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LedgerEventPayload'] = ResolversParentTypes['LedgerEventPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  event?: Resolver<Maybe<ResolversTypes['LedgerEvent']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ConfirmLedgerEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ConfirmLedgerEventPayload'] = ResolversParentTypes['ConfirmLedgerEventPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  journalEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ConfirmLedgerEventResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ConfirmLedgerEventResult'] = ResolversParentTypes['ConfirmLedgerEventResult']> = {
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  journalEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
};

export type ConfirmLedgerEventsPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ConfirmLedgerEventsPayload'] = ResolversParentTypes['ConfirmLedgerEventsPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  confirmedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  results?: Resolver<Array<ResolversTypes['ConfirmLedgerEventResult']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RejectLedgerEventPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RejectLedgerEventPayload'] = ResolversParentTypes['RejectLedgerEventPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  reversalEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SyncItemErrorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SyncItemError'] = ResolversParentTypes['SyncItemError']> = {
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  error?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  errorCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MarkSyncedPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MarkSyncedPayload'] = ResolversParentTypes['MarkSyncedPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  syncedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['SyncItemError']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type OrganizationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Organization'] = ResolversParentTypes['Organization']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lockDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  functionalCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fiscalYearEnd?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  businessNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  province?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  salesTaxFrequency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  salesTaxMethod?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quickMethodRate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  yearEndLockDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
};

export type SetLockDatePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SetLockDatePayload'] = ResolversParentTypes['SetLockDatePayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType>;
};

export type UpdateOrganizationProfilePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['UpdateOrganizationProfilePayload'] = ResolversParentTypes['UpdateOrganizationProfilePayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType>;
};

export type CreateOrganizationPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreateOrganizationPayload'] = ResolversParentTypes['CreateOrganizationPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType>;
};

export type PracticeOrganizationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PracticeOrganization'] = ResolversParentTypes['PracticeOrganization']> = {
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unreviewedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unreconciledAccounts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  oldestUnreviewedDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  lockDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  yearEndLockDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  nextTaxReturnDue?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  overdueReceivables?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ImportProcessorBalancePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportProcessorBalancePayload'] = ResolversParentTypes['ImportProcessorBalancePayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  batchId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skippedAppFee?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skippedDupe?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  eventCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dryRun?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  heldForRate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type DeleteProcessorImportsPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeleteProcessorImportsPayload'] = ResolversParentTypes['DeleteProcessorImportsPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  deleted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dryRun?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ReceiptAttachmentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReceiptAttachment'] = ResolversParentTypes['ReceiptAttachment']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  filename?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  s3Key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uploadedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReceiptEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReceiptEvent'] = ResolversParentTypes['ReceiptEvent']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  merchantName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReceiptResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Receipt'] = ResolversParentTypes['Receipt']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  vendorName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  vendorNameConfidence?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  amount?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amountConfidence?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  receiptDate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  taxAmount?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  supplierBusinessNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  receiptDateConfidence?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  extractionStatus?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  imageUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  event?: Resolver<Maybe<ResolversTypes['ReceiptEvent']>, ParentType, ContextType>;
  filename?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  s3Key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uploadedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  extractionError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  extractionErrorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ReceiptPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReceiptPage'] = ResolversParentTypes['ReceiptPage']> = {
  items?: Resolver<Array<ResolversTypes['Receipt']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AttachReceiptPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AttachReceiptPayload'] = ResolversParentTypes['AttachReceiptPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  receiptId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ReceiptPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReceiptPayload'] = ResolversParentTypes['ReceiptPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  receipt?: Resolver<Maybe<ResolversTypes['Receipt']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ReconciliationPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReconciliationPage'] = ResolversParentTypes['ReconciliationPage']> = {
  items?: Resolver<Array<ResolversTypes['Reconciliation']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ReconciliationPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReconciliationPayload'] = ResolversParentTypes['ReconciliationPayload']> = {
  reconciliation?: Resolver<Maybe<ResolversTypes['Reconciliation']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RecurringTemplateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RecurringTemplate'] = ResolversParentTypes['RecurringTemplate']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  frequency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  interval?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dayOfMonth?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  startDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  endDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  occurrencesMax?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  mode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nextDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  lastDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  occurrenceCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  paused?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastErrorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RecurringTemplatePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RecurringTemplatePayload'] = ResolversParentTypes['RecurringTemplatePayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recurringTemplate?: Resolver<Maybe<ResolversTypes['RecurringTemplate']>, ParentType, ContextType>;
};

export type RecurringTemplatePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RecurringTemplatePage'] = ResolversParentTypes['RecurringTemplatePage']> = {
  items?: Resolver<Array<ResolversTypes['RecurringTemplate']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DashboardSummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DashboardSummary'] = ResolversParentTypes['DashboardSummary']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalRevenue?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalExpenses?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  netIncome?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  receiptCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unreviewedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type IncomeStatementLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IncomeStatementLine'] = ResolversParentTypes['IncomeStatementLine']> = {
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  accountName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type IncomeStatementResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IncomeStatement'] = ResolversParentTypes['IncomeStatement']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  incomeAccounts?: Resolver<Array<ResolversTypes['IncomeStatementLine']>, ParentType, ContextType>;
  expenseAccounts?: Resolver<Array<ResolversTypes['IncomeStatementLine']>, ParentType, ContextType>;
  totalIncome?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalExpenses?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  netIncome?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AccountBalanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AccountBalance'] = ResolversParentTypes['AccountBalance']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  accountName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TrialBalanceLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrialBalanceLine'] = ResolversParentTypes['TrialBalanceLine']> = {
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  accountName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  debit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  credit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TrialBalanceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TrialBalance'] = ResolversParentTypes['TrialBalance']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  asOf?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['TrialBalanceLine']>, ParentType, ContextType>;
  totalDebit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalCredit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type BalanceSheetLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BalanceSheetLine'] = ResolversParentTypes['BalanceSheetLine']> = {
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  accountName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type BalanceSheetResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BalanceSheet'] = ResolversParentTypes['BalanceSheet']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  asOf?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  assets?: Resolver<Array<ResolversTypes['BalanceSheetLine']>, ParentType, ContextType>;
  liabilities?: Resolver<Array<ResolversTypes['BalanceSheetLine']>, ParentType, ContextType>;
  equity?: Resolver<Array<ResolversTypes['BalanceSheetLine']>, ParentType, ContextType>;
  totalAssets?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalLiabilities?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalEquity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currentEarnings?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priorYearsEarnings?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currentYearEarnings?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  totalLiabilitiesAndEquity?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type GeneralLedgerLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GeneralLedgerLine'] = ResolversParentTypes['GeneralLedgerLine']> = {
  entryId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  txnDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  debit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  credit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type GeneralLedgerLinePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GeneralLedgerLinePage'] = ResolversParentTypes['GeneralLedgerLinePage']> = {
  items?: Resolver<Array<ResolversTypes['GeneralLedgerLine']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type GeneralLedgerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GeneralLedger'] = ResolversParentTypes['GeneralLedger']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  accountName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  openingBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  closingBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<ResolversTypes['GeneralLedgerLinePage'], ParentType, ContextType>;
};

export type GifiLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GifiLine'] = ResolversParentTypes['GifiLine']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type GifiScheduleResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['GifiSchedule'] = ResolversParentTypes['GifiSchedule']> = {
  schedule?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['GifiLine']>, ParentType, ContextType>;
};

export type TaxReturnLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxReturnLine'] = ResolversParentTypes['TaxReturnLine']> = {
  line?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TaxReturnExceptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxReturnException'] = ResolversParentTypes['TaxReturnException']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  journalEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SalesTaxReturnResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxReturn'] = ResolversParentTypes['SalesTaxReturn']> = {
  startDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  jurisdiction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  method?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['TaxReturnLine']>, ParentType, ContextType>;
  exceptions?: Resolver<Array<ResolversTypes['TaxReturnException']>, ParentType, ContextType>;
  payableBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  difference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tiesOut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  filed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  filedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TaxReturnLineItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxReturnLineItem'] = ResolversParentTypes['TaxReturnLineItem']> = {
  journalEntryId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
  transactionDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  taxCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  netAmount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxAmount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TaxReturnLineItemPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxReturnLineItemPage'] = ResolversParentTypes['TaxReturnLineItemPage']> = {
  items?: Resolver<Array<ResolversTypes['TaxReturnLineItem']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type FileSalesTaxReturnPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['FileSalesTaxReturnPayload'] = ResolversParentTypes['FileSalesTaxReturnPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  return?: Resolver<Maybe<ResolversTypes['SalesTaxReturn']>, ParentType, ContextType>;
  journalEntryId?: Resolver<Maybe<ResolversTypes['UUID']>, ParentType, ContextType>;
};

export type SalesTaxReturnPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxReturnPage'] = ResolversParentTypes['SalesTaxReturnPage']> = {
  items?: Resolver<Array<ResolversTypes['SalesTaxReturn']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TaxCodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxCode'] = ResolversParentTypes['TaxCode']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  classification?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isTotalLine?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type TaxCodePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TaxCodePage'] = ResolversParentTypes['TaxCodePage']> = {
  items?: Resolver<Array<ResolversTypes['TaxCode']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SalesTaxRateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxRate'] = ResolversParentTypes['SalesTaxRate']> = {
  rate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  effectiveFrom?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  effectiveTo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SalesTaxCodeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxCode'] = ResolversParentTypes['SalesTaxCode']> = {
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  jurisdiction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rates?: Resolver<Array<ResolversTypes['SalesTaxRate']>, ParentType, ContextType>;
};

export type SalesTaxCodePageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SalesTaxCodePage'] = ResolversParentTypes['SalesTaxCodePage']> = {
  items?: Resolver<Array<ResolversTypes['SalesTaxCode']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type WebhookEndpointResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookEndpoint'] = ResolversParentTypes['WebhookEndpoint']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  eventTypes?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  disabledAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookEndpointPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookEndpointPayload'] = ResolversParentTypes['WebhookEndpointPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  endpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType>;
  secret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type WebhookAttemptResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookAttempt'] = ResolversParentTypes['WebhookAttempt']> = {
  attempt?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  statusCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  responseBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type WebhookDeliveryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDelivery'] = ResolversParentTypes['WebhookDelivery']> = {
  id?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['UUID'], ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  attemptCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  attempts?: Resolver<Array<ResolversTypes['WebhookAttempt']>, ParentType, ContextType>;
};

export type WebhookDeliveryPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDeliveryPage'] = ResolversParentTypes['WebhookDeliveryPage']> = {
  items?: Resolver<Array<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type WebhookDeliveryPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WebhookDeliveryPayload'] = ResolversParentTypes['WebhookDeliveryPayload']> = {
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  delivery?: Resolver<Maybe<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  UUID?: GraphQLScalarType;
  Date?: GraphQLScalarType;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  MutationResult?: MutationResultResolvers<ContextType>;
  TokenAuthPayload?: TokenAuthPayloadResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  CreateApiKeyPayload?: CreateApiKeyPayloadResolvers<ContextType>;
  Member?: MemberResolvers<ContextType>;
  AddMemberPayload?: AddMemberPayloadResolvers<ContextType>;
  MyAccess?: MyAccessResolvers<ContextType>;
  Account?: AccountResolvers<ContextType>;
  AccountPage?: AccountPageResolvers<ContextType>;
  CreateAccountPayload?: CreateAccountPayloadResolvers<ContextType>;
  BatchItemError?: BatchItemErrorResolvers<ContextType>;
  BatchCreatePayload?: BatchCreatePayloadResolvers<ContextType>;
  AuditRecord?: AuditRecordResolvers<ContextType>;
  AuditRecordPage?: AuditRecordPageResolvers<ContextType>;
  DaybookEvent?: DaybookEventResolvers<ContextType>;
  DaybookEventPage?: DaybookEventPageResolvers<ContextType>;
  AuditChainHead?: AuditChainHeadResolvers<ContextType>;
  LedgerEvent?: LedgerEventResolvers<ContextType>;
  Contact?: ContactResolvers<ContextType>;
  Reconciliation?: ReconciliationResolvers<ContextType>;
  CsvImportProfile?: CsvImportProfileResolvers<ContextType>;
  CsvImportProfilePayload?: CsvImportProfilePayloadResolvers<ContextType>;
  BankFileRow?: BankFileRowResolvers<ContextType>;
  StatementBalanceCheck?: StatementBalanceCheckResolvers<ContextType>;
  BankFileImportPayload?: BankFileImportPayloadResolvers<ContextType>;
  NearMatch?: NearMatchResolvers<ContextType>;
  DuplicateCheckResult?: DuplicateCheckResultResolvers<ContextType>;
  CheckBankStatementDupsPayload?: CheckBankStatementDupsPayloadResolvers<ContextType>;
  ImportBankStatementPayload?: ImportBankStatementPayloadResolvers<ContextType>;
  CategoryRule?: CategoryRuleResolvers<ContextType>;
  RuleCondition?: RuleConditionResolvers<ContextType>;
  RuleLine?: RuleLineResolvers<ContextType>;
  RulePreviewItem?: RulePreviewItemResolvers<ContextType>;
  RulePreview?: RulePreviewResolvers<ContextType>;
  ApplyCategoryRulePayload?: ApplyCategoryRulePayloadResolvers<ContextType>;
  CategoryRuleAccount?: CategoryRuleAccountResolvers<ContextType>;
  CategoryRulePage?: CategoryRulePageResolvers<ContextType>;
  CategoryRulePayload?: CategoryRulePayloadResolvers<ContextType>;
  ContactPage?: ContactPageResolvers<ContextType>;
  UpdateContactPayload?: UpdateContactPayloadResolvers<ContextType>;
  CreateContactPayload?: CreateContactPayloadResolvers<ContextType>;
  ExchangeRate?: ExchangeRateResolvers<ContextType>;
  ExchangeRatePage?: ExchangeRatePageResolvers<ContextType>;
  SetExchangeRatesPayload?: SetExchangeRatesPayloadResolvers<ContextType>;
  FiscalYear?: FiscalYearResolvers<ContextType>;
  FiscalYearPayload?: FiscalYearPayloadResolvers<ContextType>;
  IntakeAddress?: IntakeAddressResolvers<ContextType>;
  IntakeAddressPayload?: IntakeAddressPayloadResolvers<ContextType>;
  Invoice?: InvoiceResolvers<ContextType>;
  InvoiceContact?: InvoiceContactResolvers<ContextType>;
  InvoiceLine?: InvoiceLineResolvers<ContextType>;
  InvoicePayment?: InvoicePaymentResolvers<ContextType>;
  InvoicePayload?: InvoicePayloadResolvers<ContextType>;
  InvoicePage?: InvoicePageResolvers<ContextType>;
  AgedReport?: AgedReportResolvers<ContextType>;
  AgedRow?: AgedRowResolvers<ContextType>;
  ContactStatement?: ContactStatementResolvers<ContextType>;
  ContactStatementLine?: ContactStatementLineResolvers<ContextType>;
  InvoiceMatch?: InvoiceMatchResolvers<ContextType>;
  AppliedDocument?: AppliedDocumentResolvers<ContextType>;
  JournalEntry?: JournalEntryResolvers<ContextType>;
  JournalLine?: JournalLineResolvers<ContextType>;
  JournalLineAccount?: JournalLineAccountResolvers<ContextType>;
  JournalLineContact?: JournalLineContactResolvers<ContextType>;
  JournalEntryPayload?: JournalEntryPayloadResolvers<ContextType>;
  JournalEntryPage?: JournalEntryPageResolvers<ContextType>;
  EntryLine?: EntryLineResolvers<ContextType>;
  LedgerEventAccount?: LedgerEventAccountResolvers<ContextType>;
  AccountRef?: AccountRefResolvers<ContextType>;
  ContactRef?: ContactRefResolvers<ContextType>;
  LedgerEventPage?: LedgerEventPageResolvers<ContextType>;
  CreateLedgerEventPayload?: CreateLedgerEventPayloadResolvers<ContextType>;
  LedgerEventPayload?: LedgerEventPayloadResolvers<ContextType>;
  ConfirmLedgerEventPayload?: ConfirmLedgerEventPayloadResolvers<ContextType>;
  ConfirmLedgerEventResult?: ConfirmLedgerEventResultResolvers<ContextType>;
  ConfirmLedgerEventsPayload?: ConfirmLedgerEventsPayloadResolvers<ContextType>;
  RejectLedgerEventPayload?: RejectLedgerEventPayloadResolvers<ContextType>;
  SyncItemError?: SyncItemErrorResolvers<ContextType>;
  MarkSyncedPayload?: MarkSyncedPayloadResolvers<ContextType>;
  Organization?: OrganizationResolvers<ContextType>;
  SetLockDatePayload?: SetLockDatePayloadResolvers<ContextType>;
  UpdateOrganizationProfilePayload?: UpdateOrganizationProfilePayloadResolvers<ContextType>;
  CreateOrganizationPayload?: CreateOrganizationPayloadResolvers<ContextType>;
  PracticeOrganization?: PracticeOrganizationResolvers<ContextType>;
  ImportProcessorBalancePayload?: ImportProcessorBalancePayloadResolvers<ContextType>;
  DeleteProcessorImportsPayload?: DeleteProcessorImportsPayloadResolvers<ContextType>;
  ReceiptAttachment?: ReceiptAttachmentResolvers<ContextType>;
  ReceiptEvent?: ReceiptEventResolvers<ContextType>;
  Receipt?: ReceiptResolvers<ContextType>;
  ReceiptPage?: ReceiptPageResolvers<ContextType>;
  AttachReceiptPayload?: AttachReceiptPayloadResolvers<ContextType>;
  ReceiptPayload?: ReceiptPayloadResolvers<ContextType>;
  ReconciliationPage?: ReconciliationPageResolvers<ContextType>;
  ReconciliationPayload?: ReconciliationPayloadResolvers<ContextType>;
  RecurringTemplate?: RecurringTemplateResolvers<ContextType>;
  RecurringTemplatePayload?: RecurringTemplatePayloadResolvers<ContextType>;
  RecurringTemplatePage?: RecurringTemplatePageResolvers<ContextType>;
  DashboardSummary?: DashboardSummaryResolvers<ContextType>;
  IncomeStatementLine?: IncomeStatementLineResolvers<ContextType>;
  IncomeStatement?: IncomeStatementResolvers<ContextType>;
  AccountBalance?: AccountBalanceResolvers<ContextType>;
  TrialBalanceLine?: TrialBalanceLineResolvers<ContextType>;
  TrialBalance?: TrialBalanceResolvers<ContextType>;
  BalanceSheetLine?: BalanceSheetLineResolvers<ContextType>;
  BalanceSheet?: BalanceSheetResolvers<ContextType>;
  GeneralLedgerLine?: GeneralLedgerLineResolvers<ContextType>;
  GeneralLedgerLinePage?: GeneralLedgerLinePageResolvers<ContextType>;
  GeneralLedger?: GeneralLedgerResolvers<ContextType>;
  GifiLine?: GifiLineResolvers<ContextType>;
  GifiSchedule?: GifiScheduleResolvers<ContextType>;
  TaxReturnLine?: TaxReturnLineResolvers<ContextType>;
  TaxReturnException?: TaxReturnExceptionResolvers<ContextType>;
  SalesTaxReturn?: SalesTaxReturnResolvers<ContextType>;
  TaxReturnLineItem?: TaxReturnLineItemResolvers<ContextType>;
  TaxReturnLineItemPage?: TaxReturnLineItemPageResolvers<ContextType>;
  FileSalesTaxReturnPayload?: FileSalesTaxReturnPayloadResolvers<ContextType>;
  SalesTaxReturnPage?: SalesTaxReturnPageResolvers<ContextType>;
  TaxCode?: TaxCodeResolvers<ContextType>;
  TaxCodePage?: TaxCodePageResolvers<ContextType>;
  SalesTaxRate?: SalesTaxRateResolvers<ContextType>;
  SalesTaxCode?: SalesTaxCodeResolvers<ContextType>;
  SalesTaxCodePage?: SalesTaxCodePageResolvers<ContextType>;
  WebhookEndpoint?: WebhookEndpointResolvers<ContextType>;
  WebhookEndpointPayload?: WebhookEndpointPayloadResolvers<ContextType>;
  WebhookAttempt?: WebhookAttemptResolvers<ContextType>;
  WebhookDelivery?: WebhookDeliveryResolvers<ContextType>;
  WebhookDeliveryPage?: WebhookDeliveryPageResolvers<ContextType>;
  WebhookDeliveryPayload?: WebhookDeliveryPayloadResolvers<ContextType>;
};


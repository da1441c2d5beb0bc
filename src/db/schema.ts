import type { Generated, Kysely } from 'kysely'

// The database as Kysely sees it on both engines. Portable column choices:
// ids are text UUIDs, dates 'YYYY-MM-DD' text, timestamps ISO-8601 text with 'Z',
// booleans 0/1 integers, money bigint minor units. Integers may come back as bigint.
type Int = number | bigint
type Flag = number | bigint

export interface OrganizationsTable {
  id: string
  name: string
  name_key: string
  created_at: string
  /** Nothing dated on or before this day may be created or changed (DESIGN 7.3). */
  lock_date: string | null
  /** The currency the books are kept in (DESIGN 7.7). */
  functional_currency: string
  /** The profile (DESIGN 8.1): MM-DD, and how sales tax is filed. */
  fiscal_year_end: Generated<string>
  business_number: string | null
  province: string | null
  sales_tax_frequency: string | null
  sales_tax_method: Generated<string>
  quick_method_rate: string | null
  /** Nothing on or before it changes, whatever the lock date (DESIGN 8.5). */
  year_end_lock_date: string | null
}

export interface UsersTable {
  id: string
  email: string
  email_key: string
  name: string
  password_hash: string
  created_at: string
}

export interface MembershipsTable {
  organization_id: string
  user_id: string
  role: string
  created_at: string
}

export interface ApiKeysTable {
  id: string
  organization_id: string
  name: string
  prefix: string
  key_hash: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
  /** Space-separated scopes (migration 0031); null keeps every right a key has. */
  scopes: string | null
}

/** Finds an API key's organization from the key's hash alone (ADR 0026). */
export interface ApiKeyDirectoryTable {
  key_hash: string
  organization_id: string
  api_key_id: string
}

export interface SettingsTable {
  name: string
  value: string
}

/** The shared count of an API key's hour (PostgreSQL; one process on SQLite counts in memory). */
export interface ApiKeyQuotaWindowsTable {
  organization_id: string
  api_key_id: string
  points: Int
  ends_at_ms: Int
}

export interface TaxCodesTable {
  id: string
  code: string
  name: string
  name_key: string
  classification: string
  account_type: string
  is_total_line: Flag
}

export interface AccountsTable {
  id: string
  organization_id: string
  name: string
  name_key: string
  account_type: string
  classification: string
  sub_type: string
  tax_code_id: string | null
  last_four: string | null
  parent_id: string | null
  system_role: string | null
  active: Flag
  created_at: string
  /** The account id a statement file imported here named (OFX BANKID:ACCTID, IBAN, MT940 :25:). */
  statement_account_id: string | null
}

/** An account's totals are the sum of its rows here (see migration 0008). */
export interface AccountTotalsTable {
  organization_id: string
  account_id: string
  shard: number
  debit_minor: Int
  credit_minor: Int
}

export interface ContactsTable {
  id: string
  organization_id: string
  contact_type: string
  display_name: string
  name_key: string
  email: string
  phone: string
  active: Flag
  balance_minor: Int
  created_at: string
  business_number: string | null
}

export interface LedgerEventsTable {
  id: string
  organization_id: string
  event_type: string
  merchant_name: string
  merchant_key: string
  memo: string
  memo_key: string
  amount_minor: Int
  currency: string
  transaction_date: string
  status: string
  category_id: string | null
  payment_account_id: string | null
  contact_id: string | null
  tax_amount_minor: Int | null
  tax_from_code: Flag
  tax_account_id: string | null
  sales_tax_code: string | null
  category_rule_id: string | null
  reference: string | null
  source: string
  backfill_id: string | null
  batch_id: string | null
  has_document: Flag
  journal_entry_id: string | null
  reversal_entry_id: string | null
  /** The finished reconciliation that holds this event, while it is reconciled. */
  reconciliation_id: string | null
  /** in: money into the payment account; out: money out of it. */
  direction: string
  /** Functional units per original unit: as given, or the one posted with; null until known. */
  exchange_rate: string | null
  /** A transfer's second part (a loan repayment's interest) and where it goes. */
  split_account_id: string | null
  split_amount_minor: Int | null
  created_at: string
  updated_at: string
}

export interface JournalEntriesTable {
  id: string
  organization_id: string
  event_id: string | null
  kind: string
  reverses_entry_id: string | null
  txn_date: string
  total_minor: Int
  currency: string
  /** The event's own currency when it is not the functional one; lines then hold original_minor. */
  original_currency: string | null
  created_at: string
  /** A manual entry's memo and reference (migration 0030); null on entries of events. */
  memo: string | null
  reference: string | null
}

export interface JournalLinesTable {
  id: string
  entry_id: string
  organization_id: string
  line_no: number
  account_id: string
  contact_id: string | null
  debit_minor: Int
  credit_minor: Int
  txn_date: string
  original_minor: Int | null
  /** What the line is to a sales tax return (migration 0027); null: nothing. */
  tax_kind: string | null
  tax_code: string | null
  /** On a tax line, the line_no of the net line of the same entry the tax was paid on. */
  tax_base_line_no: number | null
  /** A manual entry's line memo (migration 0030). */
  memo: string | null
}

/** An event's lines, when it is classified line by line (migration 0029). */
export interface LedgerEventLinesTable {
  organization_id: string
  event_id: string
  /** From 1, in the order the lines were given. */
  line_no: number
  account_id: string
  /** The line's share of the event's amount, its tax included. */
  amount_minor: Int
  tax_code: string | null
  tax_amount_minor: Int | null
  /** 1 when the tax was worked out from tax_code, so a new date works it out again. */
  tax_from_code: Generated<number>
  memo: Generated<string>
  contact_id: string | null
}

export interface SalesTaxReturnsTable {
  organization_id: string
  id: string
  jurisdiction: string
  method: string
  start_date: string
  end_date: string
  /** The lines as filed: [{ line, label, amountMinor }] with amounts as decimal strings of minor units. */
  lines_json: string
  journal_entry_id: string | null
  filed_at: string
}

/** A document of DESIGN 8.6 (migration 0033): an invoice, a bill, a credit note or a vendor credit. */
export interface InvoicesTable {
  organization_id: string
  id: string
  kind: string
  number: string
  /** The number lower-cased, which the unique indexes compare. */
  number_key: string
  contact_id: string
  issue_date: string
  due_date: string
  currency: string
  status: string
  memo: Generated<string>
  subtotal_minor: Int
  tax_total_minor: Int
  total_minor: Int
  /** Payments and credits applied, in the document's currency. */
  amount_paid_minor: Generated<Int>
  /** total less amount paid, kept beside them so open documents are found by what is due (0034). */
  amount_due_minor: Generated<Int>
  /** A foreign-currency document's rate of its issue date, kept when it is approved; else null. */
  exchange_rate: Generated<string | null>
  journal_entry_id: string | null
  void_entry_id: string | null
  /** The receipt a draft bill was made from (0035); one bill per receipt. */
  receipt_id: Generated<string | null>
  created_at: string
  updated_at: string
}

export interface InvoiceLinesTable {
  organization_id: string
  invoice_id: string
  /** From 1, in the order the lines were given. */
  line_no: number
  description: string
  /** Decimal strings as given. */
  quantity: string
  unit_price: string
  account_id: string
  tax_code: string | null
  /** quantity x unit price, before tax, rounded half-even to the currency. */
  amount_minor: Int
  tax_minor: Int
}

/** A payment of a document, or a credit note applied to one (kind 'credit'). */
export interface InvoicePaymentsTable {
  organization_id: string
  id: string
  invoice_id: string
  kind: string
  payment_date: string
  amount_minor: Int
  payment_account_id: string | null
  credit_note_id: string | null
  journal_entry_id: string | null
  event_id: string | null
  /** The rate of the payment's date, for a foreign-currency document's payment (0034). */
  exchange_rate: Generated<string | null>
  created_at: string
}

/** A bank line in the review queue applied to a document it pays once confirmed (migration 0034). */
export interface InvoiceEventMatchesTable {
  organization_id: string
  event_id: string
  invoice_id: string
  amount_minor: Int
  created_at: string
}

export interface AccountDayTotalsTable {
  organization_id: string
  account_id: string
  txn_date: string
  debit_minor: Int
  credit_minor: Int
}

/** The tagged lines of a day summed (migration 0032); '' is no tax code or no base account. */
export interface TaxDayTotalsTable {
  organization_id: string
  txn_date: string
  tax_kind: string
  tax_code: string
  account_id: string
  base_account_id: string
  debit_minor: Int
  credit_minor: Int
}

export interface ExchangeRatesTable {
  organization_id: string
  currency: string
  rate_date: string
  rate: string
  updated_at: string
}

export interface CategoryRulesTable {
  id: string
  organization_id: string
  vendor_pattern: string
  pattern_key: string
  account_id: string
  match_count: Int
  created_at: string
  /** JSON text of the conditions beside vendor_pattern (0037). */
  conditions: Generated<string>
  condition_match: Generated<string>
  priority: Generated<number>
  /** JSON text of the payment accounts the rule applies to; all when empty. */
  payment_account_ids: Generated<string>
  tax_code: string | null
  contact_id: string | null
  /** JSON text of the percentage lines, or null for a rule with one category. */
  lines: string | null
}

export interface CsvImportProfilesTable {
  organization_id: string
  id: string
  payment_account_id: string
  name: string
  name_key: string
  delimiter: string
  encoding: string | null
  has_header: Flag
  skip_lines: Int
  date_column: string
  date_format: string
  amount_column: string | null
  inflow_column: string | null
  outflow_column: string | null
  description_column: string | null
  payee_column: string | null
  memo_column: string | null
  reference_column: string | null
  decimal_mark: string
  flip_sign: Flag
  created_at: string
  updated_at: string
}

export interface ReconciliationsTable {
  organization_id: string
  id: string
  payment_account_id: string
  statement_date: string
  statement_balance_minor: Int
  opening_balance_minor: Int
  status: string
  adjustment_entry_id: string | null
  created_at: string
  finished_at: string | null
  undone_at: string | null
  undo_reason: string | null
  cancelled_at: string | null
  cancel_reason: string | null
}

export interface ReconciliationEventsTable {
  organization_id: string
  reconciliation_id: string
  event_id: string
  /** The status the event left when the reconciliation finished (confirmed or synced). */
  previous_status: string | null
}

export interface AuditRecordsTable {
  organization_id: string
  id: string
  /** Null until the record is sealed into the chain. */
  seq: Int | null
  at: string
  actor_type: string
  actor_id: string | null
  operation: string
  entity_type: string
  entity_id: string
  before: string | null
  after: string | null
  /** Sealed: the chain's HMAC. Unsealed: the record's own seal, which the sealer checks first. */
  hash: string | null
  /** The record's place in the organization's event feed, when its operation is a feed type. */
  feed_seq: Int | null
}

export interface AuditHeadsTable {
  organization_id: string
  seq: Int
  hash: string
  /** The event feed's last number. */
  feed_seq: Int
  /** HMAC of seq, hash and feed_seq under the organization's key; null before the first seal. */
  mac: string | null
}

export interface ReceiptsTable {
  id: string
  organization_id: string
  event_id: string | null
  source: string
  status: string
  /** Read from the receipt (DESIGN 8.1). */
  supplier_business_number: string | null
  /** The sales tax read with amount_minor (createBillFromReceipt). */
  tax_minor: Int | null
  vendor_name: string | null
  vendor_key: string | null
  amount_minor: Int | null
  currency: string
  receipt_date: string | null
  filename: string
  s3_key: string
  content_type: string
  size_bytes: Int
  sha256: string
  dedup_key: string | null
  intake_address_id: string | null
  extraction_error: string | null
  extraction_error_code: string | null
  extraction_status: string
  vendor_confidence: number | null
  amount_confidence: number | null
  date_confidence: number | null
  created_at: string
  updated_at: string
}

export interface UploadsTable {
  id: string
  organization_id: string
  s3_key: string
  filename: string
  content_type: string
  size_bytes: Int
  sha256: string
  created_at: string
}

export interface IntakeAddressesTable {
  id: string
  organization_id: string
  address_type: string
  address: string
  label: string | null
  active: Flag
  created_at: string
}

/** Finds an intake address's organization from the address alone (ADR 0026). */
export interface IntakeAddressDirectoryTable {
  address: string
  organization_id: string
  intake_address_id: string
}

export interface JobsTable {
  id: string
  organization_id: string
  kind: string
  subject_id: string | null
  status: string
  attempts: number | bigint
  run_after: string
  locked_until: string | null
  last_error: string | null
  created_at: string
  updated_at: string
}

/** A recurring entry's template (0038); its payload is what each occurrence is made from, as JSON. */
export interface RecurringTemplatesTable {
  organization_id: string
  id: string
  name: string
  kind: string
  frequency: string
  interval_count: Int
  day_of_month: Int | null
  start_date: string
  end_date: string | null
  occurrences_max: Int | null
  mode: string
  payload: string
  /** Null once the schedule has no date left. */
  next_date: string | null
  paused: Flag
  last_error_code: string | null
  last_error: string | null
  created_at: string
  updated_at: string
}

/** One date of a template, made (object_id) or refused (error_code), claimed once (0038). */
export interface RecurringOccurrencesTable {
  organization_id: string
  template_id: string
  occurrence_date: string
  object_kind: string | null
  object_id: string | null
  error_code: string | null
  error: string | null
  created_at: string
}

export interface IdempotencyKeysTable {
  scope_key: string
  idempotency_key: string
  request_hash: string
  status: string
  response_status: number | bigint | null
  response_body: string | null
  locked_until: string
  expires_at: string
}

/** An organization's webhook subscription (ADR 0037); `cursor_seq` is its place in the feed. */
export interface WebhookEndpointsTable {
  organization_id: string
  id: string
  url: string
  description: string | null
  /** JSON array of feed types; null for every type. */
  event_types: string | null
  enabled: Flag
  secret: string
  previous_secret: string | null
  previous_secret_until: string | null
  cursor_seq: Int
  failing_since: string | null
  disabled_at: string | null
  created_at: string
  updated_at: string
}

export interface WebhookDeliveriesTable {
  organization_id: string
  id: string
  endpoint_id: string
  event_id: string
  event_seq: Int
  event_type: string
  delivery_key: string
  body: string
  status: string
  attempts: Int
  next_attempt_at: string
  locked_until: string | null
  last_error: string | null
  created_at: string
  updated_at: string
}

export interface WebhookAttemptsTable {
  organization_id: string
  delivery_id: string
  attempt: Int
  at: string
  status_code: Int | null
  duration_ms: Int
  response_body: string | null
  error: string | null
}

export interface Database {
  organizations: OrganizationsTable
  users: UsersTable
  memberships: MembershipsTable
  api_keys: ApiKeysTable
  api_key_directory: ApiKeyDirectoryTable
  settings: SettingsTable
  tax_codes: TaxCodesTable
  accounts: AccountsTable
  contacts: ContactsTable
  ledger_events: LedgerEventsTable
  journal_entries: JournalEntriesTable
  journal_lines: JournalLinesTable
  sales_tax_returns: SalesTaxReturnsTable
  invoices: InvoicesTable
  invoice_lines: InvoiceLinesTable
  invoice_payments: InvoicePaymentsTable
  invoice_event_matches: InvoiceEventMatchesTable
  ledger_event_lines: LedgerEventLinesTable
  exchange_rates: ExchangeRatesTable
  account_day_totals: AccountDayTotalsTable
  tax_day_totals: TaxDayTotalsTable
  account_totals: AccountTotalsTable
  category_rules: CategoryRulesTable
  csv_import_profiles: CsvImportProfilesTable
  reconciliations: ReconciliationsTable
  reconciliation_events: ReconciliationEventsTable
  audit_records: AuditRecordsTable
  audit_heads: AuditHeadsTable
  receipts: ReceiptsTable
  uploads: UploadsTable
  intake_addresses: IntakeAddressesTable
  intake_address_directory: IntakeAddressDirectoryTable
  jobs: JobsTable
  idempotency_keys: IdempotencyKeysTable
  api_key_quota_windows: ApiKeyQuotaWindowsTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  recurring_templates: RecurringTemplatesTable
  recurring_occurrences: RecurringOccurrencesTable
}

/** Any handle that can run queries: the database itself or an open database transaction. */
export type Executor = Kysely<Database>

export const toNumber = (value: Int | string): number => Number(value)
export const toFlag = (value: Flag): boolean => Number(value) !== 0

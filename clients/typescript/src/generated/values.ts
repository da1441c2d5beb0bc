// Generated from the server's own lists by scripts/values.ts; do not edit. Run npm run codegen.

/** A LedgerEvent's status. From statuses in the server's src/modules/ledger-events/ledger-event.ts. */
export const ledgerEventStatuses = ['needs_review', 'confirmed', 'synced', 'reconciled', 'pending', 'ignored'] as const
export type LedgerEventStatus = (typeof ledgerEventStatuses)[number]

/** A LedgerEvent's eventType; refund comes only from the processor import. From EventType in the server's src/modules/ledger-events/ledger-event.ts. */
export const ledgerEventTypes = ['expense', 'income', 'transfer', 'refund'] as const
export type LedgerEventType = (typeof ledgerEventTypes)[number]

/** Whether money went into the event's payment account or out of it. From directions in the server's src/modules/ledger-events/ledger-event.ts. */
export const directions = ['in', 'out'] as const
export type Direction = (typeof directions)[number]

/** Where a LedgerEvent came from: its source. From EventSource in the server's src/modules/ledger-events/ledger-event.ts. */
export const ledgerEventSources = ['api', 'bank_import', 'processor_import'] as const
export type LedgerEventSource = (typeof ledgerEventSources)[number]

/** An account's accountType; each implies its classification. From classificationOfAccountType in the server's src/modules/tax-codes/gifi.ts. */
export const accountTypes = ['bank', 'credit_card', 'accounts_receivable', 'other_current_asset', 'fixed_asset', 'other_asset', 'accounts_payable', 'other_current_liability', 'long_term_liability', 'equity', 'income', 'other_income', 'cost_of_goods_sold', 'expense', 'other_expense'] as const
export type AccountType = (typeof accountTypes)[number]

/** An account's classification. From classifications in the server's src/modules/tax-codes/gifi.ts. */
export const accountClassifications = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const
export type AccountClassification = (typeof accountClassifications)[number]

/** A document's kind: what it sells or buys, or what it credits. From invoiceKinds in the server's src/modules/invoices/invoice.ts. */
export const invoiceKinds = ['invoice', 'bill', 'credit_note', 'vendor_credit'] as const
export type InvoiceKind = (typeof invoiceKinds)[number]

/** An invoice's, bill's or credit's status. From invoiceStatuses in the server's src/modules/invoices/invoice.ts. */
export const invoiceStatuses = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const
export type InvoiceStatus = (typeof invoiceStatuses)[number]

/** A receipt's review status. From receiptStatuses in the server's src/modules/receipts/receipt.ts. */
export const receiptStatuses = ['draft', 'processed', 'reviewed', 'rejected'] as const
export type ReceiptStatus = (typeof receiptStatuses)[number]

/** Where reading a receipt's document stands, apart from its review status. From extractionStatuses in the server's src/modules/receipts/receipt.ts. */
export const extractionStatuses = ['pending', 'done', 'nothing_found', 'failed'] as const
export type ExtractionStatus = (typeof extractionStatuses)[number]

/** How a receipt arrived. From receiptSources in the server's src/modules/receipts/receipt.ts. */
export const receiptSources = ['web_upload', 'email', 'sms', 'mailbox_scan', 'cloud_drive'] as const
export type ReceiptSource = (typeof receiptSources)[number]

/** A contact's contactType. From contactTypes in the server's src/modules/contacts/contact.ts. */
export const contactTypes = ['vendor', 'customer'] as const
export type ContactType = (typeof contactTypes)[number]

/** A member's role in an organization. From roles in the server's src/modules/access/principal.ts. */
export const roles = ['owner', 'admin', 'member', 'accountant', 'viewer'] as const
export type Role = (typeof roles)[number]

/** What an API key may be limited to; a key without scopes keeps every right. From scopes in the server's src/modules/access/principal.ts. */
export const apiKeyScopes = ['read', 'write', 'bank_import', 'receipts', 'events'] as const
export type ApiKeyScope = (typeof apiKeyScopes)[number]

/** Who made an audit record's change. From actorTypes in the server's src/modules/audit/audit-record.ts. */
export const actorTypes = ['user', 'api_key', 'operator', 'system'] as const
export type ActorType = (typeof actorTypes)[number]

/** Why a bank row is taken for a duplicate: BankFileRow's duplicateReason. From DuplicateReason in the server's src/modules/bank-statements/duplicates.ts. */
export const duplicateReasons = ['reference', 'exact', 'same_date_amount'] as const
export type DuplicateReason = (typeof duplicateReasons)[number]

/** importBankStatementFile's dateFormat and a CSV profile's. From csvDateFormats in the server's src/modules/bank-statements/csv-reader.ts. */
export const statementDateFormats = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'] as const
export type StatementDateFormat = (typeof statementDateFormats)[number]

/** The encodings a statement file is read in. From statementEncodings in the server's src/modules/bank-statements/statement-text.ts. */
export const statementEncodings = ['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252', 'ISO-8859-1'] as const
export type StatementEncoding = (typeof statementEncodings)[number]

/** An organization's salesTaxFrequency. From salesTaxFrequencies in the server's src/modules/organizations/organization-profile.ts. */
export const salesTaxFrequencies = ['monthly', 'quarterly', 'annual'] as const
export type SalesTaxFrequency = (typeof salesTaxFrequencies)[number]

/** An organization's salesTaxMethod. From salesTaxMethods in the server's src/modules/organizations/organization-profile.ts. */
export const salesTaxMethods = ['regular', 'quick'] as const
export type SalesTaxMethod = (typeof salesTaxMethods)[number]

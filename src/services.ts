import type { AccessService } from './modules/access/access-service.js'
import type { AccountService } from './modules/accounts/account-service.js'
import type { AccountsPort } from './modules/accounts/accounts-port.js'
import type { AuditService } from './modules/audit/audit-service.js'
import type { BankFileService } from './modules/bank-statements/bank-file-service.js'
import type { BankImportService } from './modules/bank-statements/bank-import-service.js'
import type { CategoryRuleService } from './modules/category-rules/category-rule-service.js'
import type { ContactService } from './modules/contacts/contact-service.js'
import type { ContactsPort } from './modules/contacts/contacts-port.js'
import type { ExchangeRateService } from './modules/exchange-rates/exchange-rate-service.js'
import type { FileService } from './modules/files/file-service.js'
import type { FiscalYearService } from './modules/fiscal-years/fiscal-year-service.js'
import type { IdempotencyService } from './modules/idempotency/idempotency-service.js'
import type { IntakeService } from './modules/intake/intake-service.js'
import type { BillFromReceiptService } from './modules/invoices/bill-from-receipt-service.js'
import type { InvoiceMatchingService } from './modules/invoices/invoice-matching-service.js'
import type { InvoicePdfService } from './modules/invoices/invoice-pdf-service.js'
import type { InvoiceService } from './modules/invoices/invoice-service.js'
import type { JobQueue } from './modules/jobs/job-queue.js'
import type { JournalService } from './modules/journal/journal-service.js'
import type { LedgerEventEditService } from './modules/ledger-events/ledger-event-edit-service.js'
import type { LedgerEventLifecycleService } from './modules/ledger-events/ledger-event-lifecycle-service.js'
import type { LedgerEventQueryService } from './modules/ledger-events/ledger-event-query-service.js'
import type { OrganizationService } from './modules/organizations/organization-service.js'
import type { OrganizationsPort } from './modules/organizations/organizations-port.js'
import type { PracticeService } from './modules/practice/practice-service.js'
import type { ProcessorImportService } from './modules/processor-import/processor-import-service.js'
import type { ReceiptService } from './modules/receipts/receipt-service.js'
import type { ReconciliationService } from './modules/reconciliations/reconciliation-service.js'
import type { RecurringService } from './modules/recurring/recurring-service.js'
import type { ReportService } from './modules/reports/report-service.js'
import type { SalesTaxService } from './modules/sales-tax/sales-tax-service.js'
import type { TaxCodeService } from './modules/tax-codes/tax-code-service.js'
import type { WebhookService } from './modules/webhooks/webhook-service.js'

// What the edges (GraphQL, HTTP routes, SMTP, CLI) reach the modules through. Only types live
// here, so naming them ties nobody to the composition root (app.ts), which builds them.
export interface Services {
  access: AccessService
  organizations: OrganizationService
  taxCodes: TaxCodeService
  accounts: AccountService
  contacts: ContactService
  categoryRules: CategoryRuleService
  exchangeRates: ExchangeRateService
  ledgerEvents: LedgerEventLifecycleService
  ledgerEventEdits: LedgerEventEditService
  eventQueries: LedgerEventQueryService
  bankImport: BankImportService
  bankFiles: BankFileService
  processorImport: ProcessorImportService
  receipts: ReceiptService
  files: FileService
  reconciliations: ReconciliationService
  reports: ReportService
  journal: JournalService
  fiscalYears: FiscalYearService
  salesTax: SalesTaxService
  invoices: InvoiceService
  invoiceMatching: InvoiceMatchingService
  billsFromReceipts: BillFromReceiptService
  invoicePdf: InvoicePdfService
  practice: PracticeService
  intake: IntakeService
  jobs: JobQueue
  idempotency: IdempotencyService
  audit: AuditService
  webhooks: WebhookService
  recurring: RecurringService
  /** What modules offer each other, for the edges' own reads that need no use case (and the benchmarks'). */
  ports: Ports
}

export interface Ports {
  accounts: AccountsPort
  contacts: ContactsPort
  organizations: OrganizationsPort
}

import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Config } from './config.js'
import { type ChangeNotices, openChangeNotices } from './db/change-notices.js'
import type { EngineName } from './db/engine.js'
import { type DatabaseHandle, openDatabase } from './db/engine.js'
import { migrateToLatest } from './db/migrate.js'
import type { Executor } from './db/schema.js'
import { acrossOrganizations } from './db/tenant-scope.js'
import { createRateLimiter } from './http/rate-limit.js'
import { buildHttpServer } from './http/server.js'
import { type Clock, systemClock } from './kernel/clock.js'
import { AccessService } from './modules/access/access-service.js'
import { AccessStore } from './modules/access/access-store.js'
import { AccountService } from './modules/accounts/account-service.js'
import { AccountsProvider } from './modules/accounts/accounts-provider.js'
import { AuditKeys } from './modules/audit/audit-keys.js'
import { AuditService } from './modules/audit/audit-service.js'
import { AuditStore } from './modules/audit/audit-store.js'
import { AuditTrail } from './modules/audit/audit-trail.js'
import { BankFileService } from './modules/bank-statements/bank-file-service.js'
import { BankImportService } from './modules/bank-statements/bank-import-service.js'
import { CsvProfileStore } from './modules/bank-statements/csv-profile-store.js'
import { StatementImportStore } from './modules/bank-statements/statement-import-store.js'
import { StatementReader } from './modules/bank-statements/statement-reader.js'
import { CategoryRuleService } from './modules/category-rules/category-rule-service.js'
import { CategoryRuleStore } from './modules/category-rules/category-rule-store.js'
import type { CategoryRulesPort } from './modules/category-rules/category-rules-port.js'
import { CategoryRulesProvider } from './modules/category-rules/category-rules-provider.js'
import { ContactService } from './modules/contacts/contact-service.js'
import { ContactStore } from './modules/contacts/contact-store.js'
import { ExchangeRateService } from './modules/exchange-rates/exchange-rate-service.js'
import { ExchangeRateStore } from './modules/exchange-rates/exchange-rate-store.js'
import { FileService } from './modules/files/file-service.js'
import { FiscalYearService } from './modules/fiscal-years/fiscal-year-service.js'
import { IdempotencyService } from './modules/idempotency/idempotency-service.js'
import { IdempotencyStore } from './modules/idempotency/idempotency-store.js'
import { IntakeAddressStore } from './modules/intake/intake-address-store.js'
import { IntakeService } from './modules/intake/intake-service.js'
import { startSmtpListener } from './modules/intake/smtp-listener.js'
import { BillFromReceiptService } from './modules/invoices/bill-from-receipt-service.js'
import { InvoiceMatchingService } from './modules/invoices/invoice-matching-service.js'
import { InvoicePdfService } from './modules/invoices/invoice-pdf-service.js'
import { InvoiceService } from './modules/invoices/invoice-service.js'
import { InvoiceStore } from './modules/invoices/invoice-store.js'
import { JobQueue } from './modules/jobs/job-queue.js'
import { JobStore } from './modules/jobs/job-store.js'
import { JournalProvider } from './modules/journal/journal-provider.js'
import { JournalService } from './modules/journal/journal-service.js'
import { TaxLineStore } from './modules/journal/tax-line-store.js'
import { LedgerEventEditService } from './modules/ledger-events/ledger-event-edit-service.js'
import { LedgerEventImportStore } from './modules/ledger-events/ledger-event-import-store.js'
import { LedgerEventLifecycleService } from './modules/ledger-events/ledger-event-lifecycle-service.js'
import { LedgerEventMaking } from './modules/ledger-events/ledger-event-making.js'
import { LedgerEventPosting } from './modules/ledger-events/ledger-event-posting.js'
import { LedgerEventQueryService } from './modules/ledger-events/ledger-event-query-service.js'
import { LedgerEventStore } from './modules/ledger-events/ledger-event-store.js'
import { LedgerEventsProvider } from './modules/ledger-events/ledger-events-provider.js'
import { OrganizationService } from './modules/organizations/organization-service.js'
import { OrganizationStore } from './modules/organizations/organization-store.js'
import { OrganizationsProvider } from './modules/organizations/organizations-provider.js'
import { PracticeService } from './modules/practice/practice-service.js'
import { ProcessorImportService } from './modules/processor-import/processor-import-service.js'
import { ProcessorImportStore } from './modules/processor-import/processor-import-store.js'
import { createReceiptReader } from './modules/receipts/receipt-reader.js'
import { ReceiptService } from './modules/receipts/receipt-service.js'
import { ReceiptStore } from './modules/receipts/receipt-store.js'
import type { ReceiptsPort } from './modules/receipts/receipts-port.js'
import { ReceiptsProvider } from './modules/receipts/receipts-provider.js'
import { ReconciliationService } from './modules/reconciliations/reconciliation-service.js'
import { ReconciliationStore } from './modules/reconciliations/reconciliation-store.js'
import { RecurringService } from './modules/recurring/recurring-service.js'
import { RecurringStore } from './modules/recurring/recurring-store.js'
import { ReportService } from './modules/reports/report-service.js'
import { SalesTaxReturnStore } from './modules/sales-tax/sales-tax-return-store.js'
import { SalesTaxService } from './modules/sales-tax/sales-tax-service.js'
import { TaxReturnCalendar } from './modules/sales-tax/tax-return-calendar.js'
import { TaxCodeService } from './modules/tax-codes/tax-code-service.js'
import { TaxCodeStore } from './modules/tax-codes/tax-code-store.js'
import { systemResolve } from './modules/webhooks/webhook-address.js'
import { WebhookDispatcher } from './modules/webhooks/webhook-dispatcher.js'
import { WebhookService } from './modules/webhooks/webhook-service.js'
import { WebhookStore } from './modules/webhooks/webhook-store.js'
import type { Services } from './services.js'
import { openObjectStore } from './storage/object-store.js'

// The composition root: the one place that knows how Daybook's parts fit together.
export interface Core {
  database: DatabaseHandle
  services: Services
  /** A server listens to them; the CLI only sends them. */
  notices: ChangeNotices
  /** Sends the event feed to webhook endpoints; the server starts it beside the job queue. */
  webhookDispatcher: WebhookDispatcher
  close(): Promise<void>
}

/** Database and services without HTTP: what the CLI uses, and what the server is built on. */
/** The job queue, its failures logged as the server's own lines. */
function jobQueue(base: { db: Executor; engine: EngineName; clock: Clock }): JobQueue {
  return new JobQueue({
    ...base,
    store: new JobStore(),
    log: (error, job) =>
      console.error(JSON.stringify({ level: 'error', msg: 'job failed', job, err: String(error) })),
  })
}

export async function buildCore(
  config: Config,
  options: { clock?: Clock; onBackgroundCheckpointError?: (message: string) => void } = {},
): Promise<Core> {
  const clock = options.clock ?? systemClock
  const { database, migrationsRun } = await openMigratedDatabase(config, options)
  const { db, engine } = database
  // What nearly every part is built with.
  const base = { db, engine, clock }
  const notices = openChangeNotices(config.databaseUrl)
  const audit = new AuditTrail({
    ...base,
    enabled: config.auditTrail,
    store: new AuditStore(),
    keys: new AuditKeys(config.auditChainSecret),
  })
  const organizationStore = new OrganizationStore()
  const organizations = new OrganizationsProvider({ db, engine, store: organizationStore, notices, audit })
  const { functionalCurrency, functionalCurrencyOf } = organizations
  const access = new AccessService({
    ...base,
    store: new AccessStore(),
    organizations,
    jwtSecret: config.jwtSecret,
    signInQuotas: config.signInQuotas,
    notices,
    audit,
  })
  const withAccess = { ...base, access, audit }
  const taxCodes = new TaxCodeStore()
  const accounts = new AccountsProvider(engine, { clock, audit, organizations })
  const contacts = new ContactStore()
  const categoryRuleStore = new CategoryRuleStore()
  const categoryRules = new CategoryRulesProvider({ store: categoryRuleStore, clock })
  const rates = new ExchangeRateStore()
  const journal = new JournalProvider(engine, { clock, accounts, contacts, audit })
  const ledgerParts = { accounts, contacts, journal, rates, taxCodes, categoryRules }
  const ledger = { ...withAccess, ...ledgerParts, functionalCurrency, functionalCurrencyOf }
  const { eventStore, posting, events, eventQueries } = buildLedgerEvents(ledger)
  // What the modules that write the books from events are built with.
  const bookParts = { ...withAccess, accounts, journal, events, periodLock: organizations }
  const eventParts = { ...withAccess, store: eventStore, accounts, eventQueries, periodLock: organizations }
  const jobs = jobQueue(base)
  const files = new FileService({
    db,
    clock,
    objects: openObjectStore({ dataDir: config.dataDir, s3: config.s3 }),
    access,
  })
  const reader = createReceiptReader({ cacheDir: config.dataDir, caps: config.extraction })
  const receiptParts = { ...base, files, jobs, audit }
  const receipts = new ReceiptsProvider(receiptParts)
  const bankImport = new BankImportService({
    ...withAccess,
    accounts,
    store: new StatementImportStore(engine),
    events,
    periodLock: organizations,
    functionalCurrencyOf,
  })
  const statementReader = new StatementReader()
  const bankFiles = new BankFileService({
    ...withAccess,
    accounts,
    bankImport,
    store: new CsvProfileStore(),
    files,
    reader: statementReader,
  })
  const { webhookDispatcher, webhookService } = buildWebhooks({ ...withAccess, settings: config.webhooks })
  const taxCalendar = new TaxReturnCalendar({
    clock,
    store: new SalesTaxReturnStore(),
    journal,
    organizations,
  })
  const documents = buildInvoices({
    ...bookParts,
    contacts,
    organizations,
    taxCodes,
    rates,
    receipts,
    categoryRules,
  })
  const journalEntries = new JournalService({ ...bookParts, contacts, organizations })
  const services: Services = {
    access,
    organizations: new OrganizationService({
      ...withAccess,
      store: organizationStore,
      organizations,
      notices,
    }),
    taxCodes: new TaxCodeService({ db, store: taxCodes, access }),
    accounts: new AccountService({ ...withAccess, store: accounts, taxCodes }),
    contacts: new ContactService({ ...withAccess, store: contacts }),
    categoryRules: new CategoryRuleService({
      ...withAccess,
      store: categoryRuleStore,
      rules: categoryRules,
      accounts,
      contacts,
    }),
    exchangeRates: new ExchangeRateService({ ...withAccess, store: rates, functionalCurrencyOf }),
    ledgerEvents: new LedgerEventLifecycleService({
      ...eventParts,
      journal,
      categoryRules,
      posting,
      recorder: events,
      functionalCurrencyOf,
    }),
    ledgerEventEdits: new LedgerEventEditService({ ...eventParts, contacts, functionalCurrencyOf }),
    eventQueries,
    bankImport,
    bankFiles,
    processorImport: new ProcessorImportService({
      ...bookParts,
      receipts,
      store: new ProcessorImportStore(),
    }),
    receipts: new ReceiptService({
      ...receiptParts,
      store: new ReceiptStore(),
      access,
      events,
      reader,
      functionalCurrencyOf,
    }),
    files,
    reconciliations: new ReconciliationService({
      ...bookParts,
      statements: bankFiles,
      functionalCurrency,
      functionalCurrencyOf,
      store: new ReconciliationStore(),
    }),
    reports: new ReportService({ ...bookParts, receipts, organizations, taxCodes, contacts }),
    journal: journalEntries,
    fiscalYears: new FiscalYearService({ ...bookParts, organizations }),
    salesTax: new SalesTaxService({
      ...bookParts,
      store: new SalesTaxReturnStore(),
      taxLines: new TaxLineStore(),
      taxCodes,
      organizations,
      contacts,
      receipts,
    }),
    ...documents,
    practice: new PracticeService({
      ...withAccess,
      organizations,
      events,
      salesTax: taxCalendar,
      invoices: documents.invoices,
    }),
    intake: new IntakeService({ ...withAccess, store: new IntakeAddressStore(), receipts }),
    jobs,
    idempotency: new IdempotencyService({ db, store: new IdempotencyStore(), clock }),
    audit: new AuditService({ access, trail: audit }),
    webhooks: webhookService,
    recurring: buildRecurring({
      ...bookParts,
      jobs,
      eventQueries,
      organizations,
      ...documents,
      journalEntries,
    }),
    ports: { accounts, contacts, organizations },
  }
  await audit.prepare(migrationsRun, access).catch(async (error: unknown) => {
    await notices.close()
    await database.close()
    throw error
  })
  return {
    database,
    services,
    notices,
    webhookDispatcher,
    async close() {
      await webhookDispatcher.stop()
      await jobs.stop()
      await audit.stop()
      await reader.close()
      await statementReader.close()
      await services.access.close()
      await notices.close()
      await database.close()
    },
  }
}

/**
 * Invoices, bills and their payments, over their own store; the bank lines that ledger events
 * confirm pay documents through the matching service.
 */
function buildInvoices(
  parts: Omit<ConstructorParameters<typeof InvoiceService>[0], 'store'> & {
    events: LedgerEventsProvider
    receipts: ReceiptsPort
    categoryRules: CategoryRulesPort
  },
) {
  const store = new InvoiceStore(parts.engine)
  const invoices = new InvoiceService({ ...parts, store })
  const invoiceMatching = new InvoiceMatchingService({ ...parts, store, invoices })
  parts.events.payDocumentsWith(invoiceMatching)
  const billsFromReceipts = new BillFromReceiptService({ ...parts, store, invoices })
  const invoicePdf = new InvoicePdfService({ ...parts, invoices })
  return { invoices, invoiceMatching, billsFromReceipts, invoicePdf }
}

/** Recurring entries, each date made through the port of the module that owns what it makes. */
function buildRecurring(
  parts: Omit<
    ConstructorParameters<typeof RecurringService>[0],
    'store' | 'events' | 'journal' | 'documents'
  > & {
    eventQueries: LedgerEventQueryService
    events: LedgerEventsProvider
    organizations: OrganizationsProvider
    journalEntries: JournalService
    invoices: InvoiceService
  },
) {
  const events = new LedgerEventMaking({
    eventQueries: parts.eventQueries,
    recorder: parts.events,
    periodLock: parts.organizations,
    functionalCurrency: parts.organizations.functionalCurrency,
  })
  return new RecurringService({
    ...parts,
    store: new RecurringStore(parts.engine),
    events,
    journal: parts.journalEntries,
    documents: parts.invoices,
  })
}

/** Ledger events: one store, the posting of a confirmed event, the port other modules use, and the reads. */
function buildLedgerEvents(
  parts: Omit<ConstructorParameters<typeof LedgerEventQueryService>[0], 'store'> &
    Omit<ConstructorParameters<typeof LedgerEventPosting>[0], 'store'> &
    Omit<ConstructorParameters<typeof LedgerEventsProvider>[0], 'importStore' | 'posting'>,
) {
  const eventStore = new LedgerEventStore()
  const posting = new LedgerEventPosting({ ...parts, store: eventStore })
  const events = new LedgerEventsProvider({
    ...parts,
    importStore: new LedgerEventImportStore(),
    posting,
  })
  const eventQueries = new LedgerEventQueryService({ ...parts, store: eventStore })
  return { eventStore, posting, events, eventQueries }
}

/** Webhook deliveries and their endpoints' use cases, sharing one store. */
function buildWebhooks(
  parts: Omit<ConstructorParameters<typeof WebhookService>[0], 'store' | 'resolve' | 'dispatcher'>,
) {
  const webhookParts = { ...parts, store: new WebhookStore(parts.engine) }
  const webhookDispatcher = new WebhookDispatcher({
    ...webhookParts,
    resolve: systemResolve,
    log: (message, error) =>
      console.error(JSON.stringify({ level: 'error', msg: message, err: String(error) })),
  })
  const webhookService = new WebhookService({
    ...webhookParts,
    resolve: systemResolve,
    dispatcher: webhookDispatcher,
  })
  return { webhookDispatcher, webhookService }
}

/** The database at the latest migration, and the migrations this start ran. */
async function openMigratedDatabase(
  config: Config,
  options: { onBackgroundCheckpointError?: (message: string) => void },
): Promise<{ database: DatabaseHandle; migrationsRun: string[] }> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    checkTenantScope: config.checkTenantScope,
    ...(options.onBackgroundCheckpointError
      ? { onBackgroundCheckpointError: options.onBackgroundCheckpointError }
      : {}),
  })
  try {
    // Migrations move rows of every organization at once.
    return { database, migrationsRun: await migrateToLatest(acrossOrganizations(database.db)) }
  } catch (error) {
    await database.close()
    throw error
  }
}

export interface App {
  server: FastifyInstance
  core: Core
  /** The bound SMTP port when SMTP_PORT is set (0 picks a free one). */
  smtpPort: number | undefined
  close(): Promise<void>
}

export async function buildApp(config: Config, options: { clock?: Clock } = {}): Promise<App> {
  // The server checkpoints SQLite's WAL off the event loop; a failure is logged once there is a log.
  const log: { warn?: (message: string) => void } = {}
  const core = await buildCore(config, {
    ...options,
    onBackgroundCheckpointError: (message) => log.warn?.(message),
  })
  try {
    await core.notices.listen()
  } catch (error) {
    await core.close()
    throw error
  }
  const rateLimiter = createRateLimiter({
    perHour: config.rateLimitPerHour,
    databaseUrl: config.databaseUrl,
    clock: options.clock ?? systemClock,
  })
  const server = await buildHttpServer({
    config,
    services: core.services,
    rateLimiter,
    healthCheck: async () => {
      await sql`select 1`.execute(core.database.db)
    },
  })
  log.warn = (message) => server.log.warn({ reason: message }, 'background checkpoint failed')
  if (!config.auditTrail)
    server.log.warn('DAYBOOK_AUDIT_TRAIL=off: changes are not recorded (benchmarks only)')
  const smtp = config.smtp
    ? await startSmtpListener({
        ...config.smtp,
        intake: core.services.intake,
        onError: (error) => server.log.error({ err: error }, 'smtp intake failed'),
      })
    : undefined
  if (config.jobWorker) {
    core.services.jobs.start()
    core.webhookDispatcher.start()
    core.services.recurring.startSchedule((error) =>
      server.log.error({ err: error }, 'recurring schedule tick failed'),
    )
  }
  return {
    server,
    core,
    smtpPort: smtp?.port,
    async close() {
      core.services.recurring.stopSchedule()
      await smtp?.close()
      await server.close()
      await rateLimiter.close()
      await core.close()
    },
  }
}

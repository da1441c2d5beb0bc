import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Config } from './config.js'
import { type ChangeNotices, openChangeNotices } from './db/change-notices.js'
import { type DatabaseHandle, openDatabase } from './db/engine.js'
import { migrateToLatest } from './db/migrate.js'
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
import { BankFileService } from './modules/bank-files/bank-file-service.js'
import { CsvProfileStore } from './modules/bank-files/csv-profile-store.js'
import { StatementReader } from './modules/bank-files/statement-reader.js'
import { BankImportService } from './modules/bank-import/bank-import-service.js'
import { CategoryRuleService } from './modules/category-rules/category-rule-service.js'
import { CategoryRuleStore } from './modules/category-rules/category-rule-store.js'
import { CategoryRulesProvider } from './modules/category-rules/category-rules-provider.js'
import { ContactService } from './modules/contacts/contact-service.js'
import { ContactStore } from './modules/contacts/contact-store.js'
import { ExchangeRateService } from './modules/exchange-rates/exchange-rate-service.js'
import { ExchangeRateStore } from './modules/exchange-rates/exchange-rate-store.js'
import { FileService } from './modules/files/file-service.js'
import { FileStore } from './modules/files/file-store.js'
import { IdempotencyService } from './modules/idempotency/idempotency-service.js'
import { IdempotencyStore } from './modules/idempotency/idempotency-store.js'
import { IntakeAddressStore } from './modules/intake/intake-address-store.js'
import { IntakeService } from './modules/intake/intake-service.js'
import { startSmtpListener } from './modules/intake/smtp-listener.js'
import { JobQueue } from './modules/jobs/job-queue.js'
import { JobStore } from './modules/jobs/job-store.js'
import { JournalProvider } from './modules/journal/journal-provider.js'
import { LedgerEventEditService } from './modules/ledger-events/ledger-event-edit-service.js'
import { LedgerEventImportStore } from './modules/ledger-events/ledger-event-import-store.js'
import { LedgerEventLifecycleService } from './modules/ledger-events/ledger-event-lifecycle-service.js'
import { LedgerEventPosting } from './modules/ledger-events/ledger-event-posting.js'
import { LedgerEventQueryService } from './modules/ledger-events/ledger-event-query-service.js'
import { LedgerEventRecorder } from './modules/ledger-events/ledger-event-recorder.js'
import { LedgerEventStore } from './modules/ledger-events/ledger-event-store.js'
import { OrganizationService } from './modules/organizations/organization-service.js'
import { OrganizationStore } from './modules/organizations/organization-store.js'
import { OrganizationsProvider } from './modules/organizations/organizations-provider.js'
import { ProcessorImportService } from './modules/processor-import/processor-import-service.js'
import { ProcessorImportStore } from './modules/processor-import/processor-import-store.js'
import { createReceiptReader } from './modules/receipts/receipt-reader.js'
import { ReceiptService } from './modules/receipts/receipt-service.js'
import { ReceiptStore } from './modules/receipts/receipt-store.js'
import { ReconciliationService } from './modules/reconciliations/reconciliation-service.js'
import { ReconciliationStore } from './modules/reconciliations/reconciliation-store.js'
import { ReportService } from './modules/reports/report-service.js'
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
export async function buildCore(
  config: Config,
  options: { clock?: Clock; onBackgroundCheckpointError?: (message: string) => void } = {},
): Promise<Core> {
  const clock = options.clock ?? systemClock
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    checkTenantScope: config.checkTenantScope,
    ...(options.onBackgroundCheckpointError
      ? { onBackgroundCheckpointError: options.onBackgroundCheckpointError }
      : {}),
  })
  let migrationsRun: string[]
  try {
    // Migrations move rows of every organization at once.
    migrationsRun = await migrateToLatest(acrossOrganizations(database.db))
  } catch (error) {
    await database.close()
    throw error
  }
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
  const organizations = new OrganizationsProvider({ db, engine, store: organizationStore, notices })
  const access = new AccessService({
    ...base,
    store: new AccessStore(),
    organizations,
    jwtSecret: config.jwtSecret,
    signInQuotas: config.signInQuotas,
    notices,
    audit,
  })
  const organizationService = new OrganizationService({
    ...base,
    store: organizationStore,
    organizations,
    audit,
    notices,
    access,
  })
  const taxCodeStore = new TaxCodeStore()
  const taxCodes = new TaxCodeService({ db, store: taxCodeStore, access })
  const accounts = new AccountsProvider(engine, { clock, audit })
  const accountService = new AccountService({ ...base, store: accounts, access, taxCodes: taxCodeStore })
  organizationService.onCreate((tx, scope) => accounts.createDefaultChart(tx, scope))
  const contacts = new ContactStore()
  const contactService = new ContactService({ db, engine, clock, store: contacts, access, audit })
  const categoryRuleStore = new CategoryRuleStore()
  const categoryRules = new CategoryRulesProvider({ store: categoryRuleStore, clock })
  const categoryRuleService = new CategoryRuleService({
    ...base,
    store: categoryRuleStore,
    rules: categoryRules,
    access,
    accounts,
    audit,
  })
  const rates = new ExchangeRateStore()
  const exchangeRates = new ExchangeRateService({
    ...base,
    store: rates,
    access,
    audit,
    functionalCurrencyOf: organizations.functionalCurrencyOf,
  })
  const journal = new JournalProvider(engine, { clock, accounts, contacts, audit })
  const eventStore = new LedgerEventStore()
  const eventImportStore = new LedgerEventImportStore(engine)
  const posting = new LedgerEventPosting({
    accounts,
    journal,
    rates,
    store: eventStore,
    functionalCurrency: organizations.functionalCurrency,
  })
  const eventRecorder = new LedgerEventRecorder({
    engine,
    clock,
    audit,
    store: eventStore,
    importStore: eventImportStore,
    categoryRules,
    posting,
  })
  const eventQueries = new LedgerEventQueryService({
    db,
    clock,
    store: eventStore,
    importStore: eventImportStore,
    access,
    accounts,
    contacts,
    journal,
    rates,
    functionalCurrencyOf: organizations.functionalCurrencyOf,
  })
  const eventDeps = {
    ...base,
    store: eventStore,
    access,
    accounts,
    eventQueries,
    periodLock: organizations,
    audit,
    functionalCurrencyOf: organizations.functionalCurrencyOf,
  }
  const ledgerEventEdits = new LedgerEventEditService(eventDeps)
  const ledgerEvents = new LedgerEventLifecycleService({
    ...eventDeps,
    journal,
    categoryRules,
    posting,
    recorder: eventRecorder,
  })
  categoryRuleService.onChange((scope, vendorPattern) => ledgerEvents.categorizeWaiting(scope, vendorPattern))
  const bankImport = new BankImportService({
    db,
    engine,
    access,
    accounts,
    eventQueries,
    eventRecorder,
    periodLock: organizations,
    audit,
    functionalCurrencyOf: organizations.functionalCurrencyOf,
  })
  const jobs = new JobQueue({
    db,
    engine,
    store: new JobStore(),
    clock,
    log: (error, job) =>
      console.error(JSON.stringify({ level: 'error', msg: 'job failed', job, err: String(error) })),
  })
  const files = new FileService({
    db,
    clock,
    store: new FileStore(),
    objects: openObjectStore({ dataDir: config.dataDir, s3: config.s3 }),
    access,
  })
  const reader = createReceiptReader({ cacheDir: config.dataDir, caps: config.extraction })
  const receipts = new ReceiptService({
    ...base,
    store: new ReceiptStore(),
    access,
    files,
    jobs,
    eventQueries,
    eventRecorder,
    reader: () => reader,
    audit,
    functionalCurrencyOf: organizations.functionalCurrencyOf,
  })
  ledgerEvents.onConfirmed((scope, eventIds) => receipts.eventsConfirmed(scope, eventIds))
  const statementReader = new StatementReader()
  const bankFiles = new BankFileService({
    ...base,
    access,
    accounts,
    bankImport,
    store: new CsvProfileStore(),
    files,
    audit,
    reader: statementReader,
  })
  const reconciliations = new ReconciliationService({
    ...base,
    access,
    accounts,
    bankImport,
    bankFiles,
    journal,
    eventQueries,
    recorder: eventRecorder,
    periodLock: organizations,
    functionalCurrency: organizations.functionalCurrency,
    functionalCurrencyOf: organizations.functionalCurrencyOf,
    store: new ReconciliationStore(),
    audit,
  })
  const intake = new IntakeService({ ...base, store: new IntakeAddressStore(), access, receipts, audit })
  const reports = new ReportService({
    db,
    clock,
    access,
    accounts,
    journal,
    eventQueries,
    receipts,
    functionalCurrencyOf: organizations.functionalCurrencyOf,
  })
  const processorImport = new ProcessorImportService({
    ...base,
    periodLock: organizations,
    access,
    accounts,
    journal,
    eventQueries,
    eventRecorder,
    receipts,
    store: new ProcessorImportStore(),
  })
  const webhookStore = new WebhookStore(engine)
  const webhookDeps = {
    ...base,
    access,
    audit,
    store: webhookStore,
    settings: config.webhooks,
    resolve: systemResolve,
  }
  const webhooks = new WebhookService(webhookDeps)
  const webhookDispatcher = new WebhookDispatcher({
    ...webhookDeps,
    log: (message, error) =>
      console.error(JSON.stringify({ level: 'error', msg: message, err: String(error) })),
  })
  webhooks.onWork(() => webhookDispatcher.nudge())
  const services: Services = {
    access,
    organizations: organizationService,
    taxCodes,
    accounts: accountService,
    contacts: contactService,
    categoryRules: categoryRuleService,
    exchangeRates,
    ledgerEvents,
    ledgerEventEdits,
    eventQueries,
    bankImport,
    bankFiles,
    processorImport,
    receipts,
    files,
    reconciliations,
    reports,
    intake,
    jobs,
    idempotency: new IdempotencyService({ db, store: new IdempotencyStore(), clock }),
    audit: new AuditService({ access, trail: audit }),
    webhooks,
    ports: { accounts, contacts, organizations },
  }
  try {
    await audit.prepare(migrationsRun, access)
  } catch (error) {
    await notices.close()
    await database.close()
    throw error
  }
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
  }
  return {
    server,
    core,
    smtpPort: smtp?.port,
    async close() {
      await smtp?.close()
      await server.close()
      await rateLimiter.close()
      await core.close()
    },
  }
}

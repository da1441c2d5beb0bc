import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely'
import * as foundation from './migrations/0001-foundation.js'
import * as chartOfAccounts from './migrations/0002-chart-of-accounts.js'
import * as ledger from './migrations/0003-ledger.js'
import * as receipts from './migrations/0004-receipts.js'
import * as intake from './migrations/0005-intake.js'
import * as idempotency from './migrations/0007-idempotency.js'
import * as accountTotals from './migrations/0008-account-totals.js'
import * as eventReferences from './migrations/0009-event-references.js'
import * as apiKeyQuotas from './migrations/0010-api-key-quotas.js'
import * as tenantKeys from './migrations/0011-tenant-keys.js'
import * as bankFiles from './migrations/0012-bank-files.js'
import * as lockDate from './migrations/0013-lock-date.js'
import * as reconciliations from './migrations/0014-reconciliations.js'
import * as auditTrail from './migrations/0015-audit-trail.js'
import * as directionAndCurrencies from './migrations/0016-direction-and-currencies.js'
import * as eventFeed from './migrations/0017-event-feed.js'
import * as webhooks from './migrations/0018-webhooks.js'
import * as extractionErrorCode from './migrations/0019-extraction-error-code.js'
import * as receiptExtractionStatus from './migrations/0020-receipt-extraction-status.js'
import * as webhookPendingHeads from './migrations/0021-webhook-pending-heads.js'
import * as receiptsReceivedIndex from './migrations/0023-receipts-received-index.js'
import * as reconciliationCurrencyAndCancel from './migrations/0024-reconciliation-currency-and-cancel.js'
import * as auditChainKeyed from './migrations/0025-audit-chain-keyed.js'
import * as organizationProfile from './migrations/0026-organization-profile.js'
import * as journalLineTax from './migrations/0027-journal-line-tax.js'
import * as salesTaxReturns from './migrations/0028-sales-tax-returns.js'
import * as ledgerEventLines from './migrations/0029-ledger-event-lines.js'
import * as manualJournalEntries from './migrations/0030-manual-journal-entries.js'
import * as apiKeyScopes from './migrations/0031-api-key-scopes.js'
import * as taxDayTotals from './migrations/0032-tax-day-totals.js'
import * as invoices from './migrations/0033-invoices.js'
import * as invoiceMatching from './migrations/0034-invoice-matching.js'
import * as billsFromReceipts from './migrations/0035-bills-from-receipts.js'
import * as openDocumentAging from './migrations/0036-open-document-aging.js'
import * as ruleConditions from './migrations/0037-rule-conditions.js'
import * as recurringTemplates from './migrations/0038-recurring-templates.js'
import type { Database } from './schema.js'

// Numbered and append-only: a released migration is never edited, only followed by a new one.
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-chart-of-accounts': chartOfAccounts,
  '0003-ledger': ledger,
  '0004-receipts': receipts,
  '0005-intake': intake,
  '0007-idempotency': idempotency,
  '0008-account-totals': accountTotals,
  '0009-event-references': eventReferences,
  '0010-api-key-quotas': apiKeyQuotas,
  '0011-tenant-keys': tenantKeys,
  '0012-bank-files': bankFiles,
  '0013-lock-date': lockDate,
  '0014-reconciliations': reconciliations,
  '0015-audit-trail': auditTrail,
  '0016-direction-and-currencies': directionAndCurrencies,
  '0017-event-feed': eventFeed,
  '0018-webhooks': webhooks,
  '0019-extraction-error-code': extractionErrorCode,
  '0020-receipt-extraction-status': receiptExtractionStatus,
  '0021-webhook-pending-heads': webhookPendingHeads,
  '0023-receipts-received-index': receiptsReceivedIndex,
  '0024-reconciliation-currency-and-cancel': reconciliationCurrencyAndCancel,
  '0025-audit-chain-keyed': auditChainKeyed,
  '0026-organization-profile': organizationProfile,
  '0027-journal-line-tax': journalLineTax,
  '0028-sales-tax-returns': salesTaxReturns,
  '0029-ledger-event-lines': ledgerEventLines,
  '0030-manual-journal-entries': manualJournalEntries,
  '0031-api-key-scopes': apiKeyScopes,
  '0032-tax-day-totals': taxDayTotals,
  '0033-invoices': invoices,
  '0034-invoice-matching': invoiceMatching,
  '0035-bills-from-receipts': billsFromReceipts,
  '0036-open-document-aging': openDocumentAging,
  '0037-rule-conditions': ruleConditions,
  '0038-recurring-templates': recurringTemplates,
}

/** The migration after which existing audit chains are sealed again under their keys (ADR 0051). */
export const auditChainKeyedMigration = '0025-audit-chain-keyed'

const provider: MigrationProvider = { getMigrations: async () => migrations }

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return run(migratorOf(db).migrateToLatest())
}

/** Up to and including the named migration: how tests build a database as an older Daybook left it. */
export async function migrateTo(db: Kysely<Database>, migrationName: string): Promise<string[]> {
  if (!(migrationName in migrations)) throw new Error(`no migration ${migrationName}`)
  return run(migratorOf(db).migrateTo(migrationName))
}

function migratorOf(db: Kysely<Database>): Migrator {
  return new Migrator({
    db,
    provider,
    migrationTableName: 'daybook_migrations',
    migrationLockTableName: 'daybook_migrations_lock',
  })
}

async function run(migrating: Promise<MigrationResultSet>): Promise<string[]> {
  const { error, results } = await migrating
  if (error) throw error
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

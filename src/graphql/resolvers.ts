import { accessResolvers } from '../modules/access/resolvers.js'
import { accountResolvers } from '../modules/accounts/resolvers.js'
import { auditResolvers } from '../modules/audit/resolvers.js'
import { bankFileResolvers } from '../modules/bank-statements/statement-file-resolvers.js'
import { bankImportResolvers } from '../modules/bank-statements/statement-row-resolvers.js'
import { categoryRuleResolvers } from '../modules/category-rules/resolvers.js'
import { contactResolvers } from '../modules/contacts/resolvers.js'
import { exchangeRateResolvers } from '../modules/exchange-rates/resolvers.js'
import { fiscalYearResolvers } from '../modules/fiscal-years/resolvers.js'
import { intakeResolvers } from '../modules/intake/resolvers.js'
import { invoiceResolvers } from '../modules/invoices/resolvers.js'
import { journalResolvers } from '../modules/journal/resolvers.js'
import { ledgerEventResolvers } from '../modules/ledger-events/resolvers.js'
import { organizationResolvers } from '../modules/organizations/resolvers.js'
import { practiceResolvers } from '../modules/practice/resolvers.js'
import { processorImportResolvers } from '../modules/processor-import/resolvers.js'
import { receiptResolvers } from '../modules/receipts/resolvers.js'
import { reconciliationResolvers } from '../modules/reconciliations/resolvers.js'
import { recurringResolvers } from '../modules/recurring/resolvers.js'
import { reportResolvers } from '../modules/reports/resolvers.js'
import { salesTaxResolvers } from '../modules/sales-tax/resolvers.js'
import { taxCodeResolvers } from '../modules/tax-codes/resolvers.js'
import { webhookResolvers } from '../modules/webhooks/resolvers.js'
import type { Resolvers } from './generated/resolvers-types.js'
import { DateScalar, UUIDScalar } from './scalars.js'

const moduleResolvers: Resolvers[] = [
  accessResolvers,
  organizationResolvers,
  taxCodeResolvers,
  accountResolvers,
  contactResolvers,
  categoryRuleResolvers,
  exchangeRateResolvers,
  ledgerEventResolvers,
  journalResolvers,
  fiscalYearResolvers,
  bankImportResolvers,
  bankFileResolvers,
  processorImportResolvers,
  reportResolvers,
  salesTaxResolvers,
  invoiceResolvers,
  practiceResolvers,
  receiptResolvers,
  reconciliationResolvers,
  intakeResolvers,
  auditResolvers,
  webhookResolvers,
  recurringResolvers,
]

/** Merges every module's resolvers type by type; a field defined twice is a wiring bug. */
export function allResolvers(): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {}
  for (const resolvers of moduleResolvers) {
    for (const [typeName, fields] of Object.entries(resolvers)) {
      const target = merged[typeName] ?? {}
      merged[typeName] = target
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (field in target) throw new Error(`Resolver ${typeName}.${field} is defined twice`)
        target[field] = resolver
      }
    }
  }
  return { ...(merged as Resolvers), UUID: UUIDScalar, Date: DateScalar }
}

import { currencyDecimals } from '../../kernel/currency.js'
import { formatMoney } from '../../kernel/money.js'
import type { BankFileImport } from './bank-file-service.js'
import type { CsvImportProfileRecord } from './csv-profile.js'

// A statement file import as clients read it (DESIGN 7.1), for the GraphQL payload and the CLI.

export function csvProfileAnswer(record: CsvImportProfileRecord) {
  return {
    ...record.profile,
    id: record.id === '' ? null : record.id,
    paymentAccountId: record.paymentAccountId,
    name: record.name,
    encoding: record.encoding,
    createdAt: record.id === '' ? null : record.createdAt,
    updatedAt: record.id === '' ? null : record.updatedAt,
  }
}

export function bankFileImportAnswer(outcome: BankFileImport) {
  const decimals = currencyDecimals(outcome.currency)
  const money = (minor: bigint | null) => (minor === null ? null : formatMoney(minor, decimals))
  const check = outcome.balanceCheck
  return {
    format: outcome.format,
    encoding: outcome.encoding,
    currency: outcome.currency,
    importedCount: outcome.importedCount,
    skippedCount: outcome.skippedCount,
    rows: outcome.rows.map((row) => ({
      rowIndex: row.rowIndex,
      position: row.position,
      transactionDate: row.transactionDate,
      description: row.description,
      amount: formatMoney(row.amountMinor, decimals),
      eventType: row.eventType,
      direction: row.direction,
      memo: row.memo,
      reference: row.reference,
      isDuplicate: row.verdict.isDuplicate,
      isPossibleDuplicate: row.verdict.isPossibleDuplicate,
      duplicateReason: row.verdict.reason,
      matchingEventId: row.verdict.matchingEventId,
    })),
    balanceCheck: check && {
      openingBalance: money(check.openingMinor),
      closingBalance: formatMoney(check.closingMinor, decimals),
      closingDate: check.closingDate,
      entriesTotal: formatMoney(check.entriesMinor, decimals),
      difference: money(check.differenceMinor),
      balanced: check.balanced,
    },
    statementAccountId: outcome.statementAccountId,
    accountMismatch: outcome.accountMismatch,
    suggestedCsvProfile: outcome.suggestedCsvProfile && csvProfileAnswer(outcome.suggestedCsvProfile),
  }
}

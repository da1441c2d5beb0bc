import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { currencyDecimals, parseCurrency } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { parseMoney } from '../../kernel/money.js'
import { assert, type Failure, fail, ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import type { AccountsPort } from '../accounts/accounts-port.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import type { FilesPort } from '../files/files-port.js'
import type { BankImportService } from './bank-import-service.js'
import type { BankStatementsPort, StatementClosing } from './bank-statements-port.js'
import {
  type CsvImportProfileInput,
  type CsvImportProfileRecord,
  parseCsvDateFormat,
  parseCsvProfileInput,
} from './csv-profile.js'
import type { CsvProfileStore } from './csv-profile-store.js'
import type { CsvDateFormat } from './csv-reader.js'
import type { RowVerdict } from './duplicates.js'
import { paymentAccountOf } from './payment-account.js'
import { type StatementFormat, sniffStatementFile } from './read-statement-file.js'
import type { ReadStatementJob, ReadStatementOutcome } from './read-statement-job.js'
import { type FileRow, fileFail, type StatementFile } from './statement-file.js'
import { StatementReader } from './statement-reader.js'
import { parseStatementRow, type StatementRow } from './statement-row.js'

// Statement files from upload to events (DESIGN 7.1): read the file, check its balances and
// account, and send its rows through the one duplicate check and import path (bank-import-service).

export interface BankFileImportOptions {
  paymentAccountId: string
  format?: StatementFormat | 'AUTO' | null
  csvProfileId?: string | null
  dateFormat?: string | null
  dryRun?: boolean | null
}

export interface BankFileRowOutcome extends StatementRow {
  rowIndex: number
  /** Where the row is in the file ("Line 15", "Stmt[1]/Ntry[2]"). */
  position: string
  verdict: RowVerdict
}

export interface BalanceCheck {
  /** Null when the file states only its closing balance (OFX). */
  openingMinor: bigint | null
  closingMinor: bigint
  closingDate: string | null
  entriesMinor: bigint
  /** closing - (opening + entries); null without an opening balance. */
  differenceMinor: bigint | null
  balanced: boolean | null
}

export interface BankFileImport {
  format: StatementFormat
  encoding: string
  currency: string
  dryRun: boolean
  importedCount: number
  skippedCount: number
  rows: BankFileRowOutcome[]
  balanceCheck: BalanceCheck | null
  /** The account the file names, if it names one. */
  statementAccountId: string | null
  accountMismatch: boolean
  /** The profile the CSV file was read with, when no saved profile was given or found (dry runs only). */
  suggestedCsvProfile: CsvImportProfileRecord | null
}

/** The phases a long import reports, for the CLI's progress bar. */
export type ImportProgress = (done: number, total: number) => void

export class BankFileService implements BankStatementsPort {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      access: AccessPort
      accounts: AccountsPort
      bankImport: BankImportService
      store: CsvProfileStore
      files: FilesPort
      audit: AuditRecorder
      reader?: StatementReader
    },
  ) {
    this.reader = deps.reader ?? new StatementReader()
    deps.files.accept({ name: 'statement', by: 'text', sniff: sniffStatementFile })
  }

  private readonly reader: StatementReader
  /** Refusals for size, by organization and upload, the oldest first. */
  private readonly refusals = new Map<string, { ok: false; error: Failure }>()

  // ---- importing files ----------------------------------------------------------------------

  async importBankStatementFile(
    principal: Principal,
    organizationId: string,
    input: BankFileImportOptions & { s3Key: string },
  ): Promise<Result<BankFileImport>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'importBankStatementFile')
    const refused = this.refusals.get(refusalKey(scope, input.s3Key))
    if (refused) return refused
    const file = await this.deps.files.file(scope, input.s3Key)
    if (!file) return fail('FILE_NOT_FOUND', 'No uploaded file has this s3Key.', 's3Key')
    return this.importBytes(scope, file.bytes, input, undefined, input.s3Key)
  }

  /** The CLI's `bank-file import`: the operator's file, read from disk rather than uploaded. */
  async importAsOperator(
    organizationId: string,
    bytes: Uint8Array,
    input: BankFileImportOptions,
    onProgress?: ImportProgress,
  ): Promise<Result<BankFileImport>> {
    const scope = await this.deps.access.authorizeOperator(organizationId)
    return this.importBytes(scope, bytes, input, onProgress)
  }

  private async importBytes(
    scope: OrgScope,
    bytes: Uint8Array,
    input: BankFileImportOptions,
    onProgress?: ImportProgress,
    s3Key?: string,
  ): Promise<Result<BankFileImport>> {
    const dryRun = input.dryRun ?? false
    const account = await paymentAccountOf(this.deps.accounts, this.deps.db, scope, input.paymentAccountId)
    if (!account.ok) return account
    let dateFormat: CsvDateFormat | undefined
    if (input.dateFormat) {
      const parsed = parseCsvDateFormat(input.dateFormat, 'dateFormat')
      if (!parsed.ok) return parsed
      dateFormat = parsed.value
    }
    let chosenProfile: CsvImportProfileRecord | undefined
    if (input.csvProfileId) {
      chosenProfile = await this.deps.store.findById(this.deps.db, scope, input.csvProfileId)
      if (!chosenProfile) return profileNotFound('csvProfileId')
    }
    // A CSV file is read through the chosen profile, else the account's saved profiles that read
    // it (the most recently changed first), else, in a dry run only, a profile guessed from it.
    const profiles = chosenProfile
      ? [chosenProfile]
      : await this.deps.store.forAccount(this.deps.db, scope, input.paymentAccountId)
    const read = await this.readStatement(scope, s3Key, {
      bytes,
      format: input.format && input.format !== 'AUTO' ? input.format : undefined,
      dateFormat,
      csv: {
        profiles: profiles.map((record) => ({ profile: record.profile, encoding: record.encoding })),
        chosen: chosenProfile !== undefined,
        suggest: dryRun,
      },
    })
    if (!read.ok) return read
    const { read: fileRead, suggested } = read.value
    assert(fileRead, 'a statement read for an import is read whole')
    const { statement } = fileRead
    const checked = checkedStatement(statement, await this.deps.bankImport.functionalCurrency(scope))
    if (!checked.ok) return checked
    const { currency, rows, balanceCheck } = checked.value
    onProgress?.(0, rows.length)

    const statementAccountId = statement.accountId ?? null
    const remembered = await this.deps.accounts.statementAccountId(
      this.deps.db,
      scope,
      input.paymentAccountId,
    )
    const accountMismatch =
      statementAccountId !== null && remembered !== null && remembered !== statementAccountId
    let verdicts: RowVerdict[]
    let importedCount = 0
    if (dryRun) {
      const preview = await this.deps.bankImport.previewRows(scope, input.paymentAccountId, rows)
      if (!preview.ok) return preview
      verdicts = preview.value
    } else {
      const imported = await this.deps.bankImport.importRows(
        scope,
        input.paymentAccountId,
        { rows, currency },
        async (tx) => {
          if (statementAccountId === null) return
          await this.deps.accounts.rememberStatementAccountId(
            tx,
            scope,
            input.paymentAccountId,
            statementAccountId,
          )
        },
      )
      if (!imported.ok) return imported
      verdicts = imported.value.verdicts
      importedCount = imported.value.importedCount
    }
    onProgress?.(rows.length, rows.length)
    const now = this.now()
    return ok({
      format: fileRead.format,
      encoding: fileRead.encoding,
      currency,
      dryRun,
      importedCount,
      skippedCount: dryRun ? 0 : rows.length - importedCount,
      // Field by field: a spread copy of 10,000 rows builds each on V8's slow path.
      rows: rows.map((row, index) => ({
        rowIndex: index,
        position: row.position,
        transactionDate: row.transactionDate,
        description: row.description,
        amountMinor: row.amountMinor,
        eventType: row.eventType,
        direction: row.direction,
        memo: row.memo,
        reference: row.reference,
        verdict: verdicts[index] as RowVerdict,
      })),
      balanceCheck,
      statementAccountId,
      accountMismatch,
      suggestedCsvProfile: suggested
        ? {
            id: '',
            paymentAccountId: input.paymentAccountId,
            name: 'Suggested profile',
            encoding: null,
            profile: suggested,
            createdAt: now,
            updatedAt: now,
          }
        : null,
    })
  }

  /**
   * The closing balance a statement file states, for a reconciliation to start from. QIF and CSV
   * state none; the other formats' rows are matched to the account's events as an import would.
   */
  async statementClosing(
    scope: OrgScope,
    input: { paymentAccountId: string; s3Key: string; format?: StatementFormat | 'AUTO' | null },
  ): Promise<Result<StatementClosing>> {
    const refused = this.refusals.get(refusalKey(scope, input.s3Key))
    if (refused) return refused
    const file = await this.deps.files.file(scope, input.s3Key)
    if (!file) return fail('FILE_NOT_FOUND', 'No uploaded file has this s3Key.', 's3Key')
    const account = await paymentAccountOf(this.deps.accounts, this.deps.db, scope, input.paymentAccountId)
    if (!account.ok) return account
    const read = await this.readStatement(scope, input.s3Key, {
      bytes: file.bytes,
      format: input.format && input.format !== 'AUTO' ? input.format : undefined,
      csv: { profiles: [], chosen: false, suggest: false },
      closingOnly: true,
    })
    if (!read.ok) return read
    const fileRead = read.value.read
    if (!fileRead) return noClosingBalance(`A ${read.value.format} file states no balances`)
    const booksCurrency = await this.deps.bankImport.functionalCurrency(scope)
    const checked = checkedStatement(fileRead.statement, booksCurrency)
    if (!checked.ok) return checked
    const { currency, rows, balanceCheck } = checked.value
    if (balanceCheck === null) return noClosingBalance('The file states no closing balance')
    const { closingDate } = balanceCheck
    if (closingDate === null) return noClosingBalance('The file states no day for its closing balance')
    // The balance becomes the books' own figure in minor units, so both must count them alike.
    if (currencyDecimals(currency) !== currencyDecimals(booksCurrency)) {
      return fileFail(
        `The file's balance is in ${currency}, which the books (${booksCurrency}) do not keep in the same minor units.`,
      )
    }
    const verdicts = await this.deps.bankImport.matchRows(this.deps.db, scope, input.paymentAccountId, rows)
    return ok({
      closingMinor: balanceCheck.closingMinor,
      closingDate,
      currency,
      listedEventIds: verdicts.flatMap((verdict) =>
        verdict.isDuplicate && verdict.matchingEventId ? [verdict.matchingEventId] : [],
      ),
    })
  }

  /**
   * The file read in the reader thread. A refusal for its size is remembered for its upload, so
   * a repeat of the same call is answered before the file is even fetched.
   */
  private async readStatement(
    scope: OrgScope,
    s3Key: string | undefined,
    job: ReadStatementJob,
  ): Promise<Result<ReadStatementOutcome>> {
    const reading = await this.reader.read(job)
    if (reading.sizeRefusal && !reading.result.ok && s3Key !== undefined) {
      const key = refusalKey(scope, s3Key)
      if (this.refusals.size >= limits.statementRefusalsRememberedMax) {
        const oldest = this.refusals.keys().next()
        if (!oldest.done) this.refusals.delete(oldest.value)
      }
      this.refusals.set(key, reading.result)
    }
    return reading.result
  }

  // ---- CSV import profiles --------------------------------------------------------------------

  async createCsvImportProfile(
    principal: Principal,
    organizationId: string,
    paymentAccountId: string,
    input: CsvImportProfileInput,
  ): Promise<Result<CsvImportProfileRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createCsvImportProfile')
    const parsed = parseCsvProfileInput(input)
    if (!parsed.ok) return parsed
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const account = await paymentAccountOf(this.deps.accounts, tx, scope, paymentAccountId)
      if (!account.ok) return account
      // The account's row lock keeps two creations from both passing the count.
      await this.deps.accounts.lockAccount(tx, scope, paymentAccountId)
      const existing = await this.deps.store.forAccount(tx, scope, paymentAccountId)
      if (existing.length >= limits.csvProfilesPerAccountMax) {
        return fail(
          'TOO_MANY_CSV_PROFILES',
          `A payment account may keep at most ${limits.csvProfilesPerAccountMax} CSV import profiles.`,
          'paymentAccountId',
        )
      }
      const now = this.now()
      const record: CsvImportProfileRecord = {
        id: newId(),
        paymentAccountId,
        ...parsed.value,
        createdAt: now,
        updatedAt: now,
      }
      if (!(await this.deps.store.insert(tx, scope, record))) return nameTaken()
      await this.deps.audit.record(tx, scope, [profileChange('created', record.id, null, record)])
      return ok(record)
    })
  }

  async updateCsvImportProfile(
    principal: Principal,
    organizationId: string,
    profileId: string,
    input: CsvImportProfileInput,
  ): Promise<Result<CsvImportProfileRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateCsvImportProfile')
    const parsed = parseCsvProfileInput(input)
    if (!parsed.ok) return parsed
    return inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const existing = await this.deps.store.findById(tx, scope, profileId)
      if (!existing) return profileNotFound('profileId')
      const record: CsvImportProfileRecord = { ...existing, ...parsed.value, updatedAt: this.now() }
      if (await this.deps.store.nameTakenByOther(tx, scope, record)) return nameTaken()
      await this.deps.store.update(tx, scope, record)
      await this.deps.audit.record(tx, scope, [profileChange('updated', record.id, existing, record)])
      return ok(record)
    })
  }

  async deleteCsvImportProfile(
    principal: Principal,
    organizationId: string,
    profileId: string,
  ): Promise<Result<true>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'deleteCsvImportProfile')
    const deleted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      const existing = await this.deps.store.findById(tx, scope, profileId)
      if (!existing || !(await this.deps.store.delete(tx, scope, profileId))) return false
      await this.deps.audit.record(tx, scope, [profileChange('deleted', profileId, existing, null)])
      return true
    })
    if (!deleted) return profileNotFound('profileId')
    return ok(true as const)
  }

  async listCsvImportProfiles(
    principal: Principal,
    organizationId: string,
    paymentAccountId: string,
  ): Promise<Result<CsvImportProfileRecord[]>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listCsvImportProfiles')
    const account = await paymentAccountOf(this.deps.accounts, this.deps.db, scope, paymentAccountId)
    if (!account.ok) return account
    return ok(await this.deps.store.forAccount(this.deps.db, scope, paymentAccountId))
  }

  private now(): string {
    return this.deps.clock.now().toISOString()
  }
}

const noClosingBalance = (why: string) =>
  fail(
    'NO_CLOSING_BALANCE',
    `${why}; start the reconciliation with startReconciliation's statementDate and statementBalance.`,
    's3Key',
  )

const profileNotFound = (field: string) =>
  fail('CSV_PROFILE_NOT_FOUND', 'No CSV import profile has this id in the organization.', field)

const nameTaken = () =>
  fail(
    'CSV_PROFILE_NAME_TAKEN',
    'This payment account already has a CSV import profile of this name.',
    'profile.name',
  )

/** The file's rows in its currency, and its balances checked against them. */
function checkedStatement(
  statement: StatementFile,
  booksCurrency: string,
): Result<{
  currency: string
  rows: Array<StatementRow & { position: string }>
  balanceCheck: BalanceCheck | null
}> {
  // A file that names no currency (QIF, CSV, some OFX) is in the books' own.
  const currency = parseCurrency(statement.currency ?? booksCurrency)
  if (!currency.ok) return fileFail(`The file's currency ${statement.currency} is not one Daybook keeps.`)
  const decimals = currencyDecimals(currency.value)
  const rows = statementRows(statement.rows, decimals)
  if (!rows.ok) return rows
  let entriesMinor = 0n
  for (const row of rows.value)
    entriesMinor += row.eventType === 'expense' ? -row.amountMinor : row.amountMinor
  const balanceCheck = checkBalances(statement, decimals, entriesMinor)
  if (!balanceCheck.ok) return balanceCheck
  return ok({ currency: currency.value, rows: rows.value, balanceCheck: balanceCheck.value })
}

/** The file's rows as the rows path takes them, each problem named by where it is in the file. */
function statementRows(
  rows: FileRow[],
  decimals: number,
): Result<Array<StatementRow & { position: string }>> {
  const parsed: Array<StatementRow & { position: string }> = []
  for (const row of rows) {
    // A row of zero moves no money, so it has nothing to book (banks list waived fees so).
    if (/^-?[0.]+$/.test(row.amount)) continue
    const negative = row.amount.startsWith('-')
    const one = parseStatementRow(
      {
        transactionDate: row.transactionDate,
        // A row the bank left without any text still needs a name to be reviewed by.
        description: row.description || row.reference || 'No description',
        amount: negative ? row.amount.slice(1) : row.amount,
        eventType: negative ? 'expense' : 'income',
        memo: row.memo,
        reference: row.reference,
      },
      decimals,
    )
    if (!one.ok) return fileFail(`${row.position}: ${one.error.message}`)
    const { transactionDate, description, amountMinor, eventType, direction, memo, reference } = one.value
    parsed.push({
      transactionDate,
      description,
      amountMinor,
      eventType,
      direction,
      memo,
      reference,
      position: row.position,
    })
  }
  return ok(parsed)
}

/** The statement's own arithmetic, from its stated balances and the entries already read. */
function checkBalances(
  statement: StatementFile,
  decimals: number,
  entriesMinor: bigint,
): Result<BalanceCheck | null> {
  if (statement.closingBalance === undefined) return ok(null)
  const money = (text: string, what: string) => {
    const amount = parseMoney(text, decimals, what)
    return amount.ok ? amount : fileFail(`The ${what} ${text} has more decimals than the currency.`)
  }
  const closing = money(statement.closingBalance, 'closing balance')
  if (!closing.ok) return closing
  if (statement.openingBalance === undefined) {
    return ok({
      openingMinor: null,
      closingMinor: closing.value,
      closingDate: statement.closingDate ?? null,
      entriesMinor,
      differenceMinor: null,
      balanced: null,
    })
  }
  const opening = money(statement.openingBalance, 'opening balance')
  if (!opening.ok) return opening
  const differenceMinor = closing.value - (opening.value + entriesMinor)
  return ok({
    openingMinor: opening.value,
    closingMinor: closing.value,
    closingDate: statement.closingDate ?? null,
    entriesMinor,
    differenceMinor,
    balanced: differenceMinor === 0n,
  })
}

const refusalKey = (scope: OrgScope, s3Key: string) => `${scope.organizationId}\n${s3Key}`

const profileChange = (verb: string, id: string, before: unknown, after: unknown) => ({
  operation: `csv_import_profile.${verb}`,
  entityType: 'csv_import_profile',
  entityId: id,
  before,
  after,
})

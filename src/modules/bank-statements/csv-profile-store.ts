import type { Selectable } from 'kysely'
import type { CsvImportProfilesTable, Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { CsvImportProfileRecord } from './csv-profile.js'
import type { CsvDateFormat } from './csv-reader.js'
import type { StatementEncoding } from './statement-text.js'

// The SQL of the CSV import profiles saved per payment account.

type Row = Selectable<CsvImportProfilesTable>

const toRecord = (row: Row): CsvImportProfileRecord => ({
  id: row.id,
  paymentAccountId: row.payment_account_id,
  name: row.name,
  encoding: row.encoding as StatementEncoding | null,
  profile: {
    delimiter: row.delimiter,
    hasHeader: Number(row.has_header) === 1,
    skipLines: Number(row.skip_lines),
    dateColumn: row.date_column,
    dateFormat: row.date_format as CsvDateFormat,
    amountColumn: row.amount_column,
    inflowColumn: row.inflow_column,
    outflowColumn: row.outflow_column,
    descriptionColumn: row.description_column,
    payeeColumn: row.payee_column,
    memoColumn: row.memo_column,
    referenceColumn: row.reference_column,
    decimalMark: row.decimal_mark === ',' ? ',' : '.',
    flipSign: Number(row.flip_sign) === 1,
  },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const columnsOf = (record: Omit<CsvImportProfileRecord, 'id' | 'paymentAccountId' | 'createdAt'>) => ({
  name: record.name,
  name_key: record.name.toLowerCase(),
  delimiter: record.profile.delimiter,
  encoding: record.encoding,
  has_header: record.profile.hasHeader ? 1 : 0,
  skip_lines: record.profile.skipLines,
  date_column: record.profile.dateColumn,
  date_format: record.profile.dateFormat,
  amount_column: record.profile.amountColumn,
  inflow_column: record.profile.inflowColumn,
  outflow_column: record.profile.outflowColumn,
  description_column: record.profile.descriptionColumn,
  payee_column: record.profile.payeeColumn,
  memo_column: record.profile.memoColumn,
  reference_column: record.profile.referenceColumn,
  decimal_mark: record.profile.decimalMark,
  flip_sign: record.profile.flipSign ? 1 : 0,
  updated_at: record.updatedAt,
})

export class CsvProfileStore {
  /** False when the account already has a profile of this name. */
  async insert(ex: Executor, scope: OrgScope, record: CsvImportProfileRecord): Promise<boolean> {
    const result = await ex
      .insertInto('csv_import_profiles')
      .values({
        organization_id: scope.organizationId,
        id: record.id,
        payment_account_id: record.paymentAccountId,
        created_at: record.createdAt,
        ...columnsOf(record),
      })
      .onConflict((oc) => oc.columns(['organization_id', 'payment_account_id', 'name_key']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async update(ex: Executor, scope: OrgScope, record: CsvImportProfileRecord): Promise<void> {
    await ex
      .updateTable('csv_import_profiles')
      .set(columnsOf(record))
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', record.id)
      .execute()
  }

  async delete(ex: Executor, scope: OrgScope, id: string): Promise<boolean> {
    const result = await ex
      .deleteFrom('csv_import_profiles')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(result.numDeletedRows) === 1
  }

  async findById(ex: Executor, scope: OrgScope, id: string): Promise<CsvImportProfileRecord | undefined> {
    const row = await ex
      .selectFrom('csv_import_profiles')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return row && toRecord(row)
  }

  /** The account's profiles, the most recently changed first. */
  async forAccount(
    ex: Executor,
    scope: OrgScope,
    paymentAccountId: string,
  ): Promise<CsvImportProfileRecord[]> {
    const rows = await ex
      .selectFrom('csv_import_profiles')
      .selectAll()
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', paymentAccountId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute()
    return rows.map(toRecord)
  }

  async nameTakenByOther(
    ex: Executor,
    scope: OrgScope,
    record: Pick<CsvImportProfileRecord, 'id' | 'paymentAccountId' | 'name'>,
  ): Promise<boolean> {
    const row = await ex
      .selectFrom('csv_import_profiles')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('payment_account_id', '=', record.paymentAccountId)
      .where('name_key', '=', record.name.toLowerCase())
      .where('id', '!=', record.id)
      .executeTakeFirst()
    return row !== undefined
  }
}

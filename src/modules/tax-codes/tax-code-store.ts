import type { Executor } from '../../db/schema.js'
import { toFlag } from '../../db/schema.js'
import { likeEscaped, pageWithCount } from '../../db/sql-helpers.js'
import { likeContains, type PageRequest } from '../../kernel/page.js'
import type { AccountType, Classification } from './gifi.js'
import type { TaxCodeRecord } from './tax-code.js'
import type { TaxCodesPort } from './tax-codes-port.js'

export type TaxCodeSort = 'code' | 'name'

type Row = {
  id: string
  code: string
  name: string
  classification: string
  account_type: string
  is_total_line: number | bigint
}

const columns = ['id', 'code', 'name', 'classification', 'account_type', 'is_total_line'] as const

const toRecord = (row: Row): TaxCodeRecord => ({
  id: row.id,
  code: row.code,
  name: row.name,
  classification: row.classification as Classification,
  accountType: row.account_type as AccountType,
  isTotalLine: toFlag(row.is_total_line),
})

// GIFI codes are reference data shared by every organization, so their queries take no scope.
export class TaxCodeStore implements TaxCodesPort {
  async page(
    ex: Executor,
    search: string | undefined,
    page: PageRequest<TaxCodeSort>,
  ): Promise<{ items: TaxCodeRecord[]; totalCount: number }> {
    let query = ex.selectFrom('tax_codes')
    if (search) {
      const pattern = likeContains(search)
      query = query.where((eb) => eb.or([likeEscaped('name_key', pattern), likeEscaped('code', pattern)]))
    }
    const sortColumn = page.sortBy === 'code' ? 'code' : 'name_key'
    const { rows, totalCount } = await pageWithCount(
      query,
      query.select(columns).orderBy(sortColumn, page.sortDir),
      page,
    )
    return { items: rows.map(toRecord), totalCount }
  }

  async findById(ex: Executor, id: string): Promise<TaxCodeRecord | undefined> {
    const row = await ex.selectFrom('tax_codes').select(columns).where('id', '=', id).executeTakeFirst()
    return row && toRecord(row)
  }

  async findByIds(ex: Executor, ids: string[]): Promise<TaxCodeRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex.selectFrom('tax_codes').select(columns).where('id', 'in', ids).execute()
    return rows.map(toRecord)
  }

  async findByCodes(ex: Executor, codes: string[]): Promise<TaxCodeRecord[]> {
    if (codes.length === 0) return []
    const rows = await ex.selectFrom('tax_codes').select(columns).where('code', 'in', codes).execute()
    return rows.map(toRecord)
  }
}

import type { Executor } from '../../db/schema.js'
import type { OrganizationRecord } from './organization.js'
import type { OrganizationProfile, SalesTaxMethod } from './organization-profile.js'

const recordColumns = [
  'id',
  'name',
  'functional_currency as functionalCurrency',
  'fiscal_year_end as fiscalYearEnd',
  'business_number as businessNumber',
  'province',
  'sales_tax_frequency as salesTaxFrequency',
  'sales_tax_method as salesTaxMethod',
  'quick_method_rate as quickMethodRate',
  'year_end_lock_date as yearEndLockDate',
] as const

type OrganizationRow = Omit<OrganizationRecord, 'salesTaxMethod'> & { salesTaxMethod: string }

// Only this store writes the column, and only with a checked method.
const recordOf = (row: OrganizationRow): OrganizationRecord => ({
  ...row,
  salesTaxMethod: row.salesTaxMethod as SalesTaxMethod,
})

// Organizations are the root of every scope, so their own queries take plain ids.
export class OrganizationStore {
  async insert(
    ex: Executor,
    organization: Pick<OrganizationRecord, 'id' | 'name' | 'functionalCurrency'> & {
      nameKey: string
      createdAt: string
    },
  ): Promise<boolean> {
    const result = await ex
      .insertInto('organizations')
      .values({
        id: organization.id,
        name: organization.name,
        name_key: organization.nameKey,
        functional_currency: organization.functionalCurrency,
        created_at: organization.createdAt,
      })
      .onConflict((oc) => oc.column('name_key').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  async findByIds(ex: Executor, ids: string[]): Promise<OrganizationRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex.selectFrom('organizations').select(recordColumns).where('id', 'in', ids).execute()
    return rows.map(recordOf)
  }

  async findByNameKey(ex: Executor, nameKey: string): Promise<OrganizationRecord | undefined> {
    const row = await ex
      .selectFrom('organizations')
      .select(recordColumns)
      .where('name_key', '=', nameKey)
      .executeTakeFirst()
    return row && recordOf(row)
  }

  /** The profile as it stands; `lock` (PostgreSQL) holds the row until the caller's transaction ends. */
  async profile(ex: Executor, organizationId: string, lock: boolean): Promise<OrganizationProfile> {
    const query = ex
      .selectFrom('organizations')
      .select([
        'fiscal_year_end as fiscalYearEnd',
        'business_number as businessNumber',
        'province',
        'sales_tax_frequency as salesTaxFrequency',
        'sales_tax_method as salesTaxMethod',
        'quick_method_rate as quickMethodRate',
      ])
      .where('id', '=', organizationId)
    const row = await (lock ? query.forUpdate() : query).executeTakeFirstOrThrow()
    return { ...row, salesTaxMethod: row.salesTaxMethod as SalesTaxMethod }
  }

  async setProfile(ex: Executor, organizationId: string, profile: OrganizationProfile): Promise<void> {
    await ex
      .updateTable('organizations')
      .set({
        fiscal_year_end: profile.fiscalYearEnd,
        business_number: profile.businessNumber,
        province: profile.province,
        sales_tax_frequency: profile.salesTaxFrequency,
        sales_tax_method: profile.salesTaxMethod,
        quick_method_rate: profile.quickMethodRate,
      })
      .where('id', '=', organizationId)
      .execute()
  }

  /**
   * The organization's lock date. `forShare` (PostgreSQL) holds the row against setLockDate until
   * the caller's transaction ends, so a write checked against the old date commits before the
   * period closes; writers do not wait for each other.
   */
  async lockDate(ex: Executor, organizationId: string, forShare: boolean): Promise<string | null> {
    const query = ex.selectFrom('organizations').select('lock_date').where('id', '=', organizationId)
    const row = await (forShare ? query.forShare() : query).executeTakeFirst()
    return row?.lock_date ?? null
  }

  async yearEndLockDate(ex: Executor, organizationId: string): Promise<string | null> {
    const row = await ex
      .selectFrom('organizations')
      .select('year_end_lock_date')
      .where('id', '=', organizationId)
      .executeTakeFirst()
    return row?.year_end_lock_date ?? null
  }

  async setYearEndLockDate(ex: Executor, organizationId: string, date: string | null): Promise<void> {
    await ex
      .updateTable('organizations')
      .set({ year_end_lock_date: date })
      .where('id', '=', organizationId)
      .execute()
  }

  async setLockDate(ex: Executor, organizationId: string, lockDate: string | null): Promise<void> {
    await ex
      .updateTable('organizations')
      .set({ lock_date: lockDate })
      .where('id', '=', organizationId)
      .execute()
  }

  /**
   * The currency the books are kept in, read by every posting. `forShare` (PostgreSQL) holds the
   * row so that a change of currency waits until the posting has committed, and then sees it.
   */
  async functionalCurrency(ex: Executor, organizationId: string, forShare: boolean): Promise<string> {
    const query = ex
      .selectFrom('organizations')
      .select('functional_currency')
      .where('id', '=', organizationId)
    const row = await (forShare ? query.forShare() : query).executeTakeFirstOrThrow()
    return row.functional_currency
  }

  /** Changes the currency unless the organization has posted anything; false when it has. */
  async setFunctionalCurrencyWhileUnposted(
    ex: Executor,
    organizationId: string,
    currency: string,
  ): Promise<boolean> {
    const result = await ex
      .updateTable('organizations')
      .set({ functional_currency: currency })
      .where('id', '=', organizationId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('journal_entries')
              .select('id')
              .where('journal_entries.organization_id', '=', organizationId),
          ),
        ),
      )
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }
}

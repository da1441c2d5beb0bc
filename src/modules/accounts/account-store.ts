import { sql } from 'kysely'
import type { EngineName } from '../../db/engine.js'
import { preparedQuery, preparedRowsQuery, type SlotFor } from '../../db/prepared.js'
import type { AccountTotalsTable, Executor } from '../../db/schema.js'
import { toFlag } from '../../db/schema.js'
import { likeEscaped, pageWithCount } from '../../db/sql-helpers.js'
import { likeContains, type PageRequest } from '../../kernel/page.js'
import { nameKey } from '../../kernel/text.js'
import type { OrgScope } from '../access/principal.js'
import type { AccountType, Classification } from '../tax-codes/tax-codes-port.js'
import type { SystemRole } from './default-chart.js'

export interface AccountRecord {
  id: string
  name: string
  accountType: AccountType
  classification: Classification
  subType: string
  taxCodeId: string | null
  lastFour: string | null
  parentId: string | null
  systemRole: SystemRole | null
  active: boolean
  debitTotalMinor: bigint
  creditTotalMinor: bigint
}

export interface NewAccountRow {
  id: string
  name: string
  accountType: AccountType
  classification: Classification
  subType: string
  taxCodeId: string | null
  lastFour: string | null
  parentId: string | null
  systemRole: SystemRole | null
  createdAt: string
}

export type AccountSort = 'name' | 'currentBalance' | 'accountType'

const accountColumnNames = [
  'id',
  'name',
  'account_type',
  'classification',
  'sub_type',
  'tax_code_id',
  'last_four',
  'parent_id',
  'system_role',
  'active',
] as const

/**
 * An account's totals summed over its shards (migration 0008). As SQL text, because the bench's
 * bare baseline runs the same; `accounts` is the outer row.
 */
const accountTotalSql = {
  debit:
    '(select cast(coalesce(sum(t.debit_minor), 0) as bigint) from account_totals t where t.organization_id = accounts.organization_id and t.account_id = accounts.id)',
  credit:
    '(select cast(coalesce(sum(t.credit_minor), 0) as bigint) from account_totals t where t.organization_id = accounts.organization_id and t.account_id = accounts.id)',
} as const

/** What an account is read from (the bench's bare baseline selects the same). */
export const accountColumns = [
  ...accountColumnNames,
  sql.raw<bigint>(accountTotalSql.debit).as('debit_total_minor'),
  sql.raw<bigint>(accountTotalSql.credit).as('credit_total_minor'),
]

/** The column list of accountColumns as SQL text, for the bench's bare baseline. */
export const accountColumnsSql = [
  ...accountColumnNames.map((name) => `"${name}"`),
  `${accountTotalSql.debit} as "debit_total_minor"`,
  `${accountTotalSql.credit} as "credit_total_minor"`,
].join(', ')

// Spread over this many rows per account on PostgreSQL, so that postings to one account do not
// queue for a single row lock; SQLite writes one transaction at a time and keeps one row.
const totalShardsPostgres = 16

type Row = {
  id: string
  name: string
  account_type: string
  classification: string
  sub_type: string
  tax_code_id: string | null
  last_four: string | null
  parent_id: string | null
  system_role: string | null
  active: number | bigint
  debit_total_minor: number | bigint
  credit_total_minor: number | bigint
}

const toRecord = (row: Row): AccountRecord => ({
  id: row.id,
  name: row.name,
  accountType: row.account_type as AccountType,
  classification: row.classification as Classification,
  subType: row.sub_type,
  taxCodeId: row.tax_code_id,
  lastFour: row.last_four,
  parentId: row.parent_id,
  systemRole: row.system_role as SystemRole | null,
  active: toFlag(row.active),
  debitTotalMinor: BigInt(row.debit_total_minor),
  creditTotalMinor: BigInt(row.credit_total_minor),
})

/** The natural balance (DESIGN 5.5) as SQL, so lists can sort by it. */
const naturalBalanceSql = sql<bigint>`(select coalesce(sum(case when accounts.classification in ('asset', 'expense')
  then t.debit_minor - t.credit_minor else t.credit_minor - t.debit_minor end), 0)
  from account_totals t where t.organization_id = accounts.organization_id and t.account_id = accounts.id)`

export interface AccountTotalsDelta {
  accountId: string
  debitMinor: bigint
  creditMinor: bigint
}

export class AccountStore {
  private nextShard = 0

  constructor(private readonly engine: EngineName) {}

  /**
   * Holds the account's row until the transaction ends, so work on one account (an import)
   * runs one at a time. SQLite needs nothing: its write transactions already run one at a time.
   */
  async lockAccount(ex: Executor, scope: OrgScope, accountId: string): Promise<void> {
    if (this.engine !== 'postgres') return
    await ex
      .selectFrom('accounts')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', accountId)
      .forUpdate()
      .execute()
  }

  /** The account id the statement files imported into this account named, if one was remembered. */
  async statementAccountId(ex: Executor, scope: OrgScope, accountId: string): Promise<string | null> {
    const row = await ex
      .selectFrom('accounts')
      .select('statement_account_id')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', accountId)
      .executeTakeFirst()
    return row?.statement_account_id ?? null
  }

  /** Remembers the first account id a statement file names; a later file never replaces it. True when remembered now. */
  async setStatementAccountIdOnce(
    ex: Executor,
    scope: OrgScope,
    accountId: string,
    statementAccountId: string,
  ): Promise<boolean> {
    const result = await ex
      .updateTable('accounts')
      .set({ statement_account_id: statementAccountId })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', accountId)
      .where('statement_account_id', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** Inserts what it can; a name already taken is skipped. Returns the ids actually inserted. */
  async insertMany(ex: Executor, scope: OrgScope, rows: NewAccountRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set()
    const inserted = await ex
      .insertInto('accounts')
      .values(
        rows.map((row) => ({
          id: row.id,
          organization_id: scope.organizationId,
          name: row.name,
          name_key: row.name.trim().toLowerCase(),
          account_type: row.accountType,
          classification: row.classification,
          sub_type: row.subType,
          tax_code_id: row.taxCodeId,
          last_four: row.lastFour,
          parent_id: row.parentId,
          system_role: row.systemRole,
          active: 1,
          created_at: row.createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['organization_id', 'name_key']).doNothing())
      .returning('id')
      .execute()
    return new Set(inserted.map((r) => r.id))
  }

  async accountsByIds(ex: Executor, scope: OrgScope, ids: string[]): Promise<AccountRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex
      .selectFrom('accounts')
      .select(accountColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return rows.map(toRecord)
  }

  async allAccounts(ex: Executor, scope: OrgScope): Promise<AccountRecord[]> {
    const rows = await ex
      .selectFrom('accounts')
      .select(accountColumns)
      .where('organization_id', '=', scope.organizationId)
      .orderBy('name_key')
      .orderBy('id')
      .execute()
    return rows.map(toRecord)
  }

  async accountByName(ex: Executor, scope: OrgScope, name: string): Promise<AccountRecord | undefined> {
    const row = await ex
      .selectFrom('accounts')
      .select(accountColumns)
      .where('organization_id', '=', scope.organizationId)
      .where('name_key', '=', nameKey(name))
      .executeTakeFirst()
    return row && toRecord(row)
  }

  async accountByRole(ex: Executor, scope: OrgScope, role: SystemRole): Promise<AccountRecord | undefined> {
    const { rows } = await accountBySystemRole(ex, { organizationId: scope.organizationId, role })
    return rows[0] && toRecord(rows[0])
  }

  async existingNameKeys(ex: Executor, scope: OrgScope, nameKeys: string[]): Promise<Set<string>> {
    if (nameKeys.length === 0) return new Set()
    const rows = await ex
      .selectFrom('accounts')
      .select('name_key')
      .where('organization_id', '=', scope.organizationId)
      .where('name_key', 'in', nameKeys)
      .execute()
    return new Set(rows.map((r) => r.name_key))
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    search: string | undefined,
    page: PageRequest<AccountSort>,
  ): Promise<{ items: AccountRecord[]; totalCount: number }> {
    let query = ex.selectFrom('accounts').where('organization_id', '=', scope.organizationId)
    if (search) query = query.where(likeEscaped('name_key', likeContains(search)))
    const ordered =
      page.sortBy === 'currentBalance'
        ? query.orderBy(naturalBalanceSql, page.sortDir).orderBy('name_key', page.sortDir)
        : page.sortBy === 'accountType'
          ? query.orderBy('account_type', page.sortDir).orderBy('name_key', page.sortDir)
          : query.orderBy('name_key', page.sortDir)
    const { rows, totalCount } = await pageWithCount(query, ordered.select(accountColumns), page)
    return { items: rows.map(toRecord), totalCount }
  }

  /**
   * Adds posted journal amounts to the running totals that balances are read from, all to one
   * shard. On PostgreSQL the shard turns with each call, so the postings this process has in
   * flight (no more than its pool's connections) write different rows and never queue for one
   * another's row locks. Accounts must come in id order, so postings never wait in a cycle.
   */
  async addTotals(ex: Executor, scope: OrgScope, totals: AccountTotalsDelta[]): Promise<void> {
    if (totals.length === 0) return
    let shard = 0
    if (this.engine === 'postgres') {
      shard = this.nextShard
      this.nextShard = (shard + 1) % totalShardsPostgres
    }
    await addToAccountTotals(
      ex,
      totals.map((total) => ({
        organization_id: scope.organizationId,
        account_id: total.accountId,
        shard,
        debit_minor: total.debitMinor,
        credit_minor: total.creditMinor,
      })),
    )
  }
}

// Confirming an event runs these; see preparedQuery.
const accountBySystemRole = preparedQuery((ex, slot: SlotFor<{ organizationId: string; role: SystemRole }>) =>
  ex
    .selectFrom('accounts')
    .select(accountColumns)
    .where('organization_id', '=', slot('organizationId'))
    .where('system_role', '=', slot('role')),
)

const addToAccountTotals = preparedRowsQuery((ex, rows: Array<SlotFor<AccountTotalsTable>>) =>
  ex
    .insertInto('account_totals')
    .values(
      rows.map((slot) => ({
        organization_id: slot('organization_id'),
        account_id: slot('account_id'),
        shard: slot('shard'),
        debit_minor: slot('debit_minor'),
        credit_minor: slot('credit_minor'),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['organization_id', 'account_id', 'shard']).doUpdateSet((eb) => ({
        debit_minor: eb('account_totals.debit_minor', '+', eb.ref('excluded.debit_minor')),
        credit_minor: eb('account_totals.credit_minor', '+', eb.ref('excluded.credit_minor')),
      })),
    ),
)

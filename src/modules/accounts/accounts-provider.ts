import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { nameBasedId, newId } from '../../kernel/ids.js'
import type { OrgScope } from '../access/principal.js'
import { type AuditRecorder, creations } from '../audit/audit-port.js'
import type { OrganizationsPort } from '../organizations/organizations-port.js'
import { type AccountType, classificationOfAccountType } from '../tax-codes/tax-codes-port.js'
import { type AccountRecord, AccountStore, type NewAccountRow } from './account-store.js'
import type { AccountsPort } from './accounts-port.js'
import { defaultChart } from './default-chart.js'

/**
 * The accounts port: the store's reads as they are, and the writes other modules may make, each
 * recorded in the audit trail like the module's own.
 */
export class AccountsProvider extends AccountStore implements AccountsPort {
  constructor(
    engine: EngineName,
    private readonly deps: { clock: Clock; audit: AuditRecorder; organizations: OrganizationsPort },
  ) {
    super(engine)
    // A new organization starts with the default chart, in the transaction that creates it.
    deps.organizations.onOrganizationCreated((tx, scope) => this.createDefaultChart(tx, scope))
  }

  private async createDefaultChart(tx: Executor, scope: OrgScope): Promise<void> {
    const createdAt = this.deps.clock.now().toISOString()
    const rows: NewAccountRow[] = defaultChart.map((account) => ({
      id: newId(),
      name: account.name,
      accountType: account.accountType,
      classification: classificationOfAccountType[account.accountType],
      subType: '',
      taxCodeId: account.gifi === null ? null : nameBasedId('gifi', account.gifi),
      lastFour: null,
      parentId: null,
      systemRole: account.role ?? null,
      createdAt,
    }))
    const inserted = await this.insertAudited(tx, scope, rows)
    if (inserted.size !== rows.length) throw new Error('default chart collided with existing accounts')
  }

  async namedAccountOrCreate(
    tx: Executor,
    scope: OrgScope,
    account: { name: string; accountType: AccountType },
  ): Promise<AccountRecord> {
    const existing = await this.accountByName(tx, scope, account.name)
    if (existing) return existing
    await this.insertAudited(tx, scope, [
      {
        id: newId(),
        name: account.name,
        accountType: account.accountType,
        classification: classificationOfAccountType[account.accountType],
        subType: '',
        taxCodeId: null,
        lastFour: null,
        parentId: null,
        systemRole: null,
        createdAt: this.deps.clock.now().toISOString(),
      },
    ])
    const created = await this.accountByName(tx, scope, account.name)
    if (!created) throw new Error(`account ${account.name} was neither found nor created`)
    return created
  }

  async rememberStatementAccountId(
    tx: Executor,
    scope: OrgScope,
    accountId: string,
    statementAccountId: string,
  ): Promise<void> {
    if (!(await this.setStatementAccountIdOnce(tx, scope, accountId, statementAccountId))) return
    await this.deps.audit.record(tx, scope, [
      {
        operation: 'account.updated',
        entityType: 'account',
        entityId: accountId,
        before: { statementAccountId: null },
        after: { statementAccountId },
      },
    ])
  }

  /** Inserts what it can (a name already taken is skipped) and records each account created. */
  async insertAudited(tx: Executor, scope: OrgScope, rows: NewAccountRow[]): Promise<Set<string>> {
    const inserted = await this.insertMany(tx, scope, rows)
    await this.deps.audit.record(
      tx,
      scope,
      creations(
        'account',
        rows.filter((row) => inserted.has(row.id)),
      ),
    )
    return inserted
  }
}

import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransactionResult } from '../../db/transaction.js'
import { type BatchOutcome, batchTooLarge } from '../../kernel/batch.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { type Failure, ok, type Result } from '../../kernel/result.js'
import { nameKey } from '../../kernel/text.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import { type TaxCodeRecord, type TaxCodesPort, usableTaxCode } from '../tax-codes/tax-codes-port.js'
import {
  type AccountInput,
  accountNameTaken,
  naturalBalance,
  type ValidAccount,
  validateAccount,
} from './account.js'
import type { AccountRecord, AccountSort, NewAccountRow } from './account-store.js'
import type { AccountsProvider } from './accounts-provider.js'

export interface AccountView extends AccountRecord {
  taxCode: TaxCodeRecord | null
  currentBalanceMinor: bigint
}

const accountSorts = ['name', 'currentBalance', 'accountType'] as const satisfies readonly AccountSort[]

export class AccountService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: AccountsProvider
      clock: Clock
      access: AccessPort
      taxCodes: TaxCodesPort
    },
  ) {}

  async createAccount(
    principal: Principal,
    organizationId: string,
    input: AccountInput & { taxCodeId?: string | null },
  ): Promise<Result<AccountView>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createAccount')
    let taxCode: TaxCodeRecord | undefined
    if (input.taxCodeId) {
      const found = usableTaxCode(await this.deps.taxCodes.findById(this.deps.db, input.taxCodeId))
      if (!found.ok) return found
      taxCode = found.value
    }
    const valid = validateAccount(input, taxCode)
    if (!valid.ok) return valid
    const created = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const parentProblem = await this.parentProblem(tx, scope, valid.value)
      if (parentProblem) return { ok: false, error: parentProblem } as const
      const row = this.newRow(valid.value)
      const inserted = await this.deps.store.insertAudited(tx, scope, [row])
      if (!inserted.has(row.id)) return accountNameTaken()
      return ok(row.id)
    })
    if (!created.ok) return created
    const [view] = await this.views(await this.deps.store.accountsByIds(this.deps.db, scope, [created.value]))
    return ok(view as AccountView)
  }

  async batchCreateAccounts(
    principal: Principal,
    organizationId: string,
    items: AccountInput[],
  ): Promise<Result<BatchOutcome>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'batchCreateAccounts')
    if (items.length > limits.batchItemsMax) return batchTooLarge(items.length)
    const errors: BatchOutcome['errors'] = []
    const report = (index: number, failure: Failure) =>
      errors.push({ index, error: failure.message, errorCode: failure.code, field: failure.field ?? null })

    const candidates: Array<{ index: number; account: ValidAccount }> = []
    for (const [index, item] of items.entries()) {
      const valid = validateAccount(item, undefined)
      if (valid.ok) candidates.push({ index, account: valid.value })
      else report(index, valid.error)
    }

    const created = await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
      const parentIds = [...new Set(candidates.flatMap((c) => c.account.parentId ?? []))]
      const parents = new Map(
        (await this.deps.store.accountsByIds(tx, scope, parentIds)).map((a) => [a.id, a]),
      )
      const rows: Array<{ index: number; row: NewAccountRow }> = []
      // A name counts as used by the batch only once its item has passed every other check, so an
      // item that fails (for its parent, say) never blocks a later item of the same name.
      const seenNames = new Set<string>()
      for (const candidate of candidates) {
        const problem = parentMismatch(candidate.account, parents)
        if (problem) {
          report(candidate.index, problem)
          continue
        }
        const key = nameKey(candidate.account.name)
        if (seenNames.has(key)) {
          report(candidate.index, accountNameTaken().error)
          continue
        }
        seenNames.add(key)
        rows.push({ index: candidate.index, row: this.newRow(candidate.account) })
      }
      const inserted = await this.deps.store.insertAudited(
        tx,
        scope,
        rows.map((r) => r.row),
      )
      for (const { index, row } of rows) if (!inserted.has(row.id)) report(index, accountNameTaken().error)
      return ok(inserted.size)
    })
    if (!created.ok) return created
    errors.sort((x, y) => x.index - y.index)
    return ok({ created: created.value, errors })
  }

  async listAccounts(
    principal: Principal,
    organizationId: string,
    args: PageArgs & { search?: string | null },
  ): Promise<Result<Page<AccountView>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listAccounts')
    const page = parsePageRequest(args, accountSorts, { sortBy: 'name', sortDir: 'asc' })
    if (!page.ok) return page
    const found = await this.deps.store.page(this.deps.db, scope, page.value.search, page.value)
    return ok(pageOf(await this.views(found.items), found.totalCount, page.value))
  }

  private newRow(account: ValidAccount): NewAccountRow {
    return { id: newId(), ...account, systemRole: null, createdAt: this.deps.clock.now().toISOString() }
  }

  private async parentProblem(
    ex: Executor,
    scope: OrgScope,
    account: ValidAccount,
  ): Promise<Failure | undefined> {
    if (!account.parentId) return undefined
    const parents = await this.deps.store.accountsByIds(ex, scope, [account.parentId])
    return parentMismatch(account, new Map(parents.map((p) => [p.id, p])))
  }

  private async views(accounts: AccountRecord[]): Promise<AccountView[]> {
    const taxCodeIds = [...new Set(accounts.flatMap((a) => a.taxCodeId ?? []))]
    const taxCodes = new Map(
      (await this.deps.taxCodes.findByIds(this.deps.db, taxCodeIds)).map((t) => [t.id, t]),
    )
    return accounts.map((account) => ({
      ...account,
      taxCode: account.taxCodeId ? (taxCodes.get(account.taxCodeId) ?? null) : null,
      currentBalanceMinor: naturalBalance(
        account.classification,
        account.debitTotalMinor,
        account.creditTotalMinor,
      ),
    }))
  }
}

/**
 * A parent must be an account of the same organization and classification. A new account has
 * no children, and accounts are never re-parented, so a cycle cannot form.
 */
function parentMismatch(account: ValidAccount, parents: Map<string, AccountRecord>): Failure | undefined {
  if (!account.parentId) return undefined
  const parent = parents.get(account.parentId)
  if (!parent)
    return { code: 'PARENT_NOT_FOUND', message: 'No parent account with this id.', field: 'parentId' }
  if (parent.classification !== account.classification) {
    return {
      code: 'PARENT_CLASSIFICATION_MISMATCH',
      message: `The parent account is ${parent.classification}; a ${account.classification} account cannot sit under it.`,
      field: 'parentId',
    }
  }
  return undefined
}

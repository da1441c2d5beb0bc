import type { Executor } from '../../db/schema.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessService } from '../access/access-service.js'
import type { Principal } from '../access/principal.js'
import { loadSalesTaxCodes, type SalesTaxCode, salesTaxCode } from './sales-tax.js'
import type { TaxCodeRecord, TaxCodeSort, TaxCodeStore } from './tax-code-store.js'

const taxCodeSorts = ['code', 'name'] as const satisfies readonly TaxCodeSort[]
const salesTaxSorts = ['id', 'name'] as const

export class TaxCodeService {
  constructor(private readonly deps: { db: Executor; store: TaxCodeStore; access: AccessService }) {}

  async listTaxCodes(
    principal: Principal,
    organizationId: string,
    args: PageArgs & { search?: string | null },
  ): Promise<Result<Page<TaxCodeRecord>>> {
    await this.deps.access.authorize(principal, organizationId, 'member')
    const page = parsePageRequest(args, taxCodeSorts, { sortBy: 'code', sortDir: 'asc' })
    if (!page.ok) return page
    const found = await this.deps.store.page(this.deps.db, page.value.search, page.value)
    return ok(pageOf(found.items, found.totalCount, page.value))
  }

  async listSalesTaxCodes(
    principal: Principal,
    organizationId: string,
    args: PageArgs & { search?: string | null },
  ): Promise<Result<Page<SalesTaxCode>>> {
    await this.deps.access.authorize(principal, organizationId, 'member')
    const page = parsePageRequest(args, salesTaxSorts, { sortBy: 'id', sortDir: 'asc' })
    if (!page.ok) return page
    const needle = page.value.search?.toLowerCase()
    const key = page.value.sortBy
    const matching = loadSalesTaxCodes()
      .filter(
        (code) =>
          !needle || code.id.toLowerCase().includes(needle) || code.name.toLowerCase().includes(needle),
      )
      .sort(
        (x, y) => (x[key] < y[key] ? -1 : x[key] > y[key] ? 1 : 0) * (page.value.sortDir === 'asc' ? 1 : -1),
      )
    const items = matching.slice(page.value.offset, page.value.offset + page.value.limit)
    return ok(pageOf(items, matching.length, page.value))
  }

  /** A GIFI code an account may be keyed to; total lines describe statements, not accounts. */
  async usableTaxCode(id: string, field = 'taxCodeId'): Promise<Result<TaxCodeRecord>> {
    const code = await this.deps.store.findById(this.deps.db, id)
    if (!code) return fail('TAX_CODE_NOT_FOUND', 'No tax code with this id.', field)
    if (code.isTotalLine) {
      return fail(
        'TAX_CODE_TOTAL_LINE',
        `GIFI ${code.code} (${code.name}) is a total line and cannot be used for an account.`,
        field,
      )
    }
    return ok(code)
  }

  taxCodesByIds(ids: string[]): Promise<TaxCodeRecord[]> {
    return this.deps.store.findByIds(this.deps.db, ids)
  }

  salesTaxCode(id: string): SalesTaxCode | undefined {
    return salesTaxCode(id)
  }
}

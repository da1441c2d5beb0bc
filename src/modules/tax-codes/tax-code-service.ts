import type { Executor } from '../../db/schema.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { ok, type Result } from '../../kernel/result.js'
import type { AccessPort } from '../access/access-port.js'
import type { Principal } from '../access/principal.js'
import { loadSalesTaxCodes, type SalesTaxCode } from './sales-tax.js'
import type { TaxCodeRecord } from './tax-code.js'
import type { TaxCodeSort, TaxCodeStore } from './tax-code-store.js'

const taxCodeSorts = ['code', 'name'] as const satisfies readonly TaxCodeSort[]
const salesTaxSorts = ['id', 'name'] as const

export class TaxCodeService {
  constructor(private readonly deps: { db: Executor; store: TaxCodeStore; access: AccessPort }) {}

  async listTaxCodes(
    principal: Principal,
    organizationId: string,
    args: PageArgs & { search?: string | null },
  ): Promise<Result<Page<TaxCodeRecord>>> {
    await this.deps.access.authorize(principal, organizationId, 'listTaxCodes')
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
    await this.deps.access.authorize(principal, organizationId, 'listSalesTaxCodes')
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
}

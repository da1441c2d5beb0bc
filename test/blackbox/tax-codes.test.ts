// listTaxCodes (CRA GIFI codes) and listSalesTaxCodes over HTTP: the envelope, search, sorts, paging limits and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, createUser, type Tenant } from '../support/fixtures.js'
import { expectNulRefused, type Page } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant

// Both lists are reference data, so one reading tenant serves every test that only reads.
beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
})
afterAll(() => server.close())

interface TaxCode {
  id: string
  code: string
  name: string
  classification: string
  accountType: string
  isTotalLine: boolean
}

interface SalesTaxCode {
  id: string
  name: string
  jurisdiction: string
  rates: Array<{ rate: string; effectiveFrom: string; effectiveTo: string | null }>
}

const shippedGifiCodes = 719
const missingOrg = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'

const listTaxCodes = `query ($org: UUID!, $limit: Int, $offset: Int, $search: String, $sortBy: String, $sortDir: String) {
  listTaxCodes(organizationId: $org, limit: $limit, offset: $offset, search: $search, sortBy: $sortBy, sortDir: $sortDir) {
    items { id code name classification accountType isTotalLine } totalCount pageSize offset
  }
}`

const listSalesTaxCodes = `query ($org: UUID!, $limit: Int, $offset: Int, $search: String, $sortBy: String, $sortDir: String) {
  listSalesTaxCodes(organizationId: $org, limit: $limit, offset: $offset, search: $search, sortBy: $sortBy, sortDir: $sortDir) {
    items { id name jurisdiction rates { rate effectiveFrom effectiveTo } } totalCount pageSize offset
  }
}`

async function taxCodes(args: Record<string, unknown> = {}, who: Tenant = tenant): Promise<Page<TaxCode>> {
  const response = await server.gql(listTaxCodes, { org: who.organizationId, ...args }, who.bearer)
  expect(response.body.errors).toBeUndefined()
  return response.body.data?.listTaxCodes
}

async function allTaxCodes(args: Record<string, unknown> = {}): Promise<TaxCode[]> {
  const items: TaxCode[] = []
  for (let offset = 0; ; offset += 200) {
    const page = await taxCodes({ ...args, limit: 200, offset })
    items.push(...page.items)
    if (offset + page.items.length >= page.totalCount) return items
  }
}

async function salesTaxCodes(args: Record<string, unknown> = {}): Promise<Page<SalesTaxCode>> {
  const response = await server.gql(listSalesTaxCodes, { org: tenant.organizationId, ...args }, tenant.bearer)
  expect(response.body.errors).toBeUndefined()
  return response.body.data?.listSalesTaxCodes
}

async function refusal(query: string, field: string, args: Record<string, unknown>) {
  const response = await server.gql(query, { org: tenant.organizationId, ...args }, tenant.bearer)
  expect(response.status).toBe(200)
  expect(response.body.data).toEqual({ [field]: null })
  expect(response.body.errors?.[0]?.path).toEqual([field])
  return response.body.errors?.[0]
}

describe('listTaxCodes', () => {
  it('answers the paginated envelope, 25 codes in code order by default', async () => {
    const page = await taxCodes()
    expect(page).toMatchObject({ totalCount: shippedGifiCodes, pageSize: 25, offset: 0 })
    expect(page.items).toHaveLength(25)
    expect(page.items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      code: '1000',
      name: 'Cash & Deposits',
      classification: 'asset',
      accountType: 'bank',
      isTotalLine: false,
    })
    const codes = page.items.map((item) => item.code)
    expect(codes).toEqual([...codes].sort())
  })

  it('pages through every shipped code exactly once', async () => {
    const all = await allTaxCodes()
    expect(all).toHaveLength(shippedGifiCodes)
    expect(new Set(all.map((item) => item.id)).size).toBe(shippedGifiCodes)
    expect(new Set(all.map((item) => item.code)).size).toBe(shippedGifiCodes)
    for (const item of all) {
      expect(item.code).toMatch(/^\d{4}$/)
      expect(item.name.trim()).not.toBe('')
    }
    const numbers = all.map((item) => Number(item.code))
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y))
  })

  it('classifies each code and flags the total lines', async () => {
    const all = new Map((await allTaxCodes()).map((item) => [item.code, item]))
    const expected: Array<[string, string, string, boolean]> = [
      ['1002', 'asset', 'bank', false],
      ['1060', 'asset', 'accounts_receivable', false],
      ['1483', 'asset', 'other_current_asset', false],
      ['1599', 'asset', 'other_current_asset', true],
      ['2599', 'asset', 'other_asset', true],
      ['2620', 'liability', 'accounts_payable', false],
      ['2680', 'liability', 'other_current_liability', false],
      ['3499', 'liability', 'long_term_liability', true],
      ['3600', 'equity', 'equity', false],
      ['8000', 'revenue', 'income', false],
      ['8299', 'revenue', 'income', true],
      ['8320', 'expense', 'cost_of_goods_sold', false],
      ['8518', 'expense', 'cost_of_goods_sold', true],
      ['8810', 'expense', 'expense', false],
      ['9368', 'expense', 'expense', true],
      ['9370', 'revenue', 'income', false],
      ['9421', 'revenue', 'income', false],
      ['9659', 'revenue', 'income', true],
      ['9660', 'expense', 'expense', false],
    ]
    for (const [code, classification, accountType, isTotalLine] of expected) {
      expect(all.get(code), code).toMatchObject({ classification, accountType, isTotalLine })
    }
  })

  it('gives a code the same id in every organization', async () => {
    const other = await createTenant(server)
    const mine = await taxCodes({ search: '2680' })
    const theirs = await taxCodes({ search: '2680' }, other)
    expect(mine.items).toHaveLength(1)
    expect(theirs.items).toEqual(mine.items)
  })

  it('searches by code', async () => {
    const exact = await taxCodes({ search: '2620' })
    expect(exact.totalCount).toBe(1)
    expect(exact.items.map((item) => item.code)).toEqual(['2620'])

    const partial = await taxCodes({ search: '871', limit: 200 })
    expect(partial.items.map((item) => item.code)).toEqual(
      expect.arrayContaining(['8710', '8711', '8712', '8713', '8714', '8715', '8716']),
    )
    expect(partial.items).toHaveLength(partial.totalCount)
    for (const item of partial.items)
      expect(item.code.includes('871') || item.name.includes('871')).toBe(true)
  })

  it('searches by name, case-insensitively', async () => {
    const lower = await taxCodes({ search: 'bank', limit: 200 })
    expect(lower.totalCount).toBeGreaterThan(5)
    expect(lower.items).toHaveLength(lower.totalCount)
    for (const item of lower.items) expect(item.name.toLowerCase()).toContain('bank')
    expect(lower.items.map((item) => item.code)).toEqual(expect.arrayContaining(['1002', '2600', '8715']))
    for (const search of ['BANK', 'Bank', 'bAnK']) {
      expect(await taxCodes({ search, limit: 200 })).toEqual(lower)
    }
    const words = await taxCodes({ search: 'accounts receivable' })
    expect(words.items.map((item) => item.code)).toContain('1060')
  })

  it('treats % and _ in the search as plain characters', async () => {
    for (const search of ['%', '_', '10_2', '1%2', '\\']) {
      expect(await taxCodes({ search }), search).toMatchObject({ items: [], totalCount: 0 })
    }
  })

  it('answers a search that matches nothing with an empty page', async () => {
    expect(await taxCodes({ search: 'no such code anywhere' })).toEqual({
      items: [],
      totalCount: 0,
      pageSize: 25,
      offset: 0,
    })
  })

  it('sorts by code and by name in both directions, ascending by default', async () => {
    const byCodeAsc = await allTaxCodes({ sortBy: 'code', sortDir: 'asc' })
    const byCodeDesc = await allTaxCodes({ sortBy: 'code', sortDir: 'desc' })
    expect(byCodeDesc).toEqual([...byCodeAsc].reverse())
    expect(await allTaxCodes({ sortBy: 'code' })).toEqual(byCodeAsc)
    expect(await allTaxCodes()).toEqual(byCodeAsc)

    const byNameAsc = await allTaxCodes({ sortBy: 'name' })
    const byNameDesc = await allTaxCodes({ sortBy: 'name', sortDir: 'desc' })
    expect(byNameDesc).toEqual([...byNameAsc].reverse())
    expect(byNameAsc.map((item) => item.id)).not.toEqual(byCodeAsc.map((item) => item.id))
    const initials = byNameAsc.map((item) => item.name.charAt(0).toLowerCase())
    expect(initials).toEqual([...initials].sort())
    expect(new Set(byNameAsc.map((item) => item.id)).size).toBe(shippedGifiCodes)
  })

  it('sorts search results too', async () => {
    const page = await taxCodes({ search: 'bank', sortBy: 'code', sortDir: 'desc', limit: 200 })
    const codes = page.items.map((item) => item.code)
    expect(codes).toEqual([...codes].sort().reverse())
  })

  it('refuses an unknown sortBy or sortDir with INVALID_SORT', async () => {
    for (const args of [
      { sortBy: 'classification' },
      { sortBy: 'Code' },
      { sortBy: '' },
      { sortDir: 'down' },
    ]) {
      const error = await refusal(listTaxCodes, 'listTaxCodes', args)
      expect(error?.extensions?.code, JSON.stringify(args)).toBe('INVALID_SORT')
      expect(error?.message).toEqual(expect.any(String))
    }
  })

  it('clamps limit to 200', async () => {
    for (const limit of [201, 1000, 2_147_483_647]) {
      const page = await taxCodes({ limit })
      expect(page.pageSize).toBe(200)
      expect(page.items).toHaveLength(200)
    }
    expect((await taxCodes({ limit: 200 })).items).toHaveLength(200)
    expect((await taxCodes({ limit: 1 })).items).toHaveLength(1)
  })

  it('refuses a limit below 1 and a negative offset', async () => {
    for (const limit of [0, -1]) {
      const error = await refusal(listTaxCodes, 'listTaxCodes', { limit })
      expect(error?.extensions?.code).toBe('INVALID_LIMIT')
    }
    const error = await refusal(listTaxCodes, 'listTaxCodes', { offset: -1 })
    expect(error?.extensions?.code).toBe('INVALID_OFFSET')
  })

  it('answers an offset at or beyond the end with no items', async () => {
    const last = await taxCodes({ offset: shippedGifiCodes - 1 })
    expect(last.items.map((item) => item.code)).toEqual(['9999'])
    for (const offset of [shippedGifiCodes, 100_000]) {
      expect(await taxCodes({ offset })).toEqual({
        items: [],
        totalCount: shippedGifiCodes,
        pageSize: 25,
        offset,
      })
    }
  })

  it('refuses a search containing a NUL character without an internal error', async () => {
    for (const [query, field] of [
      [listTaxCodes, 'listTaxCodes'],
      [listSalesTaxCodes, 'listSalesTaxCodes'],
    ]) {
      for (const search of ['ba\u0000nk', '\u0000']) {
        await expectNulRefused(server, tenant, query as string, { search }, field as string)
      }
    }
  })
})

describe('listSalesTaxCodes', () => {
  const shippedIds = [
    'EXEMPT',
    'GST',
    'GST_PST_BC',
    'GST_PST_MB',
    'GST_PST_SK',
    'GST_QST',
    'HST_BC',
    'HST_NB',
    'HST_NL',
    'HST_NS',
    'HST_ON',
    'HST_PE',
    'PST_BC',
    'PST_MB',
    'PST_ON',
    'PST_SK',
    'QST',
    'ZERO_RATED',
  ]

  it('lists every shipped code in id order by default', async () => {
    const page = await salesTaxCodes({ limit: 200 })
    expect(page).toMatchObject({ totalCount: shippedIds.length, pageSize: 200, offset: 0 })
    expect(page.items.map((item) => item.id)).toEqual(shippedIds)
    const defaults = await salesTaxCodes()
    expect(defaults).toMatchObject({ totalCount: shippedIds.length, pageSize: 25, offset: 0 })
    expect(defaults.items).toEqual(page.items)
  })

  it('gives the rates the data says, over time', async () => {
    const byId = new Map((await salesTaxCodes({ limit: 200 })).items.map((item) => [item.id, item]))
    expect(byId.get('GST')).toEqual({
      id: 'GST',
      name: 'GST',
      jurisdiction: 'CA',
      rates: [{ rate: '5', effectiveFrom: '2008-01-01', effectiveTo: null }],
    })
    expect(byId.get('HST_ON')).toEqual({
      id: 'HST_ON',
      name: 'HST Ontario',
      jurisdiction: 'CA-ON',
      rates: [{ rate: '13', effectiveFrom: '2010-07-01', effectiveTo: null }],
    })
    expect(byId.get('HST_NS')).toEqual({
      id: 'HST_NS',
      name: 'HST Nova Scotia',
      jurisdiction: 'CA-NS',
      rates: [
        { rate: '15', effectiveFrom: '2010-07-01', effectiveTo: '2025-03-31' },
        { rate: '14', effectiveFrom: '2025-04-01', effectiveTo: null },
      ],
    })
    expect(byId.get('QST')).toEqual({
      id: 'QST',
      name: 'QST Quebec',
      jurisdiction: 'CA-QC',
      rates: [{ rate: '9.975', effectiveFrom: '2013-01-01', effectiveTo: null }],
    })
    expect(byId.get('GST_QST')?.rates).toEqual([
      { rate: '14.975', effectiveFrom: '2013-01-01', effectiveTo: null },
    ])
    expect(byId.get('HST_PE')?.rates).toEqual([
      { rate: '14', effectiveFrom: '2013-04-01', effectiveTo: '2016-09-30' },
      { rate: '15', effectiveFrom: '2016-10-01', effectiveTo: null },
    ])
    expect(byId.get('PST_MB')?.rates.map((rate) => rate.rate)).toEqual(['8', '7'])
    expect(byId.get('HST_BC')?.rates).toEqual([
      { rate: '12', effectiveFrom: '2010-07-01', effectiveTo: '2013-03-31' },
    ])
    expect(byId.get('ZERO_RATED')?.rates.map((rate) => rate.rate)).toEqual(['0'])
    expect(byId.get('EXEMPT')?.rates.map((rate) => rate.rate)).toEqual(['0'])
  })

  it('keeps each code’s periods in date order without overlaps', async () => {
    for (const code of (await salesTaxCodes({ limit: 200 })).items) {
      expect(code.rates.length, code.id).toBeGreaterThan(0)
      for (const [index, period] of code.rates.entries()) {
        expect(period.rate).toMatch(/^\d+(\.\d+)?$/)
        if (period.effectiveTo !== null) expect(period.effectiveFrom <= period.effectiveTo).toBe(true)
        const next = code.rates[index + 1]
        if (next) expect(period.effectiveTo !== null && period.effectiveTo < next.effectiveFrom).toBe(true)
        else expect(period.effectiveTo === null || code.id === 'HST_BC' || code.id === 'PST_ON').toBe(true)
      }
    }
  })

  it('searches ids and names, case-insensitively', async () => {
    const ids = async (search: string) => (await salesTaxCodes({ search })).items.map((item) => item.id)
    expect(await ids('hst')).toEqual(['HST_BC', 'HST_NB', 'HST_NL', 'HST_NS', 'HST_ON', 'HST_PE'])
    expect(await ids('HST')).toEqual(await ids('hst'))
    expect(await ids('quebec')).toEqual(['GST_QST', 'QST'])
    expect(await ids('NOVA')).toEqual(['HST_NS'])
    expect(await ids('gst_qst')).toEqual(['GST_QST'])
    expect(await ids('rst')).toEqual(['GST_PST_MB', 'PST_MB'])
    const none = await salesTaxCodes({ search: 'VAT' })
    expect(none).toEqual({ items: [], totalCount: 0, pageSize: 25, offset: 0 })
  })

  it('sorts by id or name in both directions', async () => {
    const byIdDesc = await salesTaxCodes({ sortDir: 'desc' })
    expect(byIdDesc.items.map((item) => item.id)).toEqual([...shippedIds].reverse())
    const byName = await salesTaxCodes({ sortBy: 'name' })
    const names = byName.items.map((item) => item.name)
    expect(names).toEqual([...names].sort())
    expect(names[0]).toBe('Exempt')
    const byNameDesc = await salesTaxCodes({ sortBy: 'name', sortDir: 'desc' })
    expect(byNameDesc.items).toEqual([...byName.items].reverse())
  })

  it('pages with the envelope and the common limits', async () => {
    const first = await salesTaxCodes({ limit: 5 })
    const second = await salesTaxCodes({ limit: 5, offset: 5 })
    expect(first).toMatchObject({ totalCount: shippedIds.length, pageSize: 5, offset: 0 })
    expect(second).toMatchObject({ totalCount: shippedIds.length, pageSize: 5, offset: 5 })
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(shippedIds.slice(0, 10))
    expect(await salesTaxCodes({ offset: shippedIds.length })).toEqual({
      items: [],
      totalCount: shippedIds.length,
      pageSize: 25,
      offset: shippedIds.length,
    })
    expect((await salesTaxCodes({ limit: 5000 })).pageSize).toBe(200)
  })

  it('refuses an unknown sort, a limit below 1 and a negative offset', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sortBy: 'rate' }, 'INVALID_SORT'],
      [{ sortBy: 'code' }, 'INVALID_SORT'],
      [{ sortDir: 'up' }, 'INVALID_SORT'],
      [{ limit: 0 }, 'INVALID_LIMIT'],
      [{ offset: -3 }, 'INVALID_OFFSET'],
    ]
    for (const [args, code] of cases) {
      const error = await refusal(listSalesTaxCodes, 'listSalesTaxCodes', args)
      expect(error?.extensions?.code, JSON.stringify(args)).toBe(code)
    }
  })
})

describe('access', () => {
  const operations: Array<[string, string]> = [
    ['listTaxCodes', listTaxCodes],
    ['listSalesTaxCodes', listSalesTaxCodes],
  ]

  it.each(operations)('%s needs a credential of the organization', async (field, query) => {
    const other = await createTenant(server)
    const stranger = await createUser(server)
    const cases: Array<[Record<string, unknown>, Record<string, string>, string]> = [
      [{ org: other.organizationId }, tenant.bearer, 'API Key Not Authorized For This Organization.'],
      [{ org: other.organizationId }, stranger.jwt, 'Not A Member Of This Organization.'],
      [{ org: other.organizationId }, {}, 'Authentication Required.'],
      [{ org: missingOrg }, tenant.bearer, 'Organization Not Found.'],
    ]
    for (const [variables, headers, message] of cases) {
      const response = await server.gql(query, variables, headers)
      expect(response.status).toBe(200)
      expect(response.body.errors?.[0]?.message).toBe(message)
      expect(response.body.data).toEqual({ [field]: null })
    }
    const owner = await server.gql(query, { org: other.organizationId, limit: 1 }, other.owner.jwt)
    expect(owner.body.errors).toBeUndefined()
    expect(owner.body.data?.[field]?.items).toHaveLength(1)
  })
})

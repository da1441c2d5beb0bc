// Every list applies its limit alike (decision 0072): over the largest page it is served as the largest page and pageSize says so; under 1 it is refused with INVALID_LIMIT, naming limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
})
afterAll(() => server.close())

const lists: Array<{ name: string; field: string; args?: string; pageSizeMax: number; jwt?: boolean }> = [
  { name: 'listAccounts', field: 'listAccounts', pageSizeMax: 200 },
  { name: 'listLedgerEvents', field: 'listLedgerEvents', pageSizeMax: 200 },
  { name: 'listContacts', field: 'listContacts', pageSizeMax: 200 },
  { name: 'listCategoryRules', field: 'listCategoryRules', pageSizeMax: 200 },
  { name: 'listInvoices', field: 'listInvoices', pageSizeMax: 200 },
  { name: 'listJournalEntries', field: 'listJournalEntries', pageSizeMax: 200 },
  { name: 'listExchangeRates', field: 'listExchangeRates', pageSizeMax: 200 },
  { name: 'listTaxCodes', field: 'listTaxCodes', pageSizeMax: 200 },
  { name: 'listSalesTaxReturns', field: 'listSalesTaxReturns', pageSizeMax: 1000 },
  {
    name: 'salesTaxReturnLineDetail',
    field: 'salesTaxReturnLineDetail',
    args: 'startDate: "2026-01-01", endDate: "2026-03-31", line: "101"',
    pageSizeMax: 1000,
  },
  { name: 'auditLog', field: 'auditLog', pageSizeMax: 200, jwt: true },
  { name: 'listRecurringTemplates', field: 'listRecurringTemplates', pageSizeMax: 200 },
]

const ask = (list: (typeof lists)[number], limit: number) =>
  server.gql(
    `query ($org: UUID!, $limit: Int) { ${list.field}(organizationId: $org, ${list.args ? `${list.args}, ` : ''}limit: $limit) { pageSize totalCount } }`,
    { org: tenant.organizationId, limit },
    list.jwt ? tenant.owner.jwt : tenant.bearer,
  )

describe('a list limit', () => {
  it.each(lists)('$name: 100,000 is served as the largest page, which pageSize says', async (list) => {
    const answer = await ask(list, 100_000)
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined()
    expect(answer.body.data?.[list.field].pageSize).toBe(list.pageSizeMax)
  })

  it.each(lists)('$name: 0 and -1 are refused as INVALID_LIMIT, naming limit', async (list) => {
    for (const limit of [0, -1]) {
      const error = (await ask(list, limit)).body.errors?.[0]
      expect(error?.extensions).toEqual({ code: 'INVALID_LIMIT', field: 'limit' })
    }
  })

  it('the feed: 100,000 is served as its largest page of 1,000, and 0 is refused', async () => {
    const feed = (limit: number) =>
      server.gql(
        'query ($org: UUID!, $limit: Int) { events(organizationId: $org, limit: $limit) { lastSeq items { seq } } }',
        { org: tenant.organizationId, limit },
        tenant.bearer,
      )
    const served = await feed(100_000)
    expect(served.body.errors).toBeUndefined()
    expect(served.body.data?.events.items.length).toBeLessThanOrEqual(1000)
    expect((await feed(0)).body.errors?.[0]?.extensions).toEqual({ code: 'INVALID_LIMIT', field: 'limit' })
  })
})

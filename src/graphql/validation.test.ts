// The list-cost rule prices a request by the rows it may read: one page of any list passes,
// many aliased pages do not.
import { buildSchema, getIntrospectionQuery, type OperationDefinitionNode, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { limits } from '../kernel/limits.js'
import { loadSdl } from './sdl.js'
import { listCostRule, operationListCost } from './validation.js'

const schema = buildSchema(loadSdl())
const org = '"00000000-0000-4000-8000-000000000000"'

function costOf(query: string): number {
  const document = parse(query)
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
  )
  if (!operation) throw new Error('no operation')
  return operationListCost(schema, document, operation)
}

const refusedBy = (query: string) => validate(schema, parse(query), [listCostRule]).map((e) => e.message)

// Everything a client can ask of a ledger event, its attachments included.
const wholeEvent = `id eventType merchantName functionalAmount functionalCurrency transactionDate status memo
  hasDocument taxAmount taxCode reference source createdAt updatedAt
  account { id name accountType } paymentAccount { id name } category { id name } taxAccount { id name }
  contact { id displayName } journalEntry { id txnDate totalAmount } reversalEntry { id txnDate totalAmount }
  receipts { id filename s3Key uploadedAt }`
const everyday = `id eventType merchantName functionalAmount functionalCurrency transactionDate status memo reference
  source category { name } paymentAccount { name } journalEntry { id totalAmount }`

const page = (limit: string, fields: string, alias = '') =>
  `${alias}listLedgerEvents(organizationId: ${org}${limit}) { totalCount pageSize offset items { ${fields} } }`

describe('list cost', () => {
  it('multiplies the items by the limit, and counts a row read per item', () => {
    const one = costOf(`{ ${page(', limit: 1', 'id')} }`)
    const hundred = costOf(`{ ${page(', limit: 100', 'id')} }`)
    expect(hundred - one).toBe(99 * (limits.listRowReadCost + 1))
  })

  it('reads an absent limit as the default page and a variable as the largest page', () => {
    const absent = costOf(`{ ${page('', 'id')} }`)
    const given = (n: number) => costOf(`{ ${page(`, limit: ${n}`, 'id')} }`)
    expect(absent).toBe(given(limits.pageSizeDefault))
    expect(costOf(`query ($n: Int) { ${page(', limit: $n', 'id')} }`)).toBe(given(limits.pageSizeMax))
    expect(costOf(`query ($n: Int = 10) { ${page(', limit: $n', 'id')} }`)).toBe(given(10))
    expect(given(100_000)).toBe(given(limits.pageSizeMax))
  })

  it("prices the event feed at its own page: the schema's default and 1,000 at most", () => {
    const feed = (limit: string, alias = '') =>
      `${alias}events(organizationId: ${org}${limit}) { lastSeq items { id seq type occurredAt actorType actorId entityId data } }`
    const given = (n: number) => costOf(`{ ${feed(`, limit: ${n}`)} }`)
    expect(given(1000) - given(1)).toBe(999 * (limits.listRowReadCost + 8))
    expect(given(1_000_000)).toBe(given(limits.feedPageMax))
    expect(costOf(`{ ${feed('')} }`)).toBe(given(limits.feedPageDefault))
    expect(costOf(`query ($n: Int) { ${feed(', limit: $n')} }`)).toBe(given(limits.feedPageMax))
    expect(refusedBy(`{ ${feed(', limit: 1000')} }`)).toEqual([])
    const sixPages = Array.from({ length: 6 }, (_, i) => feed(', limit: 1000', `p${i}: `)).join(' ')
    expect(refusedBy(`{ ${sixPages} }`)).toEqual([expect.stringMatching(/^Query cost [\d,]+ exceeds/)])
  })

  it('sums over aliases and prices fragments where they are spread', () => {
    const single = costOf(`{ ${page(', limit: 200', everyday)} }`)
    const aliased = costOf(
      `{ ${page(', limit: 200', everyday, 'a: ')} ${page(', limit: 200', everyday, 'b: ')} }`,
    )
    expect(aliased).toBe(2 * single)
    const viaFragment = costOf(
      `{ listLedgerEvents(organizationId: ${org}, limit: 200) { totalCount pageSize offset ...P } } fragment P on LedgerEventPage { items { ${everyday} } }`,
    )
    expect(viaFragment).toBe(single)
  })

  it('lets one page of the largest size pass with every field of an event', () => {
    expect(costOf(`{ ${page(', limit: 200', wholeEvent)} }`)).toBeLessThanOrEqual(limits.queryListCostMax)
    expect(refusedBy(`{ ${page(', limit: 200', wholeEvent)} }`)).toEqual([])
  })

  it('refuses fifteen aliased pages of 200 events, even of ids alone', () => {
    const aliases = (fields: string) =>
      `{ ${Array.from({ length: 15 }, (_, i) => page(', limit: 200', fields, `a${i}: `)).join(' ')} }`
    for (const fields of [everyday, 'id']) {
      const messages = refusedBy(aliases(fields))
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatch(/^Query cost [\d,]+ exceeds the limit of 25,000/)
    }
  })

  it('leaves introspection to the other limits', () => {
    expect(refusedBy(getIntrospectionQuery())).toEqual([])
  })

  it('prices a chain of fragments longer than any document needs as unbounded', () => {
    const count = limits.inputNestingMax + 5
    const fragments = Array.from(
      { length: count },
      (_, i) => `fragment F${i} on Query { ${i + 1 < count ? `...F${i + 1}` : 'myOrganizations { id }'} }`,
    )
    expect(costOf(`{ ...F0 } ${fragments.join(' ')}`)).toBe(Number.POSITIVE_INFINITY)
    expect(refusedBy(`{ ...F0 } ${fragments.join(' ')}`)[0]).toMatch(/^Query cost unbounded/)
  })
})

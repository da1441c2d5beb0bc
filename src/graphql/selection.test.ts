// The fields a query selects below a resolved field, through inline fragments and named ones.
import {
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import { selectedFields } from './selection.js'

function infoFor(query: string): GraphQLResolveInfo {
  const document = parse(query)
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode
  const fragments = Object.fromEntries(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  )
  const root = operation.selectionSet.selections[0]
  if (root?.kind !== Kind.FIELD) throw new Error('the query must open with a field')
  return { fieldNodes: [root], fragments } as unknown as GraphQLResolveInfo
}

describe('selectedFields', () => {
  it('names the fields at a path', () => {
    const info = infoFor('{ list { totalCount items { id category { name } } } }')
    expect(selectedFields(info, ['items'])).toEqual(new Set(['id', 'category']))
    expect(selectedFields(info, [])).toEqual(new Set(['totalCount', 'items']))
  })

  it('looks through inline and named fragments, and aliases', () => {
    const info =
      infoFor(`{ list { items { id ...Parts ... on Event { contact { id } } } more: items { payment: paymentAccount { id } } } }
      fragment Parts on Event { receipts { id } ...Deeper }
      fragment Deeper on Event { journalEntry { id } }`)
    expect(selectedFields(info, ['items'])).toEqual(
      new Set(['id', 'contact', 'receipts', 'journalEntry', 'paymentAccount']),
    )
  })

  it('is empty where nothing is selected', () => {
    expect(selectedFields(infoFor('{ list { totalCount } }'), ['items'])).toEqual(new Set())
  })

  it('answers a query executed again from what it found the first time, path by path', () => {
    const info = infoFor('{ list { totalCount items { id memo } } }')
    const items = selectedFields(info, ['items'])
    expect(selectedFields(info, ['items'])).toBe(items)
    expect(selectedFields(info, [])).toEqual(new Set(['totalCount', 'items']))
    expect(items).toEqual(new Set(['id', 'memo']))
  })
})

// Operations are named by their root fields, per operation name, and read again only when new.
import { describe, expect, it } from 'vitest'
import { operationInfo } from './operation-info.js'

describe('operationInfo', () => {
  it('names an operation by its sorted root fields and remembers it', () => {
    const query = '{ myOrganizations { id } listAccounts(organizationId: "x") { totalCount } }'
    const first = operationInfo(query, undefined)
    expect(first).toEqual({ type: 'query', name: 'listAccounts+myOrganizations' })
    expect(operationInfo(query, undefined)).toBe(first)
  })

  it('tells the operations of one document apart by name', () => {
    const document =
      'query A { myOrganizations { id } } mutation B { tokenAuth(email: "a", password: "b") { token } }'
    expect(operationInfo(document, 'A')).toEqual({ type: 'query', name: 'myOrganizations' })
    expect(operationInfo(document, 'B')).toEqual({ type: 'mutation', name: 'tokenAuth' })
    expect(operationInfo(document, undefined)).toEqual({ type: 'unknown', name: 'unknown' })
  })

  it('reads long documents and broken ones without failing', () => {
    const long = `{ myOrganizations { id ${'name '.repeat(2_000)} } }`
    expect(operationInfo(long, undefined)).toEqual({ type: 'query', name: 'myOrganizations' })
    expect(operationInfo('{ myOrganizations { id ', undefined)).toEqual({ type: 'unknown', name: 'unknown' })
  })
})

// The API's own scalars say, through introspection, which standard they follow.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

it('names the standard of UUID and Date with @specifiedBy', async () => {
  const response = await server.gql(
    '{ uuid: __type(name: "UUID") { specifiedByURL } date: __type(name: "Date") { specifiedByURL } }',
  )
  expect(response.body.errors).toBeUndefined()
  expect(response.body.data).toEqual({
    uuid: { specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc9562#section-4' },
    date: { specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6' },
  })
})

// A stranger's wrong passwords cannot lock a person out: the lockout counts per user and address, and an address the person signed in from keeps its own tries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const tokenAuth = 'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }'
const invalid = { message: 'Invalid Credentials.', code: 'INVALID_CREDENTIALS' }
const lockedOut = { message: 'Too Many Failed Sign-In Attempts. Try Again Later.', code: 'TOO_MANY_ATTEMPTS' }

let server: TestServer

beforeAll(async () => {
  // The test talks to the server over loopback; naming loopback the proxy makes each request's
  // X-Forwarded-For its client address.
  server = await startServer({ env: { TRUST_PROXY: '127.0.0.1', JOB_WORKER: 'off' } })
})
afterAll(() => server.close())

async function signIn(from: string, email: string, password: string) {
  const response = await server.gql(tokenAuth, { e: email, p: password }, { 'x-forwarded-for': from })
  expect(response.status).toBe(200)
  const error = response.body.errors?.[0]
  if (error) {
    expect(response.body.data).toEqual({ tokenAuth: null })
    return { message: error.message, code: error.extensions?.code ?? '' }
  }
  const token = (response.body.data as { tokenAuth: { token: string } }).tokenAuth.token
  const mine = await server.gql('{ myOrganizations { id } }', {}, { authorization: `JWT ${token}` })
  expect(mine.body).toEqual({ data: { myOrganizations: [] } })
  return { signedIn: true }
}

const tenWrong = async (from: string, email: string) => {
  for (let i = 0; i < 10; i++) expect(await signIn(from, email, `wrong guess ${i}`)).toEqual(invalid)
}

describe('the sign-in lockout', () => {
  it('ten wrong passwords from one address: the right password from another signs in', async () => {
    const user = await createUser(server)
    await tenWrong('203.0.113.50', user.email)
    expect(await signIn('203.0.113.50', user.email, user.password)).toEqual(lockedOut)
    expect(await signIn('198.51.100.50', user.email, user.password)).toEqual({ signedIn: true })
    // The stranger's address stays refused, the person's own sign-in gave it nothing back.
    expect(await signIn('203.0.113.50', user.email, user.password)).toEqual(lockedOut)
  })

  it('lets the person mistype at an address they signed in from while a stranger guesses elsewhere', async () => {
    const user = await createUser(server)
    const home = '198.51.100.60'
    expect(await signIn(home, user.email, user.password)).toEqual({ signedIn: true })
    await tenWrong('203.0.113.60', user.email)

    expect(await signIn(home, user.email, 'a typo')).toEqual(invalid)
    expect(await signIn(home, user.email, user.password)).toEqual({ signedIn: true })

    // An address never signed in from gets one try while the email is under attack.
    const fresh = '192.0.2.60'
    expect(await signIn(fresh, user.email, 'another guess')).toEqual(invalid)
    expect(await signIn(fresh, user.email, user.password)).toEqual(lockedOut)
  })

  it('still refuses a known address its eleventh try after ten failures of its own', async () => {
    const user = await createUser(server)
    const shared = '198.51.100.70'
    expect(await signIn(shared, user.email, user.password)).toEqual({ signedIn: true })
    await tenWrong(shared, user.email)
    expect(await signIn(shared, user.email, user.password)).toEqual(lockedOut)
    expect(await signIn('198.51.100.71', user.email, user.password)).toEqual({ signedIn: true })
  })
})

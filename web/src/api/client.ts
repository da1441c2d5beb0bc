import { Client, fetchExchange, mapExchange, type OperationContext } from '@urql/core'
import type { SessionStore } from '../session/session-store'
import { isSessionRefusal } from './errors'

const graphqlUrl = '/graphql'

function authorization(session: SessionStore): Record<string, string> {
  const token = session.token()
  return token ? { authorization: `JWT ${token}` } : {}
}

/**
 * The one way the app talks to Daybook. No document cache: every screen shows what the server
 * says now, and a refused token sends the person back to sign in wherever it happens.
 */
export function createApiClient(session: SessionStore): Client {
  return new Client({
    url: graphqlUrl,
    // POST only: searches and ids stay out of URLs, and so out of the server's and proxies' logs.
    preferGetMethod: false,
    requestPolicy: 'network-only',
    exchanges: [
      mapExchange({
        onResult(result) {
          if (isSessionRefusal(result.error)) session.expire()
        },
      }),
      fetchExchange,
    ],
    fetchOptions: () => ({ headers: authorization(session) }),
  })
}

/**
 * The context of a mutation request sent under an Idempotency-Key: sending it again with the same
 * key (after a timeout, say) gets the first answer back instead of acting twice. A context's
 * fetchOptions replace the client's, so the credential is repeated here.
 */
export function idempotentContext(session: SessionStore, key: string): Partial<OperationContext> {
  return { fetchOptions: () => ({ headers: { ...authorization(session), 'idempotency-key': key } }) }
}

/** 128 random bits; crypto.randomUUID would need a secure context, which plain http on a LAN is not. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

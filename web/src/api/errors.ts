import type { CombinedError } from '@urql/core'

/** The access codes that mean the token is missing, expired or no longer accepted. */
const sessionRefusalCodes = new Set(['INVALID_TOKEN', 'UNAUTHENTICATED'])

export function isSessionRefusal(error: CombinedError | undefined): boolean {
  return error?.graphQLErrors.some((each) => sessionRefusalCodes.has(String(each.extensions.code))) ?? false
}

/** A failure the same request may get past when sent again: the network, or the server's own fault. */
export function isTransient(error: CombinedError): boolean {
  if (error.networkError && error.graphQLErrors.length === 0) return true
  const status = error.response?.status
  return typeof status === 'number' && (status >= 500 || status === 429)
}

/** The server's own messages where it gave some; the API's words are the ones its docs explain. */
export function errorInWords(error: CombinedError): string {
  const messages = [...new Set(error.graphQLErrors.map((each) => each.message))]
  if (messages.length > 0) return messages.join(' ')
  if (error.networkError) return 'Daybook could not be reached. Check the connection, then try again.'
  return error.message
}

import type { AnyVariables, Client, TypedDocumentNode } from '@urql/core'
import { errorInWords } from './errors'
import { failed, type Outcome, succeeded } from './outcome'

interface Payload {
  success: boolean
  error: string | null
}

/**
 * Sends one mutation and folds its three ways of failing (the request, an access error on the
 * field, a payload's success: false) into one Outcome whose error is the API's own words.
 */
export async function mutate<Data, Variables extends AnyVariables, Answer extends Payload>(
  client: Client,
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  payloadOf: (data: Data) => Answer | null | undefined,
): Promise<Outcome<Answer>> {
  const answer = await client.mutation(document, variables).toPromise()
  if (answer.error) return failed(errorInWords(answer.error))
  const payload = answer.data ? payloadOf(answer.data) : null
  if (!payload) return failed('Daybook answered nothing for this.')
  if (!payload.success) return failed(payload.error ?? 'Daybook refused this.')
  return succeeded(payload)
}

import type { AnyVariables, Client, TypedDocumentNode } from '@urql/core'
import { errorInWords } from './errors'
import { failed, type Outcome, succeeded } from './outcome'

/** One query, its answer picked out of the data, or the API's own words for why there is none. */
export async function ask<Data, Variables extends AnyVariables, Answer>(
  client: Client,
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  pick: (data: Data) => Answer | null | undefined,
  nothing = 'Daybook answered nothing for this.',
): Promise<Outcome<Answer>> {
  const result = await client.query(document, variables).toPromise()
  const answer = result.data ? pick(result.data) : null
  if (answer) return succeeded(answer)
  return failed(result.error ? errorInWords(result.error) : nothing)
}

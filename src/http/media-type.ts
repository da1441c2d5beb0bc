// GraphQL over HTTP answers in one of two media types, chosen by the request's Accept header.
export const graphqlResponseJson = 'application/graphql-response+json'
export type GraphQLMediaType = 'application/json' | typeof graphqlResponseJson

interface Preference {
  q: number
  /** 3 for the type named exactly, 2 for all application types, 1 for any type (RFC 9110, 12.5.1). */
  specificity: number
}

const none: Preference = { q: 0, specificity: 0 }

/**
 * The media type of a GraphQL answer, or undefined when the client accepts neither (406).
 * No Accept header, or one that takes anything, keeps application/json: the answers clients had
 * before the second type existed. Between two types the client likes equally, the one it named
 * outright wins, and application/graphql-response+json when it named both.
 */
export function negotiateGraphQLMediaType(accept: string | undefined): GraphQLMediaType | undefined {
  if (accept === undefined || accept.trim() === '') return 'application/json'
  let json = none
  let graphqlResponse = none
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase())
    let q = 1
    let charsetOk = true
    for (const parameter of parameters) {
      const [name, value = ''] = parameter.split('=').map((part) => part.trim())
      if (name === 'q') q = Number.parseFloat(value)
      if (name === 'charset') charsetOk = value.replace(/"/g, '') === 'utf-8'
    }
    if (!(q >= 0 && q <= 1) || !charsetOk) continue
    json = better(json, preferenceFor(type, 'application/json', q))
    graphqlResponse = better(graphqlResponse, preferenceFor(type, graphqlResponseJson, q))
  }
  if (json.q === 0 && graphqlResponse.q === 0) return undefined
  if (graphqlResponse.q !== json.q)
    return graphqlResponse.q > json.q ? graphqlResponseJson : 'application/json'
  if (graphqlResponse.specificity !== json.specificity)
    return graphqlResponse.specificity > json.specificity ? graphqlResponseJson : 'application/json'
  return graphqlResponse.specificity === 3 ? graphqlResponseJson : 'application/json'
}

function preferenceFor(range: string, mediaType: string, q: number): Preference {
  if (range === mediaType) return { q, specificity: 3 }
  if (range === 'application/*') return { q, specificity: 2 }
  if (range === '*/*') return { q, specificity: 1 }
  return none
}

/** The most specific range that names a type decides its quality, whatever the order. */
function better(current: Preference, candidate: Preference): Preference {
  return candidate.specificity > current.specificity ? candidate : current
}

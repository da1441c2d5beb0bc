export type OperationType = 'query' | 'mutation' | 'subscription'

/**
 * The type of the first operation in a GraphQL document, read without a parser so that the client
 * needs no graphql package. Comments and strings are skipped, so their words never count; so are
 * fragment definitions, whose names may be any word. A document opening with `{` is a query.
 */
export function operationType(document: string): OperationType {
  let depth = 0
  let inFragmentHeader = false
  let index = 0
  while (index < document.length) {
    const char = document.charAt(index)
    if (char === '#') {
      const lineEnd = document.indexOf('\n', index)
      index = lineEnd === -1 ? document.length : lineEnd + 1
    } else if (char === '"') {
      index = afterString(document, index)
    } else if (char === '{' || char === '(' || char === '[') {
      if (depth === 0 && char === '{') {
        if (!inFragmentHeader) return 'query'
        inFragmentHeader = false
      }
      depth += 1
      index += 1
    } else if (char === '}' || char === ')' || char === ']') {
      depth -= 1
      index += 1
    } else if (depth === 0 && /[A-Za-z_]/.test(char)) {
      const word = /[A-Za-z_][A-Za-z0-9_]*/y
      word.lastIndex = index
      const name = word.exec(document)?.[0] ?? char
      if (!inFragmentHeader) {
        if (name === 'query' || name === 'mutation' || name === 'subscription') return name
        if (name === 'fragment') inFragmentHeader = true
      }
      index += name.length
    } else {
      index += 1
    }
  }
  return 'query'
}

/** The index after the string that opens at `start`, block strings included. */
function afterString(document: string, start: number): number {
  if (document.startsWith('"""', start)) {
    let index = start + 3
    while (index < document.length) {
      if (document.startsWith('\\"""', index)) index += 4
      else if (document.startsWith('"""', index)) return index + 3
      else index += 1
    }
    return index
  }
  let index = start + 1
  while (index < document.length) {
    const char = document.charAt(index)
    if (char === '\\') index += 2
    else if (char === '"' || char === '\n') return index + 1
    else index += 1
  }
  return index
}

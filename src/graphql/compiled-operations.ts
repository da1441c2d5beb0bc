import {
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  isInputObjectType,
  type OperationTypeNode,
  parse,
  typeFromAST,
  type VariableDefinitionNode,
} from 'graphql'
import { type CompiledQuery, type CompilerOptions, compileQuery, isCompiledQuery } from 'graphql-jit'
import { limits } from '../kernel/limits.js'

// The operations the server runs itself with graphql-jit, without what Mercurius does around every
// run. Above all without reading the variables twice: graphql-js's reading, then graphql-jit's for
// the run, where the first cost the busiest page more than the run itself (graphql-js checks every
// type test twice outside NODE_ENV=production). graphql-js reads them only when graphql-jit
// refused them, for its errors.

const jitCompilerOptions: Partial<CompilerOptions> = { disableLeafSerialization: true }

export interface CompiledOperation {
  type: OperationTypeNode
  variables: readonly VariableDefinitionNode[]
  run: CompiledQuery['query']
}

/** once: Mercurius has answered the operation once; null: Mercurius runs it every time. */
type Known = CompiledOperation | 'once' | null

// By schema, then by the query text (the string the body was parsed into, whose hash the Map
// computes once), then by operation name.
const known = new WeakMap<GraphQLSchema, Map<string, Map<string, Known>>>()
let knownCount = 0

/** The operation compiled for this text, when the route runs it. */
export function compiledOperation(
  schema: GraphQLSchema,
  query: string,
  operationName: string | undefined,
): CompiledOperation | undefined {
  const entry = known
    .get(schema)
    ?.get(query)
    ?.get(operationName ?? '')
  return typeof entry === 'object' && entry !== null ? entry : undefined
}

/**
 * Counts an answer with data that Mercurius gave, and compiles the operation at the second: its
 * text parsed and passed validation, which depends on the text alone, so every later request with
 * the same text passes it too. Mercurius runs every request of a text with graphql-js (it never
 * compiles: graphql-engine.ts); from the third on the route runs the compiled operation, and reads
 * refused variables with graphql-js, so a mistake is answered as Mercurius answers it.
 *
 * Only operations whose variables are scalars, enums or lists of them: for those graphql-jit
 * refuses every value graphql-js refuses (and NaN from a scalar besides), so a request that
 * graphql-jit lets through is one Mercurius would have run, and only a refused one needs
 * graphql-js's reading for its errors. graphql-jit lets an empty list through for an input object
 * whose fields are all optional, where graphql-js refuses it.
 */
export function learnOperation(
  schema: GraphQLSchema,
  query: string,
  operationName: string | undefined,
): void {
  if (query.length > limits.operationInfoQueryLengthMax) return
  let byText = known.get(schema)
  if (!byText) {
    byText = new Map()
    known.set(schema, byText)
  }
  let byName = byText.get(query)
  if (!byName) {
    if (knownCount >= limits.graphqlQueryCacheEntriesMax) {
      byText.clear()
      knownCount = 0
    }
    byName = new Map()
    byText.set(query, byName)
    knownCount++
  }
  const name = operationName ?? ''
  const entry = byName.get(name)
  if (entry === undefined) byName.set(name, 'once')
  else if (entry === 'once') byName.set(name, compile(schema, query, operationName))
}

function compile(schema: GraphQLSchema, query: string, operationName: string | undefined): Known {
  try {
    const document = parse(query, { maxTokens: limits.queryTokensMax })
    const operation = getOperationAST(document, operationName)
    if (!operation || operation.operation === 'subscription') return null
    const variables = operation.variableDefinitions ?? []
    for (const definition of variables) {
      const type = typeFromAST(schema, definition.type)
      if (!type || isInputObjectType(getNamedType(type))) return null
    }
    const compiled = compileQuery(schema, document, operationName, jitCompilerOptions)
    return isCompiledQuery(compiled) ? { type: operation.operation, variables, run: compiled.query } : null
  } catch {
    return null
  }
}

import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql'
import { isUuid } from '../kernel/ids.js'
import { limits } from '../kernel/limits.js'

function stringScalar(
  name: string,
  check: (value: string) => string | undefined,
  description: string,
  specifiedByURL: string,
) {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string')
      throw new GraphQLError(`${name} must be a string.`, { extensions: { code: 'BAD_USER_INPUT' } })
    const problem = check(value)
    if (problem) throw new GraphQLError(problem, { extensions: { code: 'BAD_USER_INPUT' } })
    return name === 'UUID' ? value.toLowerCase() : value
  }
  return new GraphQLScalarType({
    name,
    description,
    // Also in the SDL; said here too so the schema the server runs keeps it whatever merges them.
    specifiedByURL,
    serialize: (value) => value,
    parseValue: parse,
    parseLiteral: (ast: ValueNode) => {
      if (ast.kind !== Kind.STRING) {
        throw new GraphQLError(`${name} must be a string.`, { extensions: { code: 'BAD_USER_INPUT' } })
      }
      return parse(ast.value)
    },
  })
}

export const UUIDScalar = stringScalar(
  'UUID',
  (value) =>
    isUuid(value)
      ? undefined
      : `Invalid UUID: ${JSON.stringify(value.slice(0, limits.uuidQuotedLengthMax))}.`,
  'A UUID.',
  'https://www.rfc-editor.org/rfc/rfc9562#section-4',
)

/**
 * Any string gets through: each operation reads its own date arguments, so a string that is not a
 * date is refused in one way everywhere (INVALID_DATE, at the field's path, naming the argument)
 * rather than as a request error that cannot say which argument it was.
 */
export const DateScalar = stringScalar(
  'Date',
  () => undefined,
  "A calendar date, YYYY-MM-DD: RFC 3339's full-date. An argument that is not one is refused by its operation with INVALID_DATE, naming the argument.",
  'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
)

import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives'
import {
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
import { limits } from '../kernel/limits.js'

/** Aliases must not multiply writes: a request may name at most a few root mutation fields. */
export const rootMutationFieldsRule: ValidationRule = (context: ValidationContext) => ({
  OperationDefinition(node) {
    if (node.operation !== 'mutation') return
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    }
    const count = countFields(node.selectionSet, fragments, new Set())
    if (count > limits.rootMutationFieldsMax) {
      context.reportError(
        new GraphQLError(
          `A request may contain at most ${limits.rootMutationFieldsMax} root mutation fields; this one has ${count}.`,
          { nodes: [node], extensions: { code: 'TOO_MANY_MUTATIONS' } },
        ),
      )
    }
  },
})

function countFields(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  visited: Set<string>,
): number {
  let count = 0
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value !== '__typename') count++
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countFields(selection.selectionSet, fragments, visited)
    } else {
      const name = selection.name.value
      const fragment = fragments.get(name)
      if (fragment && !visited.has(name)) {
        visited.add(name)
        count += countFields(fragment.selectionSet, fragments, visited)
      }
    }
  }
  return count
}

// graphql-armor throws by default and words its errors as syntax errors; Daybook reports them as
// ordinary validation errors (HTTP 200) with a code of their own.
const reportLimit = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      context?.reportError(
        new GraphQLError(error.message.replace(/^Syntax Error: /, ''), {
          extensions: { code: 'QUERY_TOO_COMPLEX' },
        }),
      )
    },
  ],
}

export const validationRules: ValidationRule[] = [
  maxDepthRule({ n: limits.queryDepthMax, ...reportLimit }) as unknown as ValidationRule,
  maxAliasesRule({ n: limits.queryAliasesMax, ...reportLimit }) as unknown as ValidationRule,
  maxDirectivesRule({ n: limits.queryDirectivesMax, ...reportLimit }) as unknown as ValidationRule,
  costLimitRule({ maxCost: limits.queryCostMax, ...reportLimit }) as unknown as ValidationRule,
  rootMutationFieldsRule,
]

import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives'
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
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

/**
 * Prices a request by the rows it may read, so that one request cannot hold the server for long:
 * every root field is a query over the organization's data, and a list costs its page size times
 * (a row read plus the fields asked for each item). graphql-armor's cost rule counts the fields of
 * the document only, so fifteen aliased pages of 200 events cost it no more than fifteen lookups.
 */
export const listCostRule: ValidationRule = (context: ValidationContext) => ({
  OperationDefinition(node) {
    const cost = operationListCost(context.getSchema(), context.getDocument(), node)
    if (cost > limits.queryListCostMax) {
      const shown = Number.isFinite(cost) ? Math.round(cost).toLocaleString('en-US') : 'unbounded'
      context.reportError(
        new GraphQLError(
          `Query cost ${shown} exceeds the limit of ${limits.queryListCostMax.toLocaleString('en-US')}: each list counts its limit (its largest page when it is a variable) times the fields asked for each item. Ask for fewer aliases, a smaller limit or fewer fields.`,
          { nodes: [node], extensions: { code: 'QUERY_TOO_COMPLEX' } },
        ),
      )
    }
  },
})

/** The list-cost rule's price of one operation of a document. */
export function operationListCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): number {
  const rootType = schema.getRootType(operation.operation)
  if (!rootType) return 0
  return new ListCostPricer(schema, document, operation).selectionCost(
    operation.selectionSet,
    rootType,
    undefined,
    true,
    0,
  )
}

class ListCostPricer {
  private readonly fragments = new Map<string, FragmentDefinitionNode>()
  private readonly fragmentCosts = new Map<string, number>()
  private readonly expanding = new Set<string>()
  private readonly variableDefaults = new Map<string, number>()

  constructor(
    private readonly schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
  ) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition)
    }
    for (const variable of operation.variableDefinitions ?? []) {
      if (variable.defaultValue?.kind === Kind.INT) {
        this.variableDefaults.set(variable.variable.name.value, Number(variable.defaultValue.value))
      }
    }
  }

  /** pageSize is the limit of the field whose envelope this selection reads (its `items`). */
  selectionCost(
    selectionSet: SelectionSetNode,
    parentType: GraphQLCompositeType,
    pageSize: number | undefined,
    root: boolean,
    depth: number,
  ): number {
    // Real documents are a few levels deep; a long chain of fragments is priced out, not walked.
    if (depth > limits.inputNestingMax) return Number.POSITIVE_INFINITY
    let cost = 0
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        cost += this.fieldCost(selection, parentType, pageSize, root, depth)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typeName = selection.typeCondition?.name.value
        const type = typeName ? this.schema.getType(typeName) : parentType
        if (type && isComposite(type)) {
          cost += this.selectionCost(selection.selectionSet, type, pageSize, root, depth + 1)
        }
      } else {
        cost += this.fragmentCost(selection.name.value, pageSize, root, depth)
      }
    }
    return cost
  }

  private fragmentCost(name: string, pageSize: number | undefined, root: boolean, depth: number): number {
    const key = `${name}/${pageSize ?? ''}/${root}`
    const known = this.fragmentCosts.get(key)
    if (known !== undefined) return known
    const fragment = this.fragments.get(name)
    // Unknown fragments and cycles are other rules' errors; they add nothing here.
    if (!fragment || this.expanding.has(key)) return 0
    const type = this.schema.getType(fragment.typeCondition.name.value)
    if (!type || !isComposite(type)) return 0
    this.expanding.add(key)
    const cost = this.selectionCost(fragment.selectionSet, type, pageSize, root, depth + 1)
    this.expanding.delete(key)
    this.fragmentCosts.set(key, cost)
    return cost
  }

  private fieldCost(
    field: FieldNode,
    parentType: GraphQLCompositeType,
    pageSize: number | undefined,
    root: boolean,
    depth: number,
  ): number {
    // Introspection reads the schema, whose size is fixed, never the organization's data.
    if (field.name.value.startsWith('__')) return 0
    const definition = 'getFields' in parentType ? parentType.getFields()[field.name.value] : undefined
    const own = (root ? limits.rootFieldReadCost : 0) + 1
    if (!definition || !field.selectionSet) return own
    const itemType = namedTypeOf(definition.type)
    if (!isComposite(itemType)) return own
    const limitArgument = definition.args.find((arg) => arg.name === 'limit')
    const limit = limitArgument
      ? this.limitOf(field, pageBoundsOf(parentType.name, field.name.value, limitArgument.defaultValue))
      : undefined
    if (isList(definition.type)) {
      const item = this.selectionCost(field.selectionSet, itemType, undefined, false, depth + 1)
      const rows = limit ?? pageSize
      // A page reads its rows from the organization's data; a short list hangs off a row already read.
      if (rows === undefined) return own + limits.unpagedListSizeAssumed * item
      return own + rows * (limits.listRowReadCost + item)
    }
    return own + this.selectionCost(field.selectionSet, itemType, limit, false, depth + 1)
  }

  /** The rows a `limit` argument asks for, as the list operations read it. */
  private limitOf(field: FieldNode, bounds: PageBounds): number {
    const argument = field.arguments?.find((arg) => arg.name.value === 'limit')?.value
    let asked: number | undefined
    if (!argument || argument.kind === Kind.NULL) asked = bounds.defaultSize
    else if (argument.kind === Kind.INT) asked = Number(argument.value)
    else if (argument.kind === Kind.VARIABLE) asked = this.variableDefaults.get(argument.name.value)
    // A variable's value is not known here (validation is cached per document): assume the most.
    if (asked === undefined || !Number.isFinite(asked)) return bounds.max
    return Math.min(Math.max(asked, 1), bounds.max)
  }
}

interface PageBounds {
  defaultSize: number
  max: number
}

/**
 * Lists whose page is not the API's usual one (at most pageSizeMax rows). Each is priced at its
 * own largest page: the event feed answers 1,000 events a page, and priced at 200 six aliased
 * pages of it read 6,000 events for the price of 1,200.
 */
const ownPageMax: Readonly<Record<string, number>> = {
  'Query.events': limits.feedPageMax,
}

/** A list's default and largest page; the default is the schema's where it states one. */
function pageBoundsOf(typeName: string, fieldName: string, schemaDefault: unknown): PageBounds {
  const max = ownPageMax[`${typeName}.${fieldName}`] ?? limits.pageSizeMax
  const defaultSize =
    typeof schemaDefault === 'number' && Number.isInteger(schemaDefault)
      ? schemaDefault
      : limits.pageSizeDefault
  return { defaultSize, max }
}

// graphql's isListType and friends refuse a type built by another copy of the module (a test
// runner may load the ES module copy while Mercurius loads the CommonJS one); the types' own tags
// read the same in both.
const tagOf = (type: unknown): string => Object.prototype.toString.call(type).slice(8, -1)

function isComposite(type: GraphQLNamedType): type is GraphQLCompositeType {
  const tag = tagOf(type)
  return tag === 'GraphQLObjectType' || tag === 'GraphQLInterfaceType' || tag === 'GraphQLUnionType'
}

function isList(type: GraphQLOutputType): boolean {
  const nullable = tagOf(type) === 'GraphQLNonNull' ? (type as { ofType: GraphQLOutputType }).ofType : type
  return tagOf(nullable) === 'GraphQLList'
}

function namedTypeOf(type: GraphQLOutputType): GraphQLNamedType {
  let named: GraphQLOutputType = type
  while ('ofType' in named) named = named.ofType
  return named
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
  listCostRule,
  rootMutationFieldsRule,
]

import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql'

// A parsed query is cached and executed many times, so the answer is kept with its field's node.
const answers = new WeakMap<FieldNode, Map<string, ReadonlySet<string>>>()

/**
 * The names of the fields a query selects at `path` below the field being resolved, through
 * fragments, so that a resolver reads only the related rows it is asked for. Directives are not
 * evaluated: a field under `@include(if: false)` still counts, which costs a read, never an answer.
 */
export function selectedFields(info: GraphQLResolveInfo, path: readonly string[]): ReadonlySet<string> {
  // A field selected in several places of one query has several nodes: rare, and answered afresh.
  const node = info.fieldNodes.length === 1 ? info.fieldNodes[0] : undefined
  if (!node) return selectedFieldsOf(info, path)
  let byPath = answers.get(node)
  if (!byPath) {
    byPath = new Map()
    answers.set(node, byPath)
  }
  const key = path.join('.')
  let fields = byPath.get(key)
  if (!fields) {
    fields = selectedFieldsOf(info, path)
    byPath.set(key, fields)
  }
  return fields
}

function selectedFieldsOf(info: GraphQLResolveInfo, path: readonly string[]): ReadonlySet<string> {
  let sets = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []))
  for (const name of path) {
    sets = fieldsOf(sets, info).flatMap((field) =>
      field.name.value === name && field.selectionSet ? [field.selectionSet] : [],
    )
  }
  return new Set(fieldsOf(sets, info).map((field) => field.name.value))
}

function fieldsOf(sets: SelectionSetNode[], info: GraphQLResolveInfo) {
  const fields = []
  const pending = [...sets]
  for (let set = pending.pop(); set; set = pending.pop()) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection)
      else if (selection.kind === Kind.INLINE_FRAGMENT) pending.push(selection.selectionSet)
      else {
        const fragment = info.fragments[selection.name.value]
        if (fragment) pending.push(fragment.selectionSet)
      }
    }
  }
  return fields
}

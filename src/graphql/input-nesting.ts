import { limits } from '../kernel/limits.js'

// The GraphQL parser, validation and value printing all recurse once per nesting level, so a
// list literal a few thousand levels deep overflows the stack. These scans count the levels in a
// loop, before any of that runs, and stop as soon as the limit is passed.

/** How deep brackets nest in GraphQL text, outside strings and comments; at most limit + 1. */
export function documentNesting(query: string, limit: number = limits.inputNestingMax): number {
  let depth = 0
  let deepest = 0
  let index = 0
  const length = query.length
  while (index < length) {
    const char = query[index]
    if (char === '#') {
      while (index < length && query[index] !== '\n' && query[index] !== '\r') index++
    } else if (char === '"') {
      index = query.startsWith('"""', index)
        ? afterBlockString(query, index + 3)
        : afterString(query, index + 1)
      continue
    } else if (char === '{' || char === '[' || char === '(') {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > limit) return deepest
      }
    } else if (char === '}' || char === ']' || char === ')') {
      if (depth > 0) depth--
    }
    index++
  }
  return deepest
}

function afterString(query: string, start: number): number {
  let index = start
  while (index < query.length) {
    const char = query[index]
    if (char === '\\') index += 2
    else if (char === '"') return index + 1
    else if (char === '\n' || char === '\r') return index
    else index++
  }
  return index
}

function afterBlockString(query: string, start: number): number {
  let index = start
  while (index < query.length) {
    if (query.startsWith('\\"""', index)) index += 4
    else if (query.startsWith('"""', index)) return index + 3
    else index++
  }
  return index
}

/** How deep arrays and objects nest in a JSON value; at most limit + 1. */
export function valueNesting(value: unknown, limit: number = limits.inputNestingMax): number {
  let deepest = 0
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  while (pending.length > 0) {
    const next = pending.pop()
    if (next === undefined || next.value === null || typeof next.value !== 'object') continue
    const depth = next.depth + 1
    if (depth > deepest) {
      deepest = depth
      if (deepest > limit) return deepest
    }
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value)
    for (const child of children) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth })
    }
  }
  return deepest
}

/** Why a request is nested too deeply to be read safely, if it is. */
export function inputNestingProblem(query: string, variables: unknown): string | undefined {
  return queryNestingProblem(query) ?? variablesNestingProblem(variables)
}

/** Why a query's text nests too deeply, if it does: the first half of inputNestingProblem. */
export function queryNestingProblem(query: string): string | undefined {
  const limit = limits.inputNestingMax
  if (documentNesting(query, limit) > limit) {
    return `The query nests brackets more than ${limit} levels deep.`
  }
  return undefined
}

/** Why a request's variables nest too deeply, if they do: the second half of inputNestingProblem. */
export function variablesNestingProblem(variables: unknown): string | undefined {
  const limit = limits.inputNestingMax
  // The variables object itself is the first level.
  if (valueNesting(variables, limit + 1) > limit + 1) {
    return `The variables nest lists or objects more than ${limit} levels deep.`
  }
  return undefined
}

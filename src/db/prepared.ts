import { type Compilable, type CompiledQuery, createQueryId, type QueryResult } from 'kysely'
import { limits } from '../kernel/limits.js'
import type { Executor } from './schema.js'

/** Stands in for a parameter while a query is compiled, and is replaced by its value at each run. */
class Slot {
  constructor(
    readonly row: number,
    readonly name: string,
  ) {}
}

/** Names a parameter of a prepared query, typed as the value it stands for. */
export type SlotFor<Params> = <Name extends keyof Params & string>(name: Name) => Params[Name]

type Template = {
  compiled: CompiledQuery
  parameters: ReadonlyArray<Slot | { value: unknown }>
}

/**
 * A query built and compiled by Kysely once per dialect, then run with fresh parameters. Building
 * and compiling cost more than running a small statement, so the statements of the hot paths
 * (confirming an event runs about ten) are prepared like this; the builder keeps them typed
 * against the schema. The query's shape must not depend on the parameters.
 */
export function preparedQuery<Params extends object, Row>(
  build: (ex: Executor, slot: SlotFor<Params>) => Compilable<Row>,
): (ex: Executor, params: Params) => Promise<QueryResult<Row>> {
  // A transaction's executor shares its database's adapter, so one template serves both.
  const templates = new WeakMap<object, Template>()
  const slot = ((name: string) => new Slot(0, name)) as SlotFor<Params>
  return async (ex, params) => {
    const adapter = ex.getExecutor().adapter
    let template = templates.get(adapter)
    if (!template) {
      template = compileTemplate(build(ex, slot), 'named')
      templates.set(adapter, template)
    }
    return run(ex, template, [params])
  }
}

/**
 * preparedQuery for statements over a list of rows (multi-row inserts), compiled once per dialect
 * and number of rows. A long list runs in statements of sqlRowsPerStatementMax rows, so only the last
 * one's size varies; the templates of the sizes seen last are kept. The rows of every statement
 * come back together.
 */
export function preparedRowsQuery<RowParams extends object, Row>(
  build: (ex: Executor, rows: Array<SlotFor<RowParams>>) => Compilable<Row>,
): (ex: Executor, rows: readonly RowParams[]) => Promise<QueryResult<Row>> {
  const templates = new WeakMap<object, Map<number, Template>>()
  const templateFor = (ex: Executor, size: number): Template => {
    const adapter = ex.getExecutor().adapter
    let bySize = templates.get(adapter)
    if (!bySize) {
      bySize = new Map()
      templates.set(adapter, bySize)
    }
    let template = bySize.get(size)
    if (!template) {
      const slots = Array.from(
        { length: size },
        (_, row) => ((name: string) => new Slot(row, name)) as SlotFor<RowParams>,
      )
      template = compileTemplate(build(ex, slots), size <= limits.namedStatementRowsMax ? 'named' : 'unnamed')
      if (bySize.size >= limits.preparedRowCountsKeptMax) bySize.clear()
      bySize.set(size, template)
    }
    return template
  }
  return async (ex, rows) => {
    if (rows.length === 0) throw new Error('a prepared statement over rows needs at least one row')
    if (rows.length <= limits.sqlRowsPerStatementMax) return run(ex, templateFor(ex, rows.length), rows)
    const returned: Row[] = []
    for (let start = 0; start < rows.length; start += limits.sqlRowsPerStatementMax) {
      const chunk = rows.slice(start, start + limits.sqlRowsPerStatementMax)
      returned.push(...(await run<Row>(ex, templateFor(ex, chunk.length), chunk)).rows)
    }
    return { rows: returned }
  }
}

/**
 * preparedQuery for a query whose shape varies with the request (which of a list's filters it
 * uses, how many ids it names, its sort): one template per shape, compiled the first time the
 * shape is seen; `shapeKey` must tell the shapes apart. The templates of the shapes seen last are
 * kept. They run unnamed: PostgreSQL plans such a statement for the values it is given.
 *
 * Except the shapes `onePlan` accepts, which must be few (each stays prepared on a connection for
 * its life) and must filter only by equality on the columns of an index, so that the plan made
 * without the values is the plan made with them: those are prepared under a name and, outside a
 * transaction, planned once per connection (see engine.ts).
 */
export function shapedQuery<Shape, Params extends object, Row>(
  build: (ex: Executor, slot: SlotFor<Params>, shape: Shape) => Compilable<Row>,
  options: { onePlan?: (shape: Shape) => boolean } = {},
): (ex: Executor, shapeKey: string, shape: Shape, params: Params) => Promise<QueryResult<Row>> {
  const templates = new WeakMap<object, Map<string, Template>>()
  const slot = ((name: string) => new Slot(0, name)) as SlotFor<Params>
  return async (ex, shapeKey, shape, params) => {
    const adapter = ex.getExecutor().adapter
    let byShape = templates.get(adapter)
    if (!byShape) {
      byShape = new Map()
      templates.set(adapter, byShape)
    }
    let template = byShape.get(shapeKey)
    if (!template) {
      const naming = options.onePlan?.(shape) ? 'planned once' : 'unnamed'
      template = compileTemplate(build(ex, slot, shape), naming)
      if (byShape.size >= limits.queryShapesKeptMax) byShape.clear()
      byShape.set(shapeKey, template)
    }
    return run(ex, template, [params])
  }
}

/**
 * Runs a compiled statement with its parameters as the database's Kysely executor would, or
 * answers undefined when only the executor may run it now.
 */
export type CompiledRunner = (
  sql: string,
  parameters: readonly unknown[],
) => Promise<QueryResult<unknown>> | undefined

const compiledRunners = new WeakMap<object, CompiledRunner>()

/**
 * Runs the prepared queries given `db` itself (not a transaction, not a copy with plugins) through
 * `runner` rather than Kysely's executor. The executor's path to a pooled connection and back is a
 * dozen async steps (acquire, run, transform the result, release), which cost the busiest page
 * about as much as building its answer; the runner must do the same work in fewer.
 */
export function runCompiledWith(db: Executor, runner: CompiledRunner): void {
  compiledRunners.set(db, runner)
}

/**
 * SQL text of prepared queries -> the name PostgreSQL keeps them under (see engine.ts), so the
 * server parses each once per connection instead of at every run.
 */
const statementNames = new Map<string, string>()
/** SQL text of the named statements whose one plan, made without their values, serves every run. */
const onePlanStatements = new Set<string>()

export function statementNameOf(sqlText: string): string | undefined {
  return statementNames.get(sqlText)
}

export function runsWithOnePlan(sqlText: string): boolean {
  return onePlanStatements.has(sqlText)
}

/** How PostgreSQL keeps a statement: not at all, under a name, or under a name with one plan. */
type Naming = 'unnamed' | 'named' | 'planned once'

function compileTemplate(query: Compilable<unknown>, naming: Naming): Template {
  const compiled = query.compile()
  if (naming !== 'unnamed' && !statementNames.has(compiled.sql))
    statementNames.set(compiled.sql, `daybook_${statementNames.size}`)
  if (naming === 'planned once') onePlanStatements.add(compiled.sql)
  return {
    compiled,
    parameters: compiled.parameters.map((value) => (value instanceof Slot ? value : { value })),
  }
}

function run<Row>(ex: Executor, template: Template, rows: readonly object[]): Promise<QueryResult<Row>> {
  const parameters = template.parameters.map((parameter) => {
    if (!(parameter instanceof Slot)) return parameter.value
    const value = (rows[parameter.row] as Record<string, unknown> | undefined)?.[parameter.name]
    if (value === undefined) throw new Error(`prepared statement parameter ${parameter.name} is missing`)
    return value
  })
  const ran = compiledRunners.get(ex)?.(template.compiled.sql, parameters)
  if (ran) return ran as Promise<QueryResult<Row>>
  return ex.executeQuery<Row>({ ...template.compiled, queryId: createQueryId(), parameters })
}

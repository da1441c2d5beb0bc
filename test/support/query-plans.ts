import { CompiledQuery, type Kysely, type RootOperationNode } from 'kysely'
import type { Database } from '../../src/db/schema.js'

// SQLite's plans of the queries a store runs: a handle that remembers each query it is given,
// and the planner's answer for each, so a test can hold a read to the index it was built for.

export interface QueryPlans {
  /** Runs queries as the handle it wraps does, remembering each. */
  capturing: Kysely<Database>
  /** The plan of each query run through `capturing` since the last call, in order, as one line each. */
  plans(): Promise<string[]>
}

export function queryPlans(db: Kysely<Database>): QueryPlans {
  const nodes: RootOperationNode[] = []
  const capturing = db.withPlugin({
    transformQuery: ({ node }) => {
      nodes.push(node)
      return node
    },
    transformResult: async ({ result }) => result,
  })
  const plans = () =>
    Promise.all(
      nodes.splice(0).map(async (node) => {
        const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' })
        const plan = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
        )
        return plan.rows.map((row) => row.detail).join('; ')
      }),
    )
  return { capturing, plans }
}

import type { FastifyInstance } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius, { type MercuriusOptions } from 'mercurius'
import { allResolvers } from '../graphql/resolvers.js'
import { loadSdl } from '../graphql/sdl.js'
import { validationRules } from '../graphql/validation.js'
import { limits } from '../kernel/limits.js'
import { executionErrorFormatter } from './graphql-errors.js'

/** Mercurius holds the schema and runs what the routes do not run themselves; it serves no route. */
export async function registerGraphQLEngine(app: FastifyInstance, introspection: boolean): Promise<void> {
  const options: MercuriusOptions = {
    schema: loadSdl(),
    resolvers: allResolvers() as never,
    routes: false,
    // Mercurius never compiles: its compiled run of a text's second request takes the variables
    // on graphql-jit's reading alone, which words and codes a refusal differently from
    // graphql-js, so the same mistake would be answered two ways. The route compiles instead
    // (compiled-operations.ts), reading refused variables with graphql-js.
    jit: 0,
    errorFormatter: executionErrorFormatter as never,
    cache: limits.graphqlQueryCacheEntriesMax,
    // Validation results are cached per query text, so introspection is decided for the whole
    // server, never per caller.
    validationRules: introspection ? validationRules : [...validationRules, NoSchemaIntrospectionCustomRule],
    graphql: { parseOptions: { maxTokens: limits.queryTokensMax } },
  }
  await app.register(mercurius, options)
}

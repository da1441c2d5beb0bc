import type { FastifyInstance } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import type { CompilerOptions } from 'graphql-jit'
import mercurius, { type MercuriusOptions } from 'mercurius'
import { jitCompilerOptions } from '../graphql/compiled-operations.js'
import { allResolvers } from '../graphql/resolvers.js'
import { loadSdl } from '../graphql/sdl.js'
import { validationRules } from '../graphql/validation.js'
import { limits } from '../kernel/limits.js'
import { executionErrorFormatter } from './graphql-errors.js'

/** Mercurius holds the schema and runs what the routes do not run themselves; it serves no route. */
export async function registerGraphQLEngine(app: FastifyInstance, introspection: boolean): Promise<void> {
  const options: MercuriusOptions & { compilerOptions: Partial<CompilerOptions> } = {
    schema: loadSdl(),
    resolvers: allResolvers() as never,
    routes: false,
    jit: 1,
    // The same options as the route's own compiled operations, so both run the same code.
    compilerOptions: jitCompilerOptions,
    errorFormatter: executionErrorFormatter as never,
    cache: limits.graphqlQueryCacheEntriesMax,
    // Validation results are cached per query text, so introspection is decided for the whole
    // server, never per caller.
    validationRules: introspection ? validationRules : [...validationRules, NoSchemaIntrospectionCustomRule],
    graphql: { parseOptions: { maxTokens: limits.queryTokensMax } },
  }
  await app.register(mercurius, options)
}

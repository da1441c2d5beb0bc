import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type ExecutionResult, getVariableValues } from 'graphql'
import { type CompiledOperation, compiledOperation, learnOperation } from '../graphql/compiled-operations.js'
import type { GraphQLContext } from '../graphql/context.js'
import type { Services } from '../services.js'
import { answerExecutionFailure, executionErrorFormatter, mercuriusValidation } from './graphql-errors.js'
import { passIdempotencyGate, type RecordedRun } from './graphql-idempotency.js'
import type { GraphQLRequestBody } from './graphql-request.js'
import type { GraphQLMediaType } from './media-type.js'
import { operationInfo } from './operation-info.js'
import { httpStatus, requestErrorStatus } from './status-policy.js'

type RouteContext = GraphQLContext & { reply: FastifyReply }

// The root value Mercurius gives every operation: an empty object, the resolvers being the schema's.
const rootValue = {}

/** Runs a GraphQL request whose envelope passed its checks, and answers it. */
export class GraphQLExecutor {
  constructor(
    private readonly app: FastifyInstance,
    private readonly services: Services,
    /** PUBLIC_URL without its trailing slashes, or ''. */
    private readonly baseUrl: string,
    private readonly suggestions: boolean,
  ) {}

  async execute(
    request: FastifyRequest,
    reply: FastifyReply,
    body: GraphQLRequestBody,
    mediaType: GraphQLMediaType,
  ): Promise<FastifyReply> {
    const info = operationInfo(body.query, body.operationName)
    request.operation = info
    request.organizationId = organizationIdOf(request, body.variables)

    let recorded: RecordedRun | undefined
    const idempotencyKey = request.headers['idempotency-key']
    if (idempotencyKey !== undefined && info.type === 'mutation') {
      const gate = await passIdempotencyGate(this.services, request, reply, idempotencyKey, body, mediaType)
      if (gate.answered) return gate.answered
      recorded = gate.recorded
    }

    const context: RouteContext = {
      principal: request.principal,
      requestId: request.id,
      services: this.services,
      baseUrl: this.baseUrl,
      clientAddress: request.ip,
      reply,
    }
    try {
      const schema = this.app.graphql.schema
      const compiled = compiledOperation(schema, body.query, body.operationName)
      // Mercurius refuses mutations over GET: such a request is left to it.
      const ran =
        compiled && (request.method !== 'GET' || compiled.type === 'query')
          ? await this.runCompiled(compiled, context, body.variables)
          : undefined
      const result = ran ?? (await this.app.graphql(body.query, context, body.variables, body.operationName))
      if (!ran && result.data !== undefined) learnOperation(schema, body.query, body.operationName)
      return await answerResult(reply, result, mediaType, recorded)
    } catch (thrown) {
      // Nothing ran, so a retry with the same key should run for real.
      await recorded?.abandon()
      return answerExecutionFailure(thrown, request, reply, mediaType, this.suggestions)
    }
  }

  /**
   * What app.graphql does with an operation it has compiled and seen before, for one the route
   * compiled: variables it was given that graphql-js refuses are refused with graphql-js's errors,
   * thrown as Mercurius throws them; the run's errors, graphql-jit's refusal of the variables
   * included, pass through executionErrorFormatter.
   */
  private async runCompiled(
    compiled: CompiledOperation,
    context: RouteContext,
    variables: Record<string, unknown> | undefined,
  ): Promise<ExecutionResult> {
    const execution = await compiled.run(rootValue, context, variables ?? {})
    // No data: graphql-jit refused the variables, before anything ran. It refuses whatever
    // graphql-js refuses (see learnOperation), so only its refusals need graphql-js's reading,
    // which Mercurius does first (graphql-js's buildExecutionContext makes this same call): the
    // answer is graphql-js's whichever path ran the request.
    if (execution.data === undefined) {
      const read = getVariableValues(this.app.graphql.schema, compiled.variables, variables ?? {}, {
        maxErrors: 50,
      })
      if (read.errors)
        throw Object.assign(new Error('variables refused'), {
          code: mercuriusValidation,
          errors: read.errors,
        })
    }
    if (!execution.errors) return execution
    const formatted = executionErrorFormatter(
      { data: execution.data, errors: execution.errors },
      { reply: context.reply, app: this.app },
    )
    context.reply.code(formatted.statusCode)
    // Mercurius likewise puts the formatted errors where graphql-js's were.
    return formatted.response as unknown as ExecutionResult
  }
}

/** The organization a request is about, for the request log: as it named it, or its API key's. */
function organizationIdOf(
  request: FastifyRequest,
  variables: Record<string, unknown> | undefined,
): string | undefined {
  const organizationId = variables?.organizationId
  if (typeof organizationId === 'string') return organizationId
  return request.principal.kind === 'api_key' ? request.principal.organizationId : undefined
}

async function answerResult(
  reply: FastifyReply,
  result: ExecutionResult,
  mediaType: GraphQLMediaType,
  recorded: RecordedRun | undefined,
): Promise<FastifyReply> {
  // Execution errors were already shaped by executionErrorFormatter inside app.graphql.
  if (result.data === undefined) {
    // Nothing ran, so a retry with the same key should run for real.
    await recorded?.abandon()
    const status = requestErrorStatus(httpStatus.ok, mediaType)
    return reply.code(status).send({ errors: result.errors ?? [] })
  }
  const answer = result.errors ? { data: result.data ?? null, errors: result.errors } : { data: result.data }
  if (!recorded) return reply.code(httpStatus.ok).send(answer)
  const text = JSON.stringify(answer)
  await recorded.record(httpStatus.ok, text)
  return reply.code(httpStatus.ok).type('application/json').send(text)
}

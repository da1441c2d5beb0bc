import { hostname } from 'node:os'
import { isUuid } from '../kernel/ids.js'
import { limits } from '../kernel/limits.js'
import type { Principal } from '../modules/access/principal.js'
import type { OperationInfo } from './operation-info.js'

export interface GraphQLRequestRecord {
  /** A UUID the server generated. */
  requestId: string
  /** As the request named it: checked before it is written unquoted. */
  organizationId: string | undefined
  operation: OperationInfo
  credential: Principal['kind']
  status: number
  durationMs: number
}

const infoLevel = 30
// pino's base fields, fixed for the life of the process.
const base = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`
// Operations are cached by their text, so the same few objects come back on every request.
const operationFields = new WeakMap<OperationInfo, string>()

function operationFieldsOf(operation: OperationInfo): string {
  let fields = operationFields.get(operation)
  if (fields === undefined) {
    fields = `"operation":${JSON.stringify(operation.name)},"operationType":${JSON.stringify(operation.type)}`
    operationFields.set(operation, fields)
  }
  return fields
}

function organizationField(organizationId: string | undefined): string {
  if (organizationId === undefined) return ''
  if (isUuid(organizationId)) return `"organizationId":"${organizationId}",`
  // Anything else was sent by the client: escaped, and capped (an id is 36 characters).
  return `"organizationId":${JSON.stringify(organizationId.slice(0, limits.loggedOrganizationIdLengthMax))},`
}

/**
 * The log line of one GraphQL request, in the shape pino writes (level, time, pid, hostname, msg),
 * built directly: it is written for every request, and pino's general object walk costs several
 * times more than this template. Only the request's identity and outcome, never variables or
 * headers, which carry amounts, names and credentials.
 */
export function graphqlRequestLogLine(record: GraphQLRequestRecord, timeMs: number): string {
  return (
    `{"level":${infoLevel},"time":${timeMs},${base},"requestId":"${record.requestId}",` +
    `${organizationField(record.organizationId)}${operationFieldsOf(record.operation)},` +
    `"credential":"${record.credential}","status":${record.status},"durationMs":${record.durationMs},` +
    `"msg":"graphql request"}\n`
  )
}

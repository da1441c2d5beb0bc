import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { limits } from '../../kernel/limits.js'
import { ok } from '../../kernel/result.js'
import type { DaybookAnswer, DaybookHttp, UploadedFile } from '../daybook-http.js'
import type { LocalFileKind, ReadLocalFile } from '../local-file.js'
import { answer, refusal } from '../tool-answer.js'

// What every group of tools shares: the calls to Daybook with the organization filled in, and the
// argument schemas and hints each group would otherwise spell out again.

export interface ToolContext {
  daybook: DaybookHttp
  /** The API key's own organization, asked once (myOrganizations) and then kept. */
  organizationId(): Promise<DaybookAnswer<string>>
  readLocalFile: ReadLocalFile
}

/** Where a group registers its tools: the server itself, or one that keeps what was registered. */
export interface ToolServer {
  registerTool: McpServer['registerTool']
}

export type Data = Record<string, unknown>

/** A file the tools can hand to an operation: its key in POST /uploads, and the upload if one was made. */
export interface StoredFile {
  s3Key: string
  upload?: UploadedFile
}

export interface DaybookCalls {
  /** One operation of the organization's; the answer is its `data`. */
  ask<T extends Data = Data>(
    query: string,
    variables: Record<string, unknown>,
    options: { mutation: boolean },
  ): Promise<DaybookAnswer<T>>
  /** A read whose `data` is the tool's whole answer. */
  query(text: string, variables?: Record<string, unknown>): Promise<CallToolResult>
  /** A write whose `data` is the tool's whole answer. */
  mutation(text: string, variables: Record<string, unknown>): Promise<CallToolResult>
  /** A local file sent to POST /uploads, or a key already stored there. */
  stored(
    source: { filePath?: string | undefined; s3Key?: string | undefined },
    kind: LocalFileKind,
  ): Promise<DaybookAnswer<StoredFile>>
}

export function daybookCalls(context: ToolContext): DaybookCalls {
  async function ask<T extends Data = Data>(
    query: string,
    variables: Record<string, unknown>,
    options: { mutation: boolean },
  ): Promise<DaybookAnswer<T>> {
    const organizationId = await context.organizationId()
    if (!organizationId.ok) return organizationId
    return context.daybook.graphql<T>(query, { organizationId: organizationId.value, ...variables }, options)
  }

  const query = async (text: string, variables: Record<string, unknown> = {}): Promise<CallToolResult> => {
    const data = await ask(text, variables, { mutation: false })
    return data.ok ? answer(data.value) : refusal(data.error)
  }
  const mutation = async (text: string, variables: Record<string, unknown>): Promise<CallToolResult> => {
    const data = await ask(text, variables, { mutation: true })
    return data.ok ? answer(data.value) : refusal(data.error)
  }

  async function stored(
    source: {
      filePath?: string | undefined
      s3Key?: string | undefined
    },
    kind: LocalFileKind,
  ): Promise<DaybookAnswer<StoredFile>> {
    if ((source.filePath === undefined) === (source.s3Key === undefined)) {
      return {
        ok: false,
        error: { errorCode: 'BAD_USER_INPUT', error: 'Give either filePath or s3Key, not both.' },
      }
    }
    if (source.s3Key !== undefined) return ok({ s3Key: source.s3Key })
    const file = await context.readLocalFile(source.filePath ?? '', kind)
    if (!file.ok) return file
    // Asked first so that a key the server refuses costs no upload.
    const organizationId = await context.organizationId()
    if (!organizationId.ok) return organizationId
    const upload = await context.daybook.upload(file.value.bytes, file.value.filename)
    if (!upload.ok) return upload
    return ok({ s3Key: upload.value.s3Key, upload: upload.value })
  }

  return { ask, query, mutation, stored }
}

/** The upload a tool made, first in its answer; nothing when it was given a key. */
export function uploadMade(file: StoredFile): { upload?: UploadedFile } {
  return file.upload ? { upload: file.upload } : {}
}

export const payloadFields = 'success error errorCode field'

export const id = (what: string) => z.string().describe(`${what}; a UUID.`)
export const limit = z
  .number()
  .int()
  .min(1)
  .max(limits.pageSizeMax)
  .optional()
  .describe(`Page size, ${limits.pageSizeDefault} by default, at most ${limits.pageSizeMax}.`)
export const offset = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe('Items to skip, 0 by default; more pages exist while offset + items < totalCount.')
export const date = (what: string) => z.string().optional().describe(`${what}, YYYY-MM-DD`)
export const money = (what: string) =>
  z.string().optional().describe(`${what}, a decimal string such as "12.50"`)

export const reads: ToolAnnotations = { readOnlyHint: true, openWorldHint: false }
export const writes = (hints: Omit<ToolAnnotations, 'readOnlyHint' | 'openWorldHint'>): ToolAnnotations => ({
  readOnlyHint: false,
  openWorldHint: false,
  ...hints,
})

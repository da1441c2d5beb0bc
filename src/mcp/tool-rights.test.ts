// Every tool names in the table of rights exactly the operations it sends, and a key's scopes decide which tools are listed.
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import {
  buildSchema,
  type DocumentNode,
  isObjectType,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql'
import { afterEach, describe, expect, it } from 'vitest'
import { loadSdl } from '../graphql/sdl.js'
import { ok } from '../kernel/result.js'
import { scopes } from '../modules/access/principal.js'
import { rights } from '../modules/access/rights.js'
import type { DaybookAnswer, DaybookHttp, UploadedFile } from './daybook-http.js'
import { localFileReader } from './local-file.js'
import { buildMcpServer } from './mcp-server.js'
import {
  keyMayUse,
  keyScopesOf,
  noToolRefusal,
  scopesServing,
  servedToolsLine,
  type ToolName,
  toolNames,
  toolOperations,
} from './tool-rights.js'

const schema = buildSchema(loadSdl())
const organizationId = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'
const eventId = '7a1c2d3e-4b5a-4c6d-8e7f-901234567890'

/** The fields of the table of rights a document selects: its root fields, and nested fields the table names. */
function operationsOf(document: DocumentNode): string[] {
  const found: string[] = []
  const typeInfo = new TypeInfo(schema)
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType()
        if (!isObjectType(parent)) return
        const root = parent === schema.getQueryType() || parent === schema.getMutationType()
        const name = root ? node.name.value : `${parent.name}.${node.name.value}`
        if (name in rights) found.push(name)
      },
    }),
  )
  return found
}

/** A Daybook that answers enough of every operation for each tool to reach all it calls. */
function recordingDaybook() {
  const sent: string[] = []
  const invalid: string[] = []
  const answers: Record<string, unknown> = {
    getLedgerEvent: {
      id: eventId,
      merchantName: 'Staples',
      status: 'needs_review',
      direction: 'out',
      functionalAmount: '1.00',
      functionalCurrency: 'CAD',
      originalCurrency: 'CAD',
      exchangeRate: null,
      transactionDate: '2026-03-05',
      category: null,
      paymentAccount: null,
    },
    listCategoryRules: { items: [], totalCount: 0 },
    listLedgerEvents: { items: [], totalCount: 0 },
    importBankStatementFile: { success: true, rows: [] },
  }
  const daybook: DaybookHttp = {
    async graphql<T>(query: string, variables: Record<string, unknown>) {
      expect(variables.organizationId).toBe(organizationId)
      const document = parse(query)
      const errors = validate(schema, document)
      if (errors.length > 0) invalid.push(`${query}: ${errors.map((error) => error.message).join(' ')}`)
      const operations = operationsOf(document)
      sent.push(...operations)
      const data = Object.fromEntries(
        operations.filter((name) => !name.includes('.')).map((name) => [name, answers[name] ?? {}]),
      )
      return ok(data) as DaybookAnswer<T>
    },
    async upload(bytes: Uint8Array, filename: string): Promise<DaybookAnswer<UploadedFile>> {
      sent.push('POST /uploads')
      return ok({ s3Key: 'k', filename, contentType: 'text/plain', size: bytes.length, sha256: 'f' })
    },
  }
  return { daybook, sent, invalid }
}

const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'daybook-mcp-rights-')))
writeFileSync(path.join(folder, 'march.ofx'), 'OFXHEADER:100')
writeFileSync(path.join(folder, 'receipt.png'), 'png')

/** Arguments that take each tool through every operation it may call. */
const fullArguments: Partial<Record<ToolName, Record<string, unknown>>> = {
  get_event: { eventId },
  explain_suggestion: { eventId },
  classify_event: { eventId },
  confirm_event: { eventId },
  confirm_events: { eventIds: [eventId] },
  reject_event: { eventId },
  preview_bank_file: { filePath: 'march.ofx', paymentAccountId: eventId },
  import_bank_file: { filePath: 'march.ofx', paymentAccountId: eventId },
  attach_receipt: { eventId, filePath: 'receipt.png' },
  sales_tax_return: { startDate: '2026-01-01', endDate: '2026-03-31' },
  get_journal_entry: { journalEntryId: eventId },
  get_document: { invoiceId: eventId },
  invoice_matches: { eventId },
}

let client: Client | undefined
afterEach(async () => {
  await client?.close()
  client = undefined
})

async function connect(daybook: DaybookHttp, keep?: readonly string[] | null) {
  const built = buildMcpServer({
    daybook,
    organizationId: async () => ok(organizationId),
    readLocalFile: localFileReader(folder),
  })
  if (keep !== undefined) built.keepToolsFor(keyScopesOf(keep))
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await built.server.connect(serverSide)
  client = new Client({ name: 'test', version: '1.0.0' })
  await client.connect(clientSide)
  return { client, built }
}

const listed = async (connected: Client) => (await connected.listTools()).tools.map((tool) => tool.name)

describe('the operations each tool names', () => {
  it('are named for every tool registered, in the order tools/list answers', async () => {
    const { client } = await connect(recordingDaybook().daybook)
    expect(await listed(client)).toEqual(toolNames)
  })

  it.each(toolNames)('are exactly what %s sends, in documents the schema takes', async (tool) => {
    const { daybook, sent, invalid } = recordingDaybook()
    const { client } = await connect(daybook)
    const result = await client.callTool({ name: tool, arguments: fullArguments[tool] ?? {} })
    expect(result.isError, JSON.stringify(result.content)).toBeUndefined()
    expect(invalid).toEqual([])
    expect([...new Set(sent)].sort()).toEqual([...toolOperations[tool]].sort())
  })

  it('are each served by some scope', () => {
    for (const tool of toolNames) expect(scopesServing(tool), tool).not.toEqual([])
  })
})

describe("a key's scopes", () => {
  const usable = (keyScopes: readonly string[] | null) =>
    toolNames.filter((tool) => keyMayUse(tool, keyScopesOf(keyScopes).known))

  it('serve every tool with write, or without scopes, and only the reads with read', () => {
    expect(usable(null)).toEqual(toolNames)
    expect(usable(['write'])).toEqual(toolNames)
    expect(usable(['read'])).toEqual(
      toolNames.filter(
        (tool) =>
          !['classify_event', 'confirm_event', 'confirm_events', 'reject_event'].includes(tool) &&
          !(toolOperations[tool] as readonly string[]).includes('POST /uploads'),
      ),
    )
  })

  it('serve a narrow scope only its own tools', () => {
    expect(usable(['bank_import'])).toEqual(['preview_bank_file', 'import_bank_file', 'list_accounts'])
    expect(usable(['receipts'])).toEqual(['list_receipts', 'attach_receipt'])
    expect(usable(['events'])).toEqual(['events'])
    expect(usable(['events', 'receipts'])).toEqual(['list_receipts', 'attach_receipt', 'events'])
  })

  it('take the tools they do not serve off the list, and say which scope each needs', async () => {
    const { client } = await connect(recordingDaybook().daybook, ['events'])
    expect(await listed(client)).toEqual(['events'])
    expect(servedToolsLine(keyScopesOf(['events']))).toContain(
      'serves 1 of 25 tools; not listed: list_review_queue (read or write)',
    )
    expect(servedToolsLine(keyScopesOf(['events']))).toContain('attach_receipt (write or receipts)')
    expect(servedToolsLine(keyScopesOf(['write']))).toBeUndefined()
  })

  it('serving no tool are refused, naming the scopes that would serve them', () => {
    expect(noToolRefusal(keyScopesOf(['payroll']))).toBe(
      `DAYBOOK_API_KEY (scopes: payroll) serves none of daybook mcp's tools: it needs write, which serves them all, or read, bank_import, receipts or events, which serve some (docs/access.md lists which).`,
    )
    for (const scope of scopes) expect(noToolRefusal(keyScopesOf([scope])), scope).toBeUndefined()
    expect(noToolRefusal(keyScopesOf(null))).toBeUndefined()
  })
})

// `daybook mcp` lists only the tools its key's scopes serve, and refuses to start, naming the scopes it needs, a key that serves none.
import { copyFileSync, mkdtempSync, realpathSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { daybookBin, runToEnd } from '../support/cli.js'
import { fixtureDataDir } from '../support/csv.js'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { rawMcpCall } from '../support/mcp-raw.js'
import { startServer, type TestServer } from '../support/server.js'

const scratch = realpathSync(mkdtempSync(path.join(tmpdir(), 'daybook-mcp-scopes-')))
const statementFixture = path.join(fixtureDataDir, 'bank', 'ofxparse_bank_medium_CAD.ofx')
copyFileSync(statementFixture, path.join(scratch, 'statement.ofx'))

let server: TestServer
let tenant: Tenant
const clients: Client[] = []

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
})
afterAll(async () => {
  for (const client of clients) await client.close()
  await server.close()
})

/** A key of the tenant's with these scopes, made by its owner over GraphQL. */
async function scopedKey(scopes: string[]): Promise<string> {
  const made = await server.gql(
    'mutation ($org: UUID!, $scopes: [String!]) { createApiKey(organizationId: $org, name: "mcp", scopes: $scopes) { success errorCode key } }',
    { org: tenant.organizationId, scopes },
    tenant.owner.jwt,
  )
  expect(made.body.data?.createApiKey.success, JSON.stringify(made.body)).toBe(true)
  return made.body.data?.createApiKey.key as string
}

async function connect(url: string, apiKey: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [daybookBin, 'mcp'],
    env: { DAYBOOK_URL: url, DAYBOOK_API_KEY: apiKey, DAYBOOK_MCP_FILES_DIR: scratch },
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const client = new Client({ name: 'daybook-blackbox', version: '1.0.0' })
  await client.connect(transport)
  clients.push(client)
  return { client, stderr: () => stderr }
}

const listed = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort()

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args })
  const text = (result.content as Array<{ text: string }>)[0]?.text ?? 'null'
  expect(result.isError, text).toBeUndefined()
  return JSON.parse(text.replace(/<\/?untrusted-data-[0-9a-f]+>/g, ''))
}

const readTools = [
  'aged_payables',
  'aged_receivables',
  'balance_sheet',
  'dashboard_summary',
  'events',
  'explain_suggestion',
  'fiscal_years',
  'get_document',
  'get_event',
  'get_journal_entry',
  'income_statement',
  'invoice_matches',
  'list_accounts',
  'list_journal_entries',
  'list_open_documents',
  'list_receipts',
  'list_review_queue',
  'sales_tax_return',
]

describe('a scoped key', () => {
  it('read: lists only the reads, and they answer', async () => {
    const { client, stderr } = await connect(server.url, await scopedKey(['read']))
    expect(await listed(client)).toEqual(readTools)
    const queue = await call(client, 'list_review_queue')
    expect(queue.listLedgerEvents.totalCount).toBe(0)
    expect(stderr()).toContain('serves 18 of 25 tools; not listed: classify_event (write)')
    expect(stderr()).toContain('import_bank_file (write or bank_import)')
  })

  it('bank_import: lists the bank file tools and the accounts, not the review, and previews a statement', async () => {
    const { client } = await connect(server.url, await scopedKey(['bank_import']))
    expect(await listed(client)).toEqual(['import_bank_file', 'list_accounts', 'preview_bank_file'])
    const accounts = await accountsByName(server, tenant)
    const preview = await call(client, 'preview_bank_file', {
      filePath: 'statement.ofx',
      paymentAccountId: accounts.Chequing,
    })
    expect(preview.importBankStatementFile.success).toBe(true)
    expect(preview.rowSummary.rows).toBeGreaterThan(0)
  })

  it('events: lists the feed alone, which a sync client reads', async () => {
    const { client } = await connect(server.url, await scopedKey(['events']))
    expect(await listed(client)).toEqual(['events'])
    expect((await call(client, 'events')).events.lastSeq).toEqual(expect.any(Number))
  })

  it('write, or none at all: lists every tool', async () => {
    for (const key of [await scopedKey(['write']), tenant.apiKey]) {
      const { client, stderr } = await connect(server.url, key)
      expect(await listed(client)).toHaveLength(25)
      expect(stderr()).not.toContain('not listed')
    }
  })
})

/**
 * A Daybook of a later version, whose keys may hold a scope this one does not know: it answers the
 * key's organization and scopes, and an empty page for anything else. The first `down` requests
 * answer 503, as a Daybook that is still starting would.
 */
async function laterDaybook(
  keyScopes: string[],
  down = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  let requests = 0
  const fake: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      requests++
      if (requests <= down) {
        response.writeHead(503).end()
        return
      }
      const query = (JSON.parse(body) as { query: string }).query
      const data = query.includes('myOrganizations')
        ? { myOrganizations: [{ id: tenant.organizationId, name: 'Later' }] }
        : query.includes('myAccess')
          ? { myAccess: { scopes: keyScopes } }
          : { listLedgerEvents: { items: [], totalCount: 0, pageSize: 25, offset: 0 } }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }))
    })
  })
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
  const { port } = fake.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => fake.close(() => resolve())),
  }
}

describe('a key whose scopes serve no tool', () => {
  it('is refused at start, non-zero, naming the scopes that would serve the tools', async () => {
    const later = await laterDaybook(['payroll'])
    try {
      const refused = await runToEnd(process.execPath, [daybookBin, 'mcp'], {
        PATH: process.env.PATH ?? '',
        DAYBOOK_URL: later.url,
        DAYBOOK_API_KEY: 'dbk_later',
      })
      expect(refused).toMatchObject({ code: 1, stdout: '' })
      expect(refused.stderr.trim()).toBe(
        "DAYBOOK_API_KEY (scopes: payroll) serves none of daybook mcp's tools: it needs write, which serves them all, or read, bank_import, receipts or events, which serve some (docs/access.md lists which).",
      )
    } finally {
      await later.close()
    }
  })
})

describe('a Daybook that does not answer at start', () => {
  it('lists every tool until it names the key’s scopes, then only those they serve', async () => {
    // The start's myOrganizations fails; the first call learns the organization and the scopes.
    const later = await laterDaybook(['read'], 1)
    try {
      const { client, stderr } = await connect(later.url, 'dbk_later')
      expect(await listed(client)).toHaveLength(25)
      const changed = new Promise<void>((resolve) =>
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
      )
      expect((await call(client, 'list_review_queue')).listLedgerEvents.totalCount).toBe(0)
      await changed
      expect(await listed(client)).toEqual(readTools)
      expect(stderr()).toContain('Tools will ask again when called.')
    } finally {
      await later.close()
    }
  })
  it('ends, non-zero and naming what is missing, once it names scopes that serve no tool', async () => {
    const later = await laterDaybook(['payroll'], 1)
    try {
      const call = rawMcpCall({ DAYBOOK_URL: later.url, DAYBOOK_API_KEY: 'dbk_later' }, 'list_review_queue')
      // stdin stays open: the refusal alone ends the process.
      expect(await call.exited).toBe(1)
      expect(call.stderr()).toContain(
        "DAYBOOK_API_KEY (scopes: payroll) serves none of daybook mcp's tools: it needs write",
      )
    } finally {
      await later.close()
    }
  })
})

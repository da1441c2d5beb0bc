import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { type App, buildApp } from '../../src/app.js'
import { type Config, loadConfig } from '../../src/config.js'
import { takeTenantScopeViolations } from '../../src/db/tenant-scope.js'
import type { Clock } from '../../src/kernel/clock.js'
import { assertAuditChainsIntact } from './audit-chains.js'
import { logErrorCodes } from './error-code-log.js'

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number
  headers: Headers
  body: {
    data?: T | null
    errors?: Array<{ message: string; path?: string[]; extensions?: { code?: string } }>
  }
}

export interface TestServer {
  url: string
  app: App
  config: Config
  engine: 'sqlite' | 'postgres'
  post(body: unknown, headers?: Record<string, string>, urlPath?: string): Promise<GraphQLResponse>
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T>>
  close(): Promise<void>
}

export interface StartOptions {
  env?: Record<string, string>
  clock?: Clock
  dataDir?: string
}

/** A real Daybook server on a free loopback port, on the engine this test run targets. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'daybook-test-'))
  const databaseUrl = inject('databaseUrl')
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Every query a test makes the server run must name its organization (ADR 0026).
    DAYBOOK_CHECK_TENANT_SCOPE: '1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  })
  const app = await buildApp(config, options.clock ? { clock: options.clock } : {})
  logErrorCodes(app.server, inject('errorCodeLog'))
  await app.server.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.server.address()
  if (address === null || typeof address === 'string') throw new Error('server did not bind a TCP port')
  const url = `http://127.0.0.1:${address.port}`

  const post = async (body: unknown, headers: Record<string, string> = {}, urlPath = '/graphql') => {
    const response = await fetch(url + urlPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    let parsed: GraphQLResponse['body']
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new Error(`non-JSON answer (${response.status}): ${text.slice(0, 200)}`)
    }
    return { status: response.status, headers: response.headers, body: parsed }
  }

  return {
    url,
    app,
    config,
    engine: databaseUrl ? 'postgres' : 'sqlite',
    post,
    gql: (query, variables, headers) => post({ query, variables }, headers) as never,
    async close() {
      // PostgreSQL's database is shared by every test file: the run's teardown checks it once.
      if (!databaseUrl) await assertAuditChainsIntact(app.core)
      await app.close()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
      // A violation may have been swallowed on its way (a best-effort write): fail the test here.
      const violations = takeTenantScopeViolations()
      if (violations.length > 0)
        throw new Error(`queries without their organization:\n${violations.join('\n')}`)
    },
  }
}

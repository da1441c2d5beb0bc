import { ok, type Result } from '../kernel/result.js'

export interface McpConfig {
  /** The GraphQL endpoint, such as http://127.0.0.1:4000/graphql. */
  graphqlUrl: string
  /** POST /uploads beside it. */
  uploadsUrl: string
  apiKey: string
}

/**
 * The two variables an MCP client's configuration sets. DAYBOOK_URL is the server's base address;
 * one that already ends in /graphql is taken as the endpoint itself, as people copy it from docs.
 */
export function loadMcpConfig(env: NodeJS.ProcessEnv = process.env): Result<McpConfig, string> {
  const missing = ['DAYBOOK_URL', 'DAYBOOK_API_KEY'].filter((name) => !env[name]?.trim())
  if (missing.length > 0) {
    return {
      ok: false,
      error: `daybook mcp needs ${missing.join(' and ')} in its environment: DAYBOOK_URL is the server's address (http://127.0.0.1:4000), DAYBOOK_API_KEY an API key of the organization (dbk_…).`,
    }
  }
  const text = (env.DAYBOOK_URL ?? '').trim()
  let base: URL
  try {
    base = new URL(text)
  } catch {
    return { ok: false, error: `DAYBOOK_URL must be an http or https address, not ${JSON.stringify(text)}.` }
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    return { ok: false, error: `DAYBOOK_URL must be an http or https address, not ${JSON.stringify(text)}.` }
  }
  const root = `${base.origin}${base.pathname}`.replace(/\/+$/, '').replace(/\/graphql$/, '')
  return ok({
    graphqlUrl: `${root}/graphql`,
    uploadsUrl: `${root}/uploads`,
    apiKey: (env.DAYBOOK_API_KEY ?? '').trim(),
  })
}

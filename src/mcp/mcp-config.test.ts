// daybook mcp's two settings: both required, and the address taken with or without /graphql.
import { describe, expect, it } from 'vitest'
import { loadMcpConfig } from './mcp-config.js'

describe('loadMcpConfig', () => {
  it('names every missing variable', () => {
    const missing = loadMcpConfig({ DAYBOOK_URL: ' ' })
    expect(missing.ok).toBe(false)
    if (!missing.ok) expect(missing.error).toMatch(/^daybook mcp needs DAYBOOK_URL and DAYBOOK_API_KEY /)
  })

  it('takes the base address or the endpoint itself', () => {
    for (const url of ['http://127.0.0.1:4000', 'http://127.0.0.1:4000/', 'http://127.0.0.1:4000/graphql/']) {
      expect(loadMcpConfig({ DAYBOOK_URL: url, DAYBOOK_API_KEY: 'dbk_x' })).toEqual({
        ok: true,
        value: {
          graphqlUrl: 'http://127.0.0.1:4000/graphql',
          uploadsUrl: 'http://127.0.0.1:4000/uploads',
          apiKey: 'dbk_x',
        },
      })
    }
    const behindProxy = loadMcpConfig({
      DAYBOOK_URL: 'https://books.example.com/daybook',
      DAYBOOK_API_KEY: 'k',
    })
    expect(behindProxy.ok && behindProxy.value.uploadsUrl).toBe('https://books.example.com/daybook/uploads')
  })

  it('refuses an address that is not http or https', () => {
    for (const url of ['127.0.0.1:4000', 'file:///tmp/x', 'not a url']) {
      const refused = loadMcpConfig({ DAYBOOK_URL: url, DAYBOOK_API_KEY: 'dbk_x' })
      expect(refused.ok, url).toBe(false)
    }
  })
})

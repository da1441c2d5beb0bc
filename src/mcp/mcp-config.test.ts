// daybook mcp's settings: address and key required, the address taken with or without /graphql, the files folder optional.
import { describe, expect, it } from 'vitest'
import { loadMcpConfig } from '../config.js'

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
          filesFolder: undefined,
        },
      })
    }
    const behindProxy = loadMcpConfig({
      DAYBOOK_URL: 'https://books.example.com/daybook',
      DAYBOOK_API_KEY: 'k',
    })
    expect(behindProxy.ok && behindProxy.value.uploadsUrl).toBe('https://books.example.com/daybook/uploads')
  })

  it('takes the folder file tools may read from, and none when it is not set', () => {
    const base = { DAYBOOK_URL: 'http://127.0.0.1:4000', DAYBOOK_API_KEY: 'k' }
    const folder = loadMcpConfig({ ...base, DAYBOOK_MCP_FILES_DIR: ' /home/me/statements ' })
    expect(folder.ok && folder.value.filesFolder).toBe('/home/me/statements')
    const none = loadMcpConfig({ ...base, DAYBOOK_MCP_FILES_DIR: '' })
    expect(none.ok && none.value.filesFolder).toBeUndefined()
  })

  it('refuses an address that is not http or https', () => {
    for (const url of ['127.0.0.1:4000', 'file:///tmp/x', 'not a url']) {
      const refused = loadMcpConfig({ DAYBOOK_URL: url, DAYBOOK_API_KEY: 'dbk_x' })
      expect(refused.ok, url).toBe(false)
    }
  })
})

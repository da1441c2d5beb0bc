// GraphiQL at /graphql works in a real browser with every request kept on Daybook's own origin: the editor shows, and a query typed in it (with an API key typed into its headers) shows its answer.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchChromium, openPage } from '../support/browser.js'
import { createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let browser: Browser
let tenant: Tenant

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ env: { GRAPHIQL: 'true' } }), launchChromium()])
  tenant = await createTenant(server, `GraphiQL Books ${Date.now()}`)
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** Replaces an editor's whole text, as a person selecting all and pasting would. */
async function replaceEditorText(page: Page, editor: string, text: string): Promise<void> {
  await page.locator(`${editor} .CodeMirror`).click()
  await page.keyboard.press('Control+A')
  await page.keyboard.insertText(text)
}

it('loads from the server alone and answers queries typed into it', async () => {
  const page = await openPage(browser)
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  try {
    await page.goto(`${server.url}/graphql`)
    const execute = page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' })
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor()
    await execute.waitFor()

    await replaceEditorText(page, '.graphiql-query-editor', '{ __typename }')
    await execute.click()
    await page.locator('.graphiql-response', { hasText: '"__typename": "Query"' }).waitFor()

    // The headers editor is the one open below the query; the key typed there goes with the query.
    await replaceEditorText(
      page,
      '.graphiql-editor-tool .graphiql-editor:not(.hidden)',
      JSON.stringify({ Authorization: `Bearer ${tenant.apiKey}` }),
    )
    await replaceEditorText(page, '.graphiql-query-editor', '{ myOrganizations { name } }')
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && (request.postData() ?? '').includes('myOrganizations'),
    )
    await execute.click()
    expect(await (await sent).headerValue('authorization')).toBe(`Bearer ${tenant.apiKey}`)
    await page.locator('.graphiql-response', { hasText: 'GraphiQL Books' }).waitFor()

    const origin = new URL(server.url).origin
    expect(requested.length).toBeGreaterThan(4)
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([])
  } finally {
    await page.context().close()
  }
})

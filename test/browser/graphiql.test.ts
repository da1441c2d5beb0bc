// GraphiQL at /graphql works in a real browser with every request kept on Daybook's own origin: the editor shows, and a query typed in it (with an API key typed into its headers) shows its answer.
import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { browserTestBed, openPage } from '../support/browser.js'
import { createTenant, type Tenant } from '../support/fixtures.js'

let tenant: Tenant

const bed = browserTestBed({ server: { env: { GRAPHIQL: 'true' } }, webApp: false })

beforeAll(async () => {
  tenant = await createTenant(bed.server, `GraphiQL Books ${Date.now()}`)
})

/** Replaces an editor's whole text, as a person selecting all and pasting would. */
async function replaceEditorText(page: Page, editor: string, text: string): Promise<void> {
  await page.locator(`${editor} .CodeMirror`).click()
  await page.keyboard.press('Control+A')
  await page.keyboard.insertText(text)
}

it('loads from the server alone and answers queries typed into it', async () => {
  const page = await openPage(bed.browser)
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  try {
    await page.goto(`${bed.server.url}/graphql`)
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

    const origin = new URL(bed.server.url).origin
    expect(requested.length).toBeGreaterThan(4)
    expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([])
  } finally {
    await page.context().close()
  }
})

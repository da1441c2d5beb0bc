// GET /invoices/{id}.pdf over HTTP (DESIGN 8.6): a real PDF whose text, read back with pdf.js, holds what a business sends, over as many pages as its lines need, for its own organization's readers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, createUser, type Tenant, unique } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
const { field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type Payload = { success: boolean; error: string | null; invoice: { id: string; number: string } | null }
type LineInput = {
  description: string
  quantity: string
  unitPrice: string
  accountId: string
  taxCode?: string
}

const payloadFields = 'success error invoice { id number }'
const createMutation = `mutation ($org: UUID!, $input: InvoiceInput!) { createInvoice(organizationId: $org, input: $input) { ${payloadFields} } }`
const approveMutation = `mutation ($org: UUID!, $id: UUID!) { approveInvoice(organizationId: $org, invoiceId: $id) { ${payloadFields} } }`
const voidMutation = `mutation ($org: UUID!, $id: UUID!) { voidInvoice(organizationId: $org, invoiceId: $id) { ${payloadFields} } }`
const payMutation = `mutation ($org: UUID!, $id: UUID!, $account: UUID!) {
  recordInvoicePayment(organizationId: $org, invoiceId: $id, amount: "300.00", date: "2026-03-20", paymentAccountId: $account) { ${payloadFields} }
}`

async function written(tenant: Tenant, query: string, variables: Record<string, unknown>) {
  const payload = await field<Payload>(tenant, query, variables)
  expect(payload.error ?? '', JSON.stringify(payload)).toBe('')
  return payload.invoice as { id: string; number: string }
}

/** A tenant with a French name, a business number, a customer and its sales account. */
async function books() {
  const name = unique('Boulangerie Café Éclair')
  const tenant = await createTenant(server, name)
  const profile = await field<{ success: boolean; error: string | null }>(
    tenant,
    'mutation ($org: UUID!) { updateOrganizationProfile(organizationId: $org, businessNumber: "123456789RT0001") { success error } }',
    {},
    tenant.owner.jwt,
  )
  expect(profile.error ?? '').toBe('')
  const accounts = await accountsByName(server, tenant)
  const customer = await field<{ contact: { id: string } }>(
    tenant,
    'mutation ($org: UUID!) { createContact(organizationId: $org, contactType: "customer", displayName: "Société Northwind Ltée") { success contact { id } } }',
  )
  return {
    tenant,
    name,
    sales: accounts['Sales Revenue'] as string,
    chequing: accounts.Chequing as string,
    customer: customer.contact.id,
  }
}

type Books = Awaited<ReturnType<typeof books>>

const create = (b: Books, lines: LineInput[]) =>
  written(b.tenant, createMutation, {
    input: {
      kind: 'invoice',
      contactId: b.customer,
      issueDate: '2026-03-10',
      dueDate: '2026-04-09',
      memo: 'Merci de votre confiance',
      lines,
    },
  })

const twoLines = (b: Books): LineInput[] => [
  { description: 'Consulting', quantity: '1', unitPrice: '450.00', accountId: b.sales, taxCode: 'HST_ON' },
  {
    description: 'Café et déplacements',
    quantity: '3',
    unitPrice: '33.33',
    accountId: b.sales,
    taxCode: 'HST_ON',
  },
]

const fetchPdf = (id: string, headers: Record<string, string> = {}, query = '') =>
  fetch(`${server.url}/invoices/${id}.pdf${query}`, { headers })

/** Each page's text, as pdf.js reads it back from the bytes. */
async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: VerbosityLevel.ERRORS,
  }).promise
  const pages: string[] = []
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'))
  }
  await doc.destroy()
  return pages
}

async function pdfPages(id: string, headers: Record<string, string>, query = ''): Promise<string[]> {
  const response = await fetchPdf(id, headers, query)
  expect(response.status, await response.clone().text()).toBe(200)
  const bytes = new Uint8Array(await response.arrayBuffer())
  expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('%PDF')
  return pagesOf(bytes)
}

describe('an invoice as a PDF', () => {
  it('holds the business, the contact, the number, the dates, each line, the tax per code, the total and the amount due', async () => {
    const b = await books()
    const invoice = await create(b, twoLines(b))
    expect(invoice.number).toBe('INV-0001')
    await written(b.tenant, approveMutation, { id: invoice.id })
    await written(b.tenant, payMutation, { id: invoice.id, account: b.chequing })

    const response = await fetchPdf(invoice.id, b.tenant.bearer)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe('inline; filename="INV-0001.pdf"')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('%PDF')
    const pages = await pagesOf(bytes)
    expect(pages).toHaveLength(1)
    const text = pages[0] ?? ''
    for (const expected of [
      b.name,
      '123456789RT0001',
      'Société Northwind Ltée',
      'INV-0001',
      '2026-03-10',
      '2026-04-09',
      'Consulting',
      '450.00',
      'Café et déplacements',
      '33.33',
      '99.99',
      'Subtotal',
      '549.99',
      'Tax HST_ON on 549.99',
      '71.50',
      'Total (CAD)',
      '621.49',
      'Amount paid',
      '300.00',
      'Amount due (CAD)',
      '321.49',
      'Merci de votre confiance',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('DRAFT')
    expect(text).not.toContain('VOID')
  })

  it('marks a draft DRAFT and a voided document VOID', async () => {
    const b = await books()
    const draft = await create(b, twoLines(b))
    expect((await pdfPages(draft.id, b.tenant.bearer)).join('\n')).toContain('DRAFT')
    await written(b.tenant, approveMutation, { id: draft.id })
    await written(b.tenant, voidMutation, { id: draft.id })
    const voided = (await pdfPages(draft.id, b.tenant.bearer)).join('\n')
    expect(voided).toContain('VOID')
    expect(voided).not.toContain('DRAFT')
  })

  it('breaks 120 lines over pages, the table header on each and the totals on the last', async () => {
    const b = await books()
    const lines = Array.from({ length: 120 }, (_, index) => ({
      description: `Ligne ${index + 1}: pâtisserie livrée`,
      quantity: '1',
      unitPrice: '10.00',
      accountId: b.sales,
      taxCode: 'HST_ON',
    }))
    const invoice = await create(b, lines)
    const pages = await pdfPages(invoice.id, b.tenant.bearer)
    expect(pages.length).toBeGreaterThan(1)
    const last = pages.at(-1) ?? ''
    expect(last).toContain('Total (CAD)')
    expect(last).toContain('1356.00')
    expect(last).toContain('Ligne 120: pâtisserie livrée')
    expect(pages[0]).not.toContain('1356.00')
    for (const page of pages) expect(page).toContain('Description')
    const all = pages.join('\n')
    for (let number = 1; number <= 120; number++) expect(all).toContain(`Ligne ${number}: pâtisserie livrée`)
  })
})

describe('who may read it', () => {
  it("answers another organization's document, a missing one and a malformed id alike, with 404", async () => {
    const mine = await books()
    const other = await books()
    const invoice = await create(mine, twoLines(mine))
    const missing = await fetchPdf('00000000-0000-4000-8000-000000000000', mine.tenant.bearer)
    expect(missing.status).toBe(404)
    const missingBody = await missing.json()
    expect(missingBody).toEqual({
      errors: [{ message: 'Invoice not found.', extensions: { code: 'INVOICE_NOT_FOUND' } }],
    })
    const attempts = [
      await fetchPdf(invoice.id, other.tenant.bearer),
      await fetchPdf(invoice.id, other.tenant.owner.jwt),
      await fetchPdf(invoice.id, other.tenant.owner.jwt, `?organizationId=${mine.tenant.organizationId}`),
      await fetchPdf(invoice.id, other.tenant.bearer, `?organizationId=${mine.tenant.organizationId}`),
      await fetchPdf('not-an-id', mine.tenant.bearer),
    ]
    for (const answer of attempts) {
      expect(answer.status).toBe(404)
      expect(answer.headers.get('content-type')).toContain('application/json')
      expect(await answer.json()).toEqual(missingBody)
    }
  })

  it('asks for credentials first, and refuses a key without a reading scope as /files does', async () => {
    const b = await books()
    const invoice = await create(b, twoLines(b))
    const anonymous = await fetchPdf(invoice.id)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] })
    const badKey = await fetchPdf(invoice.id, { authorization: 'Bearer not-a-key' })
    expect(badKey.status).toBe(401)

    const { access } = server.app.core.services
    const keyWith = async (scope: 'events' | 'read') => {
      const key = await access.createApiKeyAsOperator(b.tenant.organizationId, scope, [scope])
      if (!key.ok) throw new Error(key.error.message)
      return { authorization: `Bearer ${key.value.key}` }
    }
    const eventsKey = await keyWith('events')
    const refused = await fetchPdf(invoice.id, eventsKey)
    const file = await fetch(`${server.url}/files/${b.tenant.organizationId}/2026/03/none.png`, {
      headers: eventsKey,
    })
    expect(refused.status).toBe(403)
    expect(file.status).toBe(403)
    expect(await refused.json()).toEqual(await file.json())
    expect((await fetchPdf(invoice.id, await keyWith('read'))).status).toBe(200)
  })

  it('lets a viewer read it, with or without naming the organization', async () => {
    const b = await books()
    const invoice = await create(b, twoLines(b))
    const viewer = await createUser(server)
    const added = await server.app.core.services.access.addMemberAsOperator(
      b.tenant.organizationId,
      viewer.email,
      'viewer',
    )
    expect(added.ok).toBe(true)
    // A person in several organizations finds a document of any of them without naming it.
    const elsewhere = await books()
    expect(
      (
        await server.app.core.services.access.addMemberAsOperator(
          elsewhere.tenant.organizationId,
          viewer.email,
          'viewer',
        )
      ).ok,
    ).toBe(true)
    expect((await pdfPages(invoice.id, viewer.jwt)).join('\n')).toContain('621.49')
    const named = await pdfPages(invoice.id, viewer.jwt, `?organizationId=${b.tenant.organizationId}`)
    expect(named.join('\n')).toContain('INV-0001')
  })
})

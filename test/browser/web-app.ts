import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { accountsByName, type Tenant } from '../support/fixtures.js'
import type { TestServer } from '../support/server.js'

// What the browser tests do again and again: put events in a queue through the API, and work the
// web app's pages as a person does.

function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}

/** `count` bank rows on the tenant's Chequing account, "Shop 01" the oldest; distinct amounts. */
export async function importShops(server: TestServer, tenant: Tenant, count: number): Promise<void> {
  const accounts = await accountsByName(server, tenant)
  const rows = Array.from({ length: count }, (_, index) => ({
    transactionDate: addDays('2025-01-01', index),
    description: `Shop ${String(index + 1).padStart(2, '0')}`,
    amount: `-${10 + index}.25`,
    eventType: 'expense',
    reference: `row-${index + 1}`,
  }))
  const answer = await server.gql(
    `mutation ($org: UUID!, $account: UUID!, $rows: [BankStatementRowInput!]!) {
      importBankStatement(organizationId: $org, paymentAccountId: $account, rows: $rows) { success importedCount error }
    }`,
    { org: tenant.organizationId, account: accounts.Chequing, rows },
    tenant.bearer,
  )
  expect(answer.body.data?.importBankStatement).toMatchObject({ success: true, importedCount: count })
}

export interface EventStatus {
  merchantName: string
  status: string
  category: { name: string } | null
}

export async function eventsOf(server: TestServer, tenant: Tenant): Promise<EventStatus[]> {
  const answer = await server.gql(
    'query ($org: UUID!) { listLedgerEvents(organizationId: $org, limit: 200) { items { merchantName status category { name } } } }',
    { org: tenant.organizationId },
    tenant.bearer,
  )
  return answer.body.data?.listLedgerEvents.items as EventStatus[]
}

/** Signs in and chooses the only organization, with the keyboard, as a person would. */
export async function signInAndChoose(
  server: TestServer,
  page: Page,
  user: Tenant['owner'],
  organizationName: string,
): Promise<void> {
  await page.goto(`${server.url}/app`)
  await page.getByLabel('Email').waitFor()
  await page.keyboard.type(user.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(user.password)
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: organizationName }).and(page.locator(':focus')).waitFor()
  await page.keyboard.press('Enter')
}

export async function waitForQueueCount(page: Page, count: number): Promise<void> {
  await page.locator('h1', { hasText: `· ${count} to review` }).waitFor()
}

export const focusedRow = (page: Page) => page.locator('[role=option].focused')

/** Drops files on an element as a person dragging them from the desktop does. */
export async function dropFiles(
  page: Page,
  selector: string,
  files: Array<{ name: string; type: string; bytes: Buffer }>,
): Promise<void> {
  const encoded = files.map((file) => ({
    name: file.name,
    type: file.type,
    base64: file.bytes.toString('base64'),
  }))
  // Text, not a function: it runs in the page, and the tests are compiled without the DOM's types.
  const transfer = await page.evaluateHandle(`(() => {
    const data = new DataTransfer()
    for (const file of ${JSON.stringify(encoded)}) {
      const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0))
      data.items.add(new File([bytes], file.name, { type: file.type }))
    }
    return data
  })()`)
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer })
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer })
}

export interface PostedEventInput {
  merchantName: string
  amount: string
  transactionDate: string
  direction: 'in' | 'out'
  category: string
  paymentAccount?: string
}

/** Events created, classified and confirmed through the API, as bookkeeping done earlier left them. */
export async function postEvents(
  server: TestServer,
  tenant: Tenant,
  events: PostedEventInput[],
): Promise<string[]> {
  const accounts = await accountsByName(server, tenant)
  const ids: string[] = []
  for (const event of events) {
    const created = await server.gql(
      `mutation ($org: UUID!, $merchant: String!, $amount: String!, $date: String!, $type: String!,
                 $direction: String!, $category: UUID!, $payment: UUID!) {
        createLedgerEvent(organizationId: $org, merchantName: $merchant, amount: $amount, transactionDate: $date,
          eventType: $type, direction: $direction, categoryId: $category, paymentAccountId: $payment) { success error eventId }
      }`,
      {
        org: tenant.organizationId,
        merchant: event.merchantName,
        amount: event.amount,
        date: event.transactionDate,
        type: event.direction === 'in' ? 'income' : 'expense',
        direction: event.direction,
        category: accounts[event.category],
        payment: accounts[event.paymentAccount ?? 'Chequing'],
      },
      tenant.bearer,
    )
    const eventId = created.body.data?.createLedgerEvent?.eventId as string | undefined
    expect(created.body.data?.createLedgerEvent, JSON.stringify(created.body)).toMatchObject({
      success: true,
    })
    const confirmed = await server.gql(
      'mutation ($org: UUID!, $id: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $id) { success error } }',
      { org: tenant.organizationId, id: eventId },
      tenant.bearer,
    )
    expect(confirmed.body.data?.confirmLedgerEvent, JSON.stringify(confirmed.body)).toMatchObject({
      success: true,
    })
    ids.push(eventId as string)
  }
  return ids
}

// A payload's refusal names the argument at fault in `field`, as a query's refusal does in its extensions, so a form can mark the input without reading the message.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsByName, createTenant, type Tenant } from '../support/fixtures.js'
import { tenantCalls } from '../support/graphql.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant
const { field } = tenantCalls(() => server)

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
})
afterAll(() => server.close())

type Refusal = { success: boolean; errorCode: string | null; field: string | null }

describe('field on a payload refusal', () => {
  it('names the argument: a bad amount, an empty name, an unknown event, a bad date', async () => {
    const event = await field<Refusal>(
      tenant,
      'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Staples", amount: "12.345", transactionDate: "2026-03-01") { success errorCode field } }',
    )
    expect(event).toEqual({ success: false, errorCode: 'INVALID_AMOUNT', field: 'amount' })
    const account = await field<Refusal>(
      tenant,
      'mutation ($org: UUID!) { createAccount(organizationId: $org, name: "  ") { success errorCode field } }',
    )
    expect(account).toMatchObject({ success: false, field: 'name' })
    const confirmed = await field<Refusal>(
      tenant,
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success errorCode field } }',
      { e: randomUUID() },
    )
    expect(confirmed).toEqual({ success: false, errorCode: 'EVENT_NOT_FOUND', field: 'eventId' })
    const dated = await field<Refusal>(
      tenant,
      'mutation ($org: UUID!) { createLedgerEvent(organizationId: $org, merchantName: "Staples", amount: "1.00", transactionDate: "2026-02-30") { success errorCode field } }',
    )
    expect(dated).toEqual({ success: false, errorCode: 'INVALID_DATE', field: 'transactionDate' })
  })

  it('is null on success, and on a batch item names the item field at fault', async () => {
    const accounts = await accountsByName(server, tenant)
    const created = await field<Refusal & { eventId: string }>(
      tenant,
      'mutation ($org: UUID!, $p: UUID) { createLedgerEvent(organizationId: $org, merchantName: "Staples", amount: "1.00", transactionDate: "2026-03-01", paymentAccountId: $p) { success errorCode field eventId } }',
      { p: accounts.Chequing },
    )
    expect(created).toMatchObject({ success: true, errorCode: null, field: null })
    const batch = await field<{
      created: number
      errors: Array<{ index: number; errorCode: string; field: string | null }>
    }>(
      tenant,
      'mutation ($org: UUID!, $items: [AccountInput!]!) { batchCreateAccounts(organizationId: $org, items: $items) { created errors { index errorCode field } } }',
      {
        items: [
          { name: 'Petty Cash Two', accountType: 'bank', classification: 'asset' },
          { name: 'Odd', accountType: 'no_such_type', classification: 'asset' },
        ],
      },
    )
    expect(batch.created).toBe(1)
    expect(batch.errors).toHaveLength(1)
    expect(batch.errors[0]).toMatchObject({ index: 1, field: 'accountType' })
  })
})

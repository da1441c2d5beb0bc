// One bad date fails one way everywhere: INVALID_DATE, at the operation's path or in its payload, naming the argument, whether the argument is a String or a Date and whether it comes as a variable or inline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountIdByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer
let tenant: Tenant
let chequingId: string

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenant(server)
  chequingId = await accountIdByName(server, tenant, 'Chequing')
})
afterAll(() => server.close())

const badDates = ['2026-02-30', '2026-13-01', '26-01-01', 'yesterday', '']

interface Case {
  /** The operation's field. */
  field: string
  argument: string
  /** Its GraphQL type, for the variable form. */
  type: 'Date' | 'Date!' | 'String' | 'String!'
  /** The call with `$$` where the date goes; $org is the organization. */
  call: () => string
  selection: string
  /** Owners' and admins' operations are asked as the owner; the rest with the API key. */
  asOwner?: boolean
}

const queries: Case[] = [
  ...(['startDate', 'endDate'] as const).flatMap((argument) =>
    (['dashboardSummary', 'incomeStatement'] as const).map(
      (field): Case => ({
        field,
        argument,
        type: 'Date',
        call: () => `${field}(organizationId: $org, ${argument}: $$)`,
        selection: '{ netIncome }',
      }),
    ),
  ),
  ...(['trialBalance', 'balanceSheet'] as const).map(
    (field): Case => ({
      field,
      argument: 'asOf',
      type: 'Date',
      call: () => `${field}(organizationId: $org, asOf: $$)`,
      selection: '{ asOf }',
    }),
  ),
  {
    field: 'generalLedger',
    argument: 'endDate',
    type: 'Date',
    call: () => `generalLedger(organizationId: $org, accountId: "${chequingId}", endDate: $$)`,
    selection: '{ closingBalance }',
  },
  ...(['dateFrom', 'dateTo'] as const).map(
    (argument): Case => ({
      field: 'listLedgerEvents',
      argument,
      type: 'String',
      call: () => `listLedgerEvents(organizationId: $org, ${argument}: $$)`,
      selection: '{ totalCount }',
    }),
  ),
  ...(['dateFrom', 'dateTo'] as const).map(
    (argument): Case => ({
      field: 'listExchangeRates',
      argument,
      type: 'Date',
      call: () => `listExchangeRates(organizationId: $org, ${argument}: $$)`,
      selection: '{ totalCount }',
    }),
  ),
]

const mutations: Case[] = [
  {
    field: 'createLedgerEvent',
    argument: 'transactionDate',
    type: 'String!',
    call: () =>
      `createLedgerEvent(organizationId: $org, merchantName: "Shop", amount: "1.00", transactionDate: $$)`,
    selection: '{ success error errorCode }',
  },
  {
    field: 'setLockDate',
    argument: 'lockDate',
    type: 'Date',
    call: () => 'setLockDate(organizationId: $org, lockDate: $$)',
    selection: '{ success error errorCode }',
    asOwner: true,
  },
  {
    field: 'startReconciliation',
    argument: 'statementDate',
    type: 'Date!',
    call: () =>
      `startReconciliation(organizationId: $org, paymentAccountId: "${chequingId}", statementDate: $$, statementBalance: "0.00")`,
    selection: '{ success error errorCode }',
  },
]

async function ask(kind: 'query' | 'mutation', c: Case, value: string, inline: boolean) {
  const argument = inline ? JSON.stringify(value) : '$d'
  const variables = inline ? '($org: UUID!)' : `($org: UUID!, $d: ${c.type})`
  const document = `${kind} ${variables} { ${c.call().replace('$$', argument)} ${c.selection} }`
  const response = await server.gql(
    document,
    { org: tenant.organizationId, ...(inline ? {} : { d: value }) },
    c.asOwner ? tenant.owner.jwt : tenant.bearer,
  )
  expect(response.status).toBe(200)
  return response.body
}

describe.each([
  ['as a variable', false],
  ['inline', true],
])('a bad date %s', (_, inline) => {
  it.each(queries.map((c) => [`${c.field}(${c.argument})`, c] as const))(
    'query %s: INVALID_DATE at its path, naming the argument',
    async (_, c) => {
      for (const value of badDates) {
        const body = await ask('query', c, value, inline)
        expect(body.data?.[c.field], value).toBeNull()
        expect(body.errors, value).toHaveLength(1)
        const [error] = body.errors ?? []
        expect(error?.extensions, value).toMatchObject({ code: 'INVALID_DATE', field: c.argument })
        expect(error?.path, value).toEqual([c.field])
        expect(error?.message.startsWith(`${c.argument} `), error?.message).toBe(true)
      }
    },
  )

  it.each(mutations.map((c) => [`${c.field}(${c.argument})`, c] as const))(
    'mutation %s: INVALID_DATE in the payload, naming the argument, nothing changed',
    async (_, c) => {
      for (const value of badDates) {
        const body = await ask('mutation', c, value, inline)
        expect(body.errors, value).toBeUndefined()
        const payload = body.data?.[c.field]
        expect(payload, value).toMatchObject({ success: false, errorCode: 'INVALID_DATE' })
        expect(payload.error.startsWith(`${c.argument} `), payload.error).toBe(true)
      }
      const state = await server.gql(
        `query ($org: UUID!) {
          myOrganizations { id lockDate }
          listLedgerEvents(organizationId: $org) { totalCount }
          listReconciliations(organizationId: $org, paymentAccountId: "${chequingId}") { totalCount }
        }`,
        { org: tenant.organizationId },
        tenant.owner.jwt,
      )
      expect(state.body.errors).toBeUndefined()
      expect(state.body.data?.myOrganizations).toContainEqual({ id: tenant.organizationId, lockDate: null })
      expect(state.body.data).toMatchObject({
        listLedgerEvents: { totalCount: 0 },
        listReconciliations: { totalCount: 0 },
      })
    },
  )
})

it('a date that is not a string is a type error of the request, as for any scalar', async () => {
  const body = await server.gql(
    'query ($org: UUID!, $d: Date) { trialBalance(organizationId: $org, asOf: $d) { asOf } }',
    { org: tenant.organizationId, d: 20260101 },
    tenant.bearer,
  )
  expect(body.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
  expect(body.body).not.toHaveProperty('data')
})

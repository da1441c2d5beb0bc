// Hostile statement files are refused fast, read off the server's event loop, and remembered refused for their key.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvOfShortRows, csvOfWideRows, ofxOfManyElements, qifOfManyRecords } from '../support/bank-files.js'
import { multipart } from '../support/files.js'
import { accountIdByName, createTenant, type Tenant } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const dryRun = `mutation ($org: UUID!, $account: UUID!, $key: String!, $format: BankFileFormat, $dateFormat: String) {
  importBankStatementFile(organizationId: $org, paymentAccountId: $account, s3Key: $key, format: $format, dateFormat: $dateFormat, dryRun: true) {
    success error errorCode format rows { rowIndex }
  }
}`

const startFromFile = `mutation ($org: UUID!, $account: UUID!, $key: String!) {
  startReconciliationFromStatementFile(organizationId: $org, paymentAccountId: $account, s3Key: $key) { success error errorCode }
}`

async function uploaded(tenant: Tenant, bytes: Buffer): Promise<string> {
  const response = await fetch(`${server.url}/uploads`, {
    method: 'POST',
    headers: tenant.bearer,
    body: multipart([{ name: 'file', filename: 'statement', bytes, type: 'application/octet-stream' }]),
  })
  const body = (await response.json()) as Record<string, string>
  expect(response.status, JSON.stringify(body)).toBe(201)
  return body.s3Key as string
}

async function tryDryRun(
  tenant: Tenant,
  account: string,
  key: string,
  options: { format?: string; dateFormat?: string } = {},
) {
  const response = await server.gql(
    dryRun,
    { org: tenant.organizationId, account, key, ...options },
    tenant.bearer,
  )
  expect(response.status).toBe(200)
  expect(response.body.errors).toBeUndefined()
  return response.body.data?.importBankStatementFile as Record<string, unknown>
}

/** How long /healthz takes while `work` runs, each probe from the moment it is sent. */
async function probesDuring(work: Promise<unknown>): Promise<number[]> {
  const times: number[] = []
  let done = false
  const finished = work.finally(() => {
    done = true
  })
  while (!done || times.length < 3) {
    const start = performance.now()
    const response = await fetch(`${server.url}/healthz`)
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    times.push(performance.now() - start)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await finished
  return times
}

describe('hostile statement files of 20 MB', () => {
  const moreRows = (what: string) => `${what} may hold at most 10,000 rows; this one has more. Split it.`
  const cases: Array<[string, () => Buffer, Record<string, unknown>]> = [
    [
      'a CSV of 1.2 million short rows',
      csvOfShortRows,
      { errorCode: 'TOO_MANY_ROWS', error: moreRows('A bank CSV') },
    ],
    [
      'a QIF file of 1.36 million records',
      qifOfManyRecords,
      { errorCode: 'TOO_MANY_ROWS', error: moreRows('A statement file') },
    ],
    [
      'a CSV of 60 rows of 250,000 columns',
      csvOfWideRows,
      { errorCode: 'INVALID_CSV', error: 'Line 1: the record has more than 500 fields.' },
    ],
    [
      'an OFX file of 2.8 million elements',
      ofxOfManyElements,
      {
        errorCode: 'INVALID_BANK_FILE',
        error: 'The file holds more than 500,000 elements; no statement of 10,000 rows needs that many.',
      },
    ],
  ]

  for (const [name, file, refusal] of cases) {
    it(`refuses ${name} in a dry run with a clear error`, async () => {
      const tenant = await createTenant(server)
      const chequing = await accountIdByName(server, tenant, 'Chequing')
      const key = await uploaded(tenant, file())
      expect(await tryDryRun(tenant, chequing, key)).toEqual({
        success: false,
        ...refusal,
        format: null,
        rows: [],
      })
    }, 120_000)
  }

  it('keeps /healthz under 1 s while two dry runs of 19 MB files run', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountIdByName(server, tenant, 'Chequing')
    const keys = [await uploaded(tenant, csvOfShortRows()), await uploaded(tenant, qifOfManyRecords())]
    const runs = Promise.all(keys.map((key) => tryDryRun(tenant, chequing, key)))
    const times = await probesDuring(runs)
    expect((await runs).map((answer) => answer.errorCode)).toEqual(['TOO_MANY_ROWS', 'TOO_MANY_ROWS'])
    expect(Math.max(...times), JSON.stringify(times)).toBeLessThan(1_000)
  }, 180_000)

  it('remembers a file refused for its size by its key, and answers a repeat without reading it again', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountIdByName(server, tenant, 'Chequing')
    const key = await uploaded(tenant, csvOfShortRows())
    const first = await tryDryRun(tenant, chequing, key)
    expect(first.errorCode).toBe('TOO_MANY_ROWS')
    // With the stored file gone, only the refusal remembered for its key can answer.
    await rm(path.join(server.config.dataDir, 'objects', key))
    expect(await tryDryRun(tenant, chequing, key)).toEqual(first)
    expect(await tryDryRun(tenant, chequing, key, { format: 'QIF', dateFormat: 'DD/MM/YYYY' })).toEqual(first)
    const reconciliation = await server.gql(
      startFromFile,
      { org: tenant.organizationId, account: chequing, key },
      tenant.bearer,
    )
    expect(reconciliation.body.data?.startReconciliationFromStatementFile).toEqual({
      success: false,
      errorCode: first.errorCode,
      error: first.error,
    })
  }, 120_000)

  it('does not remember a refusal that another reading could undo, nor one for another organization', async () => {
    const tenant = await createTenant(server)
    const chequing = await accountIdByName(server, tenant, 'Chequing')
    const key = await uploaded(tenant, Buffer.from('!Type:Bank\nD13/01/2025\nT-1.00\nPShop\n^\n'))
    // Read in the wrong day order the date does not exist; in the right one the file reads.
    expect((await tryDryRun(tenant, chequing, key, { dateFormat: 'MM/DD/YYYY' })).errorCode).toBe(
      'INVALID_BANK_FILE',
    )
    expect(await tryDryRun(tenant, chequing, key, { dateFormat: 'DD/MM/YYYY' })).toMatchObject({
      success: true,
      format: 'QIF',
      rows: [{ rowIndex: 0 }],
    })
    const big = await uploaded(tenant, qifOfManyRecords())
    expect((await tryDryRun(tenant, chequing, big)).errorCode).toBe('TOO_MANY_ROWS')
    const other = await createTenant(server)
    const otherChequing = await accountIdByName(server, other, 'Chequing')
    expect(await tryDryRun(other, otherChequing, big)).toMatchObject({
      success: false,
      errorCode: 'FILE_NOT_FOUND',
    })
  }, 120_000)
})

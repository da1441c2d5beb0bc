// The tax-return command (DESIGN 8.3): the same return the API answers, as JSON or as CSV, bad arguments refused on one line, and hledger reading lines 103 and 106 back from the export.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, operatorCli, printed, refused } from '../support/cli.js'
import { unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'
import { hledger, requireTool } from '../support/system-tools.js'

const run = promisify(execFile)

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-tax-cli-'))
const daybook = operatorCli(dataDir)
let server: TestServer

beforeAll(async () => {
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

/** An organization made through the CLI, and a way to post events to it over HTTP. */
async function cliTenant() {
  const name = unique('Tax CLI')
  const org = json(await daybook('org', 'create', '--name', name))
  const key = json(await daybook('api-key', 'create', '--org-id', org.id))
  const bearer = { authorization: `Bearer ${key.key}` }
  const accounts = await server.gql(
    'query ($org: UUID!) { listAccounts(organizationId: $org, limit: 100) { items { id name } } }',
    { org: org.id },
    bearer,
  )
  const id = (account: string) =>
    ((accounts.body.data?.listAccounts.items ?? []) as Array<{ id: string; name: string }>).find(
      (a) => a.name === account,
    )?.id
  async function post(merchant: string, amount: string, date: string, eventType: string, category: string) {
    const created = await server.gql(
      'mutation ($org: UUID!, $m: String!, $a: String!, $d: String!, $t: String!, $c: UUID!, $p: UUID!) { createLedgerEvent(organizationId: $org, merchantName: $m, amount: $a, transactionDate: $d, eventType: $t, categoryId: $c, paymentAccountId: $p) { eventId } }',
      { org: org.id, m: merchant, a: amount, d: date, t: eventType, c: id(category), p: id('Chequing') },
      bearer,
    )
    const eventId = created.body.data?.createLedgerEvent.eventId
    const taxAccount = eventType === 'income' ? 'GST/HST Payable' : 'Taxes Recoverable'
    await server.gql(
      'mutation ($org: UUID!, $e: UUID!, $t: UUID!) { updateStagedEntry(organizationId: $org, eventId: $e, taxCode: "HST_ON", taxAccountId: $t) { success } }',
      { org: org.id, e: eventId, t: id(taxAccount) },
      bearer,
    )
    const confirmed = await server.gql(
      'mutation ($org: UUID!, $e: UUID!) { confirmLedgerEvent(organizationId: $org, eventId: $e) { success } }',
      { org: org.id, e: eventId },
      bearer,
    )
    expect(confirmed.body.data?.confirmLedgerEvent).toEqual({ success: true })
  }
  return { org, name, post }
}

describe('daybook tax-return', () => {
  it('prints the return of a period, as JSON or as the lines in CSV', async () => {
    const { org, post } = await cliTenant()
    await post('Client', '1130.00', '2026-02-01', 'income', 'Sales Revenue')

    const found = json(
      await daybook('tax-return', '--org-id', org.id, '--from', '2026-01-01', '--to', '2026-03-31'),
    )
    expect(found).toMatchObject({ jurisdiction: 'CA', method: 'regular', tiesOut: true, filed: false })
    expect(found.lines.find((line: { line: string }) => line.line === '109')).toMatchObject({
      amount: '130.00',
    })

    const csv = printed(
      await daybook('tax-return', '--org-id', org.id, '--from', '2026-01-01', '--to', '2026-03-31', '--csv'),
    )
    const rows = csv.trim().split('\n')
    expect(rows[0]).toBe('line,label,amount')
    expect(rows).toContain('90,"Taxable supplies, zero-rated included (net of tax)",1000.00')
    expect(rows).toContain('103,GST/HST collected or collectible,130.00')
    expect(rows).toHaveLength(21)

    expect(
      refused(await daybook('tax-return', '--org-id', org.id, '--from', '2026-03-31', '--to', '2026-01-01')),
    ).toMatch(/startDate 2026-03-31 is after endDate 2026-01-01/)
    expect(
      refused(
        await daybook(
          'tax-return',
          '--org-id',
          org.id,
          '--from',
          '2026-01-01',
          '--to',
          '2026-03-31',
          '--jurisdiction',
          'CA-ON',
        ),
      ),
    ).toMatch(/jurisdiction must be/)
    expect(
      refused(await daybook('tax-return', '--org-id', 'nope', '--from', '2026-01-01', '--to', '2026-03-31')),
    ).toMatch(/--org-id must be a UUID/)
  })

  it("agrees with hledger: the export's tax accounts over the period are lines 103 and 106", async () => {
    await requireTool(hledger)
    const { org, name, post } = await cliTenant()
    await post('Client A', '11300.00', '2026-01-15', 'income', 'Sales Revenue')
    await post('Client B', '565.00', '2026-03-31', 'income', 'Sales Revenue')
    await post('Supplies', '339.00', '2026-02-01', 'expense', 'Office Expenses')
    await post('Lunch', '113.00', '2026-02-14', 'expense', 'Meals & Entertainment')
    await post('Next quarter', '226.00', '2026-04-01', 'expense', 'Office Expenses')
    const found = json(
      await daybook('tax-return', '--org-id', org.id, '--from', '2026-01-01', '--to', '2026-03-31'),
    )
    const line = (key: string) => found.lines.find((l: { line: string }) => l.line === key)?.amount
    expect([line('103'), line('106')]).toEqual(['1365.00', '45.50'])

    const journal = path.join(dataDir, `${org.id}.journal`)
    printed(await daybook('export-journal', '--org-name', name, '--out', journal))
    const { stdout } = await run('hledger', [
      '-f',
      journal,
      'balance',
      '--flat',
      '-N',
      '-O',
      'csv',
      '-b',
      '2026-01-01',
      '-e',
      '2026-04-01',
      'Liabilities:GST/HST Payable',
      'Assets:Taxes Recoverable',
    ])
    const balances = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.replaceAll('"', '').split(','))
        .map(([account, amount]) => [account, amount]),
    )
    expect(balances).toEqual({
      'Assets:Taxes Recoverable': '45.50 CAD',
      'Liabilities:GST/HST Payable': '-1365.00 CAD',
    })
  })
})

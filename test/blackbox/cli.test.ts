// The operator CLI of DESIGN 3: JSON on stdout, exit codes, and a server that sees its work live.
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, operatorCli, refused } from '../support/cli.js'
import { fixtureDataDir } from '../support/csv.js'
import { unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-cli-'))
const daybook = operatorCli(dataDir)
let server: TestServer

const statementFixture = path.join(fixtureDataDir, 'bank', 'ofxparse_bank_medium_CAD.ofx')

/** An organization made through the CLI, its Chequing account, and an API key to read its books. */
async function bankTenant() {
  const org = json(await daybook('org', 'create', '--name', unique('Bank CLI')))
  const key = json(await daybook('api-key', 'create', '--org-id', org.id))
  const bearer = { authorization: `Bearer ${key.key}` }
  const accounts = await server.gql(
    'query ($org: UUID!) { listAccounts(organizationId: $org, search: "Chequing") { items { id name } } }',
    { org: org.id },
    bearer,
  )
  const chequing = (
    (accounts.body.data?.listAccounts.items ?? []) as Array<{ id: string; name: string }>
  ).find((account) => account.name === 'Chequing')
  if (!chequing) throw new Error('the new organization has no Chequing account')
  const eventCount = async () => {
    const response = await server.gql(
      'query ($org: UUID!) { listLedgerEvents(organizationId: $org) { totalCount } }',
      { org: org.id },
      bearer,
    )
    return response.body.data?.listLedgerEvents.totalCount as number
  }
  const importFile = (file: string, ...options: string[]) =>
    daybook('bank-file', 'import', '--org-id', org.id, '--account-id', chequing.id, file, ...options)
  return { organizationId: org.id as string, accountId: chequing.id, eventCount, importFile }
}

beforeAll(async () => {
  // The server runs on the same data the CLI writes to, as an operator's would.
  server = await startServer({ dataDir })
})
afterAll(() => server.close())

describe('daybook CLI', () => {
  it('migrates (nothing pending once the server has started)', async () => {
    expect(json(await daybook('migrate'))).toEqual({ applied: [] })
  })

  it('walks the first-request path: org, user, member, API key, query', async () => {
    const name = unique('Acme CLI')
    const org = json(await daybook('org', 'create', '--name', name))
    expect(org).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name })

    const email = `${unique('owner').replace(' ', '-')}@example.com`
    const user = json(
      await daybook(
        'user',
        'create',
        '--email',
        email,
        '--password',
        'long enough password',
        '--name',
        'Ada',
      ),
    )
    expect(user).toEqual({ id: expect.any(String), email })

    const member = json(
      await daybook('member', 'add', '--org-id', org.id, '--email', email, '--role', 'owner'),
    )
    expect(member).toEqual({ organizationId: org.id, userId: user.id, role: 'owner' })

    const key = json(await daybook('api-key', 'create', '--org-id', org.id, '--name', 'ci'))
    expect(key).toEqual({ id: expect.any(String), key: expect.stringMatching(/^dbk_/) })

    const response = await server.gql(
      '{ myOrganizations { id name } }',
      {},
      { authorization: `Bearer ${key.key}` },
    )
    expect(response.body.data).toEqual({ myOrganizations: [{ id: org.id, name }] })

    const signIn = await server.gql(
      'mutation ($e: String!, $p: String!) { tokenAuth(email: $e, password: $p) { token } }',
      { e: email, p: 'long enough password' },
    )
    expect(signIn.body.errors).toBeUndefined()
  })

  it('fails with one line on stderr and exit 1', async () => {
    const name = unique('Twice')
    json(await daybook('org', 'create', '--name', name))
    const again = await daybook('org', 'create', '--name', name.toLowerCase())
    expect(again.code).toBe(1)
    expect(again.stdout).toBe('')
    expect(again.stderr.trim()).toBe('Organization with this name already exists.')

    const unknownOrg = await daybook('api-key', 'create', '--org-id', '6f1c2d3e-4b5a-4c6d-8e7f-901234567890')
    expect(unknownOrg.code).toBe(1)
    expect(unknownOrg.stderr.trim()).toBe('Organization Not Found.')

    const weak = await daybook('user', 'create', '--email', 'weak@example.com', '--password', 'short')
    expect(weak.code).toBe(1)
    expect(weak.stderr.trim().split('\n')).toHaveLength(1)

    const badRole = await daybook(
      'member',
      'add',
      '--org-id',
      json(await daybook('org', 'create', '--name', unique('Roles'))).id,
      '--email',
      'x@example.com',
      '--role',
      'king',
    )
    expect(badRole.code).toBe(1)
  })

  it('previews a statement file in a dry run, imports it, and skips its rows the second time', async () => {
    const tenant = await bankTenant()
    const preview = json(await tenant.importFile(statementFixture, '--dry-run'))
    expect(preview).toMatchObject({
      success: true,
      error: null,
      errorCode: null,
      format: 'OFX',
      currency: 'CAD',
      importedCount: 0,
      skippedCount: 0,
      accountMismatch: false,
    })
    expect(preview.rows).toHaveLength(3)
    expect(await tenant.eventCount()).toBe(0)

    const imported = json(await tenant.importFile(statementFixture, '--format', 'OFX'))
    expect(imported).toMatchObject({ success: true, format: 'OFX', importedCount: 3, skippedCount: 0 })
    expect(await tenant.eventCount()).toBe(3)

    const again = json(await tenant.importFile(statementFixture))
    expect(again).toMatchObject({ success: true, importedCount: 0, skippedCount: 3 })
    expect(again.rows.every((row: { isDuplicate: boolean }) => row.isDuplicate)).toBe(true)
    expect(await tenant.eventCount()).toBe(3)
  })

  it('refuses a bank file it cannot take with one line on stderr, and writes nothing', async () => {
    const tenant = await bankTenant()
    const scratch = mkdtempSync(path.join(tmpdir(), 'daybook-cli-files-'))
    const binary = path.join(scratch, 'archive.zip')
    writeFileSync(binary, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00, 0x00, 0x00]))
    // Sparse: the size is refused from the file's metadata, so the test writes no 21 MiB.
    const large = path.join(scratch, 'large.csv')
    writeFileSync(large, 'Date,Amount\n')
    truncateSync(large, 21 * 1024 * 1024)
    const intoOrg = (organizationId: string) =>
      daybook(
        'bank-file',
        'import',
        '--org-id',
        organizationId,
        '--account-id',
        tenant.accountId,
        statementFixture,
      )

    // Independent refusals, run side by side: each is a process start and a database open.
    const [missing, badFormat, wrongFormat, junk, tooLarge, unknownOrg, notAnId, noAccount] =
      await Promise.all([
        tenant.importFile(path.join(scratch, 'missing.ofx')),
        tenant.importFile(statementFixture, '--format', 'PDF'),
        tenant.importFile(statementFixture, '--format', 'QIF'),
        tenant.importFile(binary),
        tenant.importFile(large),
        intoOrg('6f1c2d3e-4b5a-4c6d-8e7f-901234567890'),
        intoOrg('Acme'),
        daybook('bank-file', 'import', '--org-id', tenant.organizationId, statementFixture),
      ])
    expect(refused(missing)).toMatch(/ENOENT/)
    expect(refused(badFormat)).toMatch(/--format/)
    expect(refused(wrongFormat)).toMatch(/reads as OFX/)
    expect(refused(junk)).not.toMatch(/^Error:/)
    expect(refused(tooLarge)).toMatch(/20 MiB/)
    expect(refused(unknownOrg)).toBe('Organization Not Found.')
    expect(refused(notAnId)).toMatch(/--org-id must be a UUID/)
    expect(refused(noAccount, 2)).toMatch(/--account-id/)

    expect(await tenant.eventCount()).toBe(0)
  })

  it('exits 2 on bad usage', async () => {
    expect((await daybook('org', 'create')).code).toBe(2)
    expect((await daybook('no-such-command')).code).toBe(2)
    expect((await daybook('org', 'create', '--name', 'x', '--bogus')).code).toBe(2)
  })
})

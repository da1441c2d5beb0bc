// The operator CLI of DESIGN 3: JSON on stdout, exit codes, and a server that sees its work live.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { unique } from '../support/fixtures.js'
import { startServer, type TestServer } from '../support/server.js'

const run = promisify(execFile)
const bin = path.resolve('bin/daybook.js')
const dataDir = mkdtempSync(path.join(tmpdir(), 'daybook-cli-'))
const databaseUrl = inject('databaseUrl')
let server: TestServer

interface CliOutcome {
  code: number
  stdout: string
  stderr: string
}

async function daybook(...args: string[]): Promise<CliOutcome> {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl ?? '' }
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

function json(outcome: CliOutcome) {
  expect(outcome.code, outcome.stderr).toBe(0)
  expect(outcome.stdout.trim().split('\n')).toHaveLength(1)
  return JSON.parse(outcome.stdout)
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

  it('exits 2 on bad usage', async () => {
    expect((await daybook('org', 'create')).code).toBe(2)
    expect((await daybook('no-such-command')).code).toBe(2)
    expect((await daybook('org', 'create', '--name', 'x', '--bogus')).code).toBe(2)
  })
})

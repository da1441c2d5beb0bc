// `npm pack` builds the package from its sources alone, and a project outside the repository
// installs the tarball and imports it, types and all.
import { execFile } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

const run = promisify(execFile)
const packageDir = fileURLToPath(new URL('..', import.meta.url))
const scratch = mkdtempSync(path.join(tmpdir(), 'daybook-client-pack-'))

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
})

/** npm with what a plain shell would give it: no settings of an npm script that runs these tests. */
function npm(args: string[], cwd: string) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
  )
  return run('npm', args, { cwd, env: { ...env, npm_config_audit: 'false', npm_config_fund: 'false' } })
}

it('packs from a checkout without dist/ and installs offline into a project of its own', {
  timeout: 120_000,
}, async () => {
  // The checkout as git holds it: no dist/, and the toolchain the lockfile installs beside it.
  const checkout = path.join(scratch, 'checkout')
  cpSync(packageDir, checkout, {
    recursive: true,
    filter: (source) => !['node_modules', 'dist'].includes(path.basename(source)),
  })
  symlinkSync(realpathSync(path.join(packageDir, 'node_modules')), path.join(checkout, 'node_modules'))

  const { stdout } = await npm(['pack', '--json', '--pack-destination', scratch], checkout)
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
    filename: string
    files: Array<{ path: string }>
  }>
  if (!packed) throw new Error('npm pack made no tarball')
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string
  }
  expect(packed.filename).toBe(`daybook-client-${version}.tgz`)
  const files = packed.files.map((file) => file.path)
  expect(files).toEqual(
    expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'package.json', 'README.md']),
  )
  expect(
    files.filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md'].includes(file)),
  ).toEqual([])

  const project = path.join(scratch, 'project')
  mkdirSync(project)
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'books-app', private: true, type: 'module' }),
  )
  // Its one runtime dependency is packed from the copy installed here, so nothing is downloaded.
  const dependency = realpathSync(
    path.join(packageDir, 'node_modules', '@graphql-typed-document-node', 'core'),
  )
  const { stdout: dependencyOut } = await npm(
    ['pack', '--json', '--pack-destination', scratch, dependency],
    scratch,
  )
  const [dependencyPacked] = JSON.parse(dependencyOut.slice(dependencyOut.indexOf('['))) as Array<{
    filename: string
  }>
  if (!dependencyPacked) throw new Error('npm pack made no tarball of the dependency')
  await npm(
    [
      'install',
      '--offline',
      path.join(scratch, dependencyPacked.filename),
      path.join(scratch, packed.filename),
    ],
    project,
  )
  expect(readdirSync(path.join(project, 'node_modules', '@daybook', 'client', 'dist'))).toContain('index.js')

  const { stdout: printed } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const c = await import('@daybook/client'); console.log(JSON.stringify([typeof c.createDaybookClient, typeof c.ListLedgerEventsDocument, c.ledgerEventStatuses]))",
    ],
    { cwd: project },
  )
  expect(JSON.parse(printed)).toEqual([
    'function',
    'object',
    ['needs_review', 'confirmed', 'synced', 'reconciled', 'pending', 'ignored'],
  ])

  // The declarations type a consumer's code: a wrong variable fails to compile.
  writeFileSync(
    path.join(project, 'books.ts'),
    [
      "import { createDaybookClient, ListLedgerEventsDocument, type LedgerEventStatus } from '@daybook/client'",
      "const daybook = createDaybookClient({ url: 'http://127.0.0.1:4000/graphql', apiKey: 'dbk_x' })",
      "const status: LedgerEventStatus = 'needs_review'",
      'export const pages = daybook.pages(ListLedgerEventsDocument, { organizationId: "o", status: [status] }, (data) => data.listLedgerEvents)',
      '// @ts-expect-error limit is a number',
      "export const wrong = daybook.request(ListLedgerEventsDocument, { organizationId: 'o', limit: 'ten' })",
      '',
    ].join('\n'),
  )
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: [],
      },
      files: ['books.ts'],
    }),
  )
  await run(
    process.execPath,
    [path.join(packageDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project],
    {
      cwd: project,
    },
  )
})

// The house has no circles and keeps its boundaries: every rule of docs/architecture.md that an import can break fails here.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  findCycles,
  findViolations,
  type PackageManifest,
  portDependencies,
  readImportGraph,
} from './import-graph.js'

const projectRoot = path.resolve(import.meta.dirname, '../..')

describe("Daybook's own source", () => {
  it('breaks no import rule', async () => {
    const manifest = JSON.parse(
      await readFile(path.join(projectRoot, 'package.json'), 'utf8'),
    ) as PackageManifest
    const graph = readImportGraph(projectRoot)
    // A scan that found nothing would pass any rule; the tree has well over a hundred files.
    expect(graph.files.length).toBeGreaterThan(100)
    expect(graph.edges.some((edge) => edge.from === 'src/app.ts' && edge.kind === 'file')).toBe(true)
    expect(findViolations(graph, manifest)).toEqual([])
    // The ports' graph holds the arrows the composition root wires, and none of the edges' use cases.
    const needs = portDependencies(graph).edges.map((edge) => `${edge.from} -> ${edge.to}`)
    expect(needs).toContain('ledger-events -> journal')
    expect(needs).toContain('accounts -> organizations')
    expect(needs).toContain('bank-statements -> files')
    expect(needs).not.toContain('audit -> access')
  })

  it('has no circle in the web app', () => {
    const graph = readImportGraph(projectRoot, 'web')
    expect(graph.files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(20)
    expect(findCycles(graph).map((cycle) => cycle.circle)).toEqual([])
  })
})

describe('the checker on a made-up tree', () => {
  let root: string | undefined
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true })
    root = undefined
  })

  const manifest: PackageManifest = {
    dependencies: { fastify: '^5.0.0', '@scope/shipped': '^1.0.0' },
    devDependencies: { vitest: '^4.0.0', pdfkit: '^0.20.0', '@types/node': '^20.0.0' },
  }

  async function tree(files: Record<string, string>): Promise<string> {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'daybook-imports-'))
    root = directory
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(directory, name)), { recursive: true })
      await writeFile(path.join(directory, name), text)
    }
    return directory
  }

  const cleanTree = {
    'src/main.ts': "import { buildApp } from './app.js'\nawait buildApp()\n",
    'src/app.ts':
      "import Fastify from 'fastify'\nimport { registerRoutes } from './http/server.js'\nimport { NoteService } from './modules/notes/note-service.js'\nimport { NoteStore } from './modules/notes/note-store.js'\nexport async function buildApp() { registerRoutes(Fastify(), new NoteService(new NoteStore())) }\n",
    'src/services.ts':
      "import type { NoteService } from './modules/notes/note-service.js'\nexport interface Services { notes: NoteService }\n",
    'src/http/server.ts':
      "import type { Services } from '../services.js'\nexport function registerRoutes(_app: unknown, _services: Services['notes']) {}\n",
    'src/kernel/money.ts': 'export const zero = 0n\n',
    'src/modules/notes/note-store.ts':
      'export interface NoteRecord { id: string }\nexport class NoteStore {}\n',
    'src/modules/notes/note-service.ts':
      "import { zero } from '../../kernel/money.js'\nimport type { NoteStore } from './note-store.js'\nexport class NoteService { constructor(readonly store: NoteStore) { void zero } }\n",
    'src/modules/notes/notes-port.ts':
      "export type { NoteRecord } from './note-store.js'\nexport interface NotesPort { byId(id: string): Promise<unknown> }\n",
    'src/modules/tags/tag-service.ts':
      "import type { NoteRecord, NotesPort } from '../notes/notes-port.js'\nexport type Tagged = NoteRecord & { notes: NotesPort }\n",
    'src/modules/notes/note-service.test.ts': "import { it } from 'vitest'\nit('runs', () => {})\n",
  }

  it('passes a tree that keeps every rule', async () => {
    const directory = await tree(cleanTree)
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([])
  })

  it('reports a circle through the composition root, even one of type imports only', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/http/server.ts':
        "import type { Services } from '../app.js'\nexport function registerRoutes(_app: unknown, _services: Services) {}\n",
      'src/app.ts': `${cleanTree['src/app.ts']}export type Services = { notes: unknown }\n`,
    })
    const graph = readImportGraph(directory)
    expect(findCycles(graph).map((cycle) => cycle.circle)).toEqual([
      ['src/app.ts', 'src/http/server.ts', 'src/app.ts'],
    ])
    expect(findViolations(graph, manifest)).toEqual([
      'circle: src/app.ts -> src/http/server.ts -> src/app.ts',
    ])
  })

  it('reports a longer circle of value imports once, with every file in it', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/modules/notes/a.ts': "import { b } from './b.js'\nexport const a = () => b\n",
      'src/modules/notes/b.ts': "export { c as b } from './c.js'\n",
      'src/modules/notes/c.ts': "export const c = async () => (await import('./a.js')).a\n",
    })
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      'circle: src/modules/notes/a.ts -> src/modules/notes/b.ts -> src/modules/notes/c.ts -> src/modules/notes/a.ts',
    ])
  })

  it('reports a module that reaches the composition root, main, HTTP or the CLI', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/cli/program.ts': 'export const program = 1\n',
      'src/modules/tags/edges.ts':
        "import type { buildApp } from '../../app.js'\nimport '../../main.js'\nimport { registerRoutes } from '../../http/server.js'\nimport { program } from '../../cli/program.js'\nexport const edges = [registerRoutes, program] as unknown as typeof buildApp\n",
    })
    const problems = findViolations(readImportGraph(directory), manifest)
    expect(problems.filter((problem) => problem.startsWith('module reaches'))).toEqual([
      "module reaches the composition root or an edge: src/modules/tags/edges.ts imports '../../app.js'",
      "module reaches the composition root or an edge: src/modules/tags/edges.ts imports '../../main.js'",
      "module reaches the composition root or an edge: src/modules/tags/edges.ts imports '../../http/server.js'",
      "module reaches the composition root or an edge: src/modules/tags/edges.ts imports '../../cli/program.js'",
    ])
  })

  it("reports a module that reaches another module's store, but not one that names its record shapes", async () => {
    const directory = await tree({
      ...cleanTree,
      'src/modules/tags/tag-store-user.ts':
        "import { NoteStore } from '../notes/note-store.js'\nexport const store = new NoteStore()\n",
      'src/modules/tags/tag-store-type.ts':
        "import type { NoteStore } from '../notes/note-store.js'\nexport type Held = NoteStore\n",
    })
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      "another module's store: src/modules/tags/tag-store-type.ts imports '../notes/note-store.js'; go through that module's port",
      "another module's store: src/modules/tags/tag-store-user.ts imports '../notes/note-store.js'; go through that module's port",
    ])
  })

  it('reports a kernel file that reaches outside the kernel', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/kernel/limits.ts':
        "import type { Services } from '../services.js'\nexport type Limits = Services\n",
    })
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      "kernel reaches outside the kernel: src/kernel/limits.ts imports '../services.js'",
    ])
  })

  it('reports a shipped file that needs a development or undeclared package, and spares tests and types', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/modules/notes/render.ts':
        "import PDFDocument from 'pdfkit'\nimport left from 'left-pad/index.js'\nimport { x } from '@scope/shipped/sub'\nimport type { Buffer } from 'node:buffer'\nimport { readFile } from 'fs'\nimport type { Expect } from 'vitest'\nexport const render = [PDFDocument, left, x, readFile] as unknown as Expect | Buffer\n",
    })
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      "development dependency: src/modules/notes/render.ts imports 'pdfkit', which is only in devDependencies",
      "undeclared package: src/modules/notes/render.ts imports 'left-pad/index.js', which package.json does not list",
    ])
  })

  it('reports a shipped file that reaches into test/, and spares a test file that does', async () => {
    const directory = await tree({
      ...cleanTree,
      'test/support/corpus.ts': 'export const corpus = []\n',
      'src/modules/notes/samples.ts': "export { corpus } from '../../../test/support/corpus.js'\n",
      'src/modules/notes/samples.test.ts':
        "import { corpus } from '../../../test/support/corpus.js'\nvoid corpus\n",
    })
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      "shipped file reaches outside src/: src/modules/notes/samples.ts imports '../../../test/support/corpus.js', which the build does not carry",
    ])
  })

  it('reports SQL in a module file that is not a store, however it is named', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/modules/notes/note-rows.ts':
        "import type { Executor } from '../../db/schema.js'\nexport const rows = (ex: Executor) => ex.selectFrom('notes').selectAll().execute()\n",
      'src/modules/notes/note-report.ts':
        "import { sql } from 'kysely'\nexport const total = sql`select count(*) from notes`\n",
      'src/modules/notes/note-shapes.ts':
        "import type { Kysely } from 'kysely'\nexport type Db = Kysely<unknown>\n",
      'src/modules/tags/tag-lookup.ts':
        "import type { NoteRows } from '../notes/note-rows.js'\nimport { rows } from '../notes/note-rows.js'\nexport const lookup = rows as unknown as NoteRows\n",
      'src/db/schema.ts': 'export type Executor = { selectFrom(table: string): never }\n',
    })
    const withKysely = { ...manifest, dependencies: { ...manifest.dependencies, kysely: '^0.28.0' } }
    expect(findViolations(readImportGraph(directory), withKysely)).toEqual([
      "SQL outside a store: src/modules/notes/note-report.ts builds SQL; keep a module's SQL in its store (*-store.ts)",
      "SQL outside a store: src/modules/notes/note-rows.ts builds SQL; keep a module's SQL in its store (*-store.ts)",
      "past the port: src/modules/tags/tag-lookup.ts imports '../notes/note-rows.js'; notes is reached through src/modules/notes/notes-port.ts",
      "another module's store: src/modules/tags/tag-lookup.ts imports '../notes/note-rows.js'; go through that module's port",
    ])
  })

  it('reports a module reached past its port, or one that publishes none, and spares shared value files', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/modules/access/principal.ts': 'export type Principal = { userId: string }\n',
      'src/modules/tags/tag-owner.ts':
        "import type { Principal } from '../access/principal.js'\nimport type { NotesPort } from '../notes/notes-port.js'\nexport type Owner = Principal & NotesPort\n",
      'src/modules/tags/tag-reach.ts':
        "import type { NoteRecord } from '../notes/note-store.js'\nimport { NoteService } from '../notes/note-service.js'\nexport type Reach = NoteRecord & NoteService\n",
      'src/modules/tags/tag-reach.test.ts':
        "import { NoteService } from '../notes/note-service.js'\nvoid NoteService\n",
      'src/modules/labels/label.ts': 'export const label = 1\n',
      'src/modules/tags/tag-label.ts': "export { label } from '../labels/label.js'\n",
    })
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      "past the port: src/modules/tags/tag-label.ts imports '../labels/label.js'; labels publishes no port (src/modules/labels/labels-port.ts) to reach it by",
      "past the port: src/modules/tags/tag-reach.test.ts imports '../notes/note-service.js'; notes is reached through src/modules/notes/notes-port.ts",
      "past the port: src/modules/tags/tag-reach.ts imports '../notes/note-store.js'; notes is reached through src/modules/notes/notes-port.ts",
      "past the port: src/modules/tags/tag-reach.ts imports '../notes/note-service.js'; notes is reached through src/modules/notes/notes-port.ts",
    ])
  })

  // Two modules whose ports each need the other: notes' provider is handed the tags port, and
  // tags' provider takes notes' events (a subscription names the port it subscribes to).
  const portCircle = {
    ...cleanTree,
    'src/modules/notes/notes-provider.ts':
      "import type { TagsPort } from '../tags/tags-port.js'\nimport type { NotesPort } from './notes-port.js'\nexport class NotesProvider implements NotesPort { constructor(readonly tags: TagsPort) {} async byId() { return null } }\n",
    'src/modules/tags/tags-port.ts': 'export interface TagsPort { tagsOf(id: string): Promise<string[]> }\n',
    'src/modules/tags/tags-provider.ts':
      "import type { NotesPort } from '../notes/notes-port.js'\nimport type { TagsPort } from './tags-port.js'\nexport class TagsProvider implements TagsPort { constructor(notes: NotesPort & { onNoted(f: () => void): void }) { notes.onNoted(() => {}) } async tagsOf() { return [] } }\n",
  }

  it('reports ports that depend on each other, through injected ports or subscriptions', async () => {
    const directory = await tree(portCircle)
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      'ports in a circle: notes -> tags -> notes; a port may not depend on a module that depends on it',
    ])
  })

  it('spares a use case that only the edges call, and counts one its own port is built on', async () => {
    const spared = await tree({
      ...portCircle,
      // The same arrow as tags-provider's, from a use case nothing is handed: no circle.
      'src/modules/tags/tags-provider.ts':
        "import type { TagsPort } from './tags-port.js'\nexport class TagsProvider implements TagsPort { async tagsOf() { return [] } }\n",
      'src/modules/tags/tag-service.ts':
        "import type { NotesPort } from '../notes/notes-port.js'\nexport class TagService { constructor(readonly notes: NotesPort) {} }\n",
    })
    expect(findViolations(readImportGraph(spared), manifest)).toEqual([])
    await rm(spared, { recursive: true, force: true })
    const counted = await tree({
      ...portCircle,
      'src/modules/tags/tags-provider.ts':
        "import type { TagsPort } from './tags-port.js'\nimport type { TagService } from './tag-service.js'\nexport class TagsProvider implements TagsPort { constructor(readonly service: TagService) {} async tagsOf() { return [] } }\n",
      'src/modules/tags/tag-service.ts':
        "import type { NotesPort } from '../notes/notes-port.js'\nexport class TagService { constructor(readonly notes: NotesPort) {} }\n",
    })
    expect(findViolations(readImportGraph(counted), manifest)).toEqual([
      'ports in a circle: notes -> tags -> notes; a port may not depend on a module that depends on it',
    ])
  })

  it('reads a web tree of .tsx files and finds its circles', async () => {
    const directory = await tree({
      'web/src/screen.tsx': "import { Panel } from './panel'\nexport const Screen = () => <Panel />\n",
      'web/src/panel.tsx':
        "import type { Props } from './screen'\nexport const Panel = (_: Partial<Props>) => null\n",
      'web/src/format.ts': 'export const format = (n: number) => String(n)\n',
    })
    const graph = readImportGraph(directory, 'web')
    expect(graph.files).toEqual(['web/src/format.ts', 'web/src/panel.tsx', 'web/src/screen.tsx'])
    expect(findCycles(graph).map((cycle) => cycle.circle)).toEqual([
      ['web/src/panel.tsx', 'web/src/screen.tsx', 'web/src/panel.tsx'],
    ])
  })

  it('reports an import of a file that does not exist', async () => {
    const directory = await tree({
      ...cleanTree,
      'src/modules/notes/lost.ts': "export { gone } from './gone.js'\n",
    })
    expect(findViolations(readImportGraph(directory), manifest)).toEqual([
      "unresolved: src/modules/notes/lost.ts imports './gone.js', which is no file of the tree",
    ])
  })
})

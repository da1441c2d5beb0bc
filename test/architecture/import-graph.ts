import { readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import ts from 'typescript'

// Reads the import statements of a source tree with TypeScript's own parser and checks Daybook's
// house rules on them (docs/architecture.md): no circles, modules never reach the composition
// root or the edges, the kernel stands alone, no shipped file needs a development dependency, and
// no module touches another module's store, a module is reached only through its port, no
// module's port depends on a module that depends on it, and SQL stays in stores.

export interface ImportEdge {
  /** Importing file, relative to the project root with forward slashes. */
  from: string
  /** The file it resolves to (relative like `from`), or the package name for a bare specifier. */
  to: string
  specifier: string
  kind: 'file' | 'package' | 'builtin' | 'unresolved'
  /** Erased at compile time: `import type`, `export type`, or only `type` specifiers. */
  typeOnly: boolean
  /** The names imported, `*` for a namespace or re-export of everything, `default` for a default import. */
  names: string[]
}

export interface ImportGraph {
  root: string
  files: string[]
  edges: ImportEdge[]
  /** Files that build or run SQL (Kysely's query builders or `sql` templates, or Kysely's values imported). */
  sqlFiles: string[]
  /** The interfaces each file's classes implement, by file (files that implement none are left out). */
  implemented: Record<string, string[]>
}

const builtins = new Set(builtinModules)

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

function toRelative(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/')
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}

function resolveRelative(fromFile: string, specifier: string, known: Set<string>): string | undefined {
  // A file outside the scanned directory (a script, a fixture) still resolves when it exists.
  const exists = (candidate: string) =>
    known.has(candidate) || statSync(candidate, { throwIfNoEntry: false })?.isFile() === true
  const target = path.resolve(path.dirname(fromFile), specifier)
  const candidates = [
    target,
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.js$/, '.tsx'),
    target.replace(/\.mjs$/, '.mts'),
    target.replace(/\.cjs$/, '.cts'),
    `${target}.ts`,
    `${target}.tsx`,
    path.join(target, 'index.ts'),
    path.join(target, 'index.tsx'),
  ]
  return candidates.find((candidate) => known.has(candidate)) ?? candidates.find(exists)
}

interface RawImport {
  specifier: string
  typeOnly: boolean
  names: string[]
}

// Kysely's query builders, reached from any executor, transaction or query creator.
const queryBuilders = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
])

function parse(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind)
}

/** The names in the `implements` clauses of a file's classes. */
function implementedNames(source: ts.SourceFile): string[] {
  const names: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node)) {
      for (const clause of node.heritageClauses ?? []) {
        if (clause.token !== ts.SyntaxKind.ImplementsKeyword) continue
        for (const type of clause.types) names.push(type.expression.getText(source))
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return names
}

/** Whether a file builds SQL itself: a query builder call or a `sql` template, whatever it is named. */
function buildsSql(source: ts.SourceFile): boolean {
  let found = false
  const visit = (node: ts.Node): void => {
    if (found) return
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      queryBuilders.has(node.expression.name.text)
    ) {
      found = true
      return
    }
    if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText(source))) {
      found = true
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function importsOf(source: ts.SourceFile): RawImport[] {
  const found: RawImport[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const names: string[] = []
      let everySpecifierTypeOnly = true
      if (clause?.name) {
        names.push('default')
        everySpecifierTypeOnly = false
      }
      const bindings = clause?.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) {
        names.push('*')
        everySpecifierTypeOnly = false
      } else if (bindings) {
        for (const element of bindings.elements) {
          names.push((element.propertyName ?? element.name).text)
          if (!element.isTypeOnly) everySpecifierTypeOnly = false
        }
      }
      // `import './side-effect.js'` and `import {} from` run the module, so they are not type-only.
      const typeOnly =
        clause !== undefined && (clause.isTypeOnly || (names.length > 0 && everySpecifierTypeOnly))
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, names })
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((element) => (element.propertyName ?? element.name).text)
          : ['*']
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly))
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, names })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, names: ['*'] })
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly, names: ['*'] })
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `import('./x.js').Name` in a type position.
      found.push({ specifier: node.argument.literal.text, typeOnly: true, names: ['*'] })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every import of every TypeScript file under `sourceDir` (relative to `root`). */
export function readImportGraph(root: string, sourceDir = 'src'): ImportGraph {
  const absoluteFiles = listSourceFiles(path.join(root, sourceDir))
  const known = new Set(absoluteFiles)
  const edges: ImportEdge[] = []
  const sqlFiles: string[] = []
  const implemented: Record<string, string[]> = {}
  for (const file of absoluteFiles) {
    const from = toRelative(root, file)
    const source = parse(file)
    const raws = importsOf(source)
    const names = implementedNames(source)
    if (names.length > 0) implemented[from] = names
    if (buildsSql(source) || raws.some((raw) => raw.specifier === 'kysely' && !raw.typeOnly))
      sqlFiles.push(from)
    for (const raw of raws) {
      const base = { from, specifier: raw.specifier, typeOnly: raw.typeOnly, names: raw.names }
      if (raw.specifier.startsWith('.') || raw.specifier.startsWith('/')) {
        const resolved = resolveRelative(file, raw.specifier, known)
        edges.push(
          resolved
            ? { ...base, to: toRelative(root, resolved), kind: 'file' }
            : { ...base, to: raw.specifier, kind: 'unresolved' },
        )
      } else if (raw.specifier.startsWith('node:') || builtins.has(packageName(raw.specifier))) {
        edges.push({ ...base, to: raw.specifier, kind: 'builtin' })
      } else {
        edges.push({ ...base, to: packageName(raw.specifier), kind: 'package' })
      }
    }
  }
  return { root, files: absoluteFiles.map((file) => toRelative(root, file)), edges, sqlFiles, implemented }
}

/**
 * Circles among files, each as a path that returns to its start (a -> b -> a). Type-only imports
 * count: they cost nothing at run time, but a module that names the composition root's types is
 * as tied to it as one that calls it, and a circle of types is where a circle of values starts.
 */
export function findCycles(graph: ImportGraph): { circle: string[]; files: string[] }[] {
  const next = new Map<string, string[]>()
  for (const file of graph.files) next.set(file, [])
  for (const edge of graph.edges) {
    if (edge.kind === 'file' && !next.get(edge.from)?.includes(edge.to)) next.get(edge.from)?.push(edge.to)
  }
  // Tarjan's strongly connected components, iterative so a deep tree cannot overflow the stack.
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  let counter = 0
  for (const start of graph.files) {
    if (index.has(start)) continue
    const work: { node: string; childIndex: number }[] = [{ node: start, childIndex: 0 }]
    index.set(start, counter)
    lowLink.set(start, counter)
    counter += 1
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; childIndex: number }
      const children = next.get(frame.node) ?? []
      if (frame.childIndex < children.length) {
        const child = children[frame.childIndex] as string
        frame.childIndex += 1
        if (!index.has(child)) {
          index.set(child, counter)
          lowLink.set(child, counter)
          counter += 1
          stack.push(child)
          onStack.add(child)
          work.push({ node: child, childIndex: 0 })
        } else if (onStack.has(child)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node) ?? 0, index.get(child) ?? 0))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent)
        lowLink.set(parent.node, Math.min(lowLink.get(parent.node) ?? 0, lowLink.get(frame.node) ?? 0))
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component: string[] = []
        let member: string | undefined
        do {
          member = stack.pop() as string
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        const selfLoop = component.length === 1 && (next.get(frame.node) ?? []).includes(frame.node)
        if (component.length > 1 || selfLoop) components.push(component)
      }
    }
  }
  return components.map((component) => ({ circle: shortestCircle(component, next), files: component.sort() }))
}

/** One concrete circle through a component's first file, found breadth-first inside the component. */
function shortestCircle(component: string[], next: Map<string, string[]>): string[] {
  const members = new Set(component)
  const start = [...component].sort()[0] as string
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift() as string
    for (const child of next.get(node) ?? []) {
      if (!members.has(child)) continue
      if (child === start) {
        const circle = [start]
        for (
          let step: string | undefined = node;
          step !== undefined && step !== start;
          step = cameFrom.get(step)
        ) {
          circle.splice(1, 0, step)
        }
        return [...circle, start]
      }
      if (!cameFrom.has(child)) {
        cameFrom.set(child, node)
        queue.push(child)
      }
    }
  }
  return [...component, component[0] as string]
}

export interface PackageManifest {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file)
const moduleOf = (file: string) => /^src\/modules\/([^/]+)\//.exec(file)?.[1]
/** A module's one front door: what it offers inside another module's transaction, and its events. */
export const portOf = (module: string) => `src/modules/${module}/${module}-port.ts`

/** Files of a module that any module may import besides its port: value types with no I/O. */
export const sharedValueFiles: ReadonlySet<string> = new Set(['src/modules/access/principal.ts'])

/** Every broken house rule, one readable line each; empty when the tree is clean. */
export function findViolations(graph: ImportGraph, manifest: PackageManifest): string[] {
  const problems: string[] = []
  for (const { circle, files } of findCycles(graph)) {
    const others = files.length - (circle.length - 1)
    problems.push(
      `circle: ${circle.join(' -> ')}${others > 0 ? ` (and ${others} more files caught in it)` : ''}`,
    )
  }

  const shipped = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ])
  const development = new Set(Object.keys(manifest.devDependencies ?? {}))
  const files = new Set(graph.files)
  const sqlFiles = new Set(graph.sqlFiles)

  for (const file of graph.sqlFiles) {
    if (moduleOf(file) !== undefined && !isTestFile(file) && !/-store\.ts$/.test(file)) {
      problems.push(`SQL outside a store: ${file} builds SQL; keep a module's SQL in its store (*-store.ts)`)
    }
  }

  for (const edge of graph.edges) {
    const at = `${edge.from} imports '${edge.specifier}'`
    if (edge.kind === 'unresolved') {
      problems.push(`unresolved: ${at}, which is no file of the tree`)
      continue
    }
    // Test files are not shipped (tsconfig.build.json leaves them out), so they may use vitest & co.;
    // a type-only import is erased by the compiler, so it needs no package at run time either.
    if (edge.kind === 'package' && !isTestFile(edge.from) && !edge.typeOnly) {
      if (!shipped.has(edge.to)) {
        problems.push(
          development.has(edge.to)
            ? `development dependency: ${at}, which is only in devDependencies`
            : `undeclared package: ${at}, which package.json does not list`,
        )
      }
    }
    if (edge.kind !== 'file') continue
    if (!isTestFile(edge.from) && !edge.to.startsWith('src/')) {
      problems.push(`shipped file reaches outside src/: ${at}, which the build does not carry`)
    }
    const fromModule = moduleOf(edge.from)
    if (fromModule !== undefined) {
      const edgeTarget =
        edge.to === 'src/app.ts' ||
        edge.to === 'src/main.ts' ||
        edge.to.startsWith('src/http/') ||
        edge.to.startsWith('src/cli/')
      if (edgeTarget) problems.push(`module reaches the composition root or an edge: ${at}`)
      const toModule = moduleOf(edge.to)
      const isStore = /-store\.ts$/.test(edge.to) || sqlFiles.has(edge.to)
      // Record shapes may be named; the store itself (its class, or any value) may not be reached.
      const reachesStore =
        toModule !== undefined &&
        toModule !== fromModule &&
        isStore &&
        (!edge.typeOnly || edge.names.some((name) => name === '*' || /Store$/.test(name)))
      if (reachesStore) problems.push(`another module's store: ${at}; go through that module's port`)
      // A module's neighbours reach it through its port and nowhere else.
      if (
        toModule !== undefined &&
        toModule !== fromModule &&
        edge.to !== portOf(toModule) &&
        !sharedValueFiles.has(edge.to) &&
        !reachesStore
      ) {
        problems.push(
          files.has(portOf(toModule))
            ? `past the port: ${at}; ${toModule} is reached through ${portOf(toModule)}`
            : `past the port: ${at}; ${toModule} publishes no port (${portOf(toModule)}) to reach it by`,
        )
      }
    }
    if (edge.from.startsWith('src/kernel/') && !edge.to.startsWith('src/kernel/')) {
      problems.push(`kernel reaches outside the kernel: ${at}`)
    }
  }
  for (const { circle } of findCycles(portDependencies(graph))) {
    problems.push(
      `ports in a circle: ${circle.join(' -> ')}; a port may not depend on a module that depends on it`,
    )
  }
  return problems
}

const isResolvers = (file: string) => /\/resolvers\.ts$/.test(file)

/**
 * Which module needs which, through what each hands its neighbours: its port's implementation
 * and everything that implementation is built from, including the subscriptions it declares (a
 * subscriber imports the port whose events it takes). Left out are the use cases only the edges
 * call (a `*-service.ts` that implements no port of its module, unless such a file of the
 * module imports it), the GraphQL resolvers (the schema is one graph whose types name each
 * other), tests, and the shared value files. The composition root hands every module its
 * neighbours typed as their ports, so a circle here is a circle of injected objects.
 */
export function portDependencies(graph: ImportGraph): ImportGraph {
  const implementsOwnPort = (file: string) => {
    const module = moduleOf(file)
    const names = graph.implemented[file] ?? []
    return graph.edges.some(
      (edge) =>
        edge.from === file &&
        module !== undefined &&
        edge.to === portOf(module) &&
        edge.names.some((name) => names.includes(name)),
    )
  }
  const onlyEdgesCall = (file: string) => /-service\.ts$/.test(file) && !implementsOwnPort(file)
  const handed = new Set(
    graph.files.filter(
      (file) =>
        moduleOf(file) !== undefined && !isTestFile(file) && !isResolvers(file) && !onlyEdgesCall(file),
    ),
  )
  // A port's implementation may be built on a use case of its own module (bank files on the row import).
  for (let grew = true; grew; ) {
    grew = false
    for (const edge of graph.edges) {
      if (edge.kind !== 'file' || !handed.has(edge.from) || handed.has(edge.to)) continue
      if (moduleOf(edge.to) !== moduleOf(edge.from) || isTestFile(edge.to)) continue
      handed.add(edge.to)
      grew = true
    }
  }
  const modules = [...new Set(graph.files.flatMap((file) => moduleOf(file) ?? []))].sort()
  const edges: ImportEdge[] = []
  for (const edge of graph.edges) {
    const from = moduleOf(edge.from)
    const to = moduleOf(edge.to)
    if (edge.kind !== 'file' || !handed.has(edge.from) || sharedValueFiles.has(edge.to)) continue
    if (from === undefined || to === undefined || from === to) continue
    edges.push({ ...edge, from, to })
  }
  return { ...graph, files: modules, edges }
}

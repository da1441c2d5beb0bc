import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'
import type { Executor } from './schema.js'

// Which tables hold one organization's rows, as a tenant-sharded PostgreSQL (Citus) sees them
// (ADR 0026). The catalogue test holds these lists to the database: every table is in exactly one,
// as migration 0011 marks it.

/** Distributed by organization_id: every key leads with it, every query names it. */
export const tenantTables: ReadonlySet<string> = new Set([
  'api_keys',
  'api_key_quota_windows',
  'accounts',
  'account_totals',
  'account_day_totals',
  'tax_day_totals',
  'contacts',
  'ledger_events',
  'ledger_event_lines',
  'journal_entries',
  'journal_lines',
  'category_rules',
  'csv_import_profiles',
  'exchange_rates',
  'reconciliations',
  'reconciliation_events',
  'sales_tax_returns',
  'invoices',
  'invoice_lines',
  'invoice_payments',
  'invoice_event_matches',
  'audit_records',
  'audit_heads',
  'receipts',
  'uploads',
  'intake_addresses',
  'jobs',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
  'recurring_templates',
  'recurring_occurrences',
])

/** Copied to every node: read without an organization, written rarely. */
export const referenceTables: ReadonlySet<string> = new Set([
  'organizations',
  'users',
  'memberships',
  'settings',
  'tax_codes',
  'api_key_directory',
  'intake_address_directory',
])

/** Kept on the coordinator only: never joined with an organization's rows. */
export const localTables: ReadonlySet<string> = new Set([
  'idempotency_keys',
  'daybook_migrations',
  'daybook_migrations_lock',
])

export function isTenantTable(name: string): boolean {
  return tenantTables.has(name)
}

/** A query on an organization's table that does not say which organization. */
export class TenantScopeViolation extends Error {
  override name = 'TenantScopeViolation'
}

const violations: string[] = []

/** The violations reported since the last call, so a test harness can fail on them. */
export function takeTenantScopeViolations(): string[] {
  return violations.splice(0)
}

/**
 * Fails every query that reads or writes a tenant table without an organization_id condition on
 * it: in the WHERE clause or a join's ON, in a conjunction (a condition under OR binds nothing),
 * compared with a value or with the organization_id of a table that is bound itself. An insert
 * into a tenant table must name organization_id among its columns. Raw SQL is text: for each
 * tenant table it reads (after FROM, JOIN, UPDATE or INTO) the text must mention organization_id.
 *
 * On in the test suite (DAYBOOK_CHECK_TENANT_SCOPE): every query a test makes a server run is
 * checked. Queries meant to span organizations say so with acrossOrganizations().
 */
export class TenantScopeCheck implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const problems = tenantScopeProblems(args.node)
    if (problems.length > 0) {
      const message = `tenant scope: ${problems.join('; ')}`
      violations.push(message)
      throw new TenantScopeViolation(message)
    }
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

/**
 * `ex` without the tenant-scope check, for the few queries that span organizations on purpose
 * (the job queue's claim, operators' listings). Each is listed in docs/scaling.md, because on a
 * sharded cluster each one asks every node.
 */
export function acrossOrganizations(ex: Executor): Executor {
  const plugins = ex.getExecutor().plugins
  if (!plugins.some((plugin) => plugin instanceof TenantScopeCheck)) return ex
  let unchecked = ex.withoutPlugins()
  for (const plugin of plugins)
    if (!(plugin instanceof TenantScopeCheck)) unchecked = unchecked.withPlugin(plugin)
  return unchecked
}

// The operation tree is walked as plain data: every node has a `kind`.
type Node = OperationNode & Record<string, unknown>

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string'

/** Every problem of a query's tree, its subqueries and raw fragments included. */
export function tenantScopeProblems(root: OperationNode): string[] {
  const problems: string[] = []
  const cteNames = new Set<string>()
  visit(root, (node) => {
    if (node.kind === 'CommonTableExpressionNameNode') cteNames.add(tableName(node.table) ?? '')
  })
  visit(root, (node) => {
    switch (node.kind) {
      case 'SelectQueryNode':
        problems.push(...scopeProblems('select', sourcesOf(node, ['from'], []), node, cteNames))
        break
      case 'UpdateQueryNode':
        problems.push(...scopeProblems('update', sourcesOf(node, ['from'], [node.table]), node, cteNames))
        break
      case 'DeleteQueryNode':
        problems.push(...scopeProblems('delete', sourcesOf(node, ['from', 'using'], []), node, cteNames))
        break
      case 'InsertQueryNode':
        problems.push(...insertProblems(node, cteNames))
        break
      case 'RawNode':
        problems.push(...rawProblems(node))
        break
    }
  })
  return problems
}

function visit(value: unknown, onNode: (node: Node) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, onNode)
    return
  }
  if (!isNode(value)) return
  onNode(value)
  for (const key of Object.keys(value)) if (key !== 'kind') visit(value[key], onNode)
}

interface Source {
  table: string
  /** The name its columns are qualified with: the alias, or the table's own name. */
  name: string
}

/** The tables a query reads or writes itself (not those of its subqueries). */
function sourcesOf(node: Node, listKeys: string[], extra: unknown[]): Source[] {
  const items: unknown[] = [...extra]
  for (const key of listKeys) {
    const list = node[key] as { froms?: unknown[]; tables?: unknown[] } | undefined
    items.push(...(list?.froms ?? list?.tables ?? []))
  }
  for (const join of (node.joins as Node[] | undefined) ?? []) items.push(join.table)
  const sources: Source[] = []
  for (const item of items) {
    if (!isNode(item)) continue
    if (item.kind === 'TableNode') {
      const table = tableName(item)
      if (table) sources.push({ table, name: table })
    } else if (item.kind === 'AliasNode' && isNode(item.node) && item.node.kind === 'TableNode') {
      const table = tableName(item.node)
      const alias = isNode(item.alias) ? (item.alias.name as string | undefined) : undefined
      if (table) sources.push({ table, name: alias ?? table })
    }
  }
  return sources
}

function tableName(node: unknown): string | undefined {
  if (!isNode(node) || node.kind !== 'TableNode') return undefined
  const identifier = (node.table as { identifier?: { name?: string } } | undefined)?.identifier
  return identifier?.name
}

function scopeProblems(verb: string, sources: Source[], node: Node, cteNames: Set<string>): string[] {
  const tenants = sources.filter((s) => isTenantTable(s.table) && !cteNames.has(s.table))
  if (tenants.length === 0) return []
  const conditions: Node[] = []
  collectConjuncts((node.where as Node | undefined)?.where, conditions)
  for (const join of (node.joins as Node[] | undefined) ?? []) {
    collectConjuncts((join.on as Node | undefined)?.on, conditions)
  }

  // Tables tied by `a.organization_id = b.organization_id` share one fate: bound together.
  const group = new Map<string, string>(sources.map((s) => [s.name, s.name]))
  const find = (name: string): string => {
    let at = name
    while (group.get(at) !== at) at = group.get(at) as string
    return at
  }
  const bound = new Set<string>()
  const OUTER = '\u0000outer'
  const scopeNames = (ref: Node): string[] => {
    const qualifier = tableName(ref.table)
    if (qualifier === undefined) return sources.map((s) => s.name)
    // A table of an enclosing query: its own check binds it.
    return group.has(qualifier) ? [qualifier] : [OUTER]
  }
  for (const condition of conditions) {
    if (condition.kind !== 'BinaryOperationNode') continue
    const operator = (condition.operator as { operator?: string } | undefined)?.operator
    if (operator !== '=' && operator !== 'in') continue
    const left = organizationRef(condition.leftOperand)
    const right = organizationRef(condition.rightOperand)
    if (left && right) {
      const names = [...scopeNames(left), ...scopeNames(right)]
      const local = names.filter((n) => n !== OUTER)
      if (names.includes(OUTER)) for (const n of local) bound.add(find(n))
      for (const n of local.slice(1)) {
        const a = find(local[0] as string)
        const b = find(n)
        if (a !== b) {
          group.set(b, a)
          if (bound.has(b)) bound.add(a)
        }
      }
    } else if (left || right) {
      for (const n of scopeNames((left ?? right) as Node)) if (n !== OUTER) bound.add(find(n))
    }
  }
  return tenants
    .filter((s) => !bound.has(find(s.name)))
    .map(
      (s) =>
        `${verb} on ${s.table}${s.name === s.table ? '' : ` as ${s.name}`} without an organization_id condition`,
    )
}

/** The conditions that must all hold: through AND and parentheses, not into OR or NOT. */
function collectConjuncts(node: unknown, into: Node[]): void {
  if (!isNode(node)) return
  if (node.kind === 'AndNode') {
    collectConjuncts(node.left, into)
    collectConjuncts(node.right, into)
  } else if (node.kind === 'ParensNode') {
    collectConjuncts(node.node, into)
  } else {
    into.push(node)
  }
}

function organizationRef(node: unknown): Node | undefined {
  if (!isNode(node)) return undefined
  if (node.kind === 'RawNode') {
    // A column wrapped in raw SQL (sql-helpers' unindexed): it still compares the organization.
    const refs = ((node.parameters as unknown[] | undefined) ?? []).filter(isNode)
    return refs.length === 1 ? organizationRef(refs[0]) : undefined
  }
  if (node.kind === 'ReferenceNode' && isNode(node.column) && node.column.kind === 'ColumnNode') {
    const column = (node.column.column as { name?: string } | undefined)?.name
    return column === 'organization_id' ? node : undefined
  }
  if (node.kind === 'ColumnNode') {
    const column = (node.column as { name?: string } | undefined)?.name
    return column === 'organization_id'
      ? ({ kind: 'ReferenceNode', column: node } as unknown as Node)
      : undefined
  }
  return undefined
}

function insertProblems(node: Node, cteNames: Set<string>): string[] {
  const table = tableName(node.into)
  if (!table || !isTenantTable(table) || cteNames.has(table)) return []
  const columns = (node.columns as Node[] | undefined) ?? []
  const named = columns.some((c) => (c.column as { name?: string } | undefined)?.name === 'organization_id')
  return named ? [] : [`insert into ${table} without organization_id`]
}

// Raw text is not parsed: a word after these keywords that names a tenant table counts.
const tableAfterKeyword = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi

function rawProblems(node: Node): string[] {
  const text = rawText(node)
  const problems: string[] = []
  const checked = new Set<string>()
  for (const match of text.matchAll(tableAfterKeyword)) {
    const table = (match[1] as string).toLowerCase()
    if (checked.has(table) || !isTenantTable(table)) continue
    checked.add(table)
    if (!/\borganization_id\b/i.test(text)) problems.push(`raw SQL on ${table} without organization_id`)
  }
  return problems
}

/** Raw SQL's text, with the identifiers and references it interpolates written out. */
function rawText(node: Node): string {
  const fragments = (node.sqlFragments as readonly string[] | undefined) ?? []
  const parameters = (node.parameters as readonly unknown[] | undefined) ?? []
  let text = ''
  fragments.forEach((fragment, index) => {
    text += fragment
    const parameter = parameters[index]
    if (parameter !== undefined) text += ` ${namesIn(parameter)} `
  })
  return text
}

function namesIn(value: unknown): string {
  const names: string[] = []
  visit(value, (node) => {
    if (node.kind === 'IdentifierNode' && typeof node.name === 'string') names.push(node.name)
    if (node.kind === 'RawNode') names.push(rawText(node))
  })
  return names.join(' ')
}

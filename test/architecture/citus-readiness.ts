import type pg from 'pg'

// What Citus asks of a schema sharded by organization (ADR 0026), read from PostgreSQL's catalogue.
// A table marked `daybook: reference` is copied to every node, one marked `daybook: local` stays on
// the coordinator; any other table must hold organization_id and is distributed by it.

export type TableKind = 'tenant' | 'reference' | 'local'

export interface Readiness {
  kinds: Map<string, TableKind>
  /** Every foreign key, by the tables it joins. */
  foreignKeys: Array<{ from: string; to: string }>
  violations: string[]
}

const marks: Record<string, TableKind> = {
  'daybook: reference': 'reference',
  'daybook: local': 'local',
}

export async function citusReadiness(client: pg.Client, schema: string): Promise<Readiness> {
  const violations: string[] = []
  const kinds = new Map<string, TableKind>()
  /** Each table's organization_id column number, where it has one. */
  const organizationColumn = new Map<string, number>()

  const tables = await client.query<{ name: string; mark: string | null; org_attnum: number | null }>(
    `select c.relname as name, obj_description(c.oid, 'pg_class') as mark,
       (select a.attnum from pg_attribute a
         where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped) as org_attnum
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p')
     order by c.relname`,
    [schema],
  )
  for (const table of tables.rows) {
    const marked = table.mark === null ? undefined : marks[table.mark]
    if (table.org_attnum !== null) organizationColumn.set(table.name, table.org_attnum)
    if (marked) kinds.set(table.name, marked)
    else if (table.org_attnum !== null) kinds.set(table.name, 'tenant')
    else violations.push(`${table.name}: no organization_id and not marked as a reference or local table`)
  }
  const isTenant = (name: string) => kinds.get(name) === 'tenant'

  const keys = await client.query<{
    table_name: string
    index_name: string
    primary: boolean
    columns: number[]
  }>(
    `select t.relname as table_name, i.relname as index_name, x.indisprimary as primary,
       string_to_array(x.indkey::text, ' ')::int[] as columns
     from pg_index x
     join pg_class t on t.oid = x.indrelid
     join pg_class i on i.oid = x.indexrelid
     join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = $1 and x.indisunique
     order by t.relname, i.relname`,
    [schema],
  )
  const withPrimaryKey = new Set<string>()
  for (const key of keys.rows) {
    if (!isTenant(key.table_name)) continue
    if (key.primary) withPrimaryKey.add(key.table_name)
    if (!key.columns.includes(organizationColumn.get(key.table_name) ?? -1)) {
      const what = key.primary ? 'primary key' : 'unique constraint or index'
      violations.push(`${key.table_name}: ${what} ${key.index_name} lacks organization_id`)
    }
  }
  for (const [name, kind] of kinds) {
    if (kind === 'tenant' && !withPrimaryKey.has(name)) violations.push(`${name}: no primary key`)
  }

  const foreignKeys = await client.query<{
    name: string
    from_table: string
    to_table: string
    from_columns: number[]
    to_columns: number[]
  }>(
    `select c.conname as name, f.relname as from_table, t.relname as to_table,
       c.conkey::int[] as from_columns, c.confkey::int[] as to_columns
     from pg_constraint c
     join pg_class f on f.oid = c.conrelid
     join pg_class t on t.oid = c.confrelid
     join pg_namespace n on n.oid = f.relnamespace
     where n.nspname = $1 and c.contype = 'f'
     order by f.relname, c.conname`,
    [schema],
  )
  for (const fk of foreignKeys.rows) {
    const from = kinds.get(fk.from_table)
    const to = kinds.get(fk.to_table)
    if (from === 'tenant' && to === 'tenant') {
      const at = fk.from_columns.indexOf(organizationColumn.get(fk.from_table) ?? -1)
      if (at === -1 || fk.to_columns[at] !== organizationColumn.get(fk.to_table)) {
        violations.push(
          `${fk.from_table}: foreign key ${fk.name} to ${fk.to_table} does not pair organization_id on both sides`,
        )
      }
    } else if (to === 'tenant' || (from === 'tenant' && to === 'local')) {
      // Citus keeps no foreign key from a copied or coordinator-only table into shards, nor from
      // shards to the coordinator's own tables.
      violations.push(`${fk.from_table}: foreign key ${fk.name} from a ${from} table to a ${to} table`)
    }
  }

  // A sequence counts across every organization, and a distributed one is a round trip per value.
  const counters = await client.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname = $1 and a.attnum > 0 and not a.attisdropped
       and (a.attidentity <> '' or pg_get_expr(d.adbin, d.adrelid) like 'nextval(%')
     order by 1, 2`,
    [schema],
  )
  for (const counter of counters.rows) {
    if (isTenant(counter.table_name)) {
      violations.push(`${counter.table_name}: column ${counter.column_name} takes values from a sequence`)
    }
  }

  const joins = foreignKeys.rows.map((fk) => ({ from: fk.from_table, to: fk.to_table }))
  return { kinds, foreignKeys: joins, violations }
}

/**
 * What is wrong with a script of create_reference_table and create_distributed_table calls for
 * this schema: a table made the wrong kind or left out, or distributed before a table its foreign
 * keys point at (Citus refuses that call).
 */
export function distributionScriptProblems(script: string, readiness: Readiness): string[] {
  const problems: string[] = []
  const made = new Map<string, { kind: TableKind; at: number }>()
  for (const call of script.matchAll(/create_(reference|distributed)_table\('([a-z_]+)'/g)) {
    const [, how, table] = call
    if (table === undefined) continue
    if (made.has(table)) problems.push(`${table}: made twice`)
    made.set(table, { kind: how === 'reference' ? 'reference' : 'tenant', at: call.index })
  }
  for (const [table, kind] of readiness.kinds) {
    const call = made.get(table)
    if (kind === 'local') {
      if (call) problems.push(`${table}: a local table, made a ${call.kind} table`)
    } else if (!call) problems.push(`${table}: a ${kind} table the script leaves out`)
    else if (call.kind !== kind) problems.push(`${table}: a ${kind} table, made a ${call.kind} table`)
  }
  for (const table of made.keys()) {
    if (!readiness.kinds.has(table)) problems.push(`${table}: not a table of the schema`)
  }
  for (const { from, to } of readiness.foreignKeys) {
    const source = made.get(from)
    const target = made.get(to)
    if (source && target && from !== to && target.at > source.at)
      problems.push(`${from}: made before ${to}, which its foreign key points at`)
  }
  return problems
}

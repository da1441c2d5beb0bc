// The tenant-scope check reports queries on an organization's tables that do not name the
// organization, and lets the ones that do through. Compiling a query runs the plugin, so no
// database is needed.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from './schema.js'
import { acrossOrganizations, TenantScopeCheck, takeTenantScopeViolations } from './tenant-scope.js'

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new TenantScopeCheck()],
})

const org = 'org-1'

/** Raw SQL compiles against a database, and runs the plugin only then. */
const raw = (query: RawBuilder<unknown>) => ({ compile: () => query.compile(db) })

function passes(query: { compile(): unknown }): void {
  expect(() => query.compile()).not.toThrow()
}

function fails(query: { compile(): unknown }, problem: string): void {
  expect(() => query.compile()).toThrow(problem)
  expect(takeTenantScopeViolations().join('\n')).toContain(problem)
}

describe('queries that name their organization', () => {
  it('a select, an update and a delete with organization_id in the where clause', () => {
    passes(db.selectFrom('accounts').selectAll().where('organization_id', '=', org).where('id', '=', 'a'))
    passes(
      db.updateTable('jobs').set({ status: 'done' }).where('organization_id', '=', org).where('id', '=', 'j'),
    )
    passes(db.deleteFrom('receipts').where('id', '=', 'r').where('organization_id', 'in', [org]))
  })

  it('a join bound through the other table, qualified by alias', () => {
    passes(
      db
        .selectFrom('journal_lines as l')
        .innerJoin('journal_entries as e', (join) =>
          join.onRef('e.organization_id', '=', 'l.organization_id').onRef('e.id', '=', 'l.entry_id'),
        )
        .select('l.id')
        .where('e.organization_id', '=', org),
    )
  })

  it('a correlated subquery tied to the outer row', () => {
    passes(
      db
        .selectFrom('accounts')
        .select((eb) =>
          eb
            .selectFrom('account_totals as t')
            .select('t.debit_minor')
            .whereRef('t.organization_id', '=', 'accounts.organization_id')
            .whereRef('t.account_id', '=', 'accounts.id')
            .as('debit'),
        )
        .where('accounts.organization_id', '=', org),
    )
  })

  it('reference tables, inserts with organization_id, and raw SQL that names it', () => {
    passes(db.selectFrom('users').selectAll().where('email_key', '=', 'a@b'))
    passes(db.selectFrom('api_key_directory').selectAll().where('key_hash', '=', 'h'))
    passes(db.insertInto('contacts').values({ id: 'c', organization_id: org } as never))
    passes(raw(sql`select count(*) from ledger_events where organization_id = ${org}`))
    passes(raw(sql`analyze ledger_events`))
  })

  it('acrossOrganizations lets a deliberate cross-organization query through', () => {
    passes(acrossOrganizations(db).selectFrom('jobs').select('id').where('status', '=', 'queued'))
  })
})

describe('queries that do not', () => {
  it('a select without any condition on organization_id', () => {
    fails(db.selectFrom('api_keys').selectAll().where('key_hash', '=', 'h'), 'select on api_keys')
  })

  it('an update and a delete by id alone', () => {
    fails(db.updateTable('api_keys').set({ last_used_at: 'now' }).where('id', '=', 'k'), 'update on api_keys')
    fails(db.deleteFrom('jobs').where('id', '=', 'j'), 'delete on jobs')
  })

  it('a condition under OR binds nothing', () => {
    fails(
      db
        .selectFrom('contacts')
        .select('id')
        .where((eb) => eb.or([eb('organization_id', '=', org), eb('id', '=', 'c')])),
      'select on contacts',
    )
  })

  it('a joined table left unbound', () => {
    fails(
      db
        .selectFrom('receipts as r')
        .innerJoin('ledger_events as e', 'e.id', 'r.event_id')
        .select('r.id')
        .where('r.organization_id', '=', org),
      'select on ledger_events as e',
    )
  })

  it('a subquery without its own condition', () => {
    fails(
      db
        .selectFrom('ledger_events')
        .select('id')
        .where('organization_id', '=', org)
        .where('id', 'in', (eb) => eb.selectFrom('receipts').select('event_id')),
      'select on receipts',
    )
  })

  it('an insert without organization_id, and raw SQL that never names it', () => {
    fails(db.insertInto('jobs').values({ id: 'j' } as never), 'insert into jobs')
    fails(raw(sql`select * from journal_lines where entry_id = ${'e'}`), 'raw SQL on journal_lines')
  })
})

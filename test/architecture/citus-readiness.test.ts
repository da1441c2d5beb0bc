// The schema after every migration is one Citus can shard by organization (ADR 0026): read from
// PostgreSQL's catalogue, so a migration that breaks a rule fails here. PostgreSQL only.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../../src/db/engine.js'
import { migrateToLatest } from '../../src/db/migrate.js'
import { localTables, referenceTables, tenantTables } from '../../src/db/tenant-scope.js'
import { citusReadiness, distributionScriptProblems } from './citus-readiness.js'

const databaseUrl = inject('databaseUrl')

describe.skipIf(databaseUrl === undefined)('a schema ready for Citus', () => {
  const name = `daybook_citus_${randomBytes(6).toString('hex')}`
  let admin: pg.Client
  let client: pg.Client

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(databaseUrl as string)
    url.pathname = `/${name}`
    const database = openDatabase({
      databaseUrl: url.toString(),
      dataDir: mkdtempSync(path.join(tmpdir(), 'daybook-citus-')),
    })
    await migrateToLatest(database.db)
    await database.close()
    client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
  })

  afterAll(async () => {
    await client?.end()
    await admin?.query(`drop database if exists ${name} with (force)`)
    await admin?.end()
  })

  it('breaks no rule, on any table', async () => {
    const { violations } = await citusReadiness(client, 'public')
    expect(violations).toEqual([])
  })

  it('marks the tables the tenant-scope check knows as reference and local, and no others', async () => {
    const { kinds } = await citusReadiness(client, 'public')
    const of = (kind: string) => [...kinds].filter(([, k]) => k === kind).map(([table]) => table)
    expect(of('reference').sort()).toEqual([...referenceTables].sort())
    expect(of('local').sort()).toEqual([...localTables].sort())
    // A tenant table the check does not know would go unchecked.
    expect(of('tenant').filter((table) => !tenantTables.has(table))).toEqual([])
  })

  it('is distributed in full, and in an order Citus accepts, by the script in docs/scaling.md', async () => {
    const guide = readFileSync(new URL('../../docs/scaling.md', import.meta.url), 'utf8')
    expect(distributionScriptProblems(guide, await citusReadiness(client, 'public'))).toEqual([])
  })

  it('finds a distribution script that leaves a table out, makes one the wrong kind or goes out of order', async () => {
    const script = `
      select create_distributed_table('journal_lines', 'organization_id');
      select create_distributed_table('journal_entries', 'organization_id');
      select create_distributed_table('organizations', 'organization_id');
      select create_reference_table('idempotency_keys');
      select create_reference_table('users');
      select create_reference_table('users');
      select create_reference_table('no_such_table');`
    const problems = distributionScriptProblems(script, await citusReadiness(client, 'public'))
    expect(problems).toEqual(
      expect.arrayContaining([
        'users: made twice',
        'organizations: a reference table, made a tenant table',
        'idempotency_keys: a local table, made a reference table',
        'accounts: a tenant table the script leaves out',
        'no_such_table: not a table of the schema',
        'journal_lines: made before journal_entries, which its foreign key points at',
        'journal_entries: made before organizations, which its foreign key points at',
      ]),
    )
  })

  it('reports every kind of violation, table by table', async () => {
    await client.query('create schema scratch')
    try {
      await client.query(`
        create table scratch.organizations (id text primary key);
        comment on table scratch.organizations is 'daybook: reference';
        create table scratch.settings_unmarked (name text primary key, value text);
        create table scratch.good (
          organization_id text not null references scratch.organizations (id),
          id text not null,
          primary key (organization_id, id));
        create table scratch.bad (
          id text primary key,
          organization_id text not null references scratch.organizations (id),
          good_id text,
          code text unique,
          number bigserial,
          foreign key (organization_id, good_id) references scratch.good (organization_id, id));
        create unique index bad_code_per_day on scratch.bad (code, number);
        create table scratch.loose (
          organization_id text not null,
          id text not null,
          good_id text,
          primary key (organization_id, id),
          foreign key (good_id, organization_id) references scratch.good (organization_id, id));
        create table scratch.copied (
          id text primary key,
          organization_id text,
          good_id text,
          foreign key (organization_id, good_id) references scratch.good (organization_id, id));
        comment on table scratch.copied is 'daybook: reference';
        create table scratch.keyless (organization_id text not null, note text);
      `)
      const { violations } = await citusReadiness(client, 'scratch')
      expect(violations.sort()).toEqual(
        [
          'settings_unmarked: no organization_id and not marked as a reference or local table',
          'bad: primary key bad_pkey lacks organization_id',
          'bad: unique constraint or index bad_code_key lacks organization_id',
          'bad: unique constraint or index bad_code_per_day lacks organization_id',
          'bad: column number takes values from a sequence',
          'loose: foreign key loose_good_id_organization_id_fkey to good does not pair organization_id on both sides',
          'copied: foreign key copied_organization_id_good_id_fkey from a reference table to a tenant table',
          'keyless: no primary key',
        ].sort(),
      )
    } finally {
      await client.query('drop schema scratch cascade')
    }
  })
})

import { type Kysely, sql } from 'kysely'

// Recurring entries (DESIGN 8.10): a template says what to create and when; each date it reaches
// is claimed once in recurring_occurrences, whose primary key is (organization, template, date),
// in the transaction that creates what that date makes. However many processes run the schedule,
// and whatever stops one halfway, a date is either made (its row and its object together) or not
// at all, and never twice. A refused date keeps its row too, with the refusal, so it is not
// retried on every run. What a template made keeps its row when the template is deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recurring_templates')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('interval_count', 'integer', (c) => c.notNull())
    .addColumn('day_of_month', 'integer')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('occurrences_max', 'integer')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('next_date', 'text')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error_code', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recurring_templates_pkey', ['organization_id', 'id'])
    .execute()
  // The schedule's look-up: the running templates whose next date has come.
  await db.schema
    .createIndex('recurring_templates_due')
    .on('recurring_templates')
    .columns(['next_date', 'organization_id'])
    .where(sql.ref('paused'), '=', 0)
    .execute()
  await db.schema
    .createTable('recurring_occurrences')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('occurrence_date', 'text', (c) => c.notNull())
    .addColumn('object_kind', 'text')
    .addColumn('object_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recurring_occurrences_pkey', [
      'organization_id',
      'template_id',
      'occurrence_date',
    ])
    .execute()
  // An object answers which template and date made it.
  await db.schema
    .createIndex('recurring_occurrences_object')
    .on('recurring_occurrences')
    .columns(['organization_id', 'object_id'])
    .where(sql.ref('object_id'), 'is not', null)
    .execute()
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}

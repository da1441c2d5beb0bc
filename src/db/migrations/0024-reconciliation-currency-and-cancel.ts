import { type Kysely, sql } from 'kysely'

// Reconciliations read their amounts in the organization's currency's minor units from now on;
// before, every statement was parsed with two decimals whatever the currency, so the rows of an
// organization kept in a currency of 0 or 3 decimals move to its scale (an input of "1000" in yen
// was stored as 100000 and is 1000 yen). An open reconciliation can also be cancelled, which
// records when and why.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reconciliations').addColumn('cancelled_at', 'text').execute()
  await db.schema.alterTable('reconciliations').addColumn('cancel_reason', 'text').execute()
  for (const [codes, rescale] of [
    [noDecimalsAtMigration, sql`/ 100`],
    [threeDecimalsAtMigration, sql`* 10`],
  ] as const) {
    await sql`
      UPDATE reconciliations SET
        statement_balance_minor = statement_balance_minor ${rescale},
        opening_balance_minor = opening_balance_minor ${rescale}
      WHERE organization_id IN (
        SELECT id FROM organizations WHERE functional_currency IN (${sql.join(codes)})
      )`.execute(db)
  }
}

export async function down(): Promise<void> {
  throw new Error('Daybook migrations are append-only; restore a backup to go back.')
}

// ISO 4217's currencies without two minor units as they stood when this migration was written; a
// migration never reads code that may change after it.
const noDecimalsAtMigration = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]
const threeDecimalsAtMigration = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']

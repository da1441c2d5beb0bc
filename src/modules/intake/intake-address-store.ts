import type { Executor } from '../../db/schema.js'
import { toFlag } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { AddressType } from './intake-address.js'

export interface IntakeAddressRecord {
  id: string
  organizationId: string
  addressType: AddressType
  address: string
  label: string | null
  active: boolean
  createdAt: string
}

const columns = ['id', 'organization_id', 'address_type', 'address', 'label', 'active', 'created_at'] as const

type Row = {
  id: string
  organization_id: string
  address_type: string
  address: string
  label: string | null
  active: number | bigint
  created_at: string
}

const toRecord = (row: Row): IntakeAddressRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  addressType: row.address_type as AddressType,
  address: row.address,
  label: row.label,
  active: toFlag(row.active),
  createdAt: row.created_at,
})

export class IntakeAddressStore {
  /**
   * Returns false when any organization holds the address already: the directory's key, which spans
   * every organization. Writes the address and its directory entry; run it in one transaction.
   */
  async insert(
    ex: Executor,
    scope: OrgScope,
    record: Omit<IntakeAddressRecord, 'organizationId'>,
  ): Promise<boolean> {
    const claimed = await ex
      .insertInto('intake_address_directory')
      .values({
        address: record.address,
        organization_id: scope.organizationId,
        intake_address_id: record.id,
      })
      .onConflict((oc) => oc.column('address').doNothing())
      .executeTakeFirst()
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false
    await ex
      .insertInto('intake_addresses')
      .values({
        id: record.id,
        organization_id: scope.organizationId,
        address_type: record.addressType,
        address: record.address,
        label: record.label,
        active: record.active ? 1 : 0,
        created_at: record.createdAt,
      })
      .execute()
    return true
  }

  async list(ex: Executor, scope: OrgScope): Promise<IntakeAddressRecord[]> {
    const rows = await ex
      .selectFrom('intake_addresses')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(toRecord)
  }

  /** Deletes the address and frees it in the directory; run it in one transaction. */
  async delete(ex: Executor, scope: OrgScope, id: string): Promise<boolean> {
    const row = await ex
      .deleteFrom('intake_addresses')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .returning('address')
      .executeTakeFirst()
    if (!row) return false
    await ex
      .deleteFrom('intake_address_directory')
      .where('address', '=', row.address)
      .where('organization_id', '=', scope.organizationId)
      .execute()
    return true
  }

  /**
   * Routing a message is the one look-up across organizations, by the address itself: the
   * directory names the organization, whose address is then read within it.
   */
  async findActive(
    ex: Executor,
    addressType: AddressType,
    address: string,
  ): Promise<IntakeAddressRecord | undefined> {
    const entry = await ex
      .selectFrom('intake_address_directory')
      .select('organization_id')
      .where('address', '=', address)
      .executeTakeFirst()
    if (!entry) return undefined
    const row = await ex
      .selectFrom('intake_addresses')
      .select(columns)
      .where('organization_id', '=', entry.organization_id)
      .where('address', '=', address)
      .where('address_type', '=', addressType)
      .where('active', '=', 1)
      .executeTakeFirst()
    return row && toRecord(row)
  }
}

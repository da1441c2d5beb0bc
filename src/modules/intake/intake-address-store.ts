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
  /** Returns false when any organization holds the address already (the unique constraint). */
  async insert(
    ex: Executor,
    scope: OrgScope,
    record: Omit<IntakeAddressRecord, 'organizationId'>,
  ): Promise<boolean> {
    const result = await ex
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
      .onConflict((oc) => oc.column('address').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
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

  async delete(ex: Executor, scope: OrgScope, id: string): Promise<boolean> {
    const result = await ex
      .deleteFrom('intake_addresses')
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(result.numDeletedRows) === 1
  }

  /** Routing a message is the one look-up across organizations: by the address itself. */
  async findActive(
    ex: Executor,
    addressType: AddressType,
    address: string,
  ): Promise<IntakeAddressRecord | undefined> {
    const row = await ex
      .selectFrom('intake_addresses')
      .select(columns)
      .where('address_type', '=', addressType)
      .where('address', '=', address)
      .where('active', '=', 1)
      .executeTakeFirst()
    return row && toRecord(row)
  }
}

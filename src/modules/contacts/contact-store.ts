import { sql } from 'kysely'
import type { Executor } from '../../db/schema.js'
import { toFlag } from '../../db/schema.js'
import { likeEscaped, pageWithCount } from '../../db/sql-helpers.js'
import { likeContains, likeStartsWith, type PageRequest } from '../../kernel/page.js'
import { nameKey } from '../../kernel/text.js'
import type { OrgScope } from '../access/principal.js'
import type { ContactRecord, ContactType, ValidContact } from './contact.js'
import type { ContactsPort } from './contacts-port.js'

export type ContactSort = 'displayName' | 'contactType' | 'balance'

const columns = [
  'id',
  'contact_type',
  'display_name',
  'email',
  'phone',
  'business_number',
  'active',
  'balance_minor',
] as const

type Row = {
  id: string
  contact_type: string
  display_name: string
  email: string
  phone: string
  business_number: string | null
  active: number | bigint
  balance_minor: number | bigint
}

const toRecord = (row: Row): ContactRecord => ({
  id: row.id,
  contactType: row.contact_type as ContactType,
  displayName: row.display_name,
  email: row.email,
  phone: row.phone,
  businessNumber: row.business_number,
  active: toFlag(row.active),
  balanceMinor: BigInt(row.balance_minor),
})

export class ContactStore implements ContactsPort {
  /** Inserts what it can; a name already taken for that contact type is skipped. */
  async insertMany(
    ex: Executor,
    scope: OrgScope,
    rows: Array<ValidContact & { id: string; createdAt: string }>,
  ): Promise<Set<string>> {
    if (rows.length === 0) return new Set()
    const inserted = await ex
      .insertInto('contacts')
      .values(
        rows.map((row) => ({
          id: row.id,
          organization_id: scope.organizationId,
          contact_type: row.contactType,
          display_name: row.displayName,
          name_key: nameKey(row.displayName),
          email: row.email,
          phone: row.phone,
          business_number: row.businessNumber,
          active: 1,
          balance_minor: 0,
          created_at: row.createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['organization_id', 'contact_type', 'name_key']).doNothing())
      .returning('id')
      .execute()
    return new Set(inserted.map((r) => r.id))
  }

  /** Changes the contact's fields; false when another contact of its type already has its name. */
  async update(
    ex: Executor,
    scope: OrgScope,
    id: string,
    contact: ValidContact & { active: boolean },
  ): Promise<boolean> {
    const key = nameKey(contact.displayName)
    const taken = await ex
      .selectFrom('contacts')
      .select('id')
      .where('organization_id', '=', scope.organizationId)
      .where('contact_type', '=', contact.contactType)
      .where('name_key', '=', key)
      .where('id', '!=', id)
      .executeTakeFirst()
    if (taken) return false
    await ex
      .updateTable('contacts')
      .set({
        contact_type: contact.contactType,
        display_name: contact.displayName,
        name_key: key,
        email: contact.email,
        phone: contact.phone,
        business_number: contact.businessNumber,
        active: contact.active ? 1 : 0,
      })
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', id)
      .execute()
    return true
  }

  async contactsByIds(ex: Executor, scope: OrgScope, ids: string[]): Promise<ContactRecord[]> {
    if (ids.length === 0) return []
    const rows = await ex
      .selectFrom('contacts')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return rows.map(toRecord)
  }

  async displayNamesOf(ex: Executor, scope: OrgScope, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map()
    const rows = await ex
      .selectFrom('contacts')
      .select(['id', 'display_name'])
      .where('organization_id', '=', scope.organizationId)
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return new Map(rows.map((row) => [row.id, row.display_name]))
  }

  async vendorCandidates(
    ex: Executor,
    scope: OrgScope,
    printed: { businessNumber: string | null; firstWord: string },
    limit: number,
  ): Promise<ContactRecord[]> {
    const { businessNumber, firstWord } = printed
    if (!businessNumber && firstWord === '') return []
    const rows = await ex
      .selectFrom('contacts')
      .select(columns)
      .where('organization_id', '=', scope.organizationId)
      .where('contact_type', '=', 'vendor')
      .where('active', '=', 1)
      .where((eb) =>
        eb.or([
          ...(businessNumber ? [eb('business_number', '=', businessNumber)] : []),
          ...(firstWord !== '' ? [likeEscaped('name_key', likeStartsWith(firstWord))] : []),
        ]),
      )
      // The vendor with the business number first, so the limit never leaves it out.
      .orderBy(sql`case when business_number = ${businessNumber ?? ''} then 0 else 1 end`)
      .orderBy('name_key')
      .limit(limit)
      .execute()
    return rows.map(toRecord)
  }

  async page(
    ex: Executor,
    scope: OrgScope,
    search: string | undefined,
    page: PageRequest<ContactSort>,
  ): Promise<{ items: ContactRecord[]; totalCount: number }> {
    let query = ex.selectFrom('contacts').where('organization_id', '=', scope.organizationId)
    if (search) query = query.where(likeEscaped('name_key', likeContains(search)))
    const ordered =
      page.sortBy === 'balance'
        ? query.orderBy('balance_minor', page.sortDir).orderBy('name_key', page.sortDir)
        : page.sortBy === 'contactType'
          ? query.orderBy('contact_type', page.sortDir).orderBy('name_key', page.sortDir)
          : query.orderBy('name_key', page.sortDir)
    const { rows, totalCount } = await pageWithCount(query, ordered.select(columns), page)
    return { items: rows.map(toRecord), totalCount }
  }

  async addToBalance(ex: Executor, scope: OrgScope, contactId: string, deltaMinor: bigint): Promise<void> {
    await ex
      .updateTable('contacts')
      .set((eb) => ({ balance_minor: eb('balance_minor', '+', deltaMinor) }))
      .where('organization_id', '=', scope.organizationId)
      .where('id', '=', contactId)
      .execute()
  }
}

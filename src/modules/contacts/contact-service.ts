import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { isUniqueViolation } from '../../db/sql-helpers.js'
import { inTransaction, inTransactionResult } from '../../db/transaction.js'
import { type BatchOutcome, batchTooLarge } from '../../kernel/batch.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { type Page, type PageArgs, pageOf, parsePageRequest } from '../../kernel/page.js'
import { type Failure, ok, type Result } from '../../kernel/result.js'
import { nameKey } from '../../kernel/text.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import { type AuditRecorder, creations } from '../audit/audit-port.js'
import type { ContactRecord } from './contact.js'
import {
  type ContactInput,
  contactNameTaken,
  contactNotFound,
  type ValidContact,
  validateContact,
} from './contact.js'
import type { ContactSort, ContactStore } from './contact-store.js'

const contactSorts = ['displayName', 'contactType', 'balance'] as const satisfies readonly ContactSort[]

export class ContactService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: ContactStore
      clock: Clock
      access: AccessPort
      audit: AuditRecorder
    },
  ) {}

  async createContact(
    principal: Principal,
    organizationId: string,
    input: ContactInput,
  ): Promise<Result<ContactRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'createContact')
    const valid = validateContact(input)
    if (!valid.ok) return valid
    const row = this.newRow(valid.value)
    const inserted = await inTransaction(this.deps.db, this.deps.engine, (tx) =>
      this.insertAudited(tx, scope, [row]),
    )
    if (!inserted.has(row.id)) return contactNameTaken()
    return ok({ ...valid.value, id: row.id, active: true, balanceMinor: 0n })
  }

  async batchCreateContacts(
    principal: Principal,
    organizationId: string,
    items: ContactInput[],
  ): Promise<Result<BatchOutcome>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'batchCreateContacts')
    if (items.length > limits.batchItemsMax) return batchTooLarge(items.length)
    const errors: BatchOutcome['errors'] = []
    const rows: Array<{ index: number; row: ValidContact & { id: string; createdAt: string } }> = []
    const seen = new Set<string>()
    const report = (index: number, failure: Failure) =>
      errors.push({ index, error: failure.message, errorCode: failure.code, field: failure.field ?? null })
    for (const [index, item] of items.entries()) {
      const valid = validateContact(item)
      if (!valid.ok) {
        report(index, valid.error)
        continue
      }
      const key = `${valid.value.contactType}:${nameKey(valid.value.displayName)}`
      if (seen.has(key)) {
        report(index, contactNameTaken().error)
        continue
      }
      seen.add(key)
      rows.push({ index, row: this.newRow(valid.value) })
    }
    const inserted = await inTransaction(this.deps.db, this.deps.engine, (tx) =>
      this.insertAudited(
        tx,
        scope,
        rows.map((r) => r.row),
      ),
    )
    for (const { index, row } of rows) if (!inserted.has(row.id)) report(index, contactNameTaken().error)
    errors.sort((x, y) => x.index - y.index)
    return ok({ created: inserted.size, errors })
  }

  /**
   * Changes what is given and keeps the rest; the name stays unique within the contact type.
   * Turning a contact inactive keeps it on the lines already tagged with it.
   */
  async updateContact(
    principal: Principal,
    organizationId: string,
    contactId: string,
    changes: Partial<{
      contactType: string | null
      displayName: string | null
      email: string | null
      phone: string | null
      businessNumber: string | null
      active: boolean | null
    }>,
  ): Promise<Result<ContactRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'updateContact')
    try {
      return await inTransactionResult(this.deps.db, this.deps.engine, async (tx) => {
        const [existing] = await this.deps.store.contactsByIds(tx, scope, [contactId])
        if (!existing) return contactNotFound()
        const valid = validateContact({
          contactType: changes.contactType ?? existing.contactType,
          displayName: changes.displayName ?? existing.displayName,
          email: changes.email ?? existing.email,
          phone: changes.phone ?? existing.phone,
          // Null, like an empty string, removes the number; absent keeps it.
          businessNumber:
            changes.businessNumber === undefined ? existing.businessNumber : changes.businessNumber,
        })
        if (!valid.ok) return valid
        const after = { ...valid.value, active: changes.active ?? existing.active }
        if (!(await this.deps.store.update(tx, scope, contactId, after))) return contactNameTaken()
        const { balanceMinor, id, ...before } = existing
        await this.deps.audit.record(tx, scope, [
          { operation: 'contact.updated', entityType: 'contact', entityId: contactId, before, after },
        ])
        return ok({ ...after, id, balanceMinor })
      })
    } catch (error) {
      // Another request gave a contact of this type the same name in the same moment.
      if (isUniqueViolation(error)) return contactNameTaken()
      throw error
    }
  }

  async listContacts(
    principal: Principal,
    organizationId: string,
    args: PageArgs & { search?: string | null },
  ): Promise<Result<Page<ContactRecord>>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'listContacts')
    const page = parsePageRequest(args, contactSorts, { sortBy: 'displayName', sortDir: 'asc' })
    if (!page.ok) return page
    const found = await this.deps.store.page(this.deps.db, scope, page.value.search, page.value)
    return ok(pageOf(found.items, found.totalCount, page.value))
  }

  /** Inserts what it can (a name already taken is skipped) and records each contact created. */
  private async insertAudited(
    tx: Executor,
    scope: OrgScope,
    rows: Array<ValidContact & { id: string; createdAt: string }>,
  ): Promise<Set<string>> {
    const inserted = await this.deps.store.insertMany(tx, scope, rows)
    await this.deps.audit.record(
      tx,
      scope,
      creations(
        'contact',
        rows.filter((row) => inserted.has(row.id)),
      ),
    )
    return inserted
  }

  private newRow(contact: ValidContact) {
    return { ...contact, id: newId(), createdAt: this.deps.clock.now().toISOString() }
  }
}

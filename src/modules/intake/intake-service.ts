import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { AccessService } from '../access/access-service.js'
import type { Principal } from '../access/principal.js'
import type { AuditTrail } from '../audit/audit-trail.js'
import type { IncomingFile, ReceiptService } from '../receipts/receipt-service.js'
import { type AddressType, normalizeAddress, parseLabel } from './intake-address.js'
import type { IntakeAddressRecord, IntakeAddressStore } from './intake-address-store.js'

export interface IncomingMessage {
  addressType: AddressType
  /** Every address the message was sent to; the first one Daybook knows routes it. */
  recipients: string[]
  files: IncomingFile[]
  body: { text: string; html: string | null } | null
}

export class IntakeService {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      store: IntakeAddressStore
      clock: Clock
      access: AccessService
      receipts: ReceiptService
      audit: AuditTrail
    },
  ) {}

  async createIntakeAddress(
    principal: Principal,
    organizationId: string,
    input: { addressType: string; address: string; label?: string | null },
  ): Promise<Result<IntakeAddressRecord>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'manager')
    const normalized = normalizeAddress(input.addressType, input.address)
    if (!normalized.ok) return normalized
    const label = parseLabel(input.label)
    if (!label.ok) return label
    const record = {
      id: newId(),
      ...normalized.value,
      label: label.value,
      active: true,
      createdAt: this.deps.clock.now().toISOString(),
    }
    // The message does not say whether another organization holds the address.
    const inserted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      if (!(await this.deps.store.insert(tx, scope, record))) return false
      await this.deps.audit.record(tx, scope, [addressChange('created', record.id, null, record)])
      return true
    })
    if (!inserted) {
      return fail('ADDRESS_UNAVAILABLE', 'This address is not available.', 'address')
    }
    return ok({ ...record, organizationId: scope.organizationId })
  }

  async listIntakeAddresses(principal: Principal, organizationId: string): Promise<IntakeAddressRecord[]> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'member')
    return this.deps.store.list(this.deps.db, scope)
  }

  async deleteIntakeAddress(
    principal: Principal,
    organizationId: string,
    intakeAddressId: string,
  ): Promise<Result<true>> {
    const scope = await this.deps.access.authorize(principal, organizationId, 'manager')
    const deleted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
      if (!(await this.deps.store.delete(tx, scope, intakeAddressId))) return false
      await this.deps.audit.record(tx, scope, [
        addressChange('deleted', intakeAddressId, { id: intakeAddressId }, null),
      ])
      return true
    })
    if (!deleted) {
      return fail('INTAKE_ADDRESS_NOT_FOUND', 'No intake address with this id.', 'intakeAddressId')
    }
    return ok(true as const)
  }

  /** The organization and address a message is for, or undefined when none of its recipients is ours. */
  async route(addressType: AddressType, recipients: string[]): Promise<IntakeAddressRecord | undefined> {
    for (const recipient of recipients) {
      const normalized = normalizeAddress(addressType, recipient)
      if (!normalized.ok) continue
      const found = await this.deps.store.findActive(this.deps.db, addressType, normalized.value.address)
      if (found) return found
    }
    return undefined
  }

  /** Files the message's receipts; undefined when it is for no known address (nothing stored). */
  async receive(message: IncomingMessage): Promise<string[] | undefined> {
    const address = await this.route(message.addressType, message.recipients)
    if (!address) return undefined
    return this.deps.receipts.receive(this.deps.access.internalScope(address.organizationId), {
      source: message.addressType === 'email' ? 'email' : 'sms',
      intakeAddressId: address.id,
      files: message.files,
      body: message.body,
    })
  }
}

const addressChange = (verb: string, addressId: string, before: unknown, after: unknown) => ({
  operation: `intake_address.${verb}`,
  entityType: 'intake_address',
  entityId: addressId,
  before,
  after,
})

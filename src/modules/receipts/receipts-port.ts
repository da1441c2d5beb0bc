import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { IncomingFile } from '../files/files-port.js'
import type { ReceiptSource } from './receipt.js'
import type { ReceiptRecord } from './receipt-store.js'

// What receipts offer other modules: intake files the documents of a message, an undone import
// detaches the receipts of its events, and the dashboard counts them.

export type { ReceiptSource } from './receipt.js'
export type { ReceiptRecord } from './receipt-store.js'

/** One document of a mailed message, as it will be stored. */
export interface IntakeDocument {
  bytes: Uint8Array
  contentType: string
  extension: string
  filename: string
}

export interface ReceiptsPort {
  /**
   * The documents a message makes: one per image or PDF, or one for the message body when there
   * is no such file. What intake counts against its quotas before anything is stored.
   */
  documentsOf(files: IncomingFile[], body: { text: string; html: string | null } | null): IntakeDocument[]
  /**
   * Files one receipt per document, each with its extraction job in the same transaction. The
   * same file received twice is one receipt: the answer names the existing one.
   */
  receive(
    scope: OrgScope,
    input: { source: ReceiptSource; intakeAddressId: string; documents: IntakeDocument[] },
  ): Promise<string[]>
  /** When each receipt intake filed since `since` arrived, oldest first, at most `limit`. */
  receivedSince(
    ex: Executor,
    scope: OrgScope,
    filter: { intakeAddressId?: string; since: string; limit: number },
  ): Promise<string[]>
  /** One receipt of the organization, or undefined. */
  findById(ex: Executor, scope: OrgScope, id: string): Promise<ReceiptRecord | undefined>
  /** Detaches the receipts of these events (an undone import); returns how many. */
  detachFromEvents(tx: Executor, scope: OrgScope, eventIds: string[]): Promise<number>
  /** Receipts dated in the range, or uploaded in it when they carry no date. */
  countDated(ex: Executor, scope: OrgScope, range: { from: string; to: string }): Promise<number>
  /** The events among these with a receipt attached that prints its supplier's business number. */
  eventsWithSupplierNumber(ex: Executor, scope: OrgScope, eventIds: string[]): Promise<Set<string>>
}

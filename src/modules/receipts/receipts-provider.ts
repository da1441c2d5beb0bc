import type { EngineName } from '../../db/engine.js'
import type { Executor } from '../../db/schema.js'
import { inTransaction } from '../../db/transaction.js'
import type { Clock } from '../../kernel/clock.js'
import { defaultCurrency } from '../../kernel/currency.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import type { OrgScope } from '../access/principal.js'
import type { AuditRecorder } from '../audit/audit-port.js'
import { cleanFilename, type FilesPort, type IncomingFile, sha256Hex } from '../files/files-port.js'
import type { JobsPort } from '../jobs/jobs-port.js'
import { extractReceiptJob, type ReceiptSource, receiptChange, sniffFileKind } from './receipt.js'
import { ReceiptStore } from './receipt-store.js'
import type { IntakeDocument, ReceiptsPort } from './receipts-port.js'

/**
 * The receipts port: the store's reads as they are, and the receipts other modules file or
 * detach, each recorded in the audit trail like the module's own.
 */
export class ReceiptsProvider extends ReceiptStore implements ReceiptsPort {
  constructor(
    private readonly deps: {
      db: Executor
      engine: EngineName
      clock: Clock
      files: FilesPort
      jobs: JobsPort
      audit: AuditRecorder
    },
  ) {
    super()
  }

  /**
   * The documents a message makes: one per image or PDF, or one for the message body when there
   * is no such file. What intake counts against its quotas before anything is stored.
   */
  documentsOf(files: IncomingFile[], body: { text: string; html: string | null } | null): IntakeDocument[] {
    const documents: IntakeDocument[] = []
    for (const file of files) {
      const kind = sniffFileKind(file.bytes)
      if (!kind || file.bytes.byteLength > limits.uploadBytesMax) continue
      documents.push({
        bytes: file.bytes,
        ...kind,
        filename: cleanFilename(file.filename, `receipt.${kind.extension}`),
      })
    }
    if (documents.length === 0 && body) {
      const html = body.html
      const text = html ?? body.text
      if (text.trim() !== '') {
        documents.push({
          bytes: new TextEncoder().encode(text),
          contentType: html ? 'text/html' : 'text/plain',
          extension: html ? 'html' : 'txt',
          filename: html ? 'message.html' : 'message.txt',
        })
      }
    }
    return documents
  }

  /**
   * Files one receipt per document, each with its extraction job in the same transaction. The
   * same file received twice is one receipt: the answer names the existing one.
   */
  async receive(
    scope: OrgScope,
    input: {
      source: ReceiptSource
      intakeAddressId: string
      documents: IntakeDocument[]
    },
  ): Promise<string[]> {
    const { documents } = input
    const ids: string[] = []
    for (const document of documents) {
      const digest = sha256Hex(document.bytes)
      const existing = await this.findByDedupKey(this.deps.db, scope, digest)
      if (existing) {
        ids.push(existing.id)
        continue
      }
      const s3Key = await this.deps.files.store(scope, document.bytes, document)
      const id = newId()
      const inserted = await inTransaction(this.deps.db, this.deps.engine, async (tx) => {
        const fresh = await this.insert(tx, scope, {
          id,
          eventId: null,
          source: input.source,
          status: 'draft',
          vendorName: null,
          amountMinor: null,
          currency: defaultCurrency,
          receiptDate: null,
          filename: document.filename,
          s3Key,
          contentType: document.contentType,
          sizeBytes: document.bytes.byteLength,
          sha256: digest,
          createdAt: this.deps.clock.now().toISOString(),
          dedupKey: digest,
          intakeAddressId: input.intakeAddressId,
          extractionStatus: 'pending',
        })
        if (fresh) {
          await this.deps.jobs.enqueue(tx, scope.organizationId, extractReceiptJob, id)
          await this.deps.audit.record(tx, scope, [
            receiptChange('received', id, null, { source: input.source, s3Key, filename: document.filename }),
          ])
        }
        return fresh
      })
      if (inserted) ids.push(id)
      else {
        // Another request stored the same file a moment ago.
        const raced = await this.findByDedupKey(this.deps.db, scope, digest)
        if (raced) ids.push(raced.id)
      }
    }
    this.deps.jobs.nudge()
    return ids
  }

  override detachFromEvents(tx: Executor, scope: OrgScope, eventIds: string[]): Promise<number> {
    return super.detachFromEvents(tx, scope, eventIds, this.deps.clock.now().toISOString())
  }
}

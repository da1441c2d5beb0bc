import type { Executor } from '../../db/schema.js'
import type { Clock } from '../../kernel/clock.js'
import { newId } from '../../kernel/ids.js'
import { limits } from '../../kernel/limits.js'
import { fail, ok, type Result } from '../../kernel/result.js'
import type { ObjectStore } from '../../storage/object-store.js'
import type { AccessPort } from '../access/access-port.js'
import type { OrgScope, Principal } from '../access/principal.js'
import { cleanFilename, fileTooLarge, sha256Hex } from './file-rules.js'
import { FileStore, type UploadRecord } from './file-store.js'
import type { AcceptedKinds, FileKind, FilesPort, IncomingFile, KeyOwner } from './files-port.js'

/**
 * Files in and out: POST /uploads sniffs and stores a client's file, GET /files serves a key to
 * members of its organization, and the capabilities that take documents store and read theirs
 * here. Keys are scoped by organization and never derived from what a client sent. The uploads
 * table's reads are the store's own.
 */
export class FileService extends FileStore implements FilesPort {
  private readonly kinds: AcceptedKinds[] = []
  private readonly owners: KeyOwner[] = []

  constructor(
    private readonly deps: {
      db: Executor
      clock: Clock
      objects: ObjectStore
      access: AccessPort
    },
  ) {
    super()
  }

  accept(kinds: AcceptedKinds): void {
    this.kinds.push(kinds)
    // Signatures are exact; text is read leniently, so it is the last resort.
    this.kinds.sort((a, b) => Number(a.by === 'text') - Number(b.by === 'text'))
  }

  serveKeysOf(owner: KeyOwner): void {
    this.owners.push(owner)
  }

  /** POST /uploads: stores one file for the organization and returns its key. */
  async upload(scope: OrgScope, file: IncomingFile): Promise<Result<UploadRecord>> {
    if (file.bytes.byteLength === 0) return fail('EMPTY_FILE', 'The file is empty.', 'file')
    if (file.bytes.byteLength > limits.uploadBytesMax) return fileTooLarge()
    const found = this.sniff(file.bytes)
    if (!found) return unsupportedType()
    const { kinds, kind } = found
    const upload: UploadRecord = {
      s3Key: await this.store(scope, file.bytes, kind),
      filename: cleanFilename(file.filename, `${kinds.name}.${kind.extension}`),
      contentType: kind.contentType,
      sizeBytes: file.bytes.byteLength,
      sha256: sha256Hex(file.bytes),
      createdAt: this.deps.clock.now().toISOString(),
    }
    await this.insertUpload(this.deps.db, scope, { ...upload, id: newId() })
    return ok(upload)
  }

  /** Who may upload or download, for the key's organization or the one named. */
  async uploadScope(
    principal: Principal,
    organizationId: string | undefined,
    operation: 'POST /uploads' | 'GET /files/*',
  ): Promise<OrgScope> {
    this.deps.access.requireIdentified(principal)
    const target = organizationId ?? (principal.kind === 'api_key' ? principal.organizationId : '')
    return this.deps.access.authorize(principal, target, operation)
  }

  async store(scope: OrgScope, bytes: Uint8Array, kind: FileKind): Promise<string> {
    const now = this.deps.clock.now()
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`
    const s3Key = `${scope.organizationId}/${month}/${newId()}.${kind.extension}`
    await this.deps.objects.put(s3Key, bytes, kind.contentType)
    return s3Key
  }

  bytes(s3Key: string): Promise<Uint8Array | undefined> {
    return this.deps.objects.get(s3Key)
  }

  async file(
    scope: OrgScope,
    s3Key: string,
  ): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
    if (!s3Key.startsWith(`${scope.organizationId}/`)) return undefined
    // A key kept to receipts reads the files a receipt holds, not a statement uploaded for import.
    const { actor } = scope
    const receiptsOnly =
      actor.kind === 'api_key' &&
      actor.scopes !== null &&
      !actor.scopes.some((granted) => granted === 'read' || granted === 'write' || granted === 'bank_import')
    const upload = receiptsOnly ? undefined : await this.findUpload(this.deps.db, scope, s3Key)
    let contentType = upload?.contentType
    for (const owner of this.owners) {
      if (contentType !== undefined) break
      contentType = await owner(this.deps.db, scope, s3Key)
    }
    if (!contentType) return undefined
    const bytes = await this.deps.objects.get(s3Key)
    return bytes && { bytes, contentType }
  }

  private sniff(bytes: Uint8Array): { kinds: AcceptedKinds; kind: FileKind } | undefined {
    for (const kinds of this.kinds) {
      const kind = kinds.sniff(bytes)
      if (kind) return { kinds, kind }
    }
    return undefined
  }
}

export const unsupportedType = () =>
  fail(
    'UNSUPPORTED_FILE_TYPE',
    'Only JPEG, PNG, WebP, HEIC and PDF receipts, and OFX, QFX, camt.053, MT940, QIF and CSV statement files are accepted.',
    'file',
  )

import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'
import type { UploadRecord } from './file-store.js'

// What files offer the capabilities that take documents in (receipts, bank statements): the
// kinds of file each accepts, the bytes of a stored key, and a key for a document they store.

export { cleanFilename, fileTooLarge, sha256Hex } from './file-rules.js'
export type { UploadRecord } from './file-store.js'

/** A file as it arrived, before anything is known of it. */
export interface IncomingFile {
  filename: string | undefined
  bytes: Uint8Array
}

export interface FileKind {
  contentType: string
  extension: string
}

/**
 * A kind of file a capability accepts, told from the file's own bytes, never from what the
 * client claims. `by: 'signature'` kinds (magic bytes) are tried before `by: 'text'` ones.
 */
export interface AcceptedKinds {
  /** The stem of a stored file's name when the client gave none (`receipt.jpg`). */
  name: string
  by: 'signature' | 'text'
  sniff(bytes: Uint8Array): FileKind | undefined
}

/** Whether a stored key belongs to the organization (and its type), for keys not made by an upload. */
export type KeyOwner = (ex: Executor, scope: OrgScope, s3Key: string) => Promise<string | undefined>

export interface FilesPort {
  /** Declares the kinds a capability accepts at POST /uploads; each declares them when it is built. */
  accept(kinds: AcceptedKinds): void
  /** Lets GET /files serve keys a capability stored itself (receipts that came by mail). */
  serveKeysOf(owner: KeyOwner): void
  findUpload(ex: Executor, scope: OrgScope, s3Key: string): Promise<UploadRecord | undefined>
  /** Stores bytes under a new key of the organization and returns the key. */
  store(scope: OrgScope, bytes: Uint8Array, kind: FileKind): Promise<string>
  /** The stored bytes of a key; undefined when the storage has none. */
  bytes(s3Key: string): Promise<Uint8Array | undefined>
  /** A key's bytes and type, only within the caller's own organization. */
  file(scope: OrgScope, s3Key: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined>
}

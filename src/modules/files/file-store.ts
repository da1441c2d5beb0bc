import type { Executor } from '../../db/schema.js'
import type { OrgScope } from '../access/principal.js'

export interface UploadRecord {
  s3Key: string
  filename: string
  contentType: string
  sizeBytes: number
  sha256: string
  createdAt: string
}

// The only SQL of files: the uploads table, one row per file a client sent to POST /uploads.
export class FileStore {
  async insertUpload(ex: Executor, scope: OrgScope, upload: UploadRecord & { id: string }): Promise<void> {
    await ex
      .insertInto('uploads')
      .values({
        id: upload.id,
        organization_id: scope.organizationId,
        s3_key: upload.s3Key,
        filename: upload.filename,
        content_type: upload.contentType,
        size_bytes: upload.sizeBytes,
        sha256: upload.sha256,
        created_at: upload.createdAt,
      })
      .execute()
  }

  async findUpload(ex: Executor, scope: OrgScope, s3Key: string): Promise<UploadRecord | undefined> {
    const row = await ex
      .selectFrom('uploads')
      .select(['s3_key', 'filename', 'content_type', 'size_bytes', 'sha256', 'created_at'])
      .where('organization_id', '=', scope.organizationId)
      .where('s3_key', '=', s3Key)
      .executeTakeFirst()
    return (
      row && {
        s3Key: row.s3_key,
        filename: row.filename,
        contentType: row.content_type,
        sizeBytes: Number(row.size_bytes),
        sha256: row.sha256,
        createdAt: row.created_at,
      }
    )
  }
}

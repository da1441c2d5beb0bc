import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { limits } from '../kernel/limits.js'
import { fileTooLarge } from '../modules/files/files-port.js'
import type { Services } from '../services.js'
import { replyAccessDenied, replyFailure } from './rest-errors.js'
import { errorBody } from './status-policy.js'

const uploadFailureStatus: Record<string, number> = {
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  EMPTY_FILE: 400,
}

/** POST /uploads (DESIGN 3): one `file` part, authenticated like GraphQL; 201 with the key. */
export function registerUploadRoutes(app: FastifyInstance, services: Services): void {
  app.post(
    '/uploads',
    { config: { authenticated: true }, bodyLimit: limits.uploadBytesMax + limits.uploadFormOverheadBytesMax },
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        services.access.requireIdentified(request.principal)
      } catch (error) {
        return replyAccessDenied(reply, error)
      }
      if (!request.isMultipart()) {
        return reply
          .code(400)
          .send(errorBody('Send multipart/form-data with one file part named file.', 'MALFORMED_REQUEST'))
      }
      let organizationId: string | undefined
      let file: { filename: string; bytes: Uint8Array } | undefined
      try {
        for await (const part of request.parts({
          limits: { fileSize: limits.uploadBytesMax, files: 1, fields: limits.uploadFormFieldsMax },
        })) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer()
            if (part.fieldname === 'file') file = { filename: part.filename, bytes: new Uint8Array(bytes) }
          } else if (part.fieldname === 'organizationId' && typeof part.value === 'string') {
            organizationId = part.value
          }
        }
      } catch (error) {
        // The rest of a refused multipart body is never read, so the connection cannot be reused.
        reply.header('connection', 'close')
        const code = (error as { code?: string }).code
        if (code === 'FST_REQ_FILE_TOO_LARGE') return replyFailure(reply, 413, fileTooLarge().error)
        if (code === 'FST_FILES_LIMIT') {
          return reply
            .code(400)
            .send(errorBody('Send exactly one file part named file.', 'MALFORMED_REQUEST'))
        }
        return reply.code(400).send(errorBody('The multipart body could not be read.', 'MALFORMED_REQUEST'))
      }
      if (!file)
        return reply.code(400).send(errorBody('Missing the file part named file.', 'MALFORMED_REQUEST'))
      if (request.principal.kind === 'user' && !organizationId) {
        return reply
          .code(400)
          .send(errorBody('Signed-in users must send an organizationId field.', 'MALFORMED_REQUEST'))
      }
      let scope: Awaited<ReturnType<Services['files']['uploadScope']>>
      try {
        scope = await services.files.uploadScope(request.principal, organizationId, 'POST /uploads')
      } catch (error) {
        return replyAccessDenied(reply, error)
      }
      const stored = await services.files.upload(scope, file)
      if (!stored.ok) return replyFailure(reply, uploadFailureStatus[stored.error.code] ?? 400, stored.error)
      const { s3Key, filename, contentType, sizeBytes, sha256 } = stored.value
      return reply.code(201).send({ s3Key, filename, contentType, size: sizeBytes, sha256 })
    },
  )

  // The file behind a receipt's imageUrl, for members of its organization only. Receipts are
  // mostly photos and PDFs, compressed already: compressing them again would spend CPU to save
  // little, and a download keeps its Content-Length.
  app.get('/files/*', { config: { authenticated: true }, compress: false }, async (request, reply) => {
    const s3Key = (request.params as { '*': string })['*']
    const organizationId = s3Key.split('/')[0] ?? ''
    let scope: Awaited<ReturnType<Services['files']['uploadScope']>>
    try {
      scope = await services.files.uploadScope(request.principal, organizationId, 'GET /files/*')
    } catch (error) {
      // Another organization's key answers like a missing one.
      if (
        (error as { code?: string }).code === 'API_KEY_NOT_AUTHORIZED' ||
        (error as { code?: string }).code === 'NOT_A_MEMBER'
      ) {
        return reply.code(404).send(errorBody('No such file.', 'FILE_NOT_FOUND'))
      }
      return replyAccessDenied(reply, error)
    }
    const file = await services.files.file(scope, s3Key)
    if (!file) return reply.code(404).send(errorBody('No such file.', 'FILE_NOT_FOUND'))
    // A receipt that arrived as an e-mail body is HTML from a stranger, served from the API's own
    // origin: the browser must neither guess another type nor run anything in it.
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .send(Buffer.from(file.bytes))
  })
}

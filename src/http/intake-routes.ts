import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { limits } from '../kernel/limits.js'
import type { Result } from '../kernel/result.js'
import type { IncomingFile } from '../modules/files/files-port.js'
import { parseEmailMessage } from '../modules/intake/email-message.js'
import type { IntakeRefusal } from '../modules/intake/intake-service.js'
import type { Services } from '../services.js'
import { errorBody } from './status-policy.js'

/**
 * POST /intake/email and /intake/sms (DESIGN 3): a shared secret, routing by recipient, 404 when
 * no active intake address matches and 429 over an hourly intake quota (nothing stored), 202 with the receipt ids once they are
 * committed, so an acknowledged message is never lost.
 */
export function registerIntakeRoutes(
  app: FastifyInstance,
  services: Services,
  secret: string | undefined,
): void {
  app.addContentTypeParser(
    'message/rfc822',
    { parseAs: 'buffer', bodyLimit: limits.intakeMessageBytesMax },
    (_request, body, done) => done(null, body),
  )

  const authorized = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const given = request.headers['x-intake-secret']
    const ok =
      secret !== undefined &&
      typeof given === 'string' &&
      given.length === secret.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(secret))
    if (!ok)
      reply.code(401).send(errorBody('A valid X-Intake-Secret header is required.', 'INTAKE_SECRET_INVALID'))
    return ok
  }

  const answer = (reply: FastifyReply, received: Result<string[], IntakeRefusal>) => {
    if (received.ok) return reply.code(202).send({ receiptIds: received.value })
    const { code, message, retryAfterSeconds } = received.error
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds))
    return reply.code(code === 'RATE_LIMITED' ? 429 : 404).send(errorBody(message, code))
  }

  app.post('/intake/email', { bodyLimit: limits.intakeMessageBytesMax }, async (request, reply) => {
    if (!authorized(request, reply)) return reply
    if (!Buffer.isBuffer(request.body)) {
      return reply
        .code(415)
        .send(errorBody('Send the raw message as Content-Type: message/rfc822.', 'UNSUPPORTED_MEDIA_TYPE'))
    }
    const parsed = await parseEmailMessage(request.body)
    if (!parsed.ok) {
      const status = parsed.error.code === 'TOO_MANY_PARTS' ? 413 : 400
      return reply.code(status).send(errorBody(parsed.error.message, parsed.error.code))
    }
    return answer(reply, await services.intake.receive(parsed.value))
  })

  app.post(
    '/intake/sms',
    { bodyLimit: limits.intakeSmsMediaPartsMax * limits.uploadBytesMax },
    async (request, reply) => {
      if (!authorized(request, reply)) return reply
      if (!request.isMultipart()) {
        return reply
          .code(400)
          .send(
            errorBody('Send multipart/form-data with from, to, body and media parts.', 'MALFORMED_REQUEST'),
          )
      }
      const fields: Record<string, string> = {}
      const files: IncomingFile[] = []
      try {
        for await (const part of request.parts({
          limits: {
            fileSize: limits.uploadBytesMax,
            files: limits.intakeSmsMediaPartsMax,
            fields: limits.intakeSmsFieldsMax,
          },
        })) {
          if (part.type === 'file')
            files.push({ filename: part.filename, bytes: new Uint8Array(await part.toBuffer()) })
          else if (typeof part.value === 'string') fields[part.fieldname] = part.value
        }
      } catch (error) {
        reply.header('connection', 'close')
        const status = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? 413 : 400
        return reply
          .code(status)
          .send(errorBody('The multipart body could not be read or is too large.', 'MALFORMED_REQUEST'))
      }
      if (!fields.to) return reply.code(400).send(errorBody('The to field is required.', 'MALFORMED_REQUEST'))
      const body = fields.body ?? ''
      return answer(
        reply,
        await services.intake.receive({
          addressType: 'sms',
          recipients: [fields.to],
          files,
          body: { text: body, html: null },
        }),
      )
    },
  )
}

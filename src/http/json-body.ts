import type { FastifyInstance } from 'fastify'

/** Bodies must be valid UTF-8: a lenient decoder would store U+FFFD in place of what was sent. */
export function requireUtf8Json(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = utf8.decode(body as Buffer)
    } catch {
      return done(
        Object.assign(new Error('Request body is not valid UTF-8.'), { statusCode: 400 }),
        undefined,
      )
    }
    parseJson(request, text, done)
  })
}

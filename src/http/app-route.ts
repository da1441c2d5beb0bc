import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

// The web app for the people who keep the books (DESIGN 7.6), built by Vite into dist/web and
// served here under /app/ from the same origin as the API, so its page may talk to /graphql
// without CORS and its policy can forbid every other host. The same path holds from src/http
// (under tsx) and from dist/http (compiled).
export const webAppDirectory = path.resolve(import.meta.dirname, '../../dist/web')

// Vite names every file under assets/ by its content's hash: a new build means new names, so a
// browser may keep these for good. index.html names the current ones, so it is checked each time.
const forGood = { cacheControl: true, maxAge: '365d', immutable: true }
const checkEachTime = 'no-cache'

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  // Forms are sent by the app's script; a form the browser sent itself would put fields in a URL.
  "form-action 'none'",
  // People sign in on this page: no other site may frame it.
  "frame-ancestors 'none'",
].join('; ')

/** Serves the built web app under /app/; without a build, says how to make one. */
export async function registerAppRoutes(
  app: FastifyInstance,
  directory: string = webAppDirectory,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', contentSecurityPolicy)
      reply.header('x-content-type-options', 'nosniff')
      reply.header('referrer-policy', 'no-referrer')
    })

    scope.get('/app', (request, reply) => {
      const query = request.url.slice('/app'.length)
      return reply.redirect(`/app/${query}`, 301)
    })

    if (!existsSync(path.join(directory, 'index.html'))) {
      const notBuilt = (_request: unknown, reply: FastifyReply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send('The web app is not built: run `npm run build`, then start the server again.\n')
      scope.get('/app/', notBuilt)
      scope.get('/app/*', notBuilt)
      return
    }

    // Only the reply's sendFile is used: it guards against paths that climb out of the directory
    // and answers ETag, Last-Modified and ranges. The routes below decide what each path means.
    await scope.register(fastifyStatic, { root: directory, serve: false, cacheControl: false })
    const sendIndex = (reply: FastifyReply) =>
      reply.header('cache-control', checkEachTime).sendFile('index.html', { cacheControl: false })
    // Files beside index.html (the icon), read once: every other path is one of the app's screens.
    const topLevelFiles = new Set(
      readdirSync(directory, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name),
    )

    scope.get('/app/', (_request, reply) => sendIndex(reply))
    scope.get('/app/*', (request, reply) => {
      const filePath = (request.params as { '*': string })['*']
      // A missing asset is a 404 (kept by no cache), not the page: a script given HTML fails
      // without saying why.
      if (filePath.startsWith('assets/')) return reply.sendFile(filePath, forGood)
      if (topLevelFiles.has(filePath) && filePath !== 'index.html') {
        return reply.header('cache-control', checkEachTime).sendFile(filePath, { cacheControl: false })
      }
      return sendIndex(reply)
    })
  })
}

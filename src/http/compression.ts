import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { limits } from '../kernel/limits.js'

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before any route exists, so every route gets its hook. Request bodies stay as sent: a
  // compressed body would bypass what the body limits mean.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: limits.compressionThresholdBytes,
    globalDecompression: false,
  })
}

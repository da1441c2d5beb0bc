import pino, { type Logger } from 'pino'
import { BatchedLogDestination } from './log-destination.js'

export interface ServerLog {
  logger: Logger
  /** Where the logger writes, and the request log lines written without it. */
  destination: BatchedLogDestination
  /** When the server closes: what waits is written, and every later line as it comes. */
  close(): void
}

export function openServerLog(level: string): ServerLog {
  const destination = new BatchedLogDestination()
  const flush = () => destination.flush()
  process.once('exit', flush)
  const logger = pino(
    {
      level,
      redact: [
        'req.headers.authorization',
        'req.headers["x-intake-secret"]',
        'req.headers["idempotency-key"]',
      ],
    },
    destination,
  )
  return {
    logger,
    destination,
    close() {
      process.off('exit', flush)
      destination.close()
    },
  }
}

import { parentPort } from 'node:worker_threads'
import { type ReadStatementJob, readStatementJob } from './read-statement-job.js'
import { isSizeRefusal } from './statement-file.js'
import type { StatementReaderReply } from './statement-reader.js'

// The reader thread: one statement file per thread, read whole, its outcome posted back. The
// thread is ended after it answers; a file that costs too much is ended by the host instead.

parentPort?.once('message', (job: ReadStatementJob) => {
  parentPort?.postMessage({ started: true } satisfies StatementReaderReply)
  const result = readStatementJob(job)
  const reply: StatementReaderReply = { result, sizeRefusal: !result.ok && isSizeRefusal(result.error) }
  parentPort?.postMessage(reply)
})

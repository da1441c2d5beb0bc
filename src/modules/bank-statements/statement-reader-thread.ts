import { parentPort } from 'node:worker_threads'
import { type ReadStatementJob, readStatementJob } from './read-statement-job.js'
import { isSizeRefusal } from './statement-file.js'
import type { StatementReaderReply } from './statement-reader.js'

// The reader thread: one statement file at a time, read whole, its outcome posted back. The host
// may send the next file once it has the answer; a file that costs too much ends the thread.

parentPort?.on('message', (job: ReadStatementJob) => {
  parentPort?.postMessage({ started: true } satisfies StatementReaderReply)
  const result = readStatementJob(job)
  const reply: StatementReaderReply = { result, sizeRefusal: !result.ok && isSizeRefusal(result.error) }
  parentPort?.postMessage(reply)
})

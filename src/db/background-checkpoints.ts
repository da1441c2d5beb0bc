import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { limits } from '../kernel/limits.js'

// Runs in the worker thread, on a connection of its own. A PASSIVE checkpoint copies what it can
// without waiting for the server's connection and never makes it wait; once every page is back in
// the database, the server's next write starts the WAL over from its beginning.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driverPath)
const db = new SQLite(workerData.file, { fileMustExist: true })
// A failure that lasts (a full disk) is reported once, not five times a second.
let lastError = ''
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
    lastError = ''
  } catch (error) {
    const message = String((error && error.message) || error)
    // Busy: the server's connection is checkpointing itself just now.
    if (error && error.code === 'SQLITE_BUSY') return
    if (message !== lastError) parentPort.postMessage({ error: message })
    lastError = message
  }
}, workerData.intervalMs)
parentPort.on('message', () => {
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

export interface BackgroundCheckpoints {
  stop(): Promise<void>
}

/**
 * Checkpoints a SQLite database in WAL mode from a worker thread. Otherwise the commit that
 * crosses wal_autocheckpoint copies the WAL back on the event loop, and every request in flight
 * waits for it (tens of milliseconds under steady writes: most of a confirm's p99). The server
 * uses it; the CLI's short runs leave it to SQLite.
 */
export function startBackgroundCheckpoints(
  file: string,
  onError: (message: string) => void,
): BackgroundCheckpoints {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { file, driverPath, intervalMs: limits.sqliteCheckpointIntervalMs },
  })
  // A busy or failed checkpoint is only a later one; the fallback in the server's connection
  // still bounds the WAL, so the thread never keeps the process alive or takes it down.
  worker.unref()
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error)
  })
  worker.on('error', (error) => onError(error.message))
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  return {
    stop() {
      worker.postMessage('stop')
      return exited
    },
  }
}

import cluster, { type Worker } from 'node:cluster'
import type { Config } from './config.js'
import { openDatabase } from './db/engine.js'
import { migrateToLatest } from './db/migrate.js'
import { serveClusterMetrics } from './http/metrics.js'
import { limits } from './kernel/limits.js'

/**
 * WORKERS above 1: this process migrates the database once, then runs that many server processes
 * on the one port (the cluster module hands each connection to one of them) and keeps them
 * running. A worker that dies after it served is replaced; one that dies before it could listen
 * shows a fault no replacement would fix (configuration, database), so everything stops.
 * SIGTERM or SIGINT stops the workers, each finishing its requests, then this process.
 */
export async function superviseWorkers(config: Config): Promise<void> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await migrateToLatest(database.db)
  } finally {
    await database.close()
  }

  serveClusterMetrics()
  const listening = new WeakSet<Worker>()
  let stopping = false
  let failed = false
  const start = (): void => {
    const worker = cluster.fork()
    worker.once('listening', () => listening.add(worker))
    worker.once('exit', (code, signal) => {
      if (stopping) return
      if (!listening.has(worker)) {
        log('error', 'server worker stopped before it could listen', { pid: worker.process.pid, code })
        failed = true
        stopAll()
        return
      }
      log('error', 'server worker died; starting another', { pid: worker.process.pid, code, signal })
      setTimeout(() => {
        if (!stopping) start()
      }, limits.workerRestartDelayMs)
    })
  }
  const stopAll = (): void => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0)
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return
      log('info', 'shutting down', { signal })
      stopAll()
    })
  }
  for (let i = 0; i < config.workers; i++) start()
}

/** The supervisor's few lines, in the shape of the servers' own log lines. */
function log(level: 'info' | 'error', msg: string, fields: Record<string, unknown>): void {
  const levels = { info: 30, error: 50 }
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`,
  )
}

import cluster from 'node:cluster'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { superviseWorkers } from './workers.js'

// Process entry: configuration, database, migrations, listen. Nothing else belongs here.
const config = loadConfig()
if (config.workers > 1 && cluster.isPrimary) await superviseWorkers(config)
else await serve()

async function serve(): Promise<void> {
  const app = await buildApp(config)
  await app.server.listen({ host: config.host, port: config.port })

  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      app.server.log.info({ signal }, 'shutting down')
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.server.log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
    })
  }
}

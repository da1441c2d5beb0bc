import { buildApp } from './app.js'
import { loadConfig } from './config.js'

// Process entry: configuration, database, migrations, listen. Nothing else belongs here.
const config = loadConfig()
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

// A loopback port that was free a moment ago, for listeners a test must name before they start (SMTP).
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

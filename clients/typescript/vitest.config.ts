import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The README's example imports the package by name, as a program outside the repository would.
  resolve: { alias: { '@daybook/client': fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Each file that talks to Daybook starts its own server, migrations and all.
    hookTimeout: 60_000,
    reporters: ['default'],
  },
})

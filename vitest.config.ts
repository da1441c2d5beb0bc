import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'

// Node loads graphql's CommonJS build for Daybook and for Mercurius alike; Vite would hand the
// tests its ESM build, a second copy whose types the first does not recognize (a validation rule
// of one copy then fails on the other's schema). The tests load the one Node loads.
const graphqlEntry = createRequire(import.meta.url).resolve('graphql')

// Every suite runs on the engine named by the environment: SQLite by default, PostgreSQL when
// DATABASE_URL is set (the global setup then makes a fresh database for the run).
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/crash/**', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Servers the tests start, in this process or as children, check that every query names its
    // organization (ADR 0026).
    env: { DAYBOOK_CHECK_TENANT_SCOPE: '1' },
    reporters: ['default'],
  },
})

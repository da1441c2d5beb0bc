import { defineConfig } from 'vitest/config'

// Every suite runs on the engine named by the environment: SQLite by default, PostgreSQL when
// DATABASE_URL is set (the global setup then makes a fresh database for the run).
export default defineConfig({
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

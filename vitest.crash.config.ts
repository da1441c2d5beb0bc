import { defineConfig } from 'vitest/config'

// The crash tests kill real server processes; they run apart from `npm test` (npm run test:crash).
export default defineConfig({
  test: {
    include: ['test/crash/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Servers the tests start, in this process or as children, check that every query names its
    // organization (ADR 0026).
    env: { DAYBOOK_CHECK_TENANT_SCOPE: '1' },
    fileParallelism: false,
  },
})

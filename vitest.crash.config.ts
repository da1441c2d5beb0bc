import { defineConfig } from 'vitest/config'

// The crash tests kill real server processes; they run apart from `npm test` (npm run test:crash).
export default defineConfig({
  test: {
    include: ['test/crash/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
})

import { defineConfig } from 'vitest/config';

// Browser tests: one production server (built front end + API on a fresh DuckDB with the demo
// data) is started once for all files; each file drives its own headless Chromium page.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
    setupFiles: ['tests/e2e/support/cspSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});

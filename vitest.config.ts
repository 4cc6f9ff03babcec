import { defineConfig } from 'vitest/config';
import { chartSpecsPlugin } from './widgets/chart/precompile.ts';

// Unit, component, ingestion and contract tests. Browser (Playwright) tests live in tests/e2e and
// run from their own config after a build, see scripts/test-ci.sh.
export default defineConfig({
  // Widgets import the build-time compiled chart specs; tests resolve them the same way.
  plugins: [chartSpecsPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['{server,engine,widgets,src,schemas,pages,tests,scripts}/**/*.test.ts'], exclude: ['tests/e2e/**'] },
      },
      {
        extends: true,
        // Pages and widgets render with the product's host parts (widget kinds, vocabularies…).
        test: { name: 'dom', environment: 'happy-dom', include: ['{engine,widgets,src,pages}/**/*.test.tsx'], setupFiles: ['src/host/testSetup.ts'] },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    // DuckDB files and the PostgreSQL test database are shared: one file at a time keeps them sane.
    fileParallelism: false,
  },
});

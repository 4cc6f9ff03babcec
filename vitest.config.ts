import { defineConfig } from 'vitest/config';
import { chartSpecsPlugin } from './widgets/chart/precompile.ts';

// Files that start processes, hold fixed time limits or count what a burst of requests does: they
// run one at a time after the others, alone on the machine, so no neighbour's load changes what
// they measure. Every other file opens its own throw-away database (a `t_<random>` PostgreSQL
// schema or an in-memory DuckDB), so two of them run at once: one per CPU of the test machines.
const ALONE = [
  'server/main.test.ts',
  'engine/lint/cli.test.ts',
  'tests/instances/twoInstances.test.ts',
  'tests/jobs/*.test.ts',
  'server/routes/account/loginThrottle.test.ts',
  'server/routes/account/loginBurst.test.ts',
  'server/routes/account/refreshRace.test.ts',
  'server/scheduler/leadership.test.ts',
];
const NODE_FILES = ['{server,engine,widgets,src,schemas,pages,tests,scripts}/**/*.test.ts'];

// Unit, component, ingestion and contract tests. Browser (Playwright) tests live in tests/e2e and
// run from their own config after a build, see scripts/test-ci.sh.
export default defineConfig({
  // Widgets import the build-time compiled chart specs; tests resolve them the same way.
  plugins: [chartSpecsPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: NODE_FILES, exclude: ['tests/e2e/**', ...ALONE], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // Pages and widgets render with the product's host parts (widget kinds, vocabularies…).
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['{engine,widgets,src,pages}/**/*.test.tsx'],
          setupFiles: ['src/host/testSetup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', environment: 'node', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});

// Import and layer rules (npm run lint). Paths are relative to the repository root.
//   engine/   the dashboard engine: knows nothing of the app, its widgets or its pages
//   widgets/  widget kinds: use the engine through its public entries only
//   src/      the app: uses the engine through its public entries; only the composition root
//             src/host/ puts widgets and pages into it
//   server/   the API: shares schemas/ with the front end, nothing of the front end's code
const ENGINE_PUBLIC = '^engine/(index|testing|studio|charts)\\.ts$';
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other, directly or through others, cannot be understood or tested one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-not-to-app',
      comment: 'engine/ is generic: it must not import the app (src/), widget kinds (widgets/) or page definitions (pages/).',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(src|widgets|pages)/' },
    },
    {
      name: 'widgets-engine-public-entry',
      comment: 'widgets/ may import the engine only through engine/index.ts (and engine/charts.ts, the React-free chart spec builder).',
      severity: 'error',
      from: { path: '^widgets/', pathNot: TEST_FILE },
      to: { path: '^engine/', pathNot: '^engine/(index|charts)\\.ts$' },
    },
    {
      name: 'widget-tests-engine-public-entries',
      comment: 'Widget tests may import the engine only through engine/index.ts and engine/testing.ts.',
      severity: 'error',
      from: { path: `^widgets/.*${TEST_FILE}` },
      to: { path: '^engine/', pathNot: ENGINE_PUBLIC },
    },
    {
      name: 'widgets-not-to-app',
      comment: 'widgets/ must not import the app (src/) or page definitions (pages/).',
      severity: 'error',
      from: { path: '^widgets/' },
      to: { path: '^(src|pages)/' },
    },
    {
      name: 'src-engine-public-entries',
      comment: 'src/ may import the engine only through engine/index.ts and engine/testing.ts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^engine/', pathNot: ENGINE_PUBLIC },
    },
    {
      name: 'src-widgets-and-pages-only-in-host',
      comment: 'Only the composition root src/host/ may import widgets/ and pages/.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/host/' },
      to: { path: '^(widgets|pages)/' },
    },
    {
      name: 'host-widgets-public-entry',
      comment: 'src/host/ imports the widget kinds through widgets/index.ts only.',
      severity: 'error',
      from: { path: '^src/host/' },
      to: { path: '^widgets/', pathNot: '^widgets/index\\.ts$' },
    },
    {
      name: 'server-not-to-front-end',
      comment:
        'server/ runs in Node: it must not import the app (src/), widget kinds (widgets/), the engine runtime or React. ' +
        'It may read schemas/ and the engine modules that are plain functions.',
      severity: 'error',
      // Except the email templates: React Email components rendered to HTML strings in Node.
      from: { path: '^server/', pathNot: '^server/alerts/templates/' },
      to: { path: ['^(src|widgets)/', '^engine/runtime/', '^node_modules/(react|react-dom)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage|\\.tmp)/' },
    // Type-only imports count too: a layer must not even name another layer's types.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};

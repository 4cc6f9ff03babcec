import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

// The project's import rules (.dependency-cruiser.cjs), run on small throw-away trees laid out
// like the repository, so a rule that silently stops matching fails here.
const ROOT = path.resolve(import.meta.dirname, '..');
let dir = '';

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes the files into a fresh folder and returns the violations as "rule: from → to". */
async function violations(files: Record<string, string>): Promise<string[]> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(ROOT, 'tsconfig.json'));
  const roots = [...new Set(Object.keys(files).map((f) => f.split('/')[0]))].filter((r) => r !== 'node_modules');
  const { output } = await cruise(roots, { ...options, baseDir: dir }, {}, { tsConfig });
  if (typeof output === 'string') throw new Error('expected a cruise result');
  return output.summary.violations
    .map((v) => `${v.rule.name}: ${[v.from, ...(v.cycle?.map((c) => c.name) ?? [v.to])].join(' → ')}`)
    .sort();
}

describe('import rules', () => {
  it('report a cycle and an engine module that imports the app', async () => {
    const found = await violations({
      'engine/a.ts': "import { b } from '../src/b';\nexport const a = () => b;\n",
      'src/b.ts': "import { a } from '../engine/a';\nexport const b = () => a;\n",
    });
    expect(found).toContain('engine-not-to-app: engine/a.ts → src/b.ts');
    expect(found).toContain('src-engine-public-entries: src/b.ts → engine/a.ts');
    expect(found.some((v) => /^no-circular: (engine\/a\.ts|src\/b\.ts) → .* → \1$/.test(v))).toBe(true);
  });

  it('report widgets and server modules that reach past the public entries or into React', async () => {
    const found = await violations({
      'engine/index.ts': "export * from './runtime/view';\n",
      'engine/runtime/view.ts': 'export const view = 1;\n',
      'widgets/kind/Kind.ts': "import { view } from '../../engine/runtime/view';\nexport const kind = view;\n",
      'widgets/kind/Public.ts': "import { view } from '../../engine/index';\nexport const kind = view;\n",
      'server/route.ts': "import { view } from '../engine/runtime/view';\nexport const route = view;\n",
      'server/page.ts': "import { createElement } from 'react';\nexport const page = createElement;\n",
      'node_modules/react/package.json': '{ "name": "react", "main": "index.js" }\n',
      'node_modules/react/index.js': 'exports.createElement = () => null;\n',
    });
    expect(found).toEqual([
      'server-not-to-front-end: server/page.ts → node_modules/react/index.js',
      'server-not-to-front-end: server/route.ts → engine/runtime/view.ts',
      'widgets-engine-public-entry: widgets/kind/Kind.ts → engine/runtime/view.ts',
    ]);
  });

  it('pass a clean pair', async () => {
    const found = await violations({
      'src/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'src/b.ts': 'export const b = () => 1;\n',
    });
    expect(found).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintFiles } from './lint';
import { formatText } from './format/text';

// The real pages against the real schemas, widget kinds and API catalogue: zero errors. (Passes
// trivially while pages/ is empty; every page that lands is held to it.)
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = join(ROOT, 'pages');

describe('pages/', () => {
  it('every page lints without errors', async () => {
    const files = existsSync(PAGES) ? readdirSync(PAGES).filter((f) => f.endsWith('.json')).map((f) => join(PAGES, f)) : [];
    const diagnostics = await lintFiles(files, { cwd: ROOT });
    expect(formatText(diagnostics.filter((d) => d.severity === 'error'))).toBe('');
  });
});

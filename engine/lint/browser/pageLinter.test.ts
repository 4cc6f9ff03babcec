import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintPages } from '../lint';
import { createPageLinter, type SchemaDocuments } from './pageLinter';

// The studio's lint (documents handed in, no file system) says exactly what lint:pages says about
// the same text, and gives editors one self-contained schema.

const ROOT = join(__dirname, '../../..');
const SCHEMAS = join(ROOT, 'schemas');

function documents(dir = SCHEMAS): SchemaDocuments {
  const out: SchemaDocuments = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, documents(path));
    else if (name.endsWith('.json')) out[relative(SCHEMAS, path)] = JSON.parse(readFileSync(path, 'utf8'));
  }
  return out;
}

describe('createPageLinter', () => {
  const linter = createPageLinter(documents());
  const overview = readFileSync(join(ROOT, 'pages/overview.json'), 'utf8');

  it('says about every page in pages/ what lint:pages says', async () => {
    expect(linter.problems).toEqual([]);
    expect(await linter.lint('overview.json', overview)).toEqual([]);
    for (const name of readdirSync(join(ROOT, 'pages')).filter((n) => n.endsWith('.json'))) {
      const text = readFileSync(join(ROOT, 'pages', name), 'utf8');
      const perPage = (await lintPages([{ file: name, text }])).filter((d) => d.file === name);
      expect(await linter.lint(name, text), name).toEqual(perPage);
    }
  });

  it('reports what lint:pages reports, at the same place', async () => {
    const page = JSON.parse(overview) as { widgets: Record<string, Record<string, unknown>>; layout: unknown[] };
    const [id] = Object.keys(page.widgets);
    page.widgets[id].titel = 'typo';
    page.layout.push({ items: [{ widget: 'nowhere' }] });
    const text = JSON.stringify(page, null, 2);
    const found = await linter.lint('overview.json', text);
    expect(found.map((d) => d.rule)).toEqual(expect.arrayContaining(['schema', 'missing-widget']));
    expect(found).toEqual(await lintPages([{ file: 'overview.json', text }]));
    const typo = found.find((d) => d.message.includes('titel'))!;
    expect(text.split('\n')[typo.line - 1]).toContain('"titel"');
  });

  it('gives editors the composed schema with local references only', () => {
    const text = JSON.stringify(linter.schema);
    expect(text).not.toMatch(/"\$ref":"(?!#)/);
    const widget = (linter.schema.definitions as Record<string, unknown>).widgetsChart;
    expect(widget).toBeDefined();
  });
});

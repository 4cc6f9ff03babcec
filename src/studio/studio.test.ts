import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { lineChanges } from './DiffView';
import { summarize, summaryText, toEditorDiagnostics } from './editor/diagnostics';
import { addWidgetEdits, freshId } from './templates';
import { applyEdits } from 'jsonc-parser';
import { pageFileName, savePage } from './vitePlugins';

// The studio's pure parts: lint findings placed in the editor, "add widget" as text edits, the
// change count of the diff, and the development save's checks.

describe('toEditorDiagnostics', () => {
  it('marks the finding from its line:column to its end, and one character when it has no extent', () => {
    const doc = Text.of(['{', '  "colour": {', '  }', '}']);
    const base = { file: 'p.json', rule: 'vega-lite', widget: 'chart', severity: 'error' as const, message: 'm', pointer: '' };
    const [key, point] = toEditorDiagnostics(doc, [
      { ...base, line: 2, column: 3, endLine: 2, endColumn: 11 },
      { ...base, line: 3, column: 3, endLine: 3, endColumn: 3 },
    ]);
    expect(doc.sliceString(key.from, key.to)).toBe('"colour"');
    expect(key.source).toBe('vega-lite · chart');
    expect(doc.sliceString(point.from, point.to)).toBe('}');
    expect(summaryText(summarize([{ ...base, line: 1, column: 1, endLine: 1, endColumn: 1 }]))).toBe('1 error');
    expect(summaryText({ errors: 0, warnings: 0 })).toBe('No problems');
  });
});

describe('addWidgetEdits', () => {
  const page = JSON.stringify({ id: 'p', widgets: { chart: { type: 'chart' } }, layout: [{ items: [{ widget: 'chart' }] }] }, null, 2);

  it('adds the template under a fresh id with a row of its own, keeping the rest of the text', () => {
    const added = addWidgetEdits(page, { type: 'chart', title: 'New' })!;
    expect(added.id).toBe('chart2');
    expect(added.edits).toHaveLength(1);
    const after = JSON.parse(applyEdits(page, added.edits));
    expect(after.widgets.chart2).toEqual({ type: 'chart', title: 'New' });
    expect(after.layout).toEqual([{ items: [{ widget: 'chart' }] }, { items: [{ widget: 'chart2', span: 12 }] }]);
    expect(applyEdits(page, added.edits).startsWith(page.slice(0, page.indexOf('"chart": {')))).toBe(true);
    expect(freshId('table', ['table', 'table2'])).toBe('table3');
  });

  it('refuses a text that is not a page object', () => {
    expect(addWidgetEdits('[1, 2]', { type: 'chart' })).toBeNull();
  });
});

describe('lineChanges', () => {
  it('counts added and removed lines', () => {
    expect(lineChanges('a\nb\nc\nd', 'a\nc\nx\nd')).toEqual({ added: 1, removed: 1 });
    expect(lineChanges('a', 'a')).toEqual({ added: 0, removed: 0 });
  });
});

describe('savePage (development only)', () => {
  it('writes valid JSON to a page file and refuses other names and broken text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-pages-'));
    writeFileSync(join(dir, 'overview.json'), '{}\n');
    expect(savePage(dir, 'overview.json', '{"a": 1}')).toEqual({ status: 200, message: 'saved pages/overview.json' });
    expect(readFileSync(join(dir, 'overview.json'), 'utf8')).toBe('{"a": 1}\n');
    expect(savePage(dir, 'overview.json', '{"a": 1}\n').message).toBe('pages/overview.json is unchanged');
    expect(savePage(dir, '../server.json', '{}').status).toBe(400);
    expect(pageFileName('a/b.json')).toBeNull();
    const broken = savePage(dir, 'overview.json', '{"a": ');
    expect(broken.status).toBe(400);
    expect(readFileSync(join(dir, 'overview.json'), 'utf8')).toBe('{"a": 1}\n');
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintPages } from '../engine/lint/lint';

// QA's check for every screen: the page lints clean, and a copy with three typical mistakes (a
// misspelt call id, a misspelt filter name, a layout slot for a widget that does not exist)
// fails with one located error per mistake, on the line of the mistake.
const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(DIR, '..');
const PAGES = readdirSync(DIR).filter((n) => n.endsWith('.json')).sort();

const lint = async (file: string, text: string) =>
  (await lintPages([{ file: join(DIR, file), text }], { cwd: ROOT })).filter((d) => d.severity === 'error');

/** The first object (depth first, in key order) that has `key`, so the mistake lands somewhere real. */
function firstWith(value: unknown, key: string): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  if (!Array.isArray(value) && key in value) return value as Record<string, unknown>;
  for (const child of Object.values(value)) {
    const hit = firstWith(child, key);
    if (hit) return hit;
  }
  return null;
}

describe.each(PAGES)('%s', (file) => {
  const page = JSON.parse(readFileSync(join(DIR, file), 'utf8'));

  it('lints without errors', async () => {
    expect(await lint(file, JSON.stringify(page, null, 2))).toEqual([]);
  });

  it('a broken copy fails with an error located at each mistake', async () => {
    const broken = structuredClone(page);
    const withCall = firstWith(broken.widgets, 'call')!;
    withCall.call = `${withCall.call}s-typo`;
    const withFilter = firstWith(broken.widgets, '$filter');
    if (withFilter) withFilter.$filter = `${withFilter.$filter}Typo`;
    broken.layout.push({ items: [{ widget: 'noSuchWidget', span: 12 }] });

    const text = JSON.stringify(broken, null, 2);
    const lines = text.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const errors = await lint(file, text);
    const located = errors.map((e) => `${e.rule}@${e.line}`);

    expect(located).toContain(`unknown-call@${lineOf(`"${withCall.call}"`)}`);
    if (withFilter) expect(located).toContain(`unknown-reference@${lineOf(`"${withFilter.$filter}"`)}`);
    expect(located).toContain(`missing-widget@${lineOf('"noSuchWidget"')}`);
    for (const e of errors) expect(e.line).toBeGreaterThan(0);
  });
});

// The wizards' own references: a binding to a later step's field, a response field the saved
// call does not return, a request field the call does not take, and a suggestion list from a
// response nobody saved each fail on their own line.
describe.each(['add-brand.json', 'onboarding.json'])('%s wizard references', (file) => {
  it('a broken copy fails at each wrong wizard reference', async () => {
    const broken = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
    const wizard = Object.values(broken.widgets as Record<string, Record<string, unknown>>).find((w) => w.type === 'wizard') as {
      steps: Array<{ fields?: Array<{ name: string; suggestions?: { from: string[] } }>; calls?: Array<{ body?: Record<string, unknown>; params?: Record<string, unknown>; query?: Record<string, unknown> }> }>;
    };
    const withBody = wizard.steps.findIndex((s) => s.calls?.some((c) => c.body));
    const call = wizard.steps[withBody].calls!.find((c) => c.body)!;
    const laterField = wizard.steps.slice(withBody + 1).flatMap((s) => s.fields ?? [])[0].name;
    const [firstKey] = Object.keys(call.body!);
    call.body![firstKey] = { $row: laterField };
    call.body!.notARequestField = 'x';
    const lastCall = wizard.steps.flatMap((s) => s.calls ?? []).at(-1)!;
    const dotted = (v: unknown) => typeof (v as { $row?: string })?.$row === 'string' && (v as { $row: string }).$row.includes('.');
    const part = [lastCall.body, lastCall.params, lastCall.query].find((p) => p && Object.values(p).some(dotted))!;
    const rowKey = Object.keys(part).find((k) => dotted(part[k]))!;
    (part[rowKey] as { $row: string }).$row += 'Typo';
    const checklist = wizard.steps.flatMap((s) => s.fields ?? []).find((f) => f.suggestions)!;
    checklist.suggestions!.from = ['neverSaved.list'];

    const text = JSON.stringify(broken, null, 2);
    const lines = text.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const located = (await lint(file, text)).map((e) => `${e.rule}@${e.line}`);
    expect(located).toContain(`wizard-reference@${lineOf(`"$row": "${laterField}"`)}`);
    expect(located).toContain(`request-fields@${lineOf('"notARequestField"')}`);
    expect(located).toContain(`wizard-reference@${lineOf(`Typo"`)}`);
    expect(located).toContain(`wizard-reference@${lineOf('"neverSaved.list"')}`);
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintPages } from './lint';

// A condition on a choice filter (a filter step's when, a widget's visibleWhen) must compare with
// one of the filter's options: a typo would make it silently never hold (the Prompts Monitor's
// performance filter would keep every row). Uses the real kinds and catalogue with pages/prompts.json.

const root = join(import.meta.dirname, '..', '..');
const page = JSON.parse(readFileSync(join(root, 'pages/prompts.json'), 'utf8'));
// The screen sends its performance filter to the server; a filter step conditioned on it (as a
// page may have) is added here for the rule to check.
page.widgets.prompts.data.transform.push({
  type: 'filter',
  when: { subject: { $filter: 'promptPerformance' }, op: 'eq', value: 'worst' },
  where: [{ field: 'performanceStatus', op: 'eq', value: 'bottom' }],
});

async function references(p: unknown): Promise<string[]> {
  const d = await lintPages([{ file: 'prompts.json', text: JSON.stringify(p, null, 2) }]);
  return d.filter((x) => x.rule === 'unknown-reference').map((x) => `${x.pointer} ${x.message}`);
}

const steps = page.widgets.prompts.data.transform as Array<{ type: string; when?: { value: unknown; op: string } }>;
const worst = steps.findIndex((s) => s.type === 'filter' && s.when?.value === 'worst');

describe('conditions on choice filters', { timeout: 60_000 }, () => {
  it('accept the options of the filter', async () => {
    expect(worst).toBeGreaterThan(0);
    expect(await references(page)).toEqual([]);
  });

  it('report a value that is not an option, with a suggestion', async () => {
    const p = structuredClone(page);
    p.widgets.prompts.data.transform[worst].when.value = 'wrost';
    expect(await references(p)).toEqual([
      `/widgets/prompts/data/transform/${worst}/when/value 'wrost' is not an option of filter 'promptPerformance'; did you mean 'worst'?`,
    ]);
  });

  it('check every value of in / nin, in visibleWhen too', async () => {
    const p = structuredClone(page);
    p.widgets.suggestions.visibleWhen = { subject: { $filter: 'promptPerformance' }, op: 'in', value: ['all', 'bottom'] };
    expect(await references(p)).toEqual([
      "/widgets/suggestions/visibleWhen/value/1 'bottom' is not an option of filter 'promptPerformance'; its options are all, top, worst, needs_attention, recently_changed",
    ]);
  });
});

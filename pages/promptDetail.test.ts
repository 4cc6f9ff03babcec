import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintPages } from '../engine/lint/lint';
import { formatText } from '../engine/lint/format/text';
import { runTransforms } from '../engine/transforms/run';
import { pagesFromModules } from '../engine/runtime/pages';
import type { Step } from '../engine/transforms/steps';

// The prompt detail page: it lints clean, its standalone view is the same page, a broken copy fails
// with located errors, and the ranking pipeline orders brands by mention rate (desc, ties within 0.01)
// then average rank (asc, nulls last) and tags rows My Brand / Competitor / Emerging.
const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(DIR, '..');
const text = (f: string) => readFileSync(join(DIR, f), 'utf8');
const page = JSON.parse(text('prompt-detail.json'));

const lint = async (file: string, source: string) => {
  const diagnostics = await lintPages([{ file: join(DIR, file), text: source }], { cwd: ROOT });
  return diagnostics.filter((d) => d.severity === 'error');
};

describe('prompt detail pages', () => {
  it('lints without errors', async () => {
    expect(formatText(await lint('prompt-detail.json', text('prompt-detail.json')))).toBe('');
  });

  it('a broken copy fails with located errors: misspelt record, response and row fields', async () => {
    const broken = structuredClone(page);
    broken.widgets.header.values.prompt = { $record: 'promt' };
    broken.widgets.responses.card.text.field = 'responseTxt';
    broken.widgets.citations.group.field = 'authr';
    broken.widgets.ranking.rowActions.widgets[1].action.body.competitorName = { $row: 'brandNam' };
    const source = JSON.stringify(broken, null, 2);
    const errors = await lint('prompt-detail.json', source);
    const lines = source.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const found = errors.map((e) => `${e.line} ${e.rule} ${e.widget} ${e.message.split(';')[0]}`);
    expect(found).toEqual(
      expect.arrayContaining([
        `${at('"promt"')} unknown-reference header 'promt' is not a field of the record ('prompts.get')`,
        `${at('"responseTxt"')} unknown-field responses field 'responseTxt' is not in the response of 'prompts.latest-run' here`,
        `${at('"authr"')} unknown-field citations field 'authr' is not in the response of 'prompts.citations' here`,
        `${at('"brandNam"')} unknown-field ranking field 'brandNam' is not in the response of 'prompts.metrics.ranking-list' here`,
      ]),
    );
    expect(errors.find((e) => e.message.includes("'promt'"))?.message).toContain("did you mean 'prompt'?");
    expect(errors).toHaveLength(4);
  });

  it('the page record is checked like any call: its id and its request', async () => {
    const broken = structuredClone(page);
    broken.record.call = 'prompts.gett';
    const source = JSON.stringify(broken, null, 2);
    const line = source.split('\n').findIndex((l) => l.includes('"prompts.gett"')) + 1;
    const errors = await lint('prompt-detail.json', source);
    expect(errors.map((e) => `${e.line} ${e.rule} ${e.message}`)).toContain(`${line} unknown-call unknown call 'prompts.gett'; did you mean 'prompts.get'?`);
    const wrongParam = structuredClone(page);
    wrongParam.record.params = { idd: { $param: 'id' } };
    const messages = (await lint('prompt-detail.json', JSON.stringify(wrongParam, null, 2))).map((e) => `${e.rule} ${e.message}`);
    expect(messages).toContain("request-fields call 'prompts.get' requires params field 'id'");
  });

  it('the standalone variant shows the same cards under its own route', () => {
    const views = pagesFromModules({ '../../pages/prompt-detail.json': { default: page } });
    expect(views.map((v) => v.id)).toEqual(['promptDetail', 'promptDetailStandalone']);
    const standalone = views[1];
    expect(standalone.route).toBe('/app/prompts/:id/standalone');
    expect(standalone.shell).toBe(false);
    expect(standalone.widgets).toEqual(page.widgets);
    expect(standalone.layout).toEqual(page.layout);
    expect(standalone.record).toEqual(page.record);
  });

  it('lint reports a page whose route clashes with the standalone route', async () => {
    const other = { ...structuredClone(page), id: 'otherPage', route: '/app/prompts/:promptId/standalone' };
    delete other.standaloneRoute;
    const diagnostics = await lintPages(
      [
        { file: join(DIR, 'prompt-detail.json'), text: text('prompt-detail.json') },
        { file: join(DIR, 'other.json'), text: JSON.stringify(other, null, 2) },
      ],
      { cwd: ROOT },
    );
    const clashes = diagnostics.filter((d) => d.rule === 'duplicate-route').map((d) => `${d.file.split('/').pop()}:${d.line}`);
    const line = text('prompt-detail.json').split('\n').findIndex((l) => l.includes('"standaloneRoute"')) + 1;
    expect(clashes).toEqual(expect.arrayContaining([`prompt-detail.json:${line}`]));
    expect(clashes).toHaveLength(2);
  });

  it('ranks by mention rate (equal within 0.01) then average rank with nulls last, and tags each brand', () => {
    const row = (brandName: string, rate: number, avg: number | null, brandCategory = 'other', isOwnBrand = false) => ({
      brandName, brandCategory, isOwnBrand, currentMentionRatePercentage: rate, currentAverageRank: avg, mentionRateChange: 0, actualRank: 0,
    });
    const answer = {
      '1': row('Nulls', 50.004, null, 'competitor'),
      '2': row('Later', 50, 3, 'competitor'),
      '3': row('Sooner', 50.009, 2),
      '4': row('Top', 80, 4),
      '5': row('Own', 10, 1, 'other', true),
    };
    const out = runTransforms(answer, page.widgets.ranking.data.transform as Step[]) as Array<{ brandName: string; tag: string }>;
    expect(out.map((r) => r.brandName)).toEqual(['Top', 'Sooner', 'Later', 'Nulls', 'Own']);
    const labels = page.widgets.ranking.columns.find((c: { field: string }) => c.field === 'tag').badge.map;
    expect(out.map((r) => labels[r.tag].label)).toEqual(['Emerging', 'Emerging', 'Competitor', 'Competitor', 'My Brand']);
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintPages } from '../engine/lint/lint';
import { formatText } from '../engine/lint/format/text';
import { runTransforms } from '../engine/transforms/run';
import { formatValue } from '../engine/format/numbers';
import type { Step } from '../engine/transforms/steps';

// The Competitors screen: lints clean, a broken copy fails with located
// errors, and its threat pipelines are as specified (sorted by competitiveRelevanceScore, 3 on the
// management tab and 10 on the emerging tab, score shown out of 10, at most 3 suggestions) and the
// counters group threats by colour (immediate = high, growing = medium, emerging/monitoring).
const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = join(DIR, '..');
const source = readFileSync(join(DIR, 'competitors.json'), 'utf8');
const page = JSON.parse(source);

const lint = async (text: string) => {
  const diagnostics = await lintPages([{ file: join(DIR, 'competitors.json'), text }], { cwd: ROOT });
  return diagnostics.filter((d) => d.severity === 'error');
};

const ASSESSMENTS = ['immediate_threat', 'growing_threat', 'emerging_threat', 'monitoring_required'];
const EMERGENCE = ['high_emergence', 'medium_emergence', 'low_emergence'];
const PATTERNS = ['consistent', 'new_entrant', 'declining', 'sporadic'];

/** One threat per combination of the three labels, with distinct scores. */
const threats = ASSESSMENTS.flatMap((threatAssessment, a) =>
  EMERGENCE.flatMap((emergenceLevel, e) =>
    PATTERNS.map((temporalPattern, p) => ({
      competitorName: `${threatAssessment}/${emergenceLevel}/${temporalPattern}`,
      threatAssessment,
      emergenceLevel,
      temporalPattern,
      competitiveRelevanceScore: 100 - (a * 12 + e * 4 + p) * 2 - 0.5,
    })),
  ),
);
const answer = { emergingCompetitors: [...threats].reverse() };
const run = (widget: string, steps?: Step[]) => runTransforms(answer, (steps ?? page.widgets[widget].data.transform) as Step[]) as Array<Record<string, unknown>>;

describe('competitors page', () => {
  it('lints without errors', async () => {
    expect(formatText(await lint(source))).toBe('');
  });

  it('a broken copy fails with located errors: misspelt fields, row fields and tab label', async () => {
    const broken = structuredClone(page);
    broken.widgets.competitorsTable.columns[2].field = 'competitorMention';
    broken.widgets.threatCards.card.actions[0].action.body.competitorName = { $row: 'competitorNam' };
    broken.widgets.threatCards.card.actions[0].disabledWhen.some[0].field = 'competitorNme';
    broken.widgets.threatCounters.data.transform[1].counts.high[0].field = 'threatAsessment';
    broken.widgets.threatsPreview.footer[0].action.tab.label = 'Emerging Threatz';
    const text = JSON.stringify(broken, null, 2);
    const errors = await lint(text);
    const lines = text.split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const found = errors.map((e) => `${e.line} ${e.rule} ${e.widget} ${e.message.split(';')[0]}`);
    expect(found).toEqual(
      expect.arrayContaining([
        `${at('"competitorMention"')} unknown-field competitorsTable field 'competitorMention' is not in the response of 'competitors.insights' here`,
        `${at('"competitorNam"')} unknown-field threatCards field 'competitorNam' is not in the response of 'competitors.emerging-threats' here`,
        `${at('"competitorNme"')} unknown-field threatCards field 'competitorNme' is not in the response of 'competitors.insights' here`,
        `${at('"threatAsessment"')} unknown-field threatCounters field 'threatAsessment' is not in the response of 'competitors.emerging-threats' here`,
        `${at('"Emerging Threatz"')} unknown-tab threatsPreview tab group 'competitorTabs' has no tab 'Emerging Threatz'`,
      ]),
    );
    expect(errors.find((e) => e.message.includes("'competitorMention'"))?.message).toContain("did you mean 'competitorMentions'?");
    expect(errors.find((e) => e.rule === 'unknown-tab')?.message).toContain("did you mean 'Emerging Threats'?");
    expect(errors).toHaveLength(5);
  });

  it('shows the top 3 threats on the management tab and the top 10 on the emerging tab, by relevance, out of 10', () => {
    const byScore = [...threats].sort((a, b) => b.competitiveRelevanceScore - a.competitiveRelevanceScore);
    const preview = run('threatsPreview');
    const full = run('threatCards');
    expect(preview.map((t) => t.competitorName)).toEqual(byScore.slice(0, 3).map((t) => t.competitorName));
    expect(full.map((t) => t.competitorName)).toEqual(byScore.slice(0, 10).map((t) => t.competitorName));
    for (const t of full) expect(t.relevanceOutOf10).toBe(Math.round(t.competitiveRelevanceScore as number) / 10);
    const field = page.widgets.threatCards.card.fields.find((f: { field: string }) => f.field === 'relevanceOutOf10');
    expect(formatValue(6, field.format)).toBe('6.0/10');
    expect(formatValue(7.35, field.format)).toBe('7.4/10');
  });

  it('derives at most 3 suggestions per card, one from each of assessment, emergence and pattern', () => {
    const widget = page.widgets.threatCards;
    const listFields: string[] = widget.card.list.fields;
    expect(widget.card.list.max).toBe(3);
    // every combination, not only the top 10
    const steps = (widget.data.transform as Step[]).filter((s) => s.type !== 'limit');
    const rows = run('threatCards', steps);
    expect(rows).toHaveLength(threats.length);
    for (const r of rows) {
      const shown = listFields.map((f) => r[f]).filter((v) => v !== null && v !== undefined && v !== '');
      expect(shown.length).toBeLessThanOrEqual(3);
      // assessment: every label but monitoring_required suggests; emergence: high and medium; pattern: all but sporadic
      expect(r.assessmentSuggestion === null).toBe(r.threatAssessment === 'monitoring_required');
      expect(r.emergenceSuggestion === null).toBe(r.emergenceLevel === 'low_emergence');
      expect(r.patternSuggestion === null).toBe(r.temporalPattern === 'sporadic');
    }
    const immediate = rows.find((r) => r.threatAssessment === 'immediate_threat' && r.emergenceLevel === 'high_emergence' && r.temporalPattern === 'new_entrant')!;
    expect(listFields.map((f) => immediate[f])).toEqual([
      'Track this brand now and compare how answers position it against yours',
      'Its mentions are rising fast: check which answers started naming it',
      'New in AI answers: strengthen your content on the prompts where it appears',
    ]);
  });

  it('counts High Threat, Medium Threat and Emerging/Monitoring over every threat', () => {
    const [counts] = [runTransforms(answer, page.widgets.threatCounters.data.transform as Step[]) as Record<string, number>];
    const n = (a: string[]) => threats.filter((t) => a.includes(t.threatAssessment)).length;
    expect(counts).toEqual({ high: n(['immediate_threat']), medium: n(['growing_threat']), emergingMonitoring: n(['emerging_threat', 'monitoring_required']) });
    expect(page.widgets.threatCounters.items.map((i: { label: string }) => i.label)).toEqual(['High Threat', 'Medium Threat', 'Emerging/Monitoring']);
    const total = runTransforms(answer, page.widgets.threatsPreview.footer[0].data.transform as Step[]) as Record<string, number>;
    expect(total).toEqual({ total: threats.length });
  });

  it('colours threats: immediate and high danger, growing and medium warning, the rest success', () => {
    const badge = page.widgets.threatCards.card.badges.find((b: { field: string }) => b.field === 'threatAssessment');
    expect(Object.fromEntries(Object.entries(badge.map).map(([k, v]) => [k, (v as { color: string }).color]))).toEqual({
      immediate_threat: 'danger', growing_threat: 'warning', emerging_threat: 'success', monitoring_required: 'success',
    });
    const level = page.widgets.competitorsTable.columns.find((c: { field: string }) => c.field === 'threatLevel');
    expect(Object.fromEntries(Object.entries(level.badge.map).map(([k, v]) => [k, (v as { color: string }).color]))).toEqual({ high: 'danger', medium: 'warning', low: 'success' });
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTransforms } from '../engine/transforms/run';
import type { Step } from '../engine/transforms/steps';

// The comparison page expresses the leading/trailing prompt rules as
// transform pipelines; check them against the rules written out here for every status × ranking.
const page = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'comparison.json'), 'utf8'));

const STATUSES = ['brand_dominant', 'brand_leading', 'even', 'competitor_leading', 'competitor_dominant'];
const RANKINGS = ['only_brand_ranked', 'only_competitor_ranked', 'brand_ranks_higher', 'competitor_ranks_higher', 'similar_ranking', 'no_rankings'];

function isLeading(s: string, r: string): boolean {
  if (r === 'no_rankings') return false;
  return s === 'brand_dominant' || (s === 'brand_leading' && (r === 'brand_ranks_higher' || r === 'only_brand_ranked'));
}
function isTrailing(s: string, r: string): boolean {
  if (r === 'no_rankings') return false;
  return (
    ['competitor_dominant', 'competitor_leading', 'even'].includes(s) ||
    (s === 'brand_leading' && (r === 'competitor_ranks_higher' || r === 'similar_ranking')) ||
    r === 'competitor_ranks_higher' ||
    r === 'only_competitor_ranked'
  );
}

const rows = STATUSES.flatMap((competitiveStatus) =>
  RANKINGS.map((rankingComparison) => ({ promptId: `${competitiveStatus}/${rankingComparison}`, competitiveStatus, rankingComparison })),
);

function kept(widget: string): string[] {
  return (runTransforms(rows, page.widgets[widget].data.transform as Step[]) as Array<{ promptId: string }>).map((r) => r.promptId);
}

describe('comparison page prompt lists', () => {
  it('leading prompts follow the leading rule', () => {
    expect(kept('leadingPrompts')).toEqual(rows.filter((r) => isLeading(r.competitiveStatus, r.rankingComparison)).map((r) => r.promptId));
  });
  it('trailing prompts follow the trailing rule', () => {
    expect(kept('trailingPrompts')).toEqual(rows.filter((r) => isTrailing(r.competitiveStatus, r.rankingComparison)).map((r) => r.promptId));
  });
  it('no_rankings prompts are in neither list', () => {
    expect([...kept('leadingPrompts'), ...kept('trailingPrompts')].some((id) => id.endsWith('/no_rankings'))).toBe(false);
  });
});

describe('comparison page provider cards', () => {
  it('hide providers where both rates are 0 and sort by name', () => {
    const out = runTransforms(
      [
        { provider: 'perplexity', brandMentionRate: 1, competitorMentionRate: 0 },
        { provider: 'google', brandMentionRate: 0, competitorMentionRate: 0 },
        { provider: 'openai', brandMentionRate: 0, competitorMentionRate: 3 },
      ],
      page.widgets.providers.data.transform as Step[],
    ) as Array<{ providerName: string }>;
    expect(out.map((r) => r.providerName)).toEqual(['Chat GPT', 'Perplexity']);
  });
});

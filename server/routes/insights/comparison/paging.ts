import { type PageRequest, type PagingSpec, pageOf } from '../../../http/paging';
import type { ComparisonPrompt, ComparisonPromptRows, ComparisonPromptFields } from './comparison';
import { type PromptSide, inPromptList } from './labels';

type Positioned = ComparisonPromptFields & { position: number };

/**
 * The comparison rows (one per prompt and provider) as a page request sorts and searches them;
 * without a sort they keep the call's order (rate gap descending), which the tie break restores.
 */
export const COMPARISON_PROMPT_PAGING: PagingSpec<Positioned> = {
  sortKeys: {
    promptPreview: (r) => r.promptPreview,
    provider: (r) => r.provider,
    brandMentionRate: (r) => r.brandMentionRate,
    competitorMentionRate: (r) => r.competitorMentionRate,
    avgBrandRank: (r) => r.avgBrandRank,
    avgCompetitorRank: (r) => r.avgCompetitorRank,
    coMentionsCount: (r) => r.coMentionsCount,
  },
  search: [(r) => r.promptPreview],
  tieBreak: (a, b) => a.position - b.position,
};

export interface ComparisonPromptPage {
  prompts: ComparisonPrompt[];
  total: number;
}

/**
 * The answer a request asks for: every row without `side` or `page`; with `side` only the rows
 * of that list (inPromptList); with `page` one page of them in `prompts` and the rows the search
 * keeps in `total`, so the page stays small however many prompts and providers the brand runs.
 * Filtering, sorting and searching read no interval: only the rows returned are completed.
 */
export function pageComparisonPrompts(
  { rows, complete }: ComparisonPromptRows,
  side?: PromptSide,
  page?: PageRequest,
): ComparisonPrompt[] | ComparisonPromptPage {
  const kept = side ? rows.filter((r) => inPromptList(side, r.competitiveStatus, r.rankingComparison)) : rows;
  if (!page) return kept.map(complete);
  const { rows: shown, total } = pageOf(
    kept.map((r, position) => ({ ...r, position })),
    page,
    COMPARISON_PROMPT_PAGING,
  );
  return { prompts: shown.map((r) => complete(kept[r.position])), total };
}

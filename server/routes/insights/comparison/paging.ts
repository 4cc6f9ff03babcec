import { type PageRequest, type PagingSpec, pageInListOrder } from '../../../http/paging';
import type { ComparisonPrompt, ComparisonPromptRows, ComparisonPromptFields } from './comparison';
import { type PromptSide, inPromptList } from './labels';

/**
 * The comparison rows (one per prompt and provider) as a page request sorts and searches them;
 * without a sort, and between equal values, they keep the call's order (rate gap descending).
 */
export const COMPARISON_PROMPT_PAGING: Omit<PagingSpec<ComparisonPromptFields>, 'tieBreak'> = {
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
  const { rows: shown, total } = pageInListOrder(kept, page, COMPARISON_PROMPT_PAGING);
  return { prompts: shown.map(complete), total };
}

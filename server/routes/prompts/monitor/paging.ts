import { type PageRequest, type PagingSpec, foldText, pageInListOrder, validatePage } from '../../../http/paging';
import type { PromptTableFields } from './table';

/** The Performance filter of the Prompts Monitor ('all' or null keeps every prompt). */
export type PerformanceFilter = 'all' | 'top' | 'worst' | 'needs_attention' | 'recently_changed';

/** A change of the mention rate above this many points (either way) is 'Recently Changed'. */
export const RECENT_CHANGE_POINTS = 5;

/** The label the table shows: a never-run prompt is New, the others their performanceStatus. */
export function performanceLabel(row: PromptTableFields): string {
  return row.recencyStatus === 'never_run' ? 'new' : row.performanceStatus;
}

/** Whether a row passes the Performance filter, by the label it shows (a New prompt is none of them). */
export function keepsPerformance(row: PromptTableFields, filter: PerformanceFilter | null | undefined): boolean {
  switch (filter ?? 'all') {
    case 'top':
      return performanceLabel(row) === 'top';
    case 'worst':
      return performanceLabel(row) === 'bottom';
    case 'needs_attention':
      return performanceLabel(row) === 'zero_mention';
    case 'recently_changed':
      return row.deltaMentionRateChange !== null && Math.abs(row.deltaMentionRateChange) > RECENT_CHANGE_POINTS;
    default:
      return true;
  }
}

/**
 * The table's sortable columns and its search (the prompt's whole text); equal values keep the
 * prompts in their stored order (created first), so pages never overlap. None reads an interval.
 */
export const PROMPT_PAGING: Omit<PagingSpec<PromptTableFields>, 'tieBreak'> = {
  sortKeys: {
    promptPreview: (r) => r.promptPreview,
    promptState: (r) => r.promptState,
    performanceLabel: (r) => performanceLabel(r),
    mentionRate: (r) => r.mentionRate,
    deltaMentionRateChange: (r) => r.deltaMentionRateChange,
    averageMentionRank: (r) => r.averageMentionRank,
    currentNetSentiment: (r) => r.currentNetSentiment,
    recencyStatus: (r) => r.recencyStatus,
    lastRunDate: (r) => r.lastRunDate,
    currentPeriodRuns: (r) => r.currentPeriodRuns,
  },
  search: [(r) => r.fullPrompt],
};

export interface StateCounts {
  active: number;
  inactive: number;
  all: number;
}

export interface PromptTablePage<Row> {
  prompts: Row[];
  /** with page: the prompts the filter, state and search keep (prompts holds one page of them) */
  total?: number;
  /** with page: the prompts the Performance filter keeps, by state (the tabs' counts; no search) */
  counts?: StateCounts;
}

/**
 * The rows a request asks for: the prompts the Performance filter and the state keep (every
 * prompt without them); with `page` searched, sorted and cut to one page, with their total and
 * the counts of each state. It reads no interval, so `rows` may be rows without them
 * (PromptTableFields) and only the rows it returns be completed.
 */
export function pagePromptTable<Row extends PromptTableFields>(
  rows: Row[],
  page: PageRequest | undefined,
  performance: PerformanceFilter | null | undefined,
  state: 'active' | 'inactive' | null | undefined,
): PromptTablePage<Row> {
  const kept = rows.filter((r) => keepsPerformance(r, performance));
  const inState = state ? kept.filter((r) => r.promptState === state) : kept;
  if (!page) return { prompts: inState };
  const active = kept.filter((r) => r.promptState === 'active').length;
  const counts = { active, inactive: kept.length - active, all: kept.length };
  const cut = pageInListOrder(inState, page, PROMPT_PAGING);
  return { prompts: cut.rows, total: cut.total, counts };
}

/**
 * Whether a request asks for counts only (the page header's: no row, no search, no Performance
 * filter), which the prompts' states give without their texts or facts (countsOnlyPage).
 */
export function asksCountsOnly(page: PageRequest | undefined, performance: PerformanceFilter | null | undefined): page is PageRequest {
  return page !== undefined && page.limit === 0 && (performance ?? 'all') === 'all' && !(page.search && foldText(page.search.trim()));
}

/** pagePromptTable's answer to a request asksCountsOnly accepts, from the counts of each state. */
export function countsOnlyPage(
  counts: StateCounts,
  page: PageRequest,
  state: 'active' | 'inactive' | null | undefined,
): PromptTablePage<never> {
  validatePage(page, { ...PROMPT_PAGING, tieBreak: () => 0 });
  return { prompts: [], total: state ? counts[state] : counts.all, counts };
}

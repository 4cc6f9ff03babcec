import type { Db } from '../../../db/types';
import { rate, round2, round2OrNull } from '../sql';
import { toPromptRecord, type PromptRecord } from '../promptRecord';
import type { Window } from '../windows';
import type { FactSource } from '../../insights/shared/scope';
import {
  DEFAULT_MIN_SAMPLE,
  meanChangeStats,
  meanStats,
  rateChangeStats,
  rateStats,
  type ChangeStats,
  type EstimateStats,
} from '../../../stats';
import { loadLastRunDates, loadPromptWindowStats, type Filters, type PromptWindowStats } from './promptStats';
import { performanceStatus, recencyStatus, type PerformanceStatus, type RecencyStatus } from './performanceStatus';

/** Characters of the prompt text in promptPreview. */
export const PROMPT_PREVIEW_LENGTH = 100;

/** One row of the Prompts Monitor table: the prompt, its schedule and state, its metrics over the window and their change. */
export interface PromptTableRow {
  promptId: string;
  fullPrompt: string;
  promptPreview: string;
  providers: string[];
  promptLocation: string[];
  frequencyCron: string;
  promptState: 'active' | 'inactive';
  performanceStatus: PerformanceStatus;
  recencyStatus: RecencyStatus;
  mentionRate: number | null;
  deltaMentionRateChange: number | null;
  currentPeriodMentions: number;
  currentPeriodRuns: number;
  averageMentionRank: number | null;
  currentNetSentiment: number | null;
  deltaNetSentimentChange: number | null;
  lastRunDate: string | null;
  mentionRateStats: EstimateStats;
  mentionRateChangeStats: ChangeStats;
  averageMentionRankStats: EstimateStats;
  currentNetSentimentStats: EstimateStats;
  netSentimentChangeStats: ChangeStats;
}

export function promptPreview(text: string): string {
  return text.length <= PROMPT_PREVIEW_LENGTH ? text : `${text.slice(0, PROMPT_PREVIEW_LENGTH - 1).trimEnd()}…`;
}

export async function loadBrandPrompts(db: Db, brandId: string): Promise<PromptRecord[]> {
  const rows = await db.query(
    `SELECT id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at
       FROM prompts WHERE brand_id = $1 ORDER BY created_at, id`,
    [brandId],
  );
  return rows.map(toPromptRecord);
}

/** The brand's prompts of each state, counted by the database (a prompt not 'active' is inactive, as toPromptRecord reads it). */
export async function countBrandPrompts(db: Db, brandId: string): Promise<{ active: number; inactive: number; all: number }> {
  const [row] = await db.query(
    `SELECT COUNT(*) AS all_prompts, COUNT(*) FILTER (WHERE state = 'active') AS active FROM prompts WHERE brand_id = $1`,
    [brandId],
  );
  const all = Number(row.all_prompts);
  const active = Number(row.active);
  return { active, inactive: all - active, all };
}

const EMPTY: Omit<PromptWindowStats, 'promptId'> = {
  runs: 0,
  mentioned: 0,
  avgRank: null,
  avgSentiment: null,
  prevRuns: 0,
  prevMentioned: 0,
  prevAvgSentiment: null,
  rank: { n: 0, sum: 0, sumSq: 0 },
  sentiment: { n: 0, sum: 0, sumSq: 0 },
  prevSentiment: { n: 0, sum: 0, sumSq: 0 },
};

/** The fields of a row that are its intervals (server/stats): the costly part, last in the row. */
type IntervalField =
  | 'mentionRateStats'
  | 'mentionRateChangeStats'
  | 'averageMentionRankStats'
  | 'currentNetSentimentStats'
  | 'netSentimentChangeStats';

/** A table row without its intervals: every field a page request filters, sorts, searches or counts on. */
export type PromptTableFields = Omit<PromptTableRow, IntervalField>;

/** A table row's fields but its intervals, from the prompt and its unrounded window counts. */
export function toTableFields(prompt: PromptRecord, stats: PromptWindowStats | undefined, lastRun: string | undefined): PromptTableFields {
  const s = stats ?? { promptId: prompt.id, ...EMPTY };
  const current = rate(s.mentioned, s.runs);
  const previous = rate(s.prevMentioned, s.prevRuns);
  const delta = current !== null && previous !== null ? current - previous : null;
  const sentiment = s.avgSentiment === null ? null : s.avgSentiment * 100;
  const prevSentiment = s.prevAvgSentiment === null ? null : s.prevAvgSentiment * 100;
  return {
    promptId: prompt.id,
    fullPrompt: prompt.text,
    promptPreview: promptPreview(prompt.text),
    providers: prompt.providers,
    promptLocation: prompt.locations,
    frequencyCron: prompt.frequencyCron,
    promptState: prompt.state,
    performanceStatus: performanceStatus({
      everRun: lastRun !== undefined,
      runs: s.runs,
      mentioned: s.mentioned,
      mentionRate: current,
      deltaMentionRate: delta,
    }),
    recencyStatus: recencyStatus(lastRun !== undefined, s.runs),
    mentionRate: round2OrNull(current),
    deltaMentionRateChange: round2OrNull(delta),
    currentPeriodMentions: s.mentioned,
    currentPeriodRuns: s.runs,
    averageMentionRank: round2OrNull(s.avgRank),
    currentNetSentiment: round2OrNull(sentiment),
    deltaNetSentimentChange: sentiment !== null && prevSentiment !== null ? round2(sentiment - prevSentiment) : null,
    lastRunDate: lastRun ?? null,
  };
}

/**
 * The whole row: `fields` (toTableFields of the same prompt and counts) with the intervals of its
 * metrics; `minSample` (server/stats) decides which rates rest on enough answers and which changes
 * can be stated. The fields are listed one by one: `{ ...fields, more }` costs V8 tens of µs a row.
 */
export function withIntervals(
  fields: PromptTableFields,
  stats: PromptWindowStats | undefined,
  minSample = DEFAULT_MIN_SAMPLE,
): PromptTableRow {
  const s = stats ?? { promptId: fields.promptId, ...EMPTY };
  return {
    promptId: fields.promptId,
    fullPrompt: fields.fullPrompt,
    promptPreview: fields.promptPreview,
    providers: fields.providers,
    promptLocation: fields.promptLocation,
    frequencyCron: fields.frequencyCron,
    promptState: fields.promptState,
    performanceStatus: fields.performanceStatus,
    recencyStatus: fields.recencyStatus,
    mentionRate: fields.mentionRate,
    deltaMentionRateChange: fields.deltaMentionRateChange,
    currentPeriodMentions: fields.currentPeriodMentions,
    currentPeriodRuns: fields.currentPeriodRuns,
    averageMentionRank: fields.averageMentionRank,
    currentNetSentiment: fields.currentNetSentiment,
    deltaNetSentimentChange: fields.deltaNetSentimentChange,
    lastRunDate: fields.lastRunDate,
    mentionRateStats: rateStats(s.mentioned, s.runs, minSample),
    mentionRateChangeStats: rateChangeStats(s.mentioned, s.runs, s.prevMentioned, s.prevRuns, minSample),
    averageMentionRankStats: meanStats(s.rank, minSample),
    currentNetSentimentStats: meanStats(s.sentiment, minSample, 100),
    netSentimentChangeStats: meanChangeStats(s.sentiment, s.prevSentiment, minSample, 100),
  };
}

export interface PromptTableData {
  /** every prompt's row without its intervals, in the stored order (created first) */
  rows: PromptTableFields[];
  /** The whole row of one of `rows`: an answer computes the intervals of the rows it returns only. */
  complete(row: PromptTableFields): PromptTableRow;
}

/**
 * The brand's prompts as table rows over the windows. Without `withFacts` no facts are read and
 * every prompt counts as never run: for an answer that rests on the prompts' states and texts only.
 */
export async function loadPromptTable(
  db: Db,
  brandId: string,
  ownEntity: string,
  current: Window,
  delta: Window,
  filters: Filters,
  minSample = DEFAULT_MIN_SAMPLE,
  source: FactSource = 'raw',
  withFacts = true,
): Promise<PromptTableData> {
  const [prompts, stats, lastRuns] = await Promise.all([
    loadBrandPrompts(db, brandId),
    withFacts ? loadPromptWindowStats(db, brandId, ownEntity, current, delta, filters, source) : new Map<string, PromptWindowStats>(),
    withFacts ? loadLastRunDates(db, brandId, source) : new Map<string, string>(),
  ]);
  return {
    rows: prompts.map((prompt) => toTableFields(prompt, stats.get(prompt.id), lastRuns.get(prompt.id))),
    complete: (row) => withIntervals(row, stats.get(row.promptId), minSample),
  };
}

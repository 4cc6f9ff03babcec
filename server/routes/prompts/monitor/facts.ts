import type { Db } from '../../../db/types';
import { num, rate, round2OrNull } from '../sql';
import type { Window } from '../windows';
import type { FactSource } from '../../insights/shared/scope';
import { windowedScope, type Filters, type PromptWindowStats } from './promptStats';
import { providerWindowSums, readsPromptRollups } from './rollupReads';
import { LOW_MENTION_RATE } from './performanceStatus';
import {
  DEFAULT_MIN_SAMPLE,
  rateChangeStats,
  stratifiedRateChangeStats,
  stratifiedRateStats,
  type ChangeStats,
  type EstimateStats,
  type Stratum,
} from '../../../stats';

/** The Prompts Monitor's facts and insights; rates in percent, gaps and trends in percentage points. */
export interface PromptFacts {
  trendChange: number | null;
  zeroMentionPrompts: number;
  lowPerformers: number;
  providerGap: number | null;
  bestProvider: string | null;
  avgMentionRate: number | null;
  firstPlaceCount: number;
  /**
   * avgMentionRate's interval: the mean of the prompts' rates, each prompt alike, as a stratified
   * Wilson interval (each prompt a stratum); n = the window's answers.
   */
  avgMentionRateStats: EstimateStats;
  /** trendChange's interval (stratified Newcombe): n and previousN are both windows' answers. */
  trendChangeStats: ChangeStats;
  /** Best − worst provider mention rate (Newcombe, independent answers): n = the best provider's answers, previousN = the worst's. */
  providerGapStats: ChangeStats;
}

interface ProviderStats {
  provider: string;
  runs: number;
  mentioned: number;
}

/** The current window's providers with runs (by name) and the answers naming the own brand first (all providers). */
export interface ProviderFacts {
  providers: ProviderStats[];
  firstPlace: number;
}

/**
 * Per-provider runs and runs mentioning the own brand, and the runs naming it first, in the current
 * window. On PostgreSQL without a provider or location filter (the rank rollup has neither) and with
 * `source` 'rollups', one statement over the rollups (rollupReads.ts, providerWindowSums); otherwise
 * from the raw runs and the own brand's mentions (the reference). DuckDB keeps the raw reads: it
 * was slower from the rollups (scale 10, a week's window, one at a time: 36-44 ms against 17 ms).
 */
export async function loadProviderStats(
  db: Db,
  brandId: string,
  ownEntity: string,
  current: Window,
  filters: Filters,
  source: FactSource = 'raw',
): Promise<ProviderFacts> {
  const rows =
    db.dialect === 'postgres' && readsPromptRollups(source, filters)
      ? await providerWindowSums(db, brandId, ownEntity, current)
      : await rawProviderSums(db, brandId, ownEntity, current, filters);
  // first places of a provider without runs are left out, as that provider is (none in practice)
  const withRuns = rows.filter((row) => row.provider === null || num(row.runs) > 0);
  return {
    providers: withRuns
      .filter((row) => row.provider !== null)
      .map((row) => ({ provider: String(row.provider), runs: num(row.runs), mentioned: num(row.mentioned) }))
      .sort((a, b) => a.provider.localeCompare(b.provider)),
    firstPlace: withRuns.reduce((sum, row) => sum + num(row.first_place), 0),
  };
}

/**
 * (provider, runs, mentioned, first_place) of the current window from the raw facts: two scans
 * without a join, as the own brand's mentions carry their run's provider and time (one per answer
 * at most); providers come from the runs.
 */
async function rawProviderSums(
  db: Db,
  brandId: string,
  ownEntity: string,
  current: Window,
  filters: Filters,
): Promise<Array<Record<string, unknown>>> {
  const r = windowedScope('r', brandId, current, current, filters);
  const m = windowedScope('m', brandId, current, current, filters);
  const own = m.p.add(ownEntity);
  const [runRows, mentionRows] = await Promise.all([
    // Every parameter must be used (PostgreSQL), hence the FILTERs on the delta window too.
    db.query(
      `SELECT r.provider, COUNT(*) FILTER (WHERE ${r.cur} OR ${r.prev}) AS runs FROM runs r WHERE ${r.where} GROUP BY r.provider`,
      r.p.values,
    ),
    db.query(
      `SELECT m.provider, COUNT(*) FILTER (WHERE ${m.cur} OR ${m.prev}) AS mentioned,
              COUNT(*) FILTER (WHERE m.rank = 1) AS first_place
         FROM mentions m WHERE ${m.where} AND m.entity = ${own}
        GROUP BY m.provider`,
      m.p.values,
    ),
  ]);
  const mentions = new Map(mentionRows.map((row) => [String(row.provider), row]));
  return runRows.map((row) => ({ ...mentions.get(String(row.provider)), provider: row.provider, runs: row.runs }));
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Definitions (documented in the facts call file):
 * avgMentionRate = mean of the per-prompt mention rates over prompts with runs in the window;
 * trendChange = avgMentionRate − the same mean over the delta window (null if either is empty);
 * zeroMentionPrompts = prompts with runs in the window and no brand mention;
 * lowPerformers = prompts with runs in the window mentioned in fewer than 30 % of them;
 * providerGap = best − worst provider mention rate (providers with runs); bestProvider = the best
 * (ties: alphabetical); firstPlaceCount = answers in the window that name the brand first.
 */
export function computeFacts(
  stats: Iterable<PromptWindowStats>,
  { providers, firstPlace }: ProviderFacts,
  minSample = DEFAULT_MIN_SAMPLE,
): PromptFacts {
  const currentRates: number[] = [];
  const previousRates: number[] = [];
  let zero = 0;
  let low = 0;
  // Each prompt a stratum, so the intervals are those of the means shown (not of the pooled answers).
  const currentStrata: Stratum[] = [];
  const previousStrata: Stratum[] = [];
  for (const s of stats) {
    currentStrata.push({ k: s.mentioned, n: s.runs });
    previousStrata.push({ k: s.prevMentioned, n: s.prevRuns });
    const current = rate(s.mentioned, s.runs);
    if (current !== null) {
      currentRates.push(current);
      if (s.mentioned === 0) zero++;
      if (current < LOW_MENTION_RATE) low++;
    }
    const previous = rate(s.prevMentioned, s.prevRuns);
    if (previous !== null) previousRates.push(previous);
  }
  const avg = mean(currentRates);
  const prevAvg = mean(previousRates);
  const ranked = providers
    .filter((p) => p.runs > 0)
    .map((p) => ({ provider: p.provider, rate: (p.mentioned / p.runs) * 100, runs: p.runs, mentioned: p.mentioned }))
    .sort((a, b) => b.rate - a.rate || a.provider.localeCompare(b.provider));
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];
  return {
    trendChange: avg !== null && prevAvg !== null ? round2OrNull(avg - prevAvg) : null,
    zeroMentionPrompts: zero,
    lowPerformers: low,
    providerGap: ranked.length > 0 ? round2OrNull(ranked[0].rate - ranked[ranked.length - 1].rate) : null,
    bestProvider: ranked[0]?.provider ?? null,
    avgMentionRate: round2OrNull(avg),
    firstPlaceCount: firstPlace,
    avgMentionRateStats: stratifiedRateStats(currentStrata, minSample),
    trendChangeStats: stratifiedRateChangeStats(currentStrata, previousStrata, minSample),
    providerGapStats: rateChangeStats(best?.mentioned ?? 0, best?.runs ?? 0, worst?.mentioned ?? 0, worst?.runs ?? 0, minSample),
  };
}

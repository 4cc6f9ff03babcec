import type { Db } from '../../../db/types';
import { SqlParams, num, numOrNull } from '../sql';
import type { Window } from '../windows';
import type { MomentSums } from '../../../stats';
import type { FactSource } from '../../insights/shared/scope';
import { lastRunsFromRollups, promptWindowSums, readsPromptRollups } from './rollupReads';

export interface Filters {
  providers: string[] | null;
  locations: string[] | null;
}

/** Raw counts for one prompt in the current and the delta window (before any rounding). */
export interface PromptWindowStats {
  promptId: string;
  runs: number;
  mentioned: number;
  /** mean rank of the own brand over runs that mention it; null when none */
  avgRank: number | null;
  /** mean sentiment -1..1 of the own brand's mentions; null when none */
  avgSentiment: number | null;
  prevRuns: number;
  prevMentioned: number;
  prevAvgSentiment: number | null;
  /** Sums for the intervals of the averages: the own brand's rank (current window) and sentiment (both). */
  rank: MomentSums;
  sentiment: MomentSums;
  prevSentiment: MomentSums;
}

/**
 * Windowed filters for one statement over `alias` (runs or mentions, which carry the same
 * brand_id/prompt_id/provider/location/created_at columns). One covering time range lets DuckDB
 * prune by zone maps; the FILTER clauses then split it into the two windows.
 */
export function windowedScope(alias: string, brandId: string, current: Window, delta: Window, filters: Filters) {
  const p = new SqlParams();
  const cs = p.time(current.start);
  const ce = p.time(current.end);
  const ps = p.time(delta.start);
  const pe = p.time(delta.end);
  const from = p.time(new Date(Math.min(current.start.getTime(), delta.start.getTime())));
  const to = p.time(new Date(Math.max(current.end.getTime(), delta.end.getTime())));
  const where = `${alias}.brand_id = ${p.add(brandId)} AND ${alias}.created_at >= ${from} AND ${alias}.created_at < ${to}
      AND ${p.in(`${alias}.provider`, filters.providers)} AND ${p.in(`${alias}.location`, filters.locations)}`;
  return {
    p,
    where,
    cur: `${alias}.created_at >= ${cs} AND ${alias}.created_at < ${ce}`,
    prev: `${alias}.created_at >= ${ps} AND ${alias}.created_at < ${pe}`,
  };
}

/**
 * Per-prompt counts of a brand's runs in both windows and of the own brand's mentions in them.
 * From the daily rollup by prompt (with raw facts for the windows' partial days) when the read has
 * no provider or location filter and `source` allows it; otherwise from the raw facts.
 */
export async function loadPromptWindowStats(
  db: Db,
  brandId: string,
  ownEntity: string,
  current: Window,
  delta: Window,
  filters: Filters,
  source: FactSource = 'raw',
): Promise<Map<string, PromptWindowStats>> {
  if (!readsPromptRollups(source, filters)) return rawPromptWindowStats(db, brandId, ownEntity, current, delta, filters);
  const stats = new Map<string, PromptWindowStats>();
  const mean = (sum: unknown, n: number) => (n > 0 ? num(sum) / n : null);
  for (const row of await promptWindowSums(db, brandId, ownEntity, current, delta)) {
    const promptId = String(row.prompt_id);
    const mentioned = num(row.mentioned);
    const prevMentioned = num(row.prev_mentioned);
    stats.set(promptId, {
      promptId,
      runs: num(row.runs),
      mentioned,
      avgRank: mean(row.rank_sum, mentioned),
      avgSentiment: mean(row.sentiment_sum, mentioned),
      prevRuns: num(row.prev_runs),
      prevMentioned,
      prevAvgSentiment: mean(row.prev_sentiment_sum, prevMentioned),
      rank: { n: mentioned, sum: num(row.rank_sum), sumSq: num(row.rank_sq_sum) },
      sentiment: { n: mentioned, sum: num(row.sentiment_sum), sumSq: num(row.sentiment_sq_sum) },
      prevSentiment: { n: prevMentioned, sum: num(row.prev_sentiment_sum), sumSq: num(row.prev_sentiment_sq_sum) },
    });
  }
  return stats;
}

/**
 * The raw-facts reading of loadPromptWindowStats (any filter; the reference for the rollups). Two
 * scans without a join: mentions carry the run's prompt, provider, location and time, and
 * extraction stores one mention per entity per answer, so own mentions = runs mentioning it.
 */
async function rawPromptWindowStats(
  db: Db,
  brandId: string,
  ownEntity: string,
  current: Window,
  delta: Window,
  filters: Filters,
): Promise<Map<string, PromptWindowStats>> {
  const r = windowedScope('r', brandId, current, delta, filters);
  const m = windowedScope('m', brandId, current, delta, filters);
  const own = m.p.add(ownEntity);
  const [runRows, mentionRows] = await Promise.all([
    db.query(
      `SELECT r.prompt_id, COUNT(*) FILTER (WHERE ${r.cur}) AS runs, COUNT(*) FILTER (WHERE ${r.prev}) AS prev_runs
         FROM runs r WHERE ${r.where}
        GROUP BY r.prompt_id`,
      r.p.values,
    ),
    db.query(
      `SELECT m.prompt_id,
              COUNT(*) FILTER (WHERE ${m.cur}) AS mentioned,
              AVG(m.rank) FILTER (WHERE ${m.cur}) AS avg_rank,
              AVG(m.sentiment) FILTER (WHERE ${m.cur}) AS avg_sentiment,
              COUNT(*) FILTER (WHERE ${m.prev}) AS prev_mentioned,
              AVG(m.sentiment) FILTER (WHERE ${m.prev}) AS prev_avg_sentiment,
              SUM(m.rank) FILTER (WHERE ${m.cur}) AS rank_sum,
              SUM(m.rank * m.rank) FILTER (WHERE ${m.cur}) AS rank_sq_sum,
              SUM(m.sentiment) FILTER (WHERE ${m.cur}) AS sentiment_sum,
              SUM(m.sentiment * m.sentiment) FILTER (WHERE ${m.cur}) AS sentiment_sq_sum,
              SUM(m.sentiment) FILTER (WHERE ${m.prev}) AS prev_sentiment_sum,
              SUM(m.sentiment * m.sentiment) FILTER (WHERE ${m.prev}) AS prev_sentiment_sq_sum
         FROM mentions m WHERE ${m.where} AND m.entity = ${own}
        GROUP BY m.prompt_id`,
      m.p.values,
    ),
  ]);
  const mentions = new Map(mentionRows.map((row) => [String(row.prompt_id), row]));
  const stats = new Map<string, PromptWindowStats>();
  for (const row of runRows) {
    const promptId = String(row.prompt_id);
    const mention = mentions.get(promptId);
    stats.set(promptId, {
      promptId,
      runs: num(row.runs),
      mentioned: num(mention?.mentioned),
      avgRank: numOrNull(mention?.avg_rank),
      avgSentiment: numOrNull(mention?.avg_sentiment),
      prevRuns: num(row.prev_runs),
      prevMentioned: num(mention?.prev_mentioned),
      prevAvgSentiment: numOrNull(mention?.prev_avg_sentiment),
      rank: { n: num(mention?.mentioned), sum: num(mention?.rank_sum), sumSq: num(mention?.rank_sq_sum) },
      sentiment: { n: num(mention?.mentioned), sum: num(mention?.sentiment_sum), sumSq: num(mention?.sentiment_sq_sum) },
      prevSentiment: {
        n: num(mention?.prev_mentioned),
        sum: num(mention?.prev_sentiment_sum),
        sumSq: num(mention?.prev_sentiment_sq_sum),
      },
    });
  }
  return stats;
}

/**
 * When each of the brand's prompts last ran, over all time and all filters (never run = absent):
 * from rollup_prompt_last_runs (one row per prompt) when `source` is 'rollups'; from the raw runs
 * otherwise, where PostgreSQL looks up each prompt's newest run in the index by prompt and time
 * instead of grouping every run the brand ever made.
 */
export async function loadLastRunDates(db: Db, brandId: string, source: FactSource = 'raw'): Promise<Map<string, string>> {
  const rows =
    source === 'rollups'
      ? await lastRunsFromRollups(db, brandId)
      : db.dialect === 'postgres'
        ? await db.query(
            `SELECT p.id AS prompt_id, (SELECT MAX(r.created_at) FROM runs r WHERE r.brand_id = $1 AND r.prompt_id = p.id) AS last_run
               FROM prompts p WHERE p.brand_id = $1`,
            [brandId],
          )
        : await db.query('SELECT prompt_id, MAX(created_at) AS last_run FROM runs WHERE brand_id = $1 GROUP BY prompt_id', [brandId]);
  return new Map(
    rows.filter((row) => row.last_run !== null).map((row) => [String(row.prompt_id), new Date(String(row.last_run)).toISOString()]),
  );
}

import type { Db } from '../../../db/types';
import { SqlParams, inList } from '../shared/params';
import { meanOrNull, num, pctChange, percent } from '../shared/numbers';
import { type InsightScope, inWindow, minSampleOf, previousOrEmpty, scopeWhere } from '../shared/scope';
import { meanStats, rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';
import type { TrackedEntity } from '../shared/tracked';

/** A prompt in the overview's top or bottom performers. */
export interface TopBottomPromptRow {
  promptId: string;
  prompt: string;
  promptCategory: 'top' | 'bottom';
  avgMentionRank: number | null;
  provider: string;
  runLocation: string;
  mentionRate: number;
  pctChangeMentionRate: number | null;
  mentionRateStats: EstimateStats;
  mentionRateChangeStats: ChangeStats;
  avgMentionRankStats: EstimateStats;
}

/**
 * Ranks each prompt as run by one provider in one location (the row's provider and runLocation) by
 * the own brand's mention rate in the current window. top = the `limit` best (rate descending,
 * then average rank ascending, unranked last); bottom = the `limit` worst of the rest (rate
 * ascending, unranked first), so no row is both. Only combinations with runs in the window count.
 * Returned flat: top rows first, then bottom rows.
 */
export async function topAndBottomPrompts(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
  limit: number,
): Promise<TopBottomPromptRow[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const rows = await promptCounts(db, scope, own.entity);
  const min = minSampleOf(scope);
  const candidates = rows.map((r) => {
    const curMentions = num(r.cur_mentions);
    const curRuns = num(r.cur_runs);
    const prevRuns = num(r.prev_runs);
    const rate = percent(curMentions, curRuns);
    const prevRate = prevRuns > 0 ? percent(num(r.prev_mentions), prevRuns) : null;
    const promptId = String(r.prompt_id);
    return {
      runs: curRuns,
      key: `${promptId}|${String(r.provider)}|${String(r.location)}`,
      row: {
        promptId,
        avgMentionRank: meanOrNull(num(r.cur_rank), curMentions),
        provider: String(r.provider),
        runLocation: String(r.location),
        mentionRate: rate,
        pctChangeMentionRate: pctChange(rate, prevRate),
      },
      // The statistics of the rows returned only (a few of many candidates): each costs an interval.
      stats: () => ({
        mentionRateStats: rateStats(curMentions, curRuns, min),
        mentionRateChangeStats: rateChangeStats(curMentions, curRuns, num(r.prev_mentions), prevRuns, min),
        avgMentionRankStats: meanStats({ n: curMentions, sum: num(r.cur_rank), sumSq: num(r.cur_rank_sq) }, min),
      }),
    };
  });
  type Candidate = (typeof candidates)[number];
  const tieBreak = (a: Candidate, b: Candidate) => b.runs - a.runs || a.key.localeCompare(b.key);
  const rankOrInf = (r: number | null) => (r === null ? Number.POSITIVE_INFINITY : r);
  const pick = (ranked: Candidate[]) => {
    const top = firstInOrder(
      ranked,
      limit,
      (a, b) =>
        b.row.mentionRate - a.row.mentionRate || rankOrInf(a.row.avgMentionRank) - rankOrInf(b.row.avgMentionRank) || tieBreak(a, b),
    );
    const taken = new Set(top.map((c) => c.key));
    const bottom = firstInOrder(
      ranked.filter((c) => !taken.has(c.key)),
      limit,
      (a, b) =>
        a.row.mentionRate - b.row.mentionRate || rankOrInf(b.row.avgMentionRank) - rankOrInf(a.row.avgMentionRank) || tieBreak(a, b),
    );
    return { top, bottom };
  };

  // Only prompts that exist are ranked. The texts are read for the rows picked only (a large brand
  // has tens of thousands of candidates); a picked prompt without one (its runs outlived it) is
  // dropped and the rest picked again. When every picked prompt exists, the pick equals the pick
  // among existing prompts only: each of them is still among the best of that smaller set.
  const dropped = new Set<string>();
  for (;;) {
    const { top, bottom } = pick(dropped.size > 0 ? candidates.filter((c) => !dropped.has(c.row.promptId)) : candidates);
    const texts = await promptTexts(db, scope.brandId, [...new Set([...top, ...bottom].map((c) => c.row.promptId))]);
    const missing = [...top, ...bottom].filter((c) => !texts.has(c.row.promptId));
    if (missing.length > 0) {
      for (const c of missing) dropped.add(c.row.promptId);
      continue;
    }
    return [
      ...top.map((c) => ({ c, promptCategory: 'top' as const })),
      ...bottom.map((c) => ({ c, promptCategory: 'bottom' as const })),
    ].map(({ c, promptCategory }) => {
      const { promptId, avgMentionRank, provider, runLocation, mentionRate, pctChangeMentionRate } = c.row;
      return {
        promptId,
        prompt: texts.get(promptId)!,
        promptCategory,
        avgMentionRank,
        provider,
        runLocation,
        mentionRate,
        pctChangeMentionRate,
        ...c.stats(),
      };
    });
  }
}

/**
 * Per prompt, provider and location with runs in the current window: the runs of both windows and
 * the own brand's mentions, ranks and squared ranks. DuckDB reads the runs and the own mentions in
 * one pass (each row counts as a run or as a mention) and groups once: its groupings and joins of
 * small inputs cost more than their rows. PostgreSQL groups each and joins the groups: one grouping
 * of both was no faster there (bench:ab, scale 10).
 */
async function promptCounts(db: Db, scope: InsightScope, ownEntity: string) {
  const p = new SqlParams();
  const runsWhere = scopeWhere(p, scope);
  const mentionsWhere = scopeWhere(p, scope);
  const ownKey = p.add(ownEntity);
  const cur = inWindow(p, scope.current);
  const prev = inWindow(p, previousOrEmpty(scope));
  if (db.dialect === 'duckdb') {
    const flag = (w: string) => `CASE WHEN ${w} THEN 1 ELSE 0 END`;
    return db.query(
      `SELECT prompt_id, provider, location,
              SUM(cur_run) AS cur_runs, SUM(prev_run) AS prev_runs, SUM(cur_mention) AS cur_mentions,
              SUM(prev_mention) AS prev_mentions, SUM(cur_mention * rank) AS cur_rank, SUM(cur_mention * rank * rank) AS cur_rank_sq
         FROM (SELECT prompt_id, provider, location, ${flag(cur)} AS cur_run, ${flag(prev)} AS prev_run,
                      0 AS cur_mention, 0 AS prev_mention, 0 AS rank
                 FROM runs WHERE ${runsWhere}
               UNION ALL
               SELECT prompt_id, provider, location, 0, 0, ${flag(cur)}, ${flag(prev)}, rank
                 FROM mentions WHERE ${mentionsWhere} AND entity = ${ownKey}) f
        GROUP BY prompt_id, provider, location
       HAVING SUM(cur_run) > 0`,
      p.values,
    );
  }
  return db.query(
    `WITH r AS (
       SELECT prompt_id, provider, location,
              COUNT(*) FILTER (WHERE ${cur}) AS cur_runs,
              COUNT(*) FILTER (WHERE ${prev}) AS prev_runs
         FROM runs WHERE ${runsWhere}
        GROUP BY prompt_id, provider, location
     ),
     m AS (
       SELECT prompt_id, provider, location,
              COUNT(*) FILTER (WHERE ${cur}) AS cur_mentions,
              COUNT(*) FILTER (WHERE ${prev}) AS prev_mentions,
              SUM(rank) FILTER (WHERE ${cur}) AS cur_rank,
              SUM(rank * rank) FILTER (WHERE ${cur}) AS cur_rank_sq
         FROM mentions WHERE ${mentionsWhere} AND entity = ${ownKey}
        GROUP BY prompt_id, provider, location
     )
     SELECT r.prompt_id, r.provider, r.location, r.cur_runs, r.prev_runs,
            m.cur_mentions, m.prev_mentions, m.cur_rank, m.cur_rank_sq
       FROM r LEFT JOIN m ON m.prompt_id = r.prompt_id AND m.provider = r.provider AND m.location = r.location
      WHERE r.cur_runs > 0`,
    p.values,
  );
}

/** The texts of the brand's prompts among `ids`, by id. */
async function promptTexts(db: Db, brandId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const q = new SqlParams();
  const found = await db.query(`SELECT id, text FROM prompts WHERE brand_id = ${q.add(brandId)} AND ${inList(q, 'id', ids)}`, q.values);
  return new Map(found.map((t) => [String(t.id), String(t.text)]));
}

/**
 * The first `k` items in `order` (a total order), as `[...items].sort(order).slice(0, k)` gives
 * them, in one pass that keeps k items: a large brand ranks tens of thousands of candidates for 5.
 */
export function firstInOrder<T>(items: readonly T[], k: number, order: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  if (k <= 0) return kept;
  for (const item of items) {
    if (kept.length === k && !(order(item, kept[k - 1]) < 0)) continue;
    let i = kept.length;
    while (i > 0 && order(item, kept[i - 1]) < 0) i--;
    kept.splice(i, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}

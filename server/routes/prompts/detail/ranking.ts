import type { Db } from '../../../db/types';
import { SqlParams, displayNames, num, numOrNull, rate, round2, round2OrNull } from '../sql';
import type { PromptRecord } from '../promptRecord';
import type { Window } from '../windows';
import type { TrackedName } from './shareOfVoice';
import { DEFAULT_MIN_SAMPLE, meanStats, rateChangeStats, rateStats, type ChangeStats, type EstimateStats, type MomentSums } from '../../../stats';

/** The ranking shows the top 10 brands plus the user's own; mention rates within 0.01 points tie. */
export const RANKING_SIZE = 10;
export const RATE_TOLERANCE = 0.01;

/** One brand's row in a prompt's ranking; isOwnBrand lets the UI tag My Brand. */
export interface PromptRankingRow {
  brandName: string;
  brandCategory: 'competitor' | 'other';
  isOwnBrand: boolean;
  currentMentionRatePercentage: number;
  currentAverageRank: number | null;
  mentionRateChange: number | null;
  actualRank: number;
  /** currentMentionRatePercentage: n = runs. */
  currentMentionRateStats: EstimateStats;
  /** mentionRateChange (points). */
  mentionRateChangeStats: ChangeStats;
  /** currentAverageRank: n = the brand's mentions. */
  currentAverageRankStats: EstimateStats;
}

interface Ranked {
  entity: string;
  name: string;
  category: 'competitor' | 'other';
  isOwn: boolean;
  rate: number;
  avgRank: number | null;
  change: number | null;
  mentioned: { current: number; previous: number };
  rank: MomentSums;
}

/** Mention rate descending (within 0.01 points counts as equal), then average rank ascending with nulls last, then name. */
export function compareRanked(a: Pick<Ranked, 'rate' | 'avgRank' | 'name'>, b: Pick<Ranked, 'rate' | 'avgRank' | 'name'>): number {
  if (Math.abs(a.rate - b.rate) > RATE_TOLERANCE) return b.rate - a.rate;
  if (a.avgRank !== b.avgRank) {
    if (a.avgRank === null) return 1;
    if (b.avgRank === null) return -1;
    return a.avgRank - b.avgRank;
  }
  return a.name.localeCompare(b.name);
}

/**
 * Every brand the prompt's answers name in the current window (tracked or not), ranked; keyed by
 * actualRank ("1", "2", …, so the map keeps rank order). The top 10 are returned, plus the own
 * brand with its real rank when it is outside them (rate 0 when its answers never name it).
 * Untracked brands are brandCategory 'other' (the UI tags them Emerging and offers Add as
 * Competitor). Empty when the prompt has no runs in the window.
 */
export async function loadPromptRanking(
  db: Db,
  prompt: PromptRecord,
  tracked: TrackedName[],
  current: Window,
  delta: Window,
  locations: string[] | null,
  minSample = DEFAULT_MIN_SAMPLE,
): Promise<Record<string, PromptRankingRow>> {
  // One parameter list per statement: PostgreSQL refuses parameters a statement does not use.
  const scope = (alias: string) => {
    const p = new SqlParams();
    const cs = p.time(current.start);
    const ce = p.time(current.end);
    const ps = p.time(delta.start);
    const pe = p.time(delta.end);
    const cur = `${alias}.created_at >= ${cs} AND ${alias}.created_at < ${ce}`;
    const prev = `${alias}.created_at >= ${ps} AND ${alias}.created_at < ${pe}`;
    // One covering range (zone-map pruning on DuckDB); the FILTERs split it into the windows.
    const from = p.time(new Date(Math.min(current.start.getTime(), delta.start.getTime())));
    const to = p.time(new Date(Math.max(current.end.getTime(), delta.end.getTime())));
    const where = `${alias}.brand_id = ${p.add(prompt.brandId)} AND ${alias}.prompt_id = ${p.add(prompt.id)}
        AND ${alias}.created_at >= ${from} AND ${alias}.created_at < ${to} AND ${p.in(`${alias}.location`, locations)}`;
    return { p, cur, prev, where };
  };
  const r = scope('r');
  const m = scope('m');
  const n = scope('m');
  const [[runs], mentions, spellings] = await Promise.all([
    db.query(
      `SELECT COUNT(*) FILTER (WHERE ${r.cur}) AS current, COUNT(*) FILTER (WHERE ${r.prev}) AS previous
         FROM runs r WHERE ${r.where}`,
      r.p.values,
    ),
    db.query(
      `SELECT m.entity,
              COUNT(DISTINCT m.run_id) FILTER (WHERE ${m.cur}) AS current,
              AVG(m.rank) FILTER (WHERE ${m.cur}) AS avg_rank,
              COUNT(*) FILTER (WHERE ${m.cur}) AS ranks,
              SUM(m.rank) FILTER (WHERE ${m.cur}) AS rank_sum,
              SUM(m.rank * m.rank) FILTER (WHERE ${m.cur}) AS rank_sq_sum,
              COUNT(DISTINCT m.run_id) FILTER (WHERE ${m.prev}) AS previous
         FROM mentions m WHERE ${m.where}
        GROUP BY m.entity`,
      m.p.values,
    ),
    // Spellings of untracked names, chosen in JS: MIN(text) depends on the database's collation.
    db.query(
      `SELECT m.entity, m.entity_name, COUNT(*) FILTER (WHERE ${n.cur} OR ${n.prev}) AS n
         FROM mentions m WHERE ${n.where}
        GROUP BY m.entity, m.entity_name`,
      n.p.values,
    ),
  ]);
  const spelled = displayNames(spellings);
  const currentRuns = num(runs?.current);
  const previousRuns = num(runs?.previous);
  if (currentRuns === 0) return {};

  const names = new Map(tracked.map((t) => [t.entity, t]));
  const own = tracked.find((t) => t.isOwn)!;
  const ranked: Ranked[] = [];
  let ownSeen = false;
  for (const row of mentions) {
    const entity = String(row.entity);
    const currentCount = num(row.current);
    const t = names.get(entity);
    if (t?.isOwn) ownSeen = true;
    else if (currentCount === 0) continue; // named only in the delta window
    const previousRate = rate(num(row.previous), previousRuns);
    const currentRate = (currentCount / currentRuns) * 100;
    ranked.push({
      entity,
      name: t ? t.name : (spelled.get(entity) ?? entity),
      category: t && !t.isOwn ? 'competitor' : 'other',
      isOwn: t?.isOwn ?? false,
      rate: currentRate,
      avgRank: numOrNull(row.avg_rank),
      change: previousRate === null ? null : currentRate - previousRate,
      mentioned: { current: currentCount, previous: num(row.previous) },
      rank: { n: num(row.ranks), sum: num(row.rank_sum), sumSq: num(row.rank_sq_sum) },
    });
  }
  if (!ownSeen) {
    ranked.push({
      entity: own.entity,
      name: own.name,
      category: 'other',
      isOwn: true,
      rate: 0,
      avgRank: null,
      change: previousRuns > 0 ? 0 : null,
      mentioned: { current: 0, previous: 0 },
      rank: { n: 0, sum: 0, sumSq: 0 },
    });
  }
  ranked.sort(compareRanked);
  const out: Record<string, PromptRankingRow> = {};
  ranked.forEach((r, index) => {
    if (index >= RANKING_SIZE && !r.isOwn) return;
    out[String(index + 1)] = {
      brandName: r.name,
      brandCategory: r.category,
      isOwnBrand: r.isOwn,
      currentMentionRatePercentage: round2(r.rate),
      currentAverageRank: round2OrNull(r.avgRank),
      mentionRateChange: round2OrNull(r.change),
      actualRank: index + 1,
      currentMentionRateStats: rateStats(r.mentioned.current, currentRuns, minSample),
      mentionRateChangeStats: rateChangeStats(r.mentioned.current, currentRuns, r.mentioned.previous, previousRuns, minSample),
      currentAverageRankStats: meanStats(r.rank, minSample),
    };
  });
  return out;
}

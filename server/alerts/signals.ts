import type { Db } from '../db/types';
import type { BrandRow } from '../routes/access';
import { loadPromptWindowStats } from '../routes/prompts/monitor/promptStats';
import { loadBrandPrompts } from '../routes/prompts/monitor/table';
import { momentSums, sumCounts, windowFacts, type WindowCounts } from '../routes/insights/shared/facts';
import { factRows } from '../routes/insights/shared/factSource';
import { num } from '../routes/insights/shared/numbers';
import { SqlParams } from '../routes/insights/shared/params';
import { type FactSource, type InsightScope, inWindow } from '../routes/insights/shared/scope';
import type { TrackedEntity } from '../routes/insights/shared/tracked';
import {
  meanChange,
  meanInterval,
  rateChange,
  rateInterval,
  type ChangeEstimate,
  type ChangeOptions,
  type MeanEstimate,
  type RateEstimate,
} from '../stats/index';
import type { ComparedWindows } from './periods';

/**
 * What the alerts and the weekly report say, computed from the facts by the insight calls' own
 * query functions and tested with the statistics module: a change counts only when it is
 * significant at 95% with enough answers on both sides (docs/metrics.md).
 */

/** A rate in two windows with its change: k of n in each. */
export interface RateMove {
  current: RateEstimate;
  previous: RateEstimate;
  change: ChangeEstimate;
}

export function rateMove(k1: number, n1: number, k0: number, n0: number, options?: ChangeOptions): RateMove {
  return { current: rateInterval(k1, n1), previous: rateInterval(k0, n0), change: rateChange(k1, n1, k0, n0, options) };
}

/** A prompt, competitor or source whose rate moved significantly. */
export interface Mover extends RateMove {
  /** prompt id, brand name key or domain */
  id: string;
  label: string;
}

const significantFirst = (a: Mover, b: Mover) =>
  Math.abs(b.change.diff ?? 0) - Math.abs(a.change.diff ?? 0) || a.label.localeCompare(b.label);

export function scopeOf(brandId: string, windows: ComparedWindows, source: FactSource = 'rollups'): InsightScope {
  return { brandId, providers: null, locations: null, current: windows.current, previous: windows.previous, source };
}

/** Every prompt of the brand whose own-brand mention rate moved significantly between the windows. */
export async function promptMovers(
  db: Db,
  brand: BrandRow,
  tracked: TrackedEntity[],
  windows: ComparedWindows,
  options?: ChangeOptions,
): Promise<Mover[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const [stats, prompts] = await Promise.all([
    loadPromptWindowStats(db, brand.id, own.entity, windows.current, windows.previous, { providers: null, locations: null }),
    loadBrandPrompts(db, brand.id),
  ]);
  const movers: Mover[] = [];
  for (const prompt of prompts) {
    const s = stats.get(prompt.id);
    if (!s) continue;
    const move = rateMove(s.mentioned, s.runs, s.prevMentioned, s.prevRuns, options);
    if (move.change.significant) movers.push({ id: prompt.id, label: prompt.text, ...move });
  }
  return movers.sort(significantFirst);
}

/** Headline numbers of one brand over two windows. */
export interface Headline {
  runs: WindowCounts;
  mentionRate: RateMove;
  /** The own brand's mentions among all tracked brands' mentions. */
  shareOfVoice: RateMove;
  /** Mean sentiment of the own brand's mentions (−1..1; shown ×100 as net sentiment) with its t interval, and its Welch change. */
  netSentiment: { current: MeanEstimate; change: ChangeEstimate };
  citations: WindowCounts;
  domains: WindowCounts;
  /** Tracked competitors whose mention rate moved significantly. */
  competitors: Mover[];
}

export async function headline(db: Db, scope: InsightScope, tracked: TrackedEntity[], options?: ChangeOptions): Promise<Headline> {
  const facts = await windowFacts(
    db,
    scope,
    tracked.map((t) => t.entity),
    { citations: true, squares: ['sentiment'] },
  );
  const { runs, entities } = facts;
  const zero = { cur: 0, prev: 0 };
  const byEntity = new Map(entities.map((e) => [e.entity, e]));
  const own = tracked.find((t) => t.isOwn)!;
  const ownMentions = byEntity.get(own.entity)?.mentions ?? zero;
  const ownStats = byEntity.get(own.entity);
  const allMentions = sumCounts(entities, (e) => e.mentions);
  const competitors: Mover[] = [];
  for (const t of tracked) {
    if (t.isOwn) continue;
    const m = byEntity.get(t.entity)?.mentions ?? zero;
    const move = rateMove(m.cur, runs.cur, m.prev, runs.prev, options);
    if (move.change.significant) competitors.push({ id: t.entity, label: t.name, ...move });
  }
  return {
    runs,
    mentionRate: rateMove(ownMentions.cur, runs.cur, ownMentions.prev, runs.prev, options),
    shareOfVoice: rateMove(ownMentions.cur, allMentions.cur, ownMentions.prev, allMentions.prev, options),
    netSentiment: {
      current: meanInterval(momentSums(ownStats, 'sentiment', 'cur')),
      change: meanChange(momentSums(ownStats, 'sentiment', 'cur'), momentSums(ownStats, 'sentiment', 'prev'), options),
    },
    citations: facts.citations!.citations,
    domains: facts.citations!.domains,
    competitors: competitors.sort(significantFirst),
  };
}

/**
 * Cited domains whose share of the citations moved significantly: a domain's citations out of all
 * citations with a domain, in each window (the Sources screen's citation share).
 */
export async function sourceMovers(db: Db, scope: InsightScope, options?: ChangeOptions, limit = 50): Promise<Mover[]> {
  const p = new SqlParams();
  const cur = inWindow(p, scope.current);
  const prev = inWindow(p, scope.previous!);
  const citations = factRows(p, scope, 'citations', 'fc', { filter: (col) => `${col('domain')} <> ''` });
  const rows = await db.query(
    `WITH d AS (
       SELECT domain, SUM(n) FILTER (WHERE ${cur}) AS cur, SUM(n) FILTER (WHERE ${prev}) AS prev FROM ${citations} GROUP BY domain
     )
     SELECT domain, cur, prev, SUM(cur) OVER () AS all_cur, SUM(prev) OVER () AS all_prev FROM d
      ORDER BY COALESCE(cur, 0) + COALESCE(prev, 0) DESC, domain LIMIT ${p.add(limit)}`,
    p.values,
  );
  const movers: Mover[] = [];
  for (const r of rows) {
    const move = rateMove(num(r.cur), num(r.all_cur), num(r.prev), num(r.all_prev), options);
    if (move.change.significant) movers.push({ id: String(r.domain), label: String(r.domain), ...move });
  }
  return movers.sort(significantFirst);
}

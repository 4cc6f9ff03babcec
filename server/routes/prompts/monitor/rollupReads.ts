import type { Db } from '../../../db/types';
import { cutDayRanges, cutDayRows, type DaySplit, factRows, splitDays, splitWindows, wholeDays } from '../../insights/shared/factSource';
import { SqlParams, tsParam } from '../../insights/shared/params';
import { type FactSource, type InsightScope, tailFromRollupOn } from '../../insights/shared/scope';
import type { Window } from '../windows';

/**
 * The Prompts Monitor's reads from its rollups (migration 020: rollup_prompts_daily,
 * rollup_entity_names_daily; 022: rollup_prompt_last_runs): whole UTC days from the rollups, the
 * partial days at the windows' edges from the raw facts, as the insight calls do
 * (insights/shared/factSource.ts). The raw reads in promptStats.ts, facts.ts and suggestions.ts stay
 * the reference these are proven against.
 */

/** Whether a read by prompt can come from rollup_prompts_daily: it has no provider or location. */
export function readsPromptRollups(
  source: FactSource | undefined,
  filters: { providers: string[] | null; locations: string[] | null },
): boolean {
  return (source ?? 'rollups') === 'rollups' && filters.providers === null && filters.locations === null;
}

function daySplit(brandId: string, current: Window, delta: Window | null): DaySplit {
  const scope: InsightScope = { brandId, providers: null, locations: null, current, previous: delta, source: 'rollups' };
  return splitDays(scope);
}

/**
 * Per prompt, sums of both windows: runs, the own brand's mentions and their rank and sentiment
 * sums (and sums of squares), as rows shaped like rollup_prompts_daily (raw runs and raw own
 * mentions at the edges count 1 each in their column). With `tailFromRollup` (PostgreSQL, see
 * InsightScope) the span's last day cut by its end alone comes from its rollup rows when no run of
 * the brand follows the end that day (a window ending now), as the insight calls read it: a large
 * brand's day so far is thousands of runs against one row per prompt.
 */
export async function promptWindowSums(
  db: Db,
  brandId: string,
  ownEntity: string,
  current: Window,
  delta: Window,
  tailFromRollup = tailFromRollupOn(db.dialect),
): Promise<Array<Record<string, unknown>>> {
  const split = daySplit(brandId, current, delta);
  const p = new SqlParams();
  const brand = p.add(brandId);
  const rollupRows = (days: string) =>
    `SELECT prompt_id, day AS created_at, runs, mentioned, rank_sum, rank_sq_sum, sentiment_sum, sentiment_sq_sum
       FROM rollup_prompts_daily WHERE brand_id = ${brand} AND ${days}`;
  const branches = [rollupRows(wholeDays(p, split))];
  // bound only when read: PostgreSQL refuses a parameter no statement uses
  const own = split.edges.length > 0 ? p.add(ownEntity) : '';
  const rawRows = (lo: Date, hi: Date) => {
    const range = (alias: string) => `${alias}.created_at >= ${tsParam(p, lo)} AND ${alias}.created_at < ${tsParam(p, hi)}`;
    return `SELECT r.prompt_id, r.created_at, 1, 0, 0, 0, 0, 0 FROM runs r WHERE r.brand_id = ${brand} AND ${range('r')}
 UNION ALL
SELECT m.prompt_id, m.created_at, 0, 1, m.rank, m.rank * m.rank, m.sentiment, m.sentiment * m.sentiment
         FROM mentions m WHERE m.brand_id = ${brand} AND m.entity = ${own} AND ${range('m')}`;
  };
  branches.push(...cutDayRows(p, split, tailFromRollup, () => brand, (day) => rollupRows(`day = ${tsParam(p, day)}`), rawRows));
  const inside = (w: Window) => `f.created_at >= ${tsParam(p, w.start)} AND f.created_at < ${tsParam(p, w.end)}`;
  const cur = inside(current);
  const prev = inside(delta);
  return db.query(
    `SELECT f.prompt_id,
            SUM(f.runs) FILTER (WHERE ${cur}) AS runs,
            SUM(f.runs) FILTER (WHERE ${prev}) AS prev_runs,
            SUM(f.mentioned) FILTER (WHERE ${cur}) AS mentioned,
            SUM(f.rank_sum) FILTER (WHERE ${cur}) AS rank_sum,
            SUM(f.rank_sq_sum) FILTER (WHERE ${cur}) AS rank_sq_sum,
            SUM(f.sentiment_sum) FILTER (WHERE ${cur}) AS sentiment_sum,
            SUM(f.sentiment_sq_sum) FILTER (WHERE ${cur}) AS sentiment_sq_sum,
            SUM(f.mentioned) FILTER (WHERE ${prev}) AS prev_mentioned,
            SUM(f.sentiment_sum) FILTER (WHERE ${prev}) AS prev_sentiment_sum,
            SUM(f.sentiment_sq_sum) FILTER (WHERE ${prev}) AS prev_sentiment_sq_sum
       FROM (${branches.join('\n UNION ALL\n')}) f
      GROUP BY f.prompt_id`,
    p.values,
  );
}

/** When each of the brand's prompts last ran (never run = absent), from rollup_prompt_last_runs (one row per prompt). */
export async function lastRunsFromRollups(db: Db, brandId: string): Promise<Array<Record<string, unknown>>> {
  return db.query('SELECT prompt_id, MAX(last_run) AS last_run FROM rollup_prompt_last_runs WHERE brand_id = $1 GROUP BY prompt_id', [
    brandId,
  ]);
}

/**
 * (provider, runs, mentioned, first_place) of the current window, no provider or location filter:
 * runs and the own brand's mentions per provider from rollup_runs_daily and rollup_mentions_daily
 * (factRows), the own brand's first places on a row of their own (provider NULL) from
 * rollup_entity_ranks_daily, which has no provider: the facts state only their total. The partial
 * days come from the raw facts; on PostgreSQL the last day, when the window ends inside it, from
 * its rollup row where factRows finds that exact (as the insight calls read it).
 */
export async function providerWindowSums(
  db: Db,
  brandId: string,
  ownEntity: string,
  current: Window,
): Promise<Array<Record<string, unknown>>> {
  const scope: InsightScope = {
    brandId,
    providers: null,
    locations: null,
    current,
    previous: null,
    source: 'rollups',
    tailFromRollup: tailFromRollupOn(db.dialect),
  };
  const p = new SqlParams();
  const own = p.add(ownEntity);
  const runs = factRows(p, scope, 'runs', 'r');
  const mentions = factRows(p, scope, 'mentions', 'm', { filter: (col) => `${col('entity')} = ${own}` });
  const split = splitWindows([current]);
  const brand = p.add(brandId);
  const firsts = [
    `SELECT mentions AS n FROM rollup_entity_ranks_daily
      WHERE brand_id = ${brand} AND ${wholeDays(p, split)} AND entity = ${own} AND rank = 1`,
    ...cutDayRanges(split).map(
      ({ lo, hi }) => `SELECT 1 AS n FROM mentions fm
        WHERE fm.brand_id = ${brand} AND fm.created_at >= ${tsParam(p, lo)} AND fm.created_at < ${tsParam(p, hi)}
          AND fm.entity = ${own} AND fm.rank = 1`,
    ),
  ];
  // Every row lies inside the one window (whole days, and the cut days' parts of it), so all count.
  return db.query(
    `SELECT f.provider, SUM(f.runs) AS runs, SUM(f.mentioned) AS mentioned, SUM(f.first_place) AS first_place
       FROM (SELECT r.provider, r.n AS runs, 0 AS mentioned, 0 AS first_place FROM ${runs}
             UNION ALL
             SELECT m.provider, 0, m.n, 0 FROM ${mentions}
             UNION ALL
             SELECT NULL, 0, 0, fp.n FROM (${firsts.join('\n UNION ALL\n')}) fp) f
      GROUP BY f.provider`,
    p.values,
  );
}

/**
 * (entity, entity_name, n): mentions per named brand and spelling in [window), the own brand left
 * out. The window's last day cut by its end comes from its rollup rows as in promptWindowSums.
 */
export async function entityNameCounts(
  db: Db,
  brandId: string,
  ownEntity: string,
  window: Window,
  tailFromRollup = tailFromRollupOn(db.dialect),
): Promise<Array<Record<string, unknown>>> {
  const split = daySplit(brandId, window, null);
  const p = new SqlParams();
  const brand = p.add(brandId);
  const own = p.add(ownEntity);
  const rollupRows = (days: string) => `SELECT entity, entity_name, mentions AS n FROM rollup_entity_names_daily
      WHERE brand_id = ${brand} AND ${days} AND entity <> ${own}`;
  const rawRows = (lo: Date, hi: Date) => `SELECT m.entity, m.entity_name, 1 AS n FROM mentions m
        WHERE m.brand_id = ${brand} AND m.created_at >= ${tsParam(p, lo)} AND m.created_at < ${tsParam(p, hi)} AND m.entity <> ${own}`;
  const branches = [
    rollupRows(wholeDays(p, split)),
    ...cutDayRows(p, split, tailFromRollup, () => brand, (day) => rollupRows(`day = ${tsParam(p, day)}`), rawRows),
  ];
  return db.query(
    `SELECT f.entity, f.entity_name, SUM(f.n) AS n FROM (${branches.join('\n UNION ALL\n')}) f GROUP BY f.entity, f.entity_name`,
    p.values,
  );
}

import type { Db } from '../../../db/types';
import { promptTotalsThrough } from '../../../rollups/promptTotals';
import { addDays, utcDay } from '../../../rollups/tables';
import { SqlParams, inList, tsParam } from './params';
import { type InsightScope, type TimeWindow, scopeWhere } from './scope';

/**
 * How one window's sums come from the running totals (rollup_prompt_totals): the rows of `endDay`
 * less those of `beforeDay`, plus the runs in `add` and less those in `sub`. The sums of the runs
 * before a moment t inside day D are D − 1's rows plus the runs of [D, t), or D's rows less the
 * runs of [t, D + 1); each edge is read on the side that holds less of the runs: a window starting
 * at 04:30 subtracts its first day's runs before 04:30 rather than adding the 19.5 hours after, and
 * a window ending now subtracts the runs after now (none) rather than adding today's.
 */
export interface TotalsSpan {
  endDay: Date;
  beforeDay: Date;
  add: TimeWindow[];
  sub: TimeWindow[];
}

/**
 * The span that reads window `w` from totals kept up to `through`, at moment `now` (no run lies
 * after it, so a piece after it holds none), or null for a window inside one day (its runs are
 * fewer than two pieces'). A day after `through` reads the rows of `through`: every stored run
 * lies on or before it.
 */
export function totalsSpan(w: TimeWindow, through: Date, now: Date): TotalsSpan | null {
  const startDay = utcDay(w.start);
  if (w.end.getTime() < addDays(startDay, 1).getTime()) return null;
  const add: TimeWindow[] = [];
  const sub: TimeWindow[] = [];
  /** The day whose rows hold the runs before `t`, with the piece of t's day to add or subtract. */
  const cut = (t: Date, sign: 1 | -1): Date => {
    const day = utcDay(t);
    if (t.getTime() === day.getTime()) return addDays(day, -1);
    const next = addDays(day, 1);
    const before = t.getTime() - day.getTime();
    const after = Math.max(0, Math.min(next.getTime(), now.getTime()) - t.getTime());
    if (after < before) {
      (sign === 1 ? sub : add).push({ start: t, end: next });
      return day;
    }
    (sign === 1 ? add : sub).push({ start: day, end: t });
    return addDays(day, -1);
  };
  const clamp = (day: Date) => (day > through ? through : day);
  return { endDay: clamp(cut(w.end, 1)), beforeDay: clamp(cut(w.start, -1)), add, sub };
}

/** One prompt × provider × location's sums over a window: its runs and the own brand's mentions in them. */
export interface PromptComboSums {
  prompt_id: unknown;
  provider: unknown;
  location: unknown;
  runs: unknown;
  mentioned: unknown;
  rank_sum: unknown;
  rank_sq_sum: unknown;
}

/** A statement and its parameters, the parameters still open for a caller to add to. */
export interface SumsStatement {
  sql: string;
  p: SqlParams;
}

/**
 * The statement giving, per prompt, provider and location with runs in the scope's current window
 * (of the given prompts only, when `promptIds` is set), its runs and the own brand's mentions,
 * ranks and squared ranks (columns prompt_id, provider, location, runs, mentioned, rank_sum,
 * rank_sq_sum), read from the running totals: two rows per combination whatever the window's
 * length, and the runs of the edge pieces. Null when the scope reads raw facts, the brand has no
 * totals, or the window lies inside one day (see totalsSpan): the caller reads the facts. `now`
 * is the request's moment.
 */
export async function promptSumsStatement(
  db: Db,
  scope: InsightScope,
  ownEntity: string,
  now: Date,
  promptIds?: string[],
): Promise<SumsStatement | null> {
  if (scope.source !== 'rollups') return null;
  const through = await promptTotalsThrough(db, scope.brandId);
  const span = through === null ? null : totalsSpan(scope.current, through, now);
  if (span === null) return null;
  const p = new SqlParams();
  const filters = [
    ...(scope.providers ? [inList(p, 'provider', scope.providers)] : []),
    ...(scope.locations ? [inList(p, 'location', scope.locations)] : []),
  ];
  const ofPrompts = () => (promptIds ? ` AND ${inList(p, 'prompt_id', promptIds)}` : '');
  const totalsAt = (day: Date, sign: '' | '-') =>
    `SELECT prompt_id, provider, location, ${sign}runs AS runs, ${sign}mentioned AS mentioned, ${sign}rank_sum AS rank_sum, ${sign}rank_sq_sum AS rank_sq_sum
       FROM rollup_prompt_totals WHERE brand_id = ${p.add(scope.brandId)} AND day = ${tsParam(p, day)}${filters.map((f) => ` AND ${f}`).join('')}${ofPrompts()}`;
  let own: string | null = null; // bound once, and only when a piece reads the mentions
  // Each piece's runs count as runs and its own mentions as mentions, with the piece's sign.
  const piece = (w: TimeWindow, sign: 1 | -1) => {
    const inPiece = { ...scope, current: w, previous: null };
    return [
      `SELECT prompt_id, provider, location, ${sign} AS runs, 0 AS mentioned, 0 AS rank_sum, 0 AS rank_sq_sum
         FROM runs WHERE ${scopeWhere(p, inPiece)}${ofPrompts()}`,
      `SELECT prompt_id, provider, location, 0, ${sign}, ${sign} * rank, ${sign} * rank * rank
         FROM mentions WHERE ${scopeWhere(p, inPiece)} AND entity = ${(own ??= p.add(ownEntity))}${ofPrompts()}`,
    ];
  };
  const parts = [
    totalsAt(span.endDay, ''),
    totalsAt(span.beforeDay, '-'),
    ...span.add.flatMap((w) => piece(w, 1)),
    ...span.sub.flatMap((w) => piece(w, -1)),
  ];
  const sql = `SELECT prompt_id, provider, location, SUM(runs) AS runs, SUM(mentioned) AS mentioned, SUM(rank_sum) AS rank_sum,
            SUM(rank_sq_sum) AS rank_sq_sum
       FROM (${parts.join('\n UNION ALL ')}) f
      GROUP BY prompt_id, provider, location
     HAVING SUM(runs) > 0`;
  return { sql, p };
}

/** promptSumsStatement's rows, or null when the totals cannot serve the scope. */
export async function promptSumsFromTotals(
  db: Db,
  scope: InsightScope,
  ownEntity: string,
  now: Date,
  promptIds?: string[],
): Promise<PromptComboSums[] | null> {
  const statement = await promptSumsStatement(db, scope, ownEntity, now, promptIds);
  return statement && db.query<PromptComboSums>(statement.sql, statement.p.values);
}

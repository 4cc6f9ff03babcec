import type { Db, Dialect } from '../../../db/types';
import { addDays, utcDay } from '../../../rollups/tables';
import { cutDayRows, factRows, splitWindows, wholeDays, type DaySplit } from '../shared/factSource';
import { num } from '../shared/numbers';
import { SqlParams, inList, tsParam } from '../shared/params';
import type { InsightScope } from '../shared/scope';
import { MIN_MENTIONS } from './assessment';

/** The instants the emerging threats count between: [lookback, horizon) for first sightings; horizon ≤ mid ≤ recent < now. */
export interface ThreatWindows {
  lookback: Date;
  horizon: Date;
  mid: Date;
  recent: Date;
  now: Date;
}

/** An untracked brand named at least MIN_MENTIONS times in the horizon, with what the threat labels need. */
export interface Candidate {
  entity: string;
  name: string;
  total: number;
  prompts: number;
  runs: number;
  /** Answers naming it that also name the own brand. */
  co: number;
  recent: number;
  mid: number;
  older: number;
  rankSum: number;
  rankSqSum: number;
  best: number;
  worst: number;
  median: number;
  /** Its first mention in [lookback, now). */
  firstSeen: Date;
  lastSeen: Date;
}

/** Whom the candidates are counted for: the brand, the entity keys it tracks (excluded) and its own key. */
export interface CandidateQuery {
  brandId: string;
  tracked: string[];
  own: string;
  /** Read the span's last day from its rollup row when nothing follows the end that day (spanRows). */
  tailFromRollup?: boolean;
  /** Read the rollup candidates in one statement (see oneStatementOn). */
  oneStatement?: boolean;
}

/**
 * Whether a database reads the rollup candidates in one statement, the kept entities passed from
 * the histogram to the other reads by a semi-join (DuckDB: it queues concurrent statements on its
 * threads, and its three statements with the entities as parameter lists cost more than the rows
 * they read), or in four, three of them at once with the entities as parameters (PostgreSQL: its
 * connections run those in parallel, and one statement was slower there).
 */
export function oneStatementOn(dialect: Dialect): boolean {
  return dialect === 'duckdb';
}

/**
 * The candidates from the raw facts: every mention of the horizon (the reference the rollups are
 * proven against), and each one's first sighting in the lookback.
 */
export async function rawCandidates(db: Db, q: CandidateQuery, w: ThreatWindows): Promise<Candidate[]> {
  const p = new SqlParams();
  const brand = p.add(q.brandId);
  const from = tsParam(p, w.horizon);
  const to = tsParam(p, w.now);
  const recent = tsParam(p, w.recent);
  const mid = tsParam(p, w.mid);
  const untracked = `NOT (${inList(p, 'm.entity', q.tracked)})`;
  const ownKey = p.add(q.own);
  const minMentions = p.add(MIN_MENTIONS);
  const rows = await db.query(
    `WITH m AS (
       SELECT m.entity, m.entity_name, m.run_id, m.prompt_id, m.rank, m.created_at
         FROM mentions m
        WHERE m.brand_id = ${brand} AND m.created_at >= ${from} AND m.created_at < ${to} AND ${untracked}
     ),
     own AS (
       SELECT DISTINCT run_id FROM mentions
        WHERE brand_id = ${brand} AND created_at >= ${from} AND created_at < ${to} AND entity = ${ownKey}
     )
     SELECT m.entity, MIN(m.entity_name) AS name,
            COUNT(*) AS total, COUNT(DISTINCT m.prompt_id) AS prompts, COUNT(DISTINCT m.run_id) AS runs,
            COUNT(own.run_id) AS co,
            COUNT(*) FILTER (WHERE m.created_at >= ${recent}) AS recent,
            COUNT(*) FILTER (WHERE m.created_at >= ${mid} AND m.created_at < ${recent}) AS mid,
            COUNT(*) FILTER (WHERE m.created_at < ${mid}) AS older,
            SUM(m.rank) AS rank_sum, SUM(m.rank * m.rank) AS rank_sq_sum, MIN(m.rank) AS best, MAX(m.rank) AS worst,
            CAST(percentile_cont(0.5) WITHIN GROUP (ORDER BY m.rank) AS DOUBLE PRECISION) AS median,
            MIN(m.created_at) AS first_in_horizon, MAX(m.created_at) AS last_seen
       FROM m LEFT JOIN own ON own.run_id = m.run_id
      GROUP BY m.entity
     HAVING COUNT(*) >= ${minMentions}`,
    p.values,
  );
  if (rows.length === 0) return [];
  const lookback: InsightScope = {
    brandId: q.brandId,
    providers: null,
    locations: null,
    current: { start: w.lookback, end: w.horizon },
    previous: null,
    source: 'raw',
  };
  const earlier = await firstSightings(db, lookback, rows.map((c) => String(c.entity)));
  return rows.map((c) => ({
    entity: String(c.entity),
    name: String(c.name),
    total: num(c.total),
    prompts: num(c.prompts),
    runs: num(c.runs),
    co: num(c.co),
    recent: num(c.recent),
    mid: num(c.mid),
    older: num(c.older),
    rankSum: num(c.rank_sum),
    rankSqSum: num(c.rank_sq_sum),
    best: num(c.best),
    worst: num(c.worst),
    median: num(c.median),
    // Named in the horizon, so the last sighting is there; the first is earlier when the lookback has one.
    firstSeen: earlier.get(String(c.entity)) ?? new Date(String(c.first_in_horizon)),
    lastSeen: new Date(String(c.last_seen)),
  }));
}

/**
 * Each entity's first mention in the scope's window, exact to the instant: the earliest day from the
 * fact rows (a rollup row stands for its whole day), then that day's earliest mention from the facts.
 */
async function firstSightings(db: Db, scope: InsightScope, entities: string[]): Promise<Map<string, Date>> {
  const p = new SqlParams();
  const rows = factRows(p, scope, 'mentions', 'fm', { filter: (col) => inList(p, col('entity'), entities) });
  const earliest = await db.query(`SELECT entity, MIN(created_at) AS at FROM ${rows} GROUP BY entity`, p.values);
  if (earliest.length === 0) return new Map();
  const q = new SqlParams();
  const days = earliest.map((r) => {
    const day = utcDay(new Date(String(r.at)));
    const start = new Date(Math.max(day.getTime(), scope.current.start.getTime()));
    return `(entity = ${q.add(String(r.entity))} AND created_at >= ${tsParam(q, start)} AND created_at < ${tsParam(q, addDays(day, 1))})`;
  });
  const exact = await db.query(
    `SELECT entity, MIN(created_at) AS at FROM mentions WHERE brand_id = ${q.add(scope.brandId)} AND (${days.join(' OR ')}) GROUP BY entity`,
    q.values,
  );
  return new Map(exact.map((r) => [String(r.entity), new Date(String(r.at))]));
}

/**
 * The rows of one entity rollup over a span, in one shape from the rollup (whole days) and from the
 * raw mentions (the partial days at the cuts, one row per mention): the rollup for the days no cut
 * falls in, the facts for the rest, so every row lies inside one window. `raw` is called once per
 * cut day (or never), so it adds the parameters it uses itself; so does `rollup`.
 * With `tailFromRollup` (PostgreSQL, see InsightScope), the span's last day cut at its end alone is
 * read from its rollup row when the brand has no run from the end to midnight (a span that ends
 * now), else from its facts, decided in the statement as factRows does.
 */
function spanRows(
  p: SqlParams,
  brand: string,
  split: DaySplit,
  rollup: (where: string) => string,
  raw: (where: (alias: string) => string) => string,
  tailFromRollup = false,
): string {
  const whole = `brand_id = ${brand} AND ${wholeDays(p, split)}`;
  const edges = cutDayRows(
    p,
    split,
    tailFromRollup,
    () => brand,
    (day) => rollup(`brand_id = ${brand} AND day = ${tsParam(p, day)}`),
    (from, to) => {
      const [lo, hi] = [tsParam(p, from), tsParam(p, to)];
      return raw((alias) => `${alias}.brand_id = ${brand} AND ${alias}.created_at >= ${lo} AND ${alias}.created_at < ${hi}`);
    },
  );
  return [rollup(whole), ...edges].join('\n UNION ALL\n');
}

/**
 * The candidates from the entity rollups (see migration 018) for the whole days and the raw
 * mentions for the days the windows cut, with the same numbers as rawCandidates: counts, rank sums
 * and the median from the rank histogram, distinct prompts from the prompt rollup, sightings from
 * each day's first and last mention. Runs naming a brand = its mentions: an answer names a brand once.
 * Read in one statement or in four (q.oneStatement, see oneStatementOn); both give the same answer.
 */
export async function rollupCandidates(db: Db, q: CandidateQuery, w: ThreatWindows): Promise<Candidate[]> {
  return q.oneStatement ? candidatesInOneStatement(db, q, w) : candidatesInParallel(db, q, w);
}

/** rollupCandidates in one statement (candidateRows) and, only for a horizon in the past, the facts. */
async function candidatesInOneStatement(db: Db, q: CandidateQuery, w: ThreatWindows): Promise<Candidate[]> {
  const rows = await candidateRows(db, q, w);
  const byEntity = new Map<string, CandidateRow[]>();
  for (const r of rows) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r]);
  const unsure = [...byEntity.values()].filter((rs) => rs[0].spanning > 0).map((rs) => rs[0].entity);
  const exact = unsure.length > 0 ? await promptsFromFacts(db, q.brandId, unsure, w) : new Map<string, number>();
  return [...byEntity.values()].map((rs) => {
    const entity = rs[0].entity;
    return candidateOf(histogramOf(rs), windowsOf(rs), exact.get(entity) ?? rs[0].prompts, rs[0].earlier);
  });
}

/** One row of candidateRows: an entity's mentions at one rank in one window, with its per-entity values repeated. */
interface CandidateRow {
  entity: string;
  name: string;
  rank: number;
  /** 0 = older, 1 = mid, 2 = recent. */
  window: number;
  n: number;
  co: number;
  first: Date;
  last: Date;
  /** Distinct prompts whose first or last sighting falls in the horizon, and those spanning it (see distinctPromptsSql). */
  prompts: number;
  spanning: number;
  /** The first mention in [lookback, now). */
  earlier: Date;
  /** Mentions counted in the window before the mid (recent) cut that belong to the one after (windowMoves). */
  toMid: number;
  toRecent: number;
}

interface HistogramRow {
  entity: string;
  name: string;
  rank: number;
  n: number;
  co: number;
  first: Date;
  last: Date;
}

interface WindowCounts {
  recent: number;
  mid: number;
  older: number;
}

/** An entity's rows (ranks ascending) merged over the windows: its rank histogram, ranks ascending. */
function histogramOf(rows: CandidateRow[]): HistogramRow[] {
  const byRank = new Map<number, HistogramRow>();
  for (const r of rows) {
    const h = byRank.get(r.rank);
    if (!h) byRank.set(r.rank, { entity: r.entity, name: r.name, rank: r.rank, n: r.n, co: r.co, first: r.first, last: r.last });
    else {
      h.n += r.n;
      h.co += r.co;
      if (r.first < h.first) h.first = r.first;
      if (r.last > h.last) h.last = r.last;
    }
  }
  return [...byRank.values()].sort((a, b) => a.rank - b.rank);
}

/** An entity's mentions per window, with the mentions at the cuts moved to the window after (windowMoves). */
function windowsOf(rows: CandidateRow[]): WindowCounts {
  const sum = (window: number) => rows.filter((r) => r.window === window).reduce((s, r) => s + r.n, 0);
  const { toMid, toRecent } = rows[0];
  return { recent: sum(2) + toRecent, mid: sum(1) + toMid - toRecent, older: sum(0) - toMid };
}

/** One entity's histogram rows (ranks ascending) and window counts as a candidate. */
function candidateOf(rows: HistogramRow[], windows: WindowCounts, prompts: number, firstSeen: Date): Candidate {
  const sum = (f: (r: HistogramRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const total = sum((r) => r.n);
  return {
    entity: rows[0].entity,
    name: rows[0].name,
    total,
    prompts,
    runs: total,
    co: sum((r) => r.co),
    ...windows,
    rankSum: sum((r) => r.rank * r.n),
    rankSqSum: sum((r) => r.rank * r.rank * r.n),
    best: rows[0].rank,
    worst: rows[rows.length - 1].rank,
    median: medianOfHistogram(rows, total),
    firstSeen,
    lastSeen: new Date(Math.max(...rows.map((r) => r.last.getTime()))),
  };
}

/**
 * The median as percentile_cont(0.5) takes it: the value at position (n - 1) / 2 of the sorted
 * values, interpolated between its two neighbours when that falls between them.
 */
export function medianOfHistogram(rows: Array<{ rank: number; n: number }>, total: number): number {
  const at = (i: number) => {
    let seen = 0;
    for (const r of rows) {
      seen += r.n;
      if (i < seen) return r.rank;
    }
    throw new Error(`position ${i} beyond ${total} values`);
  };
  const pos = (total - 1) / 2;
  const lo = at(Math.floor(pos));
  const hi = at(Math.ceil(pos));
  return lo + (hi - lo) * (pos - Math.floor(pos));
}

/**
 * Per untracked entity named at least MIN_MENTIONS times in the horizon, per rank and window (older,
 * mid, recent): mentions, co-mentions, first and last sighting; and per entity its name, distinct
 * prompts, first sighting in the lookback and the mentions that move window (windowMoves). The kept
 * entities (`kept`) filter the other reads in the same statement.
 *
 * The horizon's rows are cut only at its ends (its first day and today read raw, with the join that
 * tells the answers naming the own brand), and each row counts for the window its `created_at` lies
 * in: a rollup row for the window its day starts in. The mid and recent cuts fall inside whole days
 * of the horizon, so the mentions of such a day from the cut to midnight are counted raw (without the
 * join, which costs more than the plain read) and moved to the later window.
 */
async function candidateRows(db: Db, q: CandidateQuery, w: ThreatWindows): Promise<CandidateRow[]> {
  const p = new SqlParams();
  const brand = p.add(q.brandId);
  const untracked = (col: string) => `NOT (${inList(p, col, q.tracked)})`;
  const horizon = splitWindows([{ start: w.horizon, end: w.now }]);
  const horizonRows = spanRows(
    p,
    brand,
    horizon,
    (where) => `SELECT day AS created_at, entity, rank, entity_name, mentions, with_own, first_at, last_at
                  FROM rollup_entity_ranks_daily WHERE ${where} AND ${untracked('entity')}`,
    (where) => `SELECT m.created_at, m.entity, m.rank, m.entity_name, 1 AS mentions,
                       CASE WHEN o.run_id IS NULL THEN 0 ELSE 1 END AS with_own, m.created_at AS first_at, m.created_at AS last_at
                  FROM mentions m
                  LEFT JOIN (SELECT o.run_id FROM mentions o WHERE ${where('o')} AND o.entity = ${p.add(q.own)}) o ON o.run_id = m.run_id
                 WHERE ${where('m')} AND ${untracked('m.entity')}`,
    q.tailFromRollup,
  );
  const recent = tsParam(p, w.recent);
  const mid = tsParam(p, w.mid);
  const minMentions = p.add(MIN_MENTIONS);
  const kept = 'SELECT entity FROM kept';
  // The first sighting before the horizon: whole days up to the horizon's day (each one lies inside
  // [lookback, now), so its rollup row's first mention counts whole), the lookback's cut day raw;
  // the horizon's own rows give the rest.
  const earlierRows = spanRows(
    p,
    brand,
    splitWindows([{ start: w.lookback, end: addDays(utcDay(w.horizon), 1) }]),
    (where) => `SELECT entity, first_at FROM rollup_entity_ranks_daily WHERE ${where} AND entity IN (${kept})`,
    (where) => `SELECT m.entity, m.created_at AS first_at FROM mentions m WHERE ${where('m')} AND m.entity IN (${kept})`,
  );
  const result = await db.query(
    `WITH f AS (
       SELECT r.*, CASE WHEN r.created_at >= ${recent} THEN 2 WHEN r.created_at >= ${mid} THEN 1 ELSE 0 END AS win
         FROM (${horizonRows}) r
     ),
     hist AS MATERIALIZED (
       SELECT entity, rank, win, MIN(entity_name) AS name, SUM(mentions) AS n, SUM(with_own) AS co,
              MIN(first_at) AS first_at, MAX(last_at) AS last_at
         FROM f GROUP BY entity, rank, win
     ),
     kept AS MATERIALIZED (SELECT entity, MIN(first_at) AS first_at FROM hist GROUP BY entity HAVING SUM(n) >= ${minMentions}),
     earlier AS (SELECT entity, MIN(first_at) AS first_at FROM (${earlierRows}) e GROUP BY entity),
     prompts AS (${distinctPromptsSql(p, brand, w, kept)}),
     moves AS (${windowMoves(p, brand, horizon, w, kept, untracked)})
     SELECT h.entity, h.rank, h.win, MIN(h.name) OVER (PARTITION BY h.entity) AS name, h.n, h.co, h.first_at, h.last_at,
            COALESCE(pr.inside, 0) AS prompts, COALESCE(pr.spanning, 0) AS spanning,
            CASE WHEN e.first_at < k.first_at THEN e.first_at ELSE k.first_at END AS earlier,
            COALESCE(mv.to_mid, 0) AS to_mid, COALESCE(mv.to_recent, 0) AS to_recent
       FROM hist h
       JOIN kept k ON k.entity = h.entity
       LEFT JOIN earlier e ON e.entity = h.entity
       LEFT JOIN prompts pr ON pr.entity = h.entity
       LEFT JOIN moves mv ON mv.entity = h.entity
      ORDER BY h.entity, h.rank, h.win`,
    p.values,
  );
  return result.map((r) => ({
    ...histogramRow(r),
    window: num(r.win),
    prompts: num(r.prompts),
    spanning: num(r.spanning),
    earlier: new Date(String(r.earlier)),
    toMid: num(r.to_mid),
    toRecent: num(r.to_recent),
  }));
}

/**
 * Per untracked entity, its mentions from the mid cut and from the recent cut to the next midnight
 * (`to_mid`, `to_recent`; `entities`, a subquery, only gives the columns' types when nothing moves): candidateRows counts them in the window before the cut
 * (their day's rollup row starts there), and they belong to the one after. A cut at midnight moves
 * nothing. Each cut must fall on a whole day of the horizon (read from its rollup row).
 */
function windowMoves(
  p: SqlParams,
  brand: string,
  horizon: DaySplit,
  w: ThreatWindows,
  entities: string,
  untracked: (col: string) => string,
): string {
  const cuts = [
    { at: w.mid, column: 'to_mid' },
    { at: w.recent, column: 'to_recent' },
  ].filter((c) => utcDay(c.at).getTime() !== c.at.getTime());
  for (const c of cuts) {
    const day = utcDay(c.at).getTime();
    if (horizon.edges.some((e) => e.getTime() === day) || day < horizon.dayLo.getTime() || day >= horizon.dayHi.getTime()) {
      throw new Error(`the ${c.column} cut falls on a day the horizon reads raw`);
    }
  }
  if (cuts.length === 0) return `SELECT entity, 0 AS to_mid, 0 AS to_recent FROM (${entities}) k WHERE FALSE`;
  // Filtered by the tracked keys in the scan, not by a semi-join on `entities`: the join to the
  // kept entities' rows drops the others, and on DuckDB the semi-join cost more than the read.
  const parts = cuts.map(
    (c) => `SELECT m.entity, ${c.column === 'to_mid' ? 1 : 0} AS to_mid, ${c.column === 'to_recent' ? 1 : 0} AS to_recent FROM mentions m
             WHERE m.brand_id = ${brand} AND m.created_at >= ${tsParam(p, c.at)} AND m.created_at < ${tsParam(p, addDays(utcDay(c.at), 1))}
               AND ${untracked('m.entity')}`,
  );
  return `SELECT entity, SUM(to_mid) AS to_mid, SUM(to_recent) AS to_recent FROM (${parts.join(' UNION ALL ')}) mv GROUP BY entity`;
}

/**
 * How many distinct prompts named each entity of `entities` (a subquery) in the horizon [a, b): a
 * prompt did when its first or last sighting falls inside (`inside`); one first seen before a and
 * last seen from b on may or may not have (only when facts after b exist, a horizon in the past),
 * and its entity is counted from the facts (`spanning` > 0: promptsFromFacts).
 */
function distinctPromptsSql(p: SqlParams, brand: string, w: ThreatWindows, entities: string): string {
  const a = tsParam(p, w.horizon);
  const b = tsParam(p, w.now);
  // Rows of one prompt (a new key ingested twice at once) are classified one by one: they hold disjoint sightings.
  return `SELECT entity,
                 COUNT(DISTINCT prompt_id) FILTER (WHERE first_at >= ${a} OR last_at < ${b}) AS inside,
                 COUNT(*) FILTER (WHERE first_at < ${a} AND last_at >= ${b}) AS spanning
            FROM rollup_entity_prompts
           WHERE brand_id = ${brand} AND entity IN (${entities}) AND last_at >= ${a} AND first_at < ${b}
           GROUP BY entity`;
}

/** Each entity's distinct prompts in the horizon from the raw mentions. */
async function promptsFromFacts(db: Db, brandId: string, entities: string[], w: ThreatWindows): Promise<Map<string, number>> {
  const q = new SqlParams();
  const exact = await db.query(
    `SELECT entity, COUNT(DISTINCT prompt_id) AS prompts FROM mentions
      WHERE brand_id = ${q.add(brandId)} AND created_at >= ${tsParam(q, w.horizon)} AND created_at < ${tsParam(q, w.now)}
        AND ${inList(q, 'entity', entities)}
      GROUP BY entity`,
    q.values,
  );
  return new Map(exact.map((r) => [String(r.entity), num(r.prompts)]));
}

/** rollupCandidates in four statements: the histogram, then the kept entities' windows, prompts and first sightings at once. */
async function candidatesInParallel(db: Db, q: CandidateQuery, w: ThreatWindows): Promise<Candidate[]> {
  const histogram = await rankHistogram(db, q, w);
  const byEntity = new Map<string, HistogramRow[]>();
  for (const r of histogram) byEntity.set(r.entity, [...(byEntity.get(r.entity) ?? []), r]);
  const kept = [...byEntity.values()].filter((rows) => rows.reduce((s, r) => s + r.n, 0) >= MIN_MENTIONS);
  if (kept.length === 0) return [];
  const entities = kept.map((rows) => rows[0].entity);
  const [windows, prompts, firstSeen] = await Promise.all([
    windowCounts(db, q, entities, w),
    distinctPrompts(db, q.brandId, entities, w),
    firstSightingsFromRollup(db, q, entities, w),
  ]);
  return kept.map((rows) => {
    const entity = rows[0].entity;
    return candidateOf(rows, windows.get(entity) ?? { recent: 0, mid: 0, older: 0 }, prompts.get(entity) ?? 0, firstSeen.get(entity)!);
  });
}

/**
 * Per untracked entity and rank over the whole horizon: mentions, co-mentions, first and last
 * sighting, name. The mid and recent cuts do not matter here, so only the horizon's first and last
 * days are read raw (with the join that tells the answers naming the own brand).
 */
async function rankHistogram(db: Db, q: CandidateQuery, w: ThreatWindows): Promise<HistogramRow[]> {
  const p = new SqlParams();
  const brand = p.add(q.brandId);
  const untracked = (col: string) => `NOT (${inList(p, col, q.tracked)})`;
  const rows = spanRows(
    p,
    brand,
    splitWindows([{ start: w.horizon, end: w.now }]),
    (where) => `SELECT entity, rank, entity_name, mentions, with_own, first_at, last_at
                  FROM rollup_entity_ranks_daily WHERE ${where} AND ${untracked('entity')}`,
    (where) => `SELECT m.entity, m.rank, m.entity_name, 1 AS mentions,
                       CASE WHEN o.run_id IS NULL THEN 0 ELSE 1 END AS with_own, m.created_at AS first_at, m.created_at AS last_at
                  FROM mentions m
                  LEFT JOIN (SELECT o.run_id FROM mentions o WHERE ${where('o')} AND o.entity = ${p.add(q.own)}) o ON o.run_id = m.run_id
                 WHERE ${where('m')} AND ${untracked('m.entity')}`,
    q.tailFromRollup,
  );
  const result = await db.query(
    `SELECT entity, rank, MIN(MIN(entity_name)) OVER (PARTITION BY entity) AS name,
            SUM(mentions) AS n, SUM(with_own) AS co, MIN(first_at) AS first_at, MAX(last_at) AS last_at
       FROM (${rows}) f
      GROUP BY entity, rank
      ORDER BY entity, rank`,
    p.values,
  );
  return result.map(histogramRow);
}

/** A result row of an entity's mentions at one rank (entity, name, rank, n, co, first_at, last_at). */
function histogramRow(r: Record<string, unknown>): HistogramRow {
  return {
    entity: String(r.entity),
    name: String(r.name),
    rank: num(r.rank),
    n: num(r.n),
    co: num(r.co),
    first: new Date(String(r.first_at)),
    last: new Date(String(r.last_at)),
  };
}

/**
 * Each entity's mentions in the recent, mid and older windows: the rollup for the days inside one
 * window, plain counts of the raw mentions (found by brand and entity) for the days a cut falls in.
 */
async function windowCounts(db: Db, q: CandidateQuery, entities: string[], w: ThreatWindows): Promise<Map<string, WindowCounts>> {
  const p = new SqlParams();
  const brand = p.add(q.brandId);
  const windows = [
    { start: w.horizon, end: w.mid },
    { start: w.mid, end: w.recent },
    { start: w.recent, end: w.now },
  ];
  const rows = spanRows(
    p,
    brand,
    splitWindows(windows),
    (where) => `SELECT day AS created_at, entity, mentions FROM rollup_entity_ranks_daily WHERE ${where} AND ${inList(p, 'entity', entities)}`,
    (where) => `SELECT m.created_at, m.entity, 1 AS mentions FROM mentions m WHERE ${where('m')} AND ${inList(p, 'm.entity', entities)}`,
    q.tailFromRollup,
  );
  const recent = tsParam(p, w.recent);
  const mid = tsParam(p, w.mid);
  const result = await db.query(
    `SELECT entity,
            SUM(mentions) FILTER (WHERE created_at >= ${recent}) AS recent,
            SUM(mentions) FILTER (WHERE created_at >= ${mid} AND created_at < ${recent}) AS mid,
            SUM(mentions) FILTER (WHERE created_at < ${mid}) AS older
       FROM (${rows}) f
      GROUP BY entity`,
    p.values,
  );
  return new Map(result.map((r) => [String(r.entity), { recent: num(r.recent), mid: num(r.mid), older: num(r.older) }]));
}

/**
 * How many distinct prompts named each entity in the horizon [a, b): a prompt did when its first or
 * last sighting falls inside; one first seen before a and last seen from b on may or may not have
 * (only when facts after b exist, a horizon in the past), and its entity is counted from the facts.
 */
async function distinctPrompts(db: Db, brandId: string, entities: string[], w: ThreatWindows): Promise<Map<string, number>> {
  const p = new SqlParams();
  const brand = p.add(brandId);
  const a = tsParam(p, w.horizon);
  const b = tsParam(p, w.now);
  // Rows of one prompt (a new key ingested twice at once) are classified one by one: they hold disjoint sightings.
  const result = await db.query(
    `SELECT entity,
            COUNT(DISTINCT prompt_id) FILTER (WHERE first_at >= ${a} OR last_at < ${b}) AS inside,
            COUNT(*) FILTER (WHERE first_at < ${a} AND last_at >= ${b}) AS spanning
       FROM rollup_entity_prompts
      WHERE brand_id = ${brand} AND ${inList(p, 'entity', entities)} AND last_at >= ${a} AND first_at < ${b}
      GROUP BY entity`,
    p.values,
  );
  const counts = new Map(result.map((r) => [String(r.entity), num(r.inside)]));
  const unsure = result.filter((r) => num(r.spanning) > 0).map((r) => String(r.entity));
  if (unsure.length > 0) for (const [entity, n] of await promptsFromFacts(db, brandId, unsure, w)) counts.set(entity, n);
  return counts;
}

/** Each entity's first mention in [lookback, now), exact to the instant (the rollup keeps each day's first). */
async function firstSightingsFromRollup(db: Db, q: CandidateQuery, entities: string[], w: ThreatWindows): Promise<Map<string, Date>> {
  const p = new SqlParams();
  const brand = p.add(q.brandId);
  const rows = spanRows(
    p,
    brand,
    splitWindows([{ start: w.lookback, end: w.now }]),
    (where) => `SELECT entity, first_at FROM rollup_entity_ranks_daily WHERE ${where} AND ${inList(p, 'entity', entities)}`,
    (where) => `SELECT m.entity, m.created_at AS first_at FROM mentions m WHERE ${where('m')} AND ${inList(p, 'm.entity', entities)}`,
    q.tailFromRollup,
  );
  const result = await db.query(`SELECT entity, MIN(first_at) AS at FROM (${rows}) f GROUP BY entity`, p.values);
  return new Map(result.map((r) => [String(r.entity), new Date(String(r.at))]));
}

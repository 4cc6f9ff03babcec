import { addDays, utcDay } from '../../../rollups/tables';
import { SqlParams, inList, tsParam } from './params';
import type { InsightScope, TimeWindow } from './scope';

export type { FactSource } from './scope';

/**
 * The fact rows a window aggregate sums over, in one shape whether they come from a rollup (one row
 * per day and key, `n` facts, `created_at` = the day) or from the raw facts (one row per fact,
 * `n` = 1). Aggregates SUM(n) and the other sums and test windows on `created_at`: a whole day is
 * either inside a window or outside it, so `created_at >= start AND created_at < end` counts a
 * rollup row exactly when all its facts are in the window.
 *
 * Columns:
 * - runs: created_at, provider, location, n
 * - mentions: + entity, rank_sum, sentiment_sum, answer_citations (citations of the answer) and
 *   with_own (1 when the answer also names the own brand); from raw facts these two are only
 *   computed when asked (`answerCitations`, `ownEntity`), else 0; and, only when asked (`squares`),
 *   rank_sq_sum and sentiment_sq_sum (sums of squares, for the interval of an average)
 * - citations: + domain, and, only when asked (`ownEntity`), with_own (1 when the citing answer names
 *   the own brand)
 * - citation_authors: created_at, provider, location, domain, author, n: only the citations that
 *   have a domain and an author (NULL and '' authors left out, as rollup_citation_authors_daily does)
 */
export type FactTable = 'runs' | 'mentions' | 'citations' | 'citation_authors';

/** The averages of mentions (rank, sentiment) whose sums of squares a read can ask for. */
export type MentionAverage = 'rank' | 'sentiment';

export interface FactRowsOptions {
  /** A condition on the table's own columns (entity, domain), given a column namer. */
  filter?: (col: (name: string) => string) => string;
  /** mentions: count each answer's citations (a join on the raw side). */
  answerCitations?: boolean;
  /** mentions, citations: the own brand's entity key, to tell the answers that name it (a join on the raw side). */
  ownEntity?: string;
  /**
   * mentions: the averages whose sums of squares to read (`<average>_sq_sum`), only for a call that
   * returns the interval of that average: the extra columns cost every read that carries them.
   */
  squares?: MentionAverage[];
}

/** The `<average>_sq_sum` columns asked for, each from `expr(average)`, as `, … AS rank_sq_sum` (or ''). */
function squareColumns(options: FactRowsOptions, expr: (average: MentionAverage) => string): string {
  return (options.squares ?? []).map((a) => `, ${expr(a)} AS ${a}_sq_sum`).join('');
}

/** The span the windows cover, its partial days (read raw) and the whole days between (read from rollups). */
export interface DaySplit {
  lo: Date;
  hi: Date;
  /** Midnights of the days the windows cut (start or end not at midnight). */
  edges: Date[];
  /** [first day, day after the last) of the span. */
  dayLo: Date;
  dayHi: Date;
  /**
   * The span's last day when the span's end is the only cut in it (no window starts or ends inside
   * it elsewhere): every window then holds all of [that day, end) or none of it, so its rollup row
   * counts exactly when no fact of the brand falls in [end, next midnight) (see tailDayRows).
   */
  tail: Date | null;
}

export function splitDays(scope: InsightScope): DaySplit {
  return splitWindows(scope.previous ? [scope.current, scope.previous] : [scope.current]);
}

/** The day split of any set of windows (a call that counts more than two windows in one pass). */
export function splitWindows(windows: TimeWindow[]): DaySplit {
  const lo = new Date(Math.min(...windows.map((w) => w.start.getTime())));
  const hi = new Date(Math.max(...windows.map((w) => w.end.getTime())));
  const edges = new Map<number, Date>();
  /** The cut instants of each cut day. */
  const cuts = new Map<number, Set<number>>();
  for (const w of windows) {
    for (const at of [w.start, w.end]) {
      const day = utcDay(at);
      if (day.getTime() === at.getTime()) continue;
      edges.set(day.getTime(), day);
      cuts.set(day.getTime(), (cuts.get(day.getTime()) ?? new Set()).add(at.getTime()));
    }
  }
  const hiDay = utcDay(hi);
  const hiCuts = cuts.get(hiDay.getTime());
  return {
    lo,
    hi,
    edges: [...edges.values()].sort((a, b) => a.getTime() - b.getTime()),
    dayLo: utcDay(lo),
    dayHi: hiDay.getTime() === hi.getTime() ? hiDay : addDays(hiDay, 1),
    tail: hiCuts && hiCuts.size === 1 && hiCuts.has(hi.getTime()) ? hiDay : null,
  };
}

/** Each cut day's part of the span, read raw: one plain range per day (no OR), a simple range scan. */
export function cutDayRanges(split: DaySplit): Array<{ lo: Date; hi: Date }> {
  return split.edges.map((day) => ({
    lo: new Date(Math.max(day.getTime(), split.lo.getTime())),
    hi: new Date(Math.min(addDays(day, 1).getTime(), split.hi.getTime())),
  }));
}

/** A rollup's whole days of the span: [first day, day after the last), without the cut days. */
export function wholeDays(p: SqlParams, split: DaySplit): string {
  const parts = [`day >= ${tsParam(p, split.dayLo)}`, `day < ${tsParam(p, split.dayHi)}`];
  if (split.edges.length > 0) parts.push(`day NOT IN (${split.edges.map((d) => tsParam(p, d)).join(', ')})`);
  return parts.join(' AND ');
}

/** brand, span and provider/location filters on one table (alias-qualified columns). */
function scoped(p: SqlParams, scope: InsightScope, timeCol: string, lo: Date, hi: Date, col: (c: string) => string): string[] {
  const parts = [`${col('brand_id')} = ${p.add(scope.brandId)}`, `${timeCol} >= ${tsParam(p, lo)}`, `${timeCol} < ${tsParam(p, hi)}`];
  if (scope.providers) parts.push(inList(p, col('provider'), scope.providers));
  if (scope.locations) parts.push(inList(p, col('location'), scope.locations));
  return parts;
}

/** 1 when the fact's run is among the own-named runs joined as `ow`, else 0. */
const OWN_NAMED = 'CASE WHEN ow.run_id IS NULL THEN 0 ELSE 1 END';

/** The raw fact rows of [lo, hi). */
function rawRows(p: SqlParams, scope: InsightScope, table: FactTable, options: FactRowsOptions, lo: Date, hi: Date): string {
  const q = (alias: string) => (c: string) => `${alias}.${c}`;
  const where = (alias: string, extra: string[] = []) =>
    [...scoped(p, scope, `${alias}.created_at`, lo, hi, q(alias)), ...extra].join(' AND ');
  /** The runs of [lo, hi) whose answer names the own brand (joined as `ow`: OWN_NAMED tells them). */
  const ownRuns = (ownEntity: string) => `SELECT o.run_id FROM mentions o WHERE ${where('o', [`o.entity = ${p.add(ownEntity)}`])}`;
  switch (table) {
    case 'runs':
      return `SELECT r.created_at, r.provider, r.location, 1 AS n FROM runs r WHERE ${where('r')}`;
    case 'mentions': {
      const filter = options.filter ? [options.filter((c) => `m.${c}`)] : [];
      const joins: string[] = [];
      let citations = '0';
      let withOwn = '0';
      if (options.answerCitations) {
        joins.push(
          `LEFT JOIN (SELECT c.run_id, COUNT(*) AS n FROM citations c WHERE ${where('c')} GROUP BY c.run_id) ac ON ac.run_id = m.run_id`,
        );
        citations = 'COALESCE(ac.n, 0)';
      }
      if (options.ownEntity !== undefined) {
        joins.push(`LEFT JOIN (${ownRuns(options.ownEntity)}) ow ON ow.run_id = m.run_id`);
        withOwn = OWN_NAMED;
      }
      return `SELECT m.created_at, m.provider, m.location, m.entity, 1 AS n, m.rank AS rank_sum, m.sentiment AS sentiment_sum,
                     ${citations} AS answer_citations, ${withOwn} AS with_own${squareColumns(options, (a) => `m.${a} * m.${a}`)}
                FROM mentions m ${joins.join(' ')}
               WHERE ${where('m', filter)}`;
    }
    case 'citations': {
      const filter = options.filter ? [options.filter((c) => `c.${c}`)] : [];
      if (options.ownEntity === undefined) {
        return `SELECT c.created_at, c.provider, c.location, c.domain, 1 AS n FROM citations c WHERE ${where('c', filter)}`;
      }
      return `SELECT c.created_at, c.provider, c.location, c.domain, 1 AS n, ${OWN_NAMED} AS with_own
                FROM citations c LEFT JOIN (${ownRuns(options.ownEntity)}) ow ON ow.run_id = c.run_id
               WHERE ${where('c', filter)}`;
    }
    case 'citation_authors': {
      const filter = options.filter ? [options.filter((c) => `c.${c}`)] : [];
      return `SELECT c.created_at, c.provider, c.location, c.domain, c.author, 1 AS n FROM citations c
               WHERE ${where('c', [...filter, "c.domain <> ''", 'c.author IS NOT NULL', "c.author <> ''"])}`;
    }
  }
}

const ROLLUP_SELECT: Record<FactTable, (options: FactRowsOptions) => string> = {
  runs: () => 'SELECT day AS created_at, provider, location, runs AS n FROM rollup_runs_daily',
  mentions: (options) => `SELECT day AS created_at, provider, location, entity, mentions AS n, rank_sum, sentiment_sum,
                    answer_citations, with_own${squareColumns(options, (a) => `${a}_sq_sum`)}
               FROM rollup_mentions_daily`,
  citations: (options) =>
    `SELECT day AS created_at, provider, location, domain, citations AS n${options.ownEntity === undefined ? '' : ', with_own'} FROM rollup_citations_daily`,
  citation_authors: () => 'SELECT day AS created_at, provider, location, domain, author, citations AS n FROM rollup_citation_authors_daily',
};

function rollupRows(p: SqlParams, scope: InsightScope, table: FactTable, options: FactRowsOptions, split: DaySplit): string {
  const parts = scoped(p, scope, 'day', split.dayLo, split.dayHi, (c) => c);
  if (split.edges.length > 0) parts.push(`day NOT IN (${split.edges.map((d) => tsParam(p, d)).join(', ')})`);
  if (options.filter) parts.push(options.filter((c) => c));
  return `${ROLLUP_SELECT[table](options)} WHERE ${parts.join(' AND ')}`;
}

/**
 * The rows of a split's cut days, one branch per day: its part of the span from `raw(lo, hi)`, except,
 * with `tailFromRollup`, the span's last day cut at its end alone (`split.tail`, read as [day, end)):
 * its rollup rows (`rollup(day)`) when the brand has no fact from the end to midnight, else its raw
 * part, decided in the same statement (tailRollupOrRaw: one snapshot, so a run stored meanwhile
 * cannot fall between the check and the read). A window that ends now is the usual case: today's
 * rollup rows then replace today's raw facts, the one raw read whose cost grows with the brand's
 * runs per day. `brand` (the brand id as SQL), `rollup` and `raw` are called only for the branches
 * built, in that order, so each adds the parameters it uses itself.
 */
export function cutDayRows(
  p: SqlParams,
  split: DaySplit,
  tailFromRollup: boolean,
  brand: () => string,
  rollup: (day: Date) => string,
  raw: (lo: Date, hi: Date) => string,
): string[] {
  const tail = tailFromRollup ? split.tail : null;
  return cutDayRanges(split).map(({ lo, hi }) =>
    tail && lo.getTime() === tail.getTime() && hi.getTime() === split.hi.getTime()
      ? tailRollupOrRaw(p, brand(), hi, () => rollup(tail), () => raw(lo, hi))
      : raw(lo, hi),
  );
}

/**
 * The rows of a span's last day up to `end`, given as its rollup rows (`rollup`) and its raw facts
 * (`raw`), for the brand `brand` (a SQL expression): the rollup rows when the brand has no run from
 * `end` to the next midnight, else the raw facts, decided in the same statement (one snapshot). The
 * two are built after the check, in that order, so their parameters follow its own.
 */
export function tailRollupOrRaw(p: SqlParams, brand: string, end: Date, rollup: () => string, raw: () => string): string {
  const later = `SELECT 1 FROM runs lr WHERE lr.brand_id = ${brand} AND lr.created_at >= ${tsParam(p, end)} AND lr.created_at < ${tsParam(p, addDays(utcDay(end), 1))}`;
  return `SELECT * FROM (${rollup()}) AS tail_rollup WHERE NOT EXISTS (${later})
 UNION ALL
SELECT * FROM (${raw()}) AS tail_raw WHERE EXISTS (${later})`;
}

/** The scope's fact rows of one table as a derived table `(…) AS alias` (see FactTable for columns). */
export function factRows(p: SqlParams, scope: InsightScope, table: FactTable, alias: string, options: FactRowsOptions = {}): string {
  const split = splitDays(scope);
  if (scope.source === 'raw') return `(${rawRows(p, scope, table, options, split.lo, split.hi)}) AS ${alias}`;
  const edges = cutDayRows(
    p,
    split,
    !!scope.tailFromRollup,
    () => p.add(scope.brandId),
    (day) => rollupRows(p, scope, table, options, { ...split, dayLo: day, dayHi: addDays(day, 1), edges: [] }),
    (lo, hi) => rawRows(p, scope, table, options, lo, hi),
  );
  return `(${[rollupRows(p, scope, table, options, split), ...edges].join('\n UNION ALL\n')}) AS ${alias}`;
}

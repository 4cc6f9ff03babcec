import type { Db } from '../../../db/types';
import { factRows, type MentionAverage } from './factSource';
import { SqlParams, inList } from './params';
import { type InsightScope, inWindow, previousOrEmpty } from './scope';
import { num } from './numbers';
import type { MomentSums } from '../../../stats';

/**
 * Aggregates shared by several calls, over the scope's fact rows (daily rollups for whole days,
 * raw facts for partial ones: see factSource.ts). Every function reads each table once and counts
 * both windows with FILTER, so the current and delta numbers come from the same pass.
 */

export interface WindowCounts {
  cur: number;
  prev: number;
}

/** Per-entity mention aggregates in both windows. Mentions are one per entity per answer, so mentions = runs mentioning. */
export interface EntityMentionStats {
  entity: string;
  /** null unless grouped by provider */
  provider: string | null;
  mentions: WindowCounts;
  sentimentSum: WindowCounts;
  rankSum: WindowCounts;
  /** Sums of squares, for the intervals of the averages: only those read (`squares`). */
  sqSum: Partial<Record<MentionAverage, WindowCounts>>;
}

/** Which sums of squares a read fetches: those of the averages whose interval the caller returns. */
export interface SquaresOption {
  squares?: MentionAverage[];
}

/** Mentions, sentiment and rank sums (and the sums of squares asked for) of both windows, over mention fact rows (see factSource.ts). */
function mentionSums(cur: string, prev: string, squares: MentionAverage[]): string {
  return `SUM(n) FILTER (WHERE ${cur}) AS cur_mentions, SUM(n) FILTER (WHERE ${prev}) AS prev_mentions,
          SUM(sentiment_sum) FILTER (WHERE ${cur}) AS cur_sentiment, SUM(sentiment_sum) FILTER (WHERE ${prev}) AS prev_sentiment,
          SUM(rank_sum) FILTER (WHERE ${cur}) AS cur_rank, SUM(rank_sum) FILTER (WHERE ${prev}) AS prev_rank${squares
            .map((a) => `,
          SUM(${a}_sq_sum) FILTER (WHERE ${cur}) AS cur_${a}_sq, SUM(${a}_sq_sum) FILTER (WHERE ${prev}) AS prev_${a}_sq`)
            .join('')}`;
}

/** A row holding an entity and the columns of mentionSums, as EntityMentionStats. */
function entityStats(r: Record<string, unknown>, provider: string | null, squares: MentionAverage[]): EntityMentionStats {
  return {
    entity: String(r.entity),
    provider,
    mentions: { cur: num(r.cur_mentions), prev: num(r.prev_mentions) },
    sentimentSum: { cur: num(r.cur_sentiment), prev: num(r.prev_sentiment) },
    rankSum: { cur: num(r.cur_rank), prev: num(r.prev_rank) },
    sqSum: Object.fromEntries(squares.map((a) => [a, { cur: num(r[`cur_${a}_sq`]), prev: num(r[`prev_${a}_sq`]) }])),
  };
}

export async function entityMentionStats(
  db: Db,
  scope: InsightScope,
  entities: string[],
  options: { byProvider?: boolean } & SquaresOption = {},
): Promise<EntityMentionStats[]> {
  if (entities.length === 0) return [];
  const squares = options.squares ?? [];
  const p = new SqlParams();
  const cur = inWindow(p, scope.current);
  const prev = inWindow(p, previousOrEmpty(scope));
  const mentions = factRows(p, scope, 'mentions', 'm', { filter: (col) => inList(p, col('entity'), entities), squares });
  const group = options.byProvider ? 'entity, provider' : 'entity';
  const rows = await db.query(
    `SELECT ${group}, ${mentionSums(cur, prev, squares)}
       FROM ${mentions}
      GROUP BY ${group}`,
    p.values,
  );
  return rows.map((r) => entityStats(r, options.byProvider ? String(r.provider) : null, squares));
}

/**
 * One window's sums of an average (sentiment or rank) of one entity, as the statistics take them.
 * Throws when the read did not fetch that average's sums of squares (`squares`).
 */
export function momentSums(s: EntityMentionStats | undefined, of: MentionAverage, side: keyof WindowCounts): MomentSums {
  if (!s) return { n: 0, sum: 0, sumSq: 0 };
  const sumSq = s.sqSum[of];
  if (!sumSq) throw new Error(`The sums of squares of ${of} were not read: pass squares: ['${of}'] to the read`);
  const sum = of === 'sentiment' ? s.sentimentSum : s.rankSum;
  return { n: s.mentions[side], sum: sum[side], sumSq: sumSq[side] };
}

/** Sum of a per-entity counter over the given rows (e.g. mentions of all tracked brands). */
export function sumCounts(rows: EntityMentionStats[], pick: (r: EntityMentionStats) => WindowCounts): WindowCounts {
  return rows.reduce((acc, r) => ({ cur: acc.cur + pick(r).cur, prev: acc.prev + pick(r).prev }), { cur: 0, prev: 0 });
}

export interface WindowFacts {
  runs: WindowCounts;
  entities: EntityMentionStats[];
  /** Present when asked for. */
  citations?: { citations: WindowCounts; domains: WindowCounts };
}

/**
 * Runs, per-entity mentions and (optionally) citation totals of both windows in one statement: the
 * overview cards and the ranking list read the same facts, and one round trip costs less than three.
 */
export async function windowFacts(
  db: Db,
  scope: InsightScope,
  entities: string[],
  options: { citations?: boolean } & SquaresOption = {},
): Promise<WindowFacts> {
  const squares = options.squares ?? [];
  const p = new SqlParams();
  const cur = inWindow(p, scope.current);
  const prev = inWindow(p, previousOrEmpty(scope));
  const runs = factRows(p, scope, 'runs', 'fr');
  const mentions = factRows(p, scope, 'mentions', 'fm', { filter: (col) => inList(p, col('entity'), entities), squares });
  const citations = options.citations ? factRows(p, scope, 'citations', 'fc') : '';
  const rows = await db.query(
    `WITH r AS (
       SELECT SUM(n) FILTER (WHERE ${cur}) AS cur_runs, SUM(n) FILTER (WHERE ${prev}) AS prev_runs
         FROM ${runs}
     ),
     m AS (
       SELECT entity, ${mentionSums(cur, prev, squares)}
         FROM ${mentions}
        GROUP BY entity
     )${
       options.citations
         ? `,
     c AS (
       SELECT SUM(n) FILTER (WHERE ${cur}) AS cur_citations,
              SUM(n) FILTER (WHERE ${prev}) AS prev_citations,
              COUNT(DISTINCT domain) FILTER (WHERE ${cur} AND domain <> '') AS cur_domains,
              COUNT(DISTINCT domain) FILTER (WHERE ${prev} AND domain <> '') AS prev_domains
         FROM ${citations}
     )`
         : ''
     }
     SELECT r.cur_runs, r.prev_runs${options.citations ? ', c.*' : ''}, m.*
       FROM r ${options.citations ? 'CROSS JOIN c' : ''} LEFT JOIN m ON TRUE`,
    p.values,
  );
  const first = rows[0] ?? {};
  return {
    runs: { cur: num(first.cur_runs), prev: num(first.prev_runs) },
    entities: rows
      .filter((r) => r.entity !== null && r.entity !== undefined)
      .map((r) => entityStats(r, null, squares)),
    citations: options.citations
      ? {
          citations: { cur: num(first.cur_citations), prev: num(first.prev_citations) },
          domains: { cur: num(first.cur_domains), prev: num(first.prev_domains) },
        }
      : undefined,
  };
}

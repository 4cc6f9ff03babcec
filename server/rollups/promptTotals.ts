import type { Db } from '../db/types';
import type { RunRows } from '../runs/rows';
import { addDays, DAY_OF, OWN_ENTITY_OF, utcDay } from './tables';

/**
 * Running totals per prompt, provider and location (migration 030): each row sums a combination's
 * stored runs up to the end of its day, and every combination has a row on every day from its first
 * run's day to its brand's `through` day, the day of the brand's latest stored run (or later). So
 * every stored run lies on or before `through`, and the sums up to any later moment are the rows of
 * `through`. Kept exact:
 * - a run on or before `through` (today's, or a late one) is added to its combination's rows from
 *   its day on (rows before the combination's first row are written);
 * - a run on a later day (the first of a new day) extends the rows to its day, from the rows of
 *   `through` and the runs after it, itself included (it is stored earlier in its transaction);
 * - a rebuild recomputes them from the runs, up to the day of `now` or of the latest run.
 * Every writer runs after the brand's facts version moved (BUMP_FACTS_VERSION), so two writers of
 * one brand never interleave.
 */

const SUMS = ['runs', 'mentioned', 'rank_sum', 'rank_sq_sum', 'sentiment_sum', 'sentiment_sq_sum'] as const;
const KEY = ['brand_id', 'prompt_id', 'provider', 'location'] as const;

/** The last day a brand's totals are complete for, or null when it has none. */
export async function promptTotalsThrough(db: Db, brandId: string): Promise<Date | null> {
  const [row] = await db.query<{ day: Date }>('SELECT day FROM rollup_prompt_totals_through WHERE brand_id = $1', [brandId]);
  return row ? new Date(row.day) : null;
}

/**
 * INSERT … SELECT writing the rows of days [from, through], one brand's or every brand's: each
 * combination's row of day from − 1 (none in a rebuild) plus the running sums of its runs from
 * `from` on, a row every day from `from` or its first run's day, whichever is later.
 */
function extendStatement(brandId: string | null, from: Date, through: Date): { sql: string; params: unknown[] } {
  const params: unknown[] = brandId === null ? [from, through] : [brandId, from, through];
  const at = brandId === null ? 1 : 2;
  const brand = (alias: string) => (brandId === null ? '' : `AND ${alias}.brand_id = $1`);
  const fromDay = `CAST($${at} AS TIMESTAMP)`;
  const throughDay = `CAST($${at + 1} AS TIMESTAMP)`;
  const keyOf = (alias: string) => KEY.map((c) => `${alias}.${c}`).join(', ');
  const sameKey = (a: string, b: string) => KEY.map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');
  const sql = `INSERT INTO rollup_prompt_totals (brand_id, day, prompt_id, provider, location, ${SUMS.join(', ')})
    WITH own AS (
      SELECT o.brand_id, o.run_id, o.rank, o.sentiment FROM mentions o JOIN brands b ON b.id = o.brand_id
       WHERE o.entity = ${OWN_ENTITY_OF('b')} AND o.created_at >= ${fromDay} AND o.created_at < ${throughDay} + INTERVAL '1 day' ${brand('o')}
    ),
    daily AS (
      SELECT r.brand_id, r.prompt_id, r.provider, r.location, ${DAY_OF('r.created_at')} AS day,
             COUNT(*) AS runs, COUNT(o.run_id) AS mentioned, COALESCE(SUM(o.rank), 0) AS rank_sum,
             COALESCE(SUM(o.rank * o.rank), 0) AS rank_sq_sum, COALESCE(SUM(o.sentiment), 0) AS sentiment_sum,
             COALESCE(SUM(o.sentiment * o.sentiment), 0) AS sentiment_sq_sum
        FROM runs r LEFT JOIN own o ON o.brand_id = r.brand_id AND o.run_id = r.id
       WHERE r.created_at >= ${fromDay} AND r.created_at < ${throughDay} + INTERVAL '1 day' ${brand('r')}
       GROUP BY 1, 2, 3, 4, 5
    ),
    base AS (
      SELECT t.* FROM rollup_prompt_totals t WHERE t.day = ${fromDay} - INTERVAL '1 day' ${brand('t')}
    ),
    combos AS (
      SELECT ${KEY.join(', ')}, MIN(day) AS first_day
        FROM (SELECT ${keyOf('base')}, ${fromDay} AS day FROM base UNION ALL SELECT ${keyOf('daily')}, day FROM daily) k
       GROUP BY 1, 2, 3, 4
    ),
    calendar AS (
      SELECT CAST(g.d AS TIMESTAMP) AS day FROM generate_series(${fromDay}, ${throughDay}, INTERVAL '1 day') AS g(d)
    ),
    grid AS (
      SELECT ${keyOf('c')}, cal.day FROM combos c JOIN calendar cal ON cal.day >= c.first_day
    )
    SELECT g.brand_id, g.day, g.prompt_id, g.provider, g.location,
           ${SUMS.map((s) => `COALESCE(base.${s}, 0) + SUM(COALESCE(d.${s}, 0)) OVER w`).join(',\n           ')}
      FROM grid g
      LEFT JOIN daily d ON ${sameKey('d', 'g')} AND d.day = g.day
      LEFT JOIN base ON ${sameKey('base', 'g')}
    WINDOW w AS (PARTITION BY ${keyOf('g')} ORDER BY g.day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
     ORDER BY g.day, g.brand_id`;
  return { sql, params };
}

/**
 * Recomputes every brand's totals (`brandId` unset) or one brand's, up to the day of `now` or of the
 * latest run if later, inside the caller's transaction. The caller has deleted the old rows.
 */
export async function rebuildPromptTotals(tx: Db, now: Date, brandId?: string): Promise<void> {
  const oneBrand = brandId !== undefined;
  const [{ first, last }] = await tx.query<{ first: Date | null; last: Date | null }>(
    `SELECT MIN(created_at) AS first, MAX(created_at) AS last FROM runs ${oneBrand ? 'WHERE brand_id = $1' : ''}`,
    oneBrand ? [brandId] : [],
  );
  const through = utcDay(last !== null && new Date(last) > now ? new Date(last) : now);
  if (first !== null) {
    const { sql, params } = extendStatement(brandId ?? null, utcDay(new Date(first)), through);
    await tx.query(sql, params);
  }
  if (oneBrand) {
    await tx.query('INSERT INTO rollup_prompt_totals_through (brand_id, day) VALUES ($1, $2)', [brandId, through]);
  } else {
    await tx.query('INSERT INTO rollup_prompt_totals_through (brand_id, day) SELECT id, CAST($1 AS TIMESTAMP) FROM brands', [through]);
  }
}

/** Moves a brand's `through` day (inserting its row when it has none). */
async function setThrough(tx: Db, brandId: string, day: Date, had: boolean): Promise<void> {
  if (had) await tx.query('UPDATE rollup_prompt_totals_through SET day = CAST($2 AS TIMESTAMP) WHERE brand_id = $1', [brandId, day]);
  else await tx.query('INSERT INTO rollup_prompt_totals_through (brand_id, day) VALUES ($1, CAST($2 AS TIMESTAMP))', [brandId, day]);
}

/**
 * Extends a brand's totals to `to` (inclusive) from its runs, inside the caller's transaction. A
 * brand without totals yet gets them from its first run's day.
 */
export async function extendPromptTotals(tx: Db, brandId: string, to: Date): Promise<void> {
  const through = await promptTotalsThrough(tx, brandId);
  if (through !== null && through >= to) return;
  let from = through === null ? null : addDays(through, 1);
  if (from === null) {
    const [{ first }] = await tx.query<{ first: Date | null }>('SELECT MIN(created_at) AS first FROM runs WHERE brand_id = $1', [brandId]);
    from = first === null ? null : utcDay(new Date(first));
  }
  if (from !== null && from <= to) {
    const { sql, params } = extendStatement(brandId, from, to);
    await tx.query(sql, params);
  }
  await setThrough(tx, brandId, to, through !== null);
}

/** One run's own-brand sums, from its rows: an answer names a brand once, so at most one own mention. */
function runSums(rows: RunRows, ownEntity: string): Record<(typeof SUMS)[number], number> {
  const own = rows.mentions.find((m) => String(m[6]) === ownEntity);
  const rank = own ? Number(own[8]) : 0;
  const sentiment = own ? Number(own[9]) : 0;
  return {
    runs: 1,
    mentioned: own ? 1 : 0,
    rank_sum: rank,
    rank_sq_sum: rank * rank,
    sentiment_sum: sentiment,
    sentiment_sq_sum: sentiment * sentiment,
  };
}

/**
 * Keeps the totals exact for one just-stored run, inside its transaction and after the brand's
 * facts version moved. A run on or before the brand's `through` day is added to its combination's
 * rows from its day on (rows before the combination's first row are written). A run on a later day
 * extends the totals to its day, which counts it from the runs.
 */
export async function addRunToPromptTotals(tx: Db, rows: RunRows, ownEntity: string): Promise<void> {
  const [brandId, , promptId, provider, location, createdAt] = rows.run as [string, string, string, string, string, Date];
  const day = utcDay(new Date(createdAt));
  const through = await promptTotalsThrough(tx, brandId);
  if (through === null || day > through) {
    await extendPromptTotals(tx, brandId, day);
    return;
  }
  const sums = runSums(rows, ownEntity);
  const key = [brandId, promptId, provider, location];
  // The days named one by one: PostgreSQL then finds each row by its whole index key, where a range
  // of days would read every combination's entry of those days (18,800 a day for 4,400 prompts).
  const days: Date[] = [];
  for (let d = day; d <= through; d = addDays(d, 1)) days.push(d);
  const dayRefs = days.map((_, i) => `CAST($${i + 5 + SUMS.length} AS TIMESTAMP)`);
  const updated = await tx.query<{ day: Date }>(
    `UPDATE rollup_prompt_totals SET ${SUMS.map((s, i) => `${s} = ${s} + $${i + 5}`).join(', ')}
      WHERE brand_id = $1 AND prompt_id = $2 AND provider = $3 AND location = $4 AND day IN (${dayRefs.join(', ')})
      RETURNING day`,
    [...key, ...SUMS.map((s) => sums[s]), ...days],
  );
  // Rows are dense from the combination's first row on, so the days it lacks are those before it.
  const firstRow = updated.reduce<Date | null>((min, r) => (min === null || new Date(r.day) < min ? new Date(r.day) : min), null);
  const missing: Date[] = [];
  for (let d = day; d <= through && (firstRow === null || d < firstRow); d = addDays(d, 1)) missing.push(d);
  if (missing.length === 0) return;
  const values: unknown[] = [...key, ...SUMS.map((s) => sums[s])];
  const tuples = missing.map((d) => {
    values.push(d);
    return `($1, CAST($${values.length} AS TIMESTAMP), $2, $3, $4, ${SUMS.map((_, i) => `$${i + 5}`).join(', ')})`;
  });
  await tx.query(
    `INSERT INTO rollup_prompt_totals (brand_id, day, prompt_id, provider, location, ${SUMS.join(', ')}) VALUES ${tuples.join(', ')}`,
    values,
  );
}

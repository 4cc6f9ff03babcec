import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../db/testing';
import type { Db, Dialect } from '../../../db/types';
import { ingestRun } from '../../../runs/ingestRun';
import { insightRoutes } from '../../insights/index';
import {
  BRAND_ID,
  COMPETITORS,
  DAY,
  LOCATIONS,
  NOW,
  OWN,
  OWNER,
  PROMPTS,
  PROVIDERS,
  UNTRACKED,
  buildFacts,
  loadFixture,
} from '../../insights/testing/fixture';
import { rebuildBrandAsKept } from '../../../rollups/testing/totals';
import { entityNameCounts } from './rollupReads';
import { monitorRoutes } from './routes';
import { answerDifference, appReading, callSchema } from '../../insights/testing/answers';

/**
 * The Prompts Monitor's rollups (rollup_prompts_daily, rollup_entity_names_daily,
 * rollup_prompt_last_runs) are an optimisation, never a second truth: for random runs added through
 * the live ingestion path (late ones, some spelling a brand differently), random windows (cut
 * mid-day or at midnight) and random filters, the table, facts and suggestions answer from them
 * exactly as from the raw facts. Only
 * sentiment-derived numbers may be one rounding step (0.01) apart: the doubles are added in
 * another order.
 */


/** The calls that read these rollups, with the extra fields their bodies need. */
const CALLS: Array<{ id: string; extra?: Record<string, unknown> }> = [
  { id: 'prompts.table' },
  {
    id: 'prompts.table',
    extra: { performance: 'all', state: 'active', page: { limit: 2, offset: 1, sort: 'mentionRate', order: 'desc' } },
  },
  { id: 'prompts.insights.facts' },
  { id: 'prompts.suggestions', extra: { limit: 20 } },
];

/** Equal; only a number on a sentiment path may be one rounding step (0.01) apart. */
const difference = (a: unknown, b: unknown) => answerDifference(a, b);

/** An answer naming some brands in some order; `shout` spells the named untracked brands in capitals. */
const extraRun = fc.record({
  prompt: fc.constantFrom(...PROMPTS.map((p) => p.id)),
  provider: fc.constantFrom(...PROVIDERS),
  location: fc.constantFrom(...LOCATIONS),
  // up to 45 days back: late runs land on old days; some exactly at midnight
  minutesAgo: fc.oneof(
    fc.integer({ min: 0, max: 45 * 24 * 60 }),
    fc.integer({ min: 1, max: 45 }).map((d) => d * 24 * 60 + 12 * 60),
  ),
  named: fc.shuffledSubarray([OWN, ...COMPETITORS, ...UNTRACKED]),
  shout: fc.boolean(),
});

const instant = fc.integer({ min: -45 * 24, max: 24 }).chain((hours) =>
  fc.boolean().map((midnight) => {
    const at = new Date(NOW.getTime() + hours * 3_600_000);
    return midnight ? new Date(Math.floor(at.getTime() / DAY) * DAY) : at;
  }),
);
const span = fc
  .tuple(instant, instant)
  .filter(([a, b]) => a.getTime() !== b.getTime())
  .map(([a, b]) => (a < b ? [a, b] : [b, a]));

const query = fc.record({
  current: span,
  openEnded: fc.boolean(),
  previous: span,
  // mostly unfiltered: the rollups serve those; a filtered read takes the raw facts either way
  providers: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.subarray(PROVIDERS, { minLength: 1 })),
  location: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.subarray(LOCATIONS, { minLength: 1 })),
});

const appOn = (db: Db, factSource: 'rollups' | 'raw') => appReading(db, factSource, [...insightRoutes, ...monitorRoutes], NOW, OWNER);

/** The three rollups' rows summed (newest run: kept) per key, as comparable text. */
async function rollupTotals(db: Db): Promise<string[]> {
  const rows = [
    ...(await db.query(
      `SELECT 'p' AS t, brand_id, day, prompt_id, SUM(runs) AS runs, MAX(last_run) AS last_run, SUM(mentioned) AS m, SUM(rank_sum) AS r,
              SUM(rank_sq_sum) AS r2, ROUND(CAST(SUM(sentiment_sum) AS NUMERIC), 6) AS s, ROUND(CAST(SUM(sentiment_sq_sum) AS NUMERIC), 6) AS s2
         FROM rollup_prompts_daily GROUP BY brand_id, day, prompt_id ORDER BY brand_id, day, prompt_id`,
    )),
    ...(await db.query(
      `SELECT 'n' AS t, brand_id, day, entity, entity_name, SUM(mentions) AS n
         FROM rollup_entity_names_daily GROUP BY brand_id, day, entity, entity_name ORDER BY brand_id, day, entity, entity_name`,
    )),
    ...(await db.query(
      `SELECT 'l' AS t, brand_id, prompt_id, MAX(last_run) AS last_run
         FROM rollup_prompt_last_runs GROUP BY brand_id, prompt_id ORDER BY brand_id, prompt_id`,
    )),
  ];
  return rows.map((r) => JSON.stringify(Object.values(r).map((v) => (typeof v === 'number' ? Number(v.toFixed(6)) : String(v)))));
}

describe.each<Dialect>(['duckdb', 'postgres'])('the Prompts Monitor answers from rollups as from raw facts, on %s', (dialect) => {
  let t: TestDb;
  let withRollups: Awaited<ReturnType<typeof appOn>>;
  let rawOnly: Awaited<ReturnType<typeof appOn>>;
  let added = 0;
  let shouted = 0;

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await loadFixture(t.db, buildFacts());
    withRollups = await appOn(t.db, 'rollups');
    rawOnly = await appOn(t.db, 'raw');
  }, 120_000);

  afterAll(async () => {
    await withRollups?.close();
    await rawOnly?.close();
    await t?.dispose();
  });

  it('table, facts and suggestions give the raw answer for random runs, windows and filters', async () => {
    const calls = CALLS.map((c) => ({ ...c, ...callSchema(c.id) }));
    await fc.assert(
      fc.asyncProperty(fc.array(extraRun, { maxLength: 4 }), query, async (runs, q) => {
        for (const r of runs) {
          // Tracking an untracked brand under another spelling stores its mentions spelled so.
          const spelled = r.shout ? UNTRACKED.map((name) => ({ name: name.toUpperCase() })) : [];
          if (r.shout && r.named.some((n) => UNTRACKED.includes(n))) shouted++;
          await ingestRun(
            t.db,
            {
              brandId: BRAND_ID,
              promptId: r.prompt,
              provider: r.provider,
              location: r.location,
              createdAt: new Date(NOW.getTime() - r.minutesAgo * 60_000),
              answer: { answerText: r.named.map((n, i) => `${i + 1}. ${n} is a solid choice for this.`).join('\n'), citations: [] },
              id: `run_extra_${++added}`,
            },
            [{ name: OWN }, ...COMPETITORS.map((name) => ({ name })), ...spelled],
          );
        }
        const [start, end] = q.current;
        const body: Record<string, unknown> = {
          brandId: BRAND_ID,
          startTime: start.toISOString(),
          ...(q.openEnded ? {} : { endTime: end.toISOString() }),
          deltaStartTime: q.previous[0].toISOString(),
          deltaEndTime: q.previous[1].toISOString(),
          providers: q.providers,
          location: q.location,
        };
        for (const call of calls) {
          const payload = Object.fromEntries(Object.entries({ ...body, ...call.extra }).filter(([k]) => call.fields.has(k)));
          const [a, b] = await Promise.all(
            [withRollups, rawOnly].map((app) => app.inject({ method: 'POST', url: call.path, payload })),
          );
          expect(a.statusCode, `${call.id} ${a.body}`).toBe(b.statusCode);
          if (a.statusCode !== 200) continue; // e.g. a reversed window: the same 400 both ways
          expect(difference(a.json(), b.json()), `${call.id} ${JSON.stringify(payload)}`).toBeNull();
        }
      }),
      { numRuns: 25 },
    );
    expect(added).toBeGreaterThan(0);
    expect(shouted).toBeGreaterThan(0);
  }, 240_000);

  it('count the names a window mentions as the mentions do, its last day from the rollup only when no run follows its end', async () => {
    const own = OWN.toLowerCase();
    const start = new Date(Math.floor(NOW.getTime() / DAY) * DAY - 10 * DAY);
    const sorted = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => `${String(r.entity)}|${String(r.entity_name)}|${Number(r.n)}`).sort();
    let followed = 0;
    // ends every hour of the fixture's last day and the day after: some with runs after them that day
    for (let hour = 1; hour < 48; hour += 2) {
      const end = new Date(start.getTime() + 10 * DAY + hour * 3_600_000 - 30 * 60_000);
      const raw = await t.db.query(
        `SELECT entity, entity_name, COUNT(*) AS n FROM mentions
          WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3 AND entity <> $4 GROUP BY entity, entity_name`,
        [BRAND_ID, start, end, own],
      );
      const [{ later }] = await t.db.query<{ later: number }>(
        'SELECT COUNT(*) AS later FROM runs WHERE brand_id = $1 AND created_at >= $2 AND created_at < $3',
        [BRAND_ID, end, new Date(Math.floor(end.getTime() / DAY) * DAY + DAY)],
      );
      if (Number(later) > 0) followed++;
      for (const tail of [true, false]) {
        const counted = await entityNameCounts(t.db, BRAND_ID, own, { start, end }, tail);
        expect(sorted(counted), `${end.toISOString()} tail from rollup: ${tail}`).toEqual(sorted(raw));
      }
    }
    expect(followed).toBeGreaterThan(0);
    expect(followed).toBeLessThan(24);
  });

  it('the rollups kept up at ingestion equal a rebuild from the raw facts', async () => {
    const kept = await rollupTotals(t.db);
    expect(kept.some((row) => row.includes('"UMBRELLA"') || row.includes('"HOOLI"') || row.includes('"STARK"'))).toBe(true);
    await rebuildBrandAsKept(t.db, BRAND_ID);
    expect(await rollupTotals(t.db)).toEqual(kept);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT SUM(runs) AS n FROM rollup_prompts_daily WHERE brand_id = $1', [BRAND_ID]);
    const [{ raw }] = await t.db.query<{ raw: number }>('SELECT COUNT(*) AS raw FROM runs WHERE brand_id = $1', [BRAND_ID]);
    expect(Number(n)).toBe(Number(raw));
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openTestDb, type TestDb } from '../../db/testing';
import type { Db, Dialect } from '../../db/types';
import type { ServerContext } from '../../http/context';
import { ingestRun } from '../../runs/ingestRun';
import { insightRoutes } from './index';
import { BRAND_ID, COMPETITORS, DAY, NOW, OWN, OWNER, PROMPTS, buildFacts, loadFixture } from './testing/fixture';

/** Counts the statements that read facts or rollups, to tell a computed answer from a reused one. */
function countingFactReads(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const counted: Db = Object.create(db);
  counted.query = (sql, params) => {
    if (/\b(runs|mentions|citations|rollup_\w+)\b/.test(sql)) reads++;
    return db.query(sql, params);
  };
  return { db: counted, reads: () => reads };
}

describe.each<Dialect>(['duckdb', 'postgres'])('insight answers reused between requests on %s', (dialect) => {
  let t: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let reads: () => number;
  let clock = NOW;
  const body = {
    brandId: BRAND_ID,
    startTime: new Date(NOW.getTime() - 7 * DAY).toISOString(),
    deltaStartTime: new Date(NOW.getTime() - 14 * DAY).toISOString(),
    deltaEndTime: new Date(NOW.getTime() - 7 * DAY).toISOString(),
    providers: null,
    location: null,
  };
  const metadata = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/brands/performance/metadata', payload: body });
    expect(res.statusCode).toBe(200);
    return res.json()[BRAND_ID];
  };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await loadFixture(t.db, buildFacts());
    const counting = countingFactReads(t.db);
    reads = counting.reads;
    const ctx: ServerContext = {
      db: counting.db,
      now: () => clock,
      config: { port: 0, dataDir: '/tmp', databaseUrl: null, publicUrl: 'http://localhost', webDir: null, secureCookies: false, answerCacheEntries: 50 },
    };
    app = await buildApp(ctx, insightRoutes, { authenticate: async () => OWNER });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  it('answers an identical request again without reading facts, and a stored run changes the answer at once', async () => {
    const first = await metadata();
    const before = reads();
    expect(await metadata()).toEqual(first);
    expect(reads()).toBe(before);

    await ingestRun(
      t.db,
      {
        brandId: BRAND_ID, promptId: PROMPTS[0].id, provider: 'openai', location: 'US', createdAt: new Date(NOW.getTime() - 3_600_000),
        answer: { answerText: `1. ${OWN} is the pick here.`, citations: [] },
      },
      [{ name: OWN }, ...COMPETITORS.map((name) => ({ name }))],
    );
    const after = await metadata();
    expect(reads()).toBeGreaterThan(before);
    expect(after.totalPromptsRun).toBe(first.totalPromptsRun + 1);
    expect(after.totalMentionsCount).toBe(first.totalMentionsCount + 1);
  });

  it('tracking another competitor or a minute passing computes the answer again', async () => {
    const ranking = () => app.inject({ method: 'POST', url: '/api/brands/performance/ranking-list', payload: body }).then((r) => r.json());
    const names = (rows: Array<{ brandName: string }>) => rows.map((r) => r.brandName).sort();
    const before = await ranking();
    await t.db.query(`INSERT INTO competitors (brand_id, name, name_key, aliases, created_at) VALUES ($1, 'Umbrella', 'umbrella', NULL, $2)`, [BRAND_ID, NOW]);
    const after = await ranking();
    expect(names(after)).toEqual([...names(before), 'Umbrella'].sort());

    const seen = reads();
    await ranking();
    expect(reads()).toBe(seen);
    clock = new Date(NOW.getTime() + 60_000);
    await ranking();
    expect(reads()).toBeGreaterThan(seen);
  });
});

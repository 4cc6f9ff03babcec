import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../db/testing';
import { FAKE_SOURCES, FAKE_USAGE } from '../providers/fakes/replies';
import { startFakeProviderServer, type FakeProviderServer } from '../providers/fakes/server';
import { readProviderSettings } from '../providers/settings';
import { startPromptsTestApp, TEST_NOW, type PromptsTestApp } from '../routes/prompts/testing';
import { startJobs, type RunningJobs } from './startJobs';
import { TEST_JOB_SETTINGS } from './testing';

// 'Start immediately' as the product runs it: the create call answers at once, the runs are jobs
// on the queue (the DuckDB jobs table, or pg-boss on PostgreSQL), and a worker asks the real
// adapter (the OpenAI SDK pointed at the fake server) and stores each answer with its provenance.
const BRAND = 'brd_stridewell';

async function until<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(['duckdb', 'postgres'] as const)("'start immediately' through the job queue (%s)", (dialect) => {
  let t: PromptsTestApp;
  let fake: FakeProviderServer;
  let jobs: RunningJobs;
  const bossSchema = `pgboss_${randomBytes(5).toString('hex')}`;
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: t.as('usr_demo'), payload: payload as object });

  beforeAll(async () => {
    [t, fake] = await Promise.all([startPromptsTestApp(dialect, { days: 2 }), startFakeProviderServer()]);
    // The detail calls read before "now": the clock moves on a minute at each reading.
    let clock = TEST_NOW.getTime();
    t.ctx.now = () => new Date((clock += 60_000));
    t.ctx.config.jobs = TEST_JOB_SETTINGS;
    t.ctx.config.providers = readProviderSettings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrls.openai });
    if (dialect === 'postgres') t.ctx.config.databaseUrl = TEST_DATABASE_URL;
    jobs = await startJobs(t.ctx, { worker: true, bossSchema, pollingIntervalSeconds: 0.5 });
    t.ctx.jobs = jobs.queue;
  });
  afterAll(async () => {
    await jobs?.stop(2000);
    if (dialect === 'postgres') await t?.db.exec(`DROP SCHEMA IF EXISTS ${bossSchema} CASCADE`);
    await t?.close();
    await fake?.close();
  });

  it('creates the prompt at once, then a worker stores one real run per country from the fake server, asked once each', async () => {
    const res = await post('/api/prompts', {
      prompt: 'Which trail running shoes last longest?',
      frequency: 'daily',
      providers: ['openai'],
      state: 'active',
      location: ['DE', 'FR'],
      startImmediately: true,
      brandId: BRAND,
    });
    expect(res.statusCode).toBe(201);
    const promptId = res.json().id as string;
    const stored = await until(async () => {
      const rows = await t.db.query<{ location: string }>('SELECT location FROM runs WHERE brand_id = $1 AND prompt_id = $2', [
        BRAND,
        promptId,
      ]);
      return rows.length >= 2 ? rows : null;
    }, 30_000);
    expect(stored.map((r) => r.location).sort()).toEqual(['DE', 'FR']);

    const latest = (await post('/api/prompts/latest-run', { promptId })).json() as Record<string, Array<Record<string, any>>>;
    expect(latest.openai).toHaveLength(2);
    for (const run of latest.openai) {
      expect(run.responseText).toContain('Which trail running shoes last longest?');
      expect(run.citationsList.map((c: { url: string }) => c.url)).toEqual(FAKE_SOURCES.map((s) => s.url));
      expect(run.provenance).toMatchObject({
        real: true,
        webSearch: true,
        inputTokens: FAKE_USAGE.input,
        outputTokens: FAKE_USAGE.output,
      });
      expect(run.provenance.costUsd).toBeGreaterThan(0);
    }
    // They ran as jobs: two completed on the queue, none left.
    expect(
      await until(async () => {
        const counts = await jobs.queue.counts();
        return counts.completed === 2 ? counts : null;
      }, 10_000),
    ).toMatchObject({ queued: 0, active: 0, completed: 2, failed: 0 });
    const asked = fake.requests.filter((r) => r.api === 'openai' && JSON.stringify(r.body).includes('Which trail running shoes'));
    expect(asked).toHaveLength(2);
  });
});

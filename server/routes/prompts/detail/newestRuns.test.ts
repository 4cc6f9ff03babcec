import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRun } from '../../../runs/ingestRun';
import type { PromptRecord } from '../promptRecord';
import { startPromptsTestApp, TEST_NOW, type PromptsTestApp } from '../testing';
import { recentSpanStart, spanHoldsNewest } from './newestRuns';
import { LATEST_RUNS_PER_PROVIDER } from './routes';
import type { PickedRun } from './runs';

const DAY = 86_400_000;
const prompt = (cron: string, locations: string[]) => ({ frequencyCron: cron, locations }) as PromptRecord;
const run = (provider: string, at: string): PickedRun => ({ id: `run_${provider}_${at}`, provider, location: 'US', createdAt: at });

describe('the recent span of the latest responses', () => {
  const end = new Date('2026-11-21T12:00:00.000Z');

  it('covers the schedule periods that hold the limit per provider in the asked locations, 1.5 times plus one', () => {
    const daysBack = (p: PromptRecord, locations: string[] | null) => (end.getTime() - recentSpanStart(p, { end, limit: 20, locations }).getTime()) / DAY;
    expect(daysBack(prompt('0 0 * * *', ['US', 'DE', 'FR']), null)).toBe(12); // 7 days of 3 runs: 11 + 1
    expect(daysBack(prompt('0 0 * * *', ['US', 'DE', 'FR']), ['de'])).toBe(31); // one location: 20 days
    expect(daysBack(prompt('0 0 * * *', ['US']), ['JP'])).toBe(31); // no own location asked: counted as one
    expect(daysBack(prompt('0 0 * * 0', ['US', 'DE', 'FR']), null)).toBe(12 * 7);
  });

  it('holds the newest runs only when every provider that ran before it has the limit inside it', () => {
    const since = new Date('2026-11-10T00:00:00.000Z');
    const recent = [run('openai', '2026-11-20T00:00:00.000Z'), run('openai', '2026-11-19T00:00:00.000Z'), run('google', '2026-11-18T00:00:00.000Z')];
    const old = new Date('2026-10-01T00:00:00.000Z');
    const fresh = new Date('2026-11-15T00:00:00.000Z');
    expect(spanHoldsNewest(recent, new Map([['openai', old]]), since, 2)).toBe(true);
    expect(spanHoldsNewest(recent, new Map([['openai', old], ['google', fresh]]), since, 2)).toBe(true); // google's first run is inside
    expect(spanHoldsNewest(recent, new Map([['openai', old], ['google', old]]), since, 2)).toBe(false); // google has 1 of 2
    expect(spanHoldsNewest(recent, new Map([['openai', old], ['legacy', old]]), since, 2)).toBe(false); // none in the span
    expect(spanHoldsNewest([], new Map(), since, 2)).toBe(true); // a prompt without runs
  });
});

type Run = { id: string; provider: string; location: string; at: number; text: string };

// PostgreSQL always reads the whole history (by its index): the same cases check it gives the same answers.
describe.each(['duckdb', 'postgres'] as const)('latest responses read from the recent span or the whole history (%s)', (dialect) => {
  const BRAND = 'brd_taskvine';
  let t: PromptsTestApp;
  let promptId: string;
  let providers: string[];
  let record: PromptRecord;
  const now = TEST_NOW;

  const latest = async (location?: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/prompts/latest-run', headers: t.as('usr_demo'), payload: { promptId, location } });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, Array<{ runId: string; provider: string; runLocation: string; createdAt: string; responseText: string }>>;
  };
  const storedRuns = async (): Promise<Run[]> =>
    (await t.db.query('SELECT id, provider, location, created_at, answer_text FROM runs WHERE brand_id = $1 AND prompt_id = $2', [BRAND, promptId])).map(
      (r) => ({ id: String(r.id), provider: String(r.provider), location: String(r.location), at: Date.parse(String(r.created_at)), text: String(r.answer_text) }),
    );
  /** Each provider's newest runs before now (the prompt's providers first), as the whole history gives them. */
  const expected = (runs: Run[], location?: string) => {
    const newest = runs
      .filter((r) => r.at < now.getTime() && (!location || r.location === location))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
    const out: Record<string, Run[]> = Object.fromEntries(providers.map((p) => [p, []]));
    for (const r of newest) if ((out[r.provider] ??= []).length < LATEST_RUNS_PER_PROVIDER) out[r.provider].push(r);
    return out;
  };
  const expectSame = (body: Awaited<ReturnType<typeof latest>>, want: Record<string, Run[]>) => {
    expect(Object.keys(body)).toEqual(Object.keys(want));
    for (const [provider, runs] of Object.entries(want)) {
      expect(body[provider].map((r) => r.runId)).toEqual(runs.map((r) => r.id));
      expect(body[provider].map((r) => [r.runLocation, Date.parse(r.createdAt), r.responseText])).toEqual(runs.map((r) => [r.location, r.at, r.text]));
    }
  };
  /** The runs each provider has in the recent span the call reads first. */
  const inSpan = (runs: Run[], location?: string) => {
    const since = recentSpanStart(record, {
      end: now,
      limit: LATEST_RUNS_PER_PROVIDER,
      locations: location ? [location] : null,
    });
    return { since, count: (p: string) => runs.filter((r) => r.provider === p && r.at >= since.getTime() && r.at < now.getTime() && (!location || r.location === location)).length };
  };

  beforeAll(async () => {
    t = await startPromptsTestApp(dialect, { days: 30 });
    // A daily prompt in several locations that ran until now, with the most runs.
    const [row] = await t.db.query(
      `SELECT p.id, p.providers, p.locations FROM prompts p JOIN runs r ON r.prompt_id = p.id
        WHERE p.brand_id = $1 AND p.frequency_cron = '0 0 * * *'
        GROUP BY p.id, p.providers, p.locations HAVING COUNT(DISTINCT r.location) > 1 ORDER BY COUNT(*) DESC, p.id LIMIT 1`,
      [BRAND],
    );
    promptId = String(row.id);
    providers = JSON.parse(String(row.providers));
    record = prompt('0 0 * * *', JSON.parse(String(row.locations)));
  });
  afterAll(async () => t?.close());

  it('a prompt that ran until now: the recent span holds every provider’s newest runs', async () => {
    const runs = await storedRuns();
    const location = runs[0].location;
    for (const filter of [undefined, location]) {
      const span = inSpan(runs, filter);
      // The case this covers: every provider has its newest runs inside the span (and, in every
      // location, older runs before it; one location's span reaches past the 30 days of data).
      for (const p of providers) expect(span.count(p)).toBeGreaterThanOrEqual(LATEST_RUNS_PER_PROVIDER);
      if (!filter) expect(runs.some((r) => r.at < span.since.getTime())).toBe(true);
      expectSame(await latest(filter ? [filter.toLowerCase()] : undefined), expected(runs, filter));
    }
  });

  it('a provider the prompt no longer uses, with runs only before the span, keeps its tab and its runs', async () => {
    const before = await storedRuns();
    const since = inSpan(before).since.getTime();
    for (let k = 0; k < 3; k++) {
      await ingestRun(
        t.db,
        {
          brandId: BRAND,
          promptId,
          provider: 'legacy-provider',
          location: before[0].location,
          createdAt: new Date(since - (k + 1) * DAY),
          answer: { answerText: `1. Taskvine is a solid choice (old answer ${k}).`, citations: [] },
          id: `run_legacy_${dialect}_${k}`,
        },
        [{ name: 'Taskvine' }],
      );
    }
    const runs = await storedRuns();
    expect(inSpan(runs).count('legacy-provider')).toBe(0);
    const body = await latest();
    expect(body['legacy-provider'].map((r) => r.runId)).toEqual([0, 1, 2].map((k) => `run_legacy_${dialect}_${k}`));
    expectSame(body, expected(runs));
  });

  it('a prompt whose last runs are older than the span: the whole history is read', async () => {
    // A prompt that ran daily in two locations until 25 days ago (the API's clock cannot move on:
    // the login would expire), 15 days of runs, fewer than the list holds per provider.
    promptId = `prm_stopped_${dialect}`;
    providers = ['openai', 'google'];
    record = prompt('0 0 * * *', ['US', 'DE']);
    const created = new Date(TEST_NOW.getTime() - 40 * DAY);
    await t.db.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
       VALUES ($1, $2, 'Which task tools stopped?', '0 0 * * *', $3, $4, 'active', CAST($5 AS TIMESTAMP), CAST($5 AS TIMESTAMP))`,
      [promptId, BRAND, JSON.stringify(providers), JSON.stringify(record.locations), created.toISOString().replace('T', ' ').slice(0, 23)],
    );
    for (let day = 25; day < 40; day++) {
      for (const provider of providers) {
        for (const location of record.locations) {
          await ingestRun(
            t.db,
            {
              brandId: BRAND,
              promptId,
              provider,
              location,
              createdAt: new Date(TEST_NOW.getTime() - day * DAY + 3_600_000),
              answer: { answerText: `1. Taskvine is a solid choice (${provider}, ${location}, ${day} days ago).`, citations: [] },
              id: `run_stopped_${dialect}_${provider}_${location}_${day}`,
            },
            [{ name: 'Taskvine' }],
          );
        }
      }
    }
    const runs = await storedRuns();
    expect(runs).toHaveLength(15 * 4);
    expect(runs.every((r) => r.at < inSpan(runs).since.getTime())).toBe(true);
    expectSame(await latest(), expected(runs));
    expectSame(await latest(['de']), expected(runs, 'DE'));
  });
});

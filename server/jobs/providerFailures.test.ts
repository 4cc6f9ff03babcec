// A worker against the fake provider server through the real OpenAI adapter: a 429 with
// Retry-After is tried again after the time asked, a timeout is retried and stored as a failed run
// after the last try, and malformed bodies never stop the worker.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { ServerContext } from '../http/context';
import { startFakeProviderServer, type FakeProviderServer } from '../providers/fakes/server';
import type { AnswerProvider } from '../providers/provider';
import { createProviderRegistry } from '../providers/registry';
import { readProviderSettings } from '../providers/settings';
import { insertRows } from '../runs/rows';
import { createDuckDbQueue } from './duckdbQueue';
import { enqueuePrompt } from './enqueue';
import type { JobQueue } from './queue';
import { storingSlotRunner } from './slotRunner';
import { TEST_JOB_SETTINGS } from './testing';
import { startWorker, type Worker } from './worker';

const SETTINGS = TEST_JOB_SETTINGS;

let fake: FakeProviderServer;
let t: TestDb;
let queue: JobQueue;
let worker: Worker;
let calls: number[];

beforeAll(async () => {
  fake = await startFakeProviderServer();
});
afterAll(() => fake.close());

beforeEach(async () => {
  t = await openTestDb('duckdb');
  const at = new Date();
  await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
    ['brd_a', 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, at],
  ]);
  await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], [
    ['p_1', 'brd_a', 'best tools', '0 0 * * *', '["openai"]', '["DE"]', 'active', at, at],
  ]);
  queue = createDuckDbQueue(t.db, { retry: SETTINGS.retry, pollMs: 10 });
  const adapters = createProviderRegistry(
    readProviderSettings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrls.openai, OPENAI_TIMEOUT_MS: '300' }),
  );
  // The real adapter, with the time of each call noted.
  calls = [];
  const getProvider = (id: string): AnswerProvider => ({
    id,
    answer: (req) => {
      calls.push(Date.now());
      return adapters(id).answer(req);
    },
  });
  const ctx: ServerContext = { db: t.db, config: { jobs: SETTINGS } as ServerContext['config'], now: () => new Date() };
  worker = await startWorker(ctx, queue, {
    runner: storingSlotRunner(ctx, { getProvider }),
    limits: () => ({ concurrency: 4, requestsPerMinute: 0, tokensPerMinute: 0 }),
  });
});
afterEach(async () => {
  await worker.stop(1000);
  fake.behave('ok');
  await t.dispose();
});

const counts = () => queue.counts();

describe('a worker against a misbehaving provider', () => {
  it('tries again about 2 s after a 429 with Retry-After: 2, and stores the answer', async () => {
    fake.script('rate_limited');
    await enqueuePrompt(t.db, queue, 'p_1', new Date());
    await vi.waitFor(async () => expect((await counts()).completed).toBe(1), { timeout: 10_000 });
    expect(calls).toHaveLength(2);
    const gap = calls[1] - calls[0];
    expect(gap).toBeGreaterThanOrEqual(1950);
    expect(gap).toBeLessThan(3500);
    expect(await t.db.query('SELECT is_real, model FROM runs')).toEqual([{ is_real: true, model: 'gpt-4.1-mini' }]);
    console.log(`429 Retry-After: 2 → next try after ${gap} ms`);
  });

  it('retries a timeout and stores the failure after the last try', async () => {
    fake.behave('hang');
    await enqueuePrompt(t.db, queue, 'p_1', new Date());
    await vi.waitFor(async () => expect((await counts()).failed).toBe(1), { timeout: 10_000 });
    expect(calls).toHaveLength(3);
    expect(await t.db.query('SELECT location, error_class, attempts FROM failed_runs')).toEqual([{ location: 'DE', error_class: 'timeout', attempts: 3 }]);
    expect(await t.db.query('SELECT count(*) AS n FROM runs')).toEqual([{ n: 0 }]);
  });

  it('keeps working through malformed bodies: retried, then stored once the provider answers properly', async () => {
    fake.script('malformed', 'bad_shape');
    await enqueuePrompt(t.db, queue, 'p_1', new Date());
    await vi.waitFor(async () => expect((await counts()).completed).toBe(1), { timeout: 10_000 });
    expect(calls).toHaveLength(3);
    expect(await t.db.query('SELECT count(*) AS n FROM runs')).toEqual([{ n: 1 }]);
    // The same worker takes the next job.
    await enqueuePrompt(t.db, queue, 'p_1', new Date(Date.now() + 1000));
    await vi.waitFor(async () => expect((await counts()).completed).toBe(2), { timeout: 10_000 });
  });
});

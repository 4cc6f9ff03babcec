import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { JobSettings, ServerContext } from '../http/context';
import { ProviderError } from '../providers/errors';
import type { AnswerProvider, AnswerRequest } from '../providers/provider';
import { insertRows } from '../runs/rows';
import { costCapStatus, utcDay } from './costCap';
import { createDuckDbQueue } from './duckdbQueue';
import { enqueuePrompt } from './enqueue';
import type { JobQueue } from './queue';
import { storingSlotRunner } from './slotRunner';
import { TEST_JOB_SETTINGS } from './testing';
import { startWorker, type Worker } from './worker';

const SETTINGS = TEST_JOB_SETTINGS;

/** Answers with a cost per run; `behave` decides per call whether it throws instead. */
function provider(asked: AnswerRequest[], costUsd: number, behave: (n: number) => Error | null = () => null): AnswerProvider {
  return {
    id: 'openai',
    async answer(req) {
      asked.push(req);
      const failure = behave(asked.length);
      if (failure) throw failure;
      return {
        answerText: `1. **${req.context!.brandName}** – excellent choice.`,
        citations: [],
        provenance: { model: 'gpt-test', real: true, webSearch: true, requestedCountry: req.location, latencyMs: 5, inputTokens: 10, outputTokens: 5, costUsd },
      };
    },
  };
}

let t: TestDb;
let queue: JobQueue;
let worker: Worker | null = null;
beforeEach(async () => {
  t = await openTestDb('duckdb');
  queue = createDuckDbQueue(t.db, { retry: SETTINGS.retry, pollMs: 10 });
  const at = new Date();
  await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
    ['brd_a', 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, at],
  ]);
  await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], [
    ['p_1', 'brd_a', 'best tools', '0 0 * * *', '["openai"]', '["DE","FR","GB"]', 'active', at, at],
  ]);
});
afterEach(async () => {
  if (worker) await worker.stop(1000);
  else await queue.stop(1000);
  worker = null;
  await t.dispose();
});

async function work(settings: Partial<JobSettings>, getProvider: () => AnswerProvider) {
  const ctx: ServerContext = { db: t.db, config: { jobs: { ...SETTINGS, ...settings } } as ServerContext['config'], now: () => new Date() };
  worker = await startWorker(ctx, queue, { runner: storingSlotRunner(ctx, { getProvider }) });
  return ctx;
}

const jobRows = () => t.db.query<{ location: string; state: string; attempts: number }>('SELECT location, state, attempts FROM jobs ORDER BY location');

describe('a worker', () => {
  it('stores each slot once, and pauses a brand for the rest of the UTC day once its runs cost the daily cap', async () => {
    const asked: AnswerRequest[] = [];
    await work({ costCapUsdPerBrandDay: 1 }, () => provider(asked, 0.6));
    expect(await enqueuePrompt(t.db, queue, 'p_1', new Date())).toBe(3);
    await vi.waitFor(async () => expect((await queue.counts()).deferred).toBe(1), { timeout: 5000 });
    // Two runs (0.6 + 0.6 reach the $1 cap); the third waits for the next day, its try unused.
    expect(asked).toHaveLength(2);
    const runs = await t.db.query<{ n: number; spent: number }>('SELECT count(*) AS n, sum(cost_usd) AS spent FROM runs');
    expect(runs).toEqual([{ n: 2, spent: 1.2 }]);
    const [deferred] = await t.db.query<{ state: string; attempts: number; run_after: string; last_error: string }>(
      `SELECT state, attempts, run_after, last_error FROM jobs WHERE run_after > $1`,
      [new Date()],
    );
    expect(deferred).toMatchObject({ state: 'queued', attempts: 0, run_after: utcDay(new Date()).end.toISOString() });
    expect(deferred.last_error).toMatch(/daily cost cap of \$1 reached/);
    expect(await costCapStatus(t.db, 'brd_a', 1, new Date())).toEqual({ capUsd: 1, spentUsd: 1.2, paused: true, resumesAt: utcDay(new Date()).end.toISOString() });
    // Enqueueing the same slot again adds nothing.
    const [{ slot }] = await t.db.query<{ slot: string }>('SELECT slot FROM jobs LIMIT 1');
    expect(await enqueuePrompt(t.db, queue, 'p_1', new Date(slot))).toBe(0);
  });

  it('retries a timeout, stores the failure after the last try, and keeps working (a malformed answer does not stop it)', async () => {
    const asked: AnswerRequest[] = [];
    // DE always times out; FR gets a malformed body once; GB answers.
    await work({}, () =>
      provider(asked, 0, () => {
        const last = asked[asked.length - 1];
        if (last.location === 'DE') return new ProviderError('openai', 'timeout', 'Request timed out.');
        if (last.location === 'FR' && asked.filter((a) => a.location === 'FR').length === 1) return new SyntaxError('Unexpected token < in JSON');
        return null;
      }),
    );
    await enqueuePrompt(t.db, queue, 'p_1', new Date());
    await vi.waitFor(async () => expect(await queue.counts()).toMatchObject({ completed: 2, failed: 1 }), { timeout: 5000 });
    expect(await jobRows()).toEqual([
      { location: 'DE', state: 'failed', attempts: 3 },
      { location: 'FR', state: 'completed', attempts: 2 },
      { location: 'GB', state: 'completed', attempts: 1 },
    ]);
    expect(asked.filter((a) => a.location === 'DE')).toHaveLength(3);
    expect(await t.db.query('SELECT location, error_class, attempts FROM failed_runs')).toEqual([{ location: 'DE', error_class: 'timeout', attempts: 3 }]);
    expect(await t.db.query('SELECT location FROM runs ORDER BY location')).toEqual([{ location: 'FR' }, { location: 'GB' }]);
  });

  it('does not retry a refused key: one try, then the failure is stored', async () => {
    const asked: AnswerRequest[] = [];
    await work({}, () => provider(asked, 0, () => new ProviderError('openai', 'auth', 'Incorrect API key provided', { status: 401 })));
    await enqueuePrompt(t.db, queue, 'p_1', new Date());
    await vi.waitFor(async () => expect((await queue.counts()).failed).toBe(3), { timeout: 5000 });
    expect(asked).toHaveLength(3);
    expect(await t.db.query('SELECT DISTINCT error_class, attempts FROM failed_runs')).toEqual([{ error_class: 'auth', attempts: 1 }]);
  });
});

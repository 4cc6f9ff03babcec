import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../db/testing';
import type { JobSettings, ServerContext } from '../../http/context';
import { createDuckDbQueue } from '../../jobs/duckdbQueue';
import { rebuildRollups } from '../../rollups/rebuild';
import { insertRows } from '../../runs/rows';
import { operationsSummary } from './index';

const NOW = new Date('2026-11-21T10:30:00Z');

describe('the operations summary', () => {
  let t: TestDb;
  let ctx: ServerContext;

  beforeAll(async () => {
    t = await openTestDb('duckdb');
    ctx = {
      db: t.db,
      config: { jobs: { costCapUsdPerBrandDay: 1 } as JobSettings } as ServerContext['config'],
      now: () => NOW,
      jobs: createDuckDbQueue(t.db, { now: () => NOW }),
    };
    await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
      ['brd_a', 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, NOW],
      ['brd_b', 'Globex', 'https://globex.test', 'US', '[]', 'usr_1', true, NOW],
    ]);
    await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], [
      ['p_a', 'brd_a', 'best tools', '0 0 * * *', '["openai"]', '["US"]', 'active', NOW, NOW],
    ]);
    const run = (id: string, brand: string, provider: string, at: string, real: boolean, cost: number) => [brand, id, 'p_a', provider, 'US', new Date(at), 'text', 0, real, cost];
    await insertRows(t.db, 'runs', ['brand_id', 'id', 'prompt_id', 'provider', 'location', 'created_at', 'answer_text', 'named_count', 'is_real', 'cost_usd'], [
      run('r1', 'brd_a', 'openai', '2026-11-21T09:10:00Z', true, 0.6),
      run('r2', 'brd_a', 'openai', '2026-11-21T09:50:00Z', true, 0.5),
      run('r3', 'brd_b', 'perplexity', '2026-11-21T10:05:00Z', false, 0),
      run('r4', 'brd_b', 'openai', '2026-11-20T23:10:00Z', true, 0.25), // yesterday: in the 24 hours, not in today's spend
      run('r5', 'brd_b', 'openai', '2026-11-20T08:00:00Z', true, 9), // older than 24 hours
    ]);
    await rebuildRollups(t.db); // the day's spend is read from the runs' daily rollup, as the loader builds it
    await insertRows(t.db, 'failed_runs', ['brand_id', 'id', 'prompt_id', 'provider', 'location', 'slot', 'error_class', 'message', 'attempts', 'created_at'], [
      ['brd_a', 'f1', 'p_a', 'openai', 'US', NOW, 'timeout', 'Request timed out.', 3, new Date('2026-11-21T09:20:00Z')],
    ]);
    await ctx.jobs!.enqueue([
      { promptId: 'p_a', provider: 'openai', location: 'US', slot: NOW.toISOString() },
      { promptId: 'p_a', provider: 'openai', location: 'DE', slot: NOW.toISOString() },
    ]);
    await t.db.query(`UPDATE jobs SET state = 'failed' WHERE location = 'DE'`);
  });
  afterAll(() => t.dispose());

  it('counts the queue, runs and failures per provider and hour, and spend of the UTC day', async () => {
    const s = await operationsSummary(ctx);
    expect(s.queue).toEqual({ kind: 'duckdb', queued: 1, deferred: 0, active: 0, failed: 1 });
    expect(s.hourly).toEqual([
      { hour: '2026-11-20T23:00:00.000Z', provider: 'openai', runs: 1, failures: 0 },
      { hour: '2026-11-21T09:00:00.000Z', provider: 'openai', runs: 2, failures: 1 },
      { hour: '2026-11-21T10:00:00.000Z', provider: 'perplexity', runs: 1, failures: 0 },
    ]);
    expect(s.providers).toEqual([
      { provider: 'openai', runs: 3, realRuns: 3, failures: 1, spendTodayUsd: 1.1 },
      { provider: 'perplexity', runs: 1, realRuns: 0, failures: 0, spendTodayUsd: 0 },
    ]);
    expect(s.spendTodayUsd).toBe(1.1);
    expect(s.costCapUsd).toBe(1);
    expect(s.pausedBrands).toBe(1); // Acme spent 1.10 of its 1.00
    expect(s.failures).toEqual([
      { createdAt: '2026-11-21T09:20:00.000Z', brandName: 'Acme', prompt: 'best tools', provider: 'openai', location: 'US', errorClass: 'timeout', message: 'Request timed out.', attempts: 3 },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { ServerContext } from '../http/context';
import { HttpError } from '../http/errors';
import { simulatedProvenance, type AnswerProvider, type AnswerRequest } from '../providers/provider';
import { insertRows } from '../runs/rows';
import { findDuePrompts, runPromptNow, startScheduler } from './index';

const NOW = new Date('2026-11-21T08:00:00Z');

/** A provider that names the brand and its first competitor and records what it was asked. */
function fakeProvider(id: string, asked: AnswerRequest[], fail = false): AnswerProvider {
  return {
    id,
    async answer(req) {
      asked.push(req);
      if (fail) throw new Error(`${id} is down`);
      return {
        answerText: `1. **${req.context!.competitors[0]}** – solid.\n2. **${req.context!.brandName}** – excellent choice.`,
        citations: [{ url: `https://www.g2.com/${req.location}`, title: 'Reviews', author: null, publishedAt: null }],
        provenance: simulatedProvenance(req.location),
      };
    },
  };
}

describe('scheduler', () => {
  let t: TestDb;
  let ctx: ServerContext;
  const asked: AnswerRequest[] = [];
  const getProvider = (id: string) => fakeProvider(id, asked);

  beforeAll(async () => {
    t = await openTestDb('duckdb');
    ctx = { db: t.db, config: {} as ServerContext['config'], now: () => NOW };
    await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
      ['brd_a', 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, new Date('2026-10-01T00:00:00Z')],
    ]);
    await insertRows(t.db, 'subscriptions', ['id', 'user_id', 'plan_id', 'status', 'customer_id', 'current_period_end', 'created_at'], [
      ['sub_1', 'usr_1', 'plan_x', 'active', 'cus_1', new Date('2026-12-01T00:00:00Z'), new Date('2026-10-01T00:00:00Z')],
    ]);
    await insertRows(t.db, 'competitors', ['brand_id', 'name', 'name_key', 'aliases', 'created_at'], [
      ['brd_a', 'Globex', 'globex', '[]', new Date('2026-10-01T00:00:00Z')],
    ]);
    const prompt = (id: string, cron: string, state: string, createdAt: string) =>
      [id, 'brd_a', `Best tools ${id}`, cron, '["openai","perplexity"]', '["US","GB"]', state, new Date(createdAt), new Date(createdAt)];
    await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], [
      prompt('p_daily', '0 0 * * *', 'active', '2026-11-01T00:00:00Z'),
      prompt('p_ran', '0 0 * * *', 'active', '2026-11-01T00:00:00Z'),
      prompt('p_new', '0 0 * * *', 'active', '2026-11-21T05:00:00Z'),
      prompt('p_weekly', '0 0 * * 0', 'active', '2026-11-01T00:00:00Z'),
      prompt('p_monthly', '0 0 1 * *', 'active', '2026-09-01T00:00:00Z'),
      prompt('p_stopped', '0 0 * * *', 'inactive', '2026-11-01T00:00:00Z'),
    ]);
    const run = (id: string, promptId: string, at: string) => ['brd_a', id, promptId, 'openai', 'US', new Date(at), 'text', 0];
    await insertRows(t.db, 'runs', ['brand_id', 'id', 'prompt_id', 'provider', 'location', 'created_at', 'answer_text', 'named_count'], [
      run('r1', 'p_daily', '2026-11-20T10:00:00Z'),
      run('r2', 'p_ran', '2026-11-21T00:05:00Z'),
      run('r3', 'p_weekly', '2026-11-16T09:00:00Z'),
      run('r4', 'p_monthly', '2026-10-20T09:00:00Z'),
    ]);
  });
  afterAll(() => t.dispose());

  it('finds the prompts whose latest slot passed without a run', async () => {
    expect(await findDuePrompts(ctx)).toEqual(['p_daily', 'p_monthly']);
    // Just before midnight nothing daily is due yet; the monthly slot (Nov 1) still is.
    expect(await findDuePrompts(ctx, new Date('2026-11-20T23:59:00Z'))).toEqual(['p_monthly']);
  });

  it('runs due prompts on every provider x location, stores the facts, then has nothing left', async () => {
    const scheduler = startScheduler(ctx, { getProvider });
    const again = await scheduler.tick(); // waits for the start-up tick, then checks again
    scheduler.stop();
    expect(again).toEqual([]);
    expect(await findDuePrompts(ctx)).toEqual([]);

    const runs = await t.db.query(
      `SELECT prompt_id, provider, location, created_at, named_count FROM runs WHERE created_at = $1 ORDER BY prompt_id, provider, location`,
      [NOW],
    );
    expect(runs).toHaveLength(8);
    expect(runs[0]).toEqual({ prompt_id: 'p_daily', provider: 'openai', location: 'GB', created_at: NOW.toISOString(), named_count: 2 });
    expect(asked.every((a) => a.context?.brandName === 'Acme' && a.context.competitors[0] === 'Globex')).toBe(true);
    const mentions = await t.db.query(
      `SELECT entity, min(rank) AS best, count(*) AS c FROM mentions WHERE prompt_id = 'p_daily' GROUP BY entity ORDER BY entity`,
    );
    expect(mentions).toEqual([{ entity: 'acme', best: 2, c: 4 }, { entity: 'globex', best: 1, c: 4 }]);
    const citations = await t.db.query(`SELECT count(*) AS c FROM citations WHERE prompt_id = 'p_monthly' AND domain = 'g2.com'`);
    expect(citations).toEqual([{ c: 4 }]);
  });

  it('runPromptNow runs a prompt at once and reports a failing provider without losing the others', async () => {
    const results = await runPromptNow(ctx, 'p_new', {
      getProvider: (id) => fakeProvider(id, [], id === 'perplexity'),
    });
    expect(results.filter((r) => r.error).map((r) => [r.provider, r.location, r.error])).toEqual([
      ['perplexity', 'US', 'perplexity is down'],
      ['perplexity', 'GB', 'perplexity is down'],
    ]);
    expect(results.filter((r) => r.runId)).toHaveLength(2);
    expect(await t.db.query(`SELECT count(*) AS c FROM runs WHERE prompt_id = 'p_new'`)).toEqual([{ c: 2 }]);
    await expect(runPromptNow(ctx, 'missing', { getProvider })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('runPromptNow with the provider registry', () => {
  it('stores simulated answers that name the brand and its competitors', async () => {
    const t = await openTestDb('duckdb');
    try {
      const ctx: ServerContext = { db: t.db, config: {} as ServerContext['config'], now: () => NOW };
      await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
        ['brd_a', 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, NOW],
      ]);
      await insertRows(t.db, 'competitors', ['brand_id', 'name', 'name_key', 'aliases', 'created_at'], [
        ['brd_a', 'Globex', 'globex', '[]', NOW], ['brd_a', 'Initech', 'initech', '[]', NOW],
      ]);
      await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], [
        ['p1', 'brd_a', 'best project management tool for startups', '0 0 * * *', '["openai","perplexity"]', '["US"]', 'active', NOW, NOW],
      ]);
      const results = await runPromptNow(ctx, 'p1');
      expect(results.map((r) => [r.provider, r.location, r.error])).toEqual([['openai', 'US', undefined], ['perplexity', 'US', undefined]]);
      const [{ c }] = await t.db.query<{ c: number }>(`SELECT count(*) AS c FROM runs WHERE prompt_id = 'p1'`);
      expect(c).toBe(2);
      const [{ named }] = await t.db.query<{ named: number }>(`SELECT count(*) AS named FROM mentions WHERE prompt_id = 'p1'`);
      expect(named).toBeGreaterThan(0);
    } finally {
      await t.dispose();
    }
  });
});

describe('scheduler and subscriptions', () => {
  it('runs only prompts whose governing subscription (the brand creator\'s newest) is active or trialing', async () => {
    const t = await openTestDb('duckdb');
    try {
      const ctx: ServerContext = { db: t.db, config: {} as ServerContext['config'], now: () => NOW };
      const created = new Date('2026-10-01T00:00:00Z');
      const accounts: Array<[string, string[]]> = [
        ['usr_trial', ['trialing']],
        ['usr_lapsed', ['active', 'canceled']], // newest last: active once, canceled now
        ['usr_back', ['canceled', 'active']], // reactivated
        ['usr_pastdue', ['past_due']],
        ['usr_never', []],
      ];
      const subscriptions: unknown[][] = [];
      for (const [user, statuses] of accounts) {
        statuses.forEach((status, i) => {
          subscriptions.push([`sub_${user}_${i}`, user, 'plan_x', status, `cus_${user}`, null, new Date(created.getTime() + i * 86_400_000)]);
        });
      }
      await insertRows(t.db, 'subscriptions', ['id', 'user_id', 'plan_id', 'status', 'customer_id', 'current_period_end', 'created_at'], subscriptions);
      await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'],
        accounts.map(([user]) => [`brd_${user}`, `Brand ${user}`, 'https://brand.test', 'US', '[]', user, true, created]));
      await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'],
        accounts.map(([user]) => [`p_${user}`, `brd_${user}`, 'best tools', '0 0 * * *', '["openai"]', '["US"]', 'active', created, created]));

      expect(await findDuePrompts(ctx)).toEqual(['p_usr_back', 'p_usr_trial']);
      const asked: AnswerRequest[] = [];
      const scheduler = startScheduler(ctx, { getProvider: (id) => fakeProvider(id, asked) });
      await scheduler.tick();
      scheduler.stop();
      const ran = await t.db.query<{ prompt_id: string }>('SELECT DISTINCT prompt_id FROM runs ORDER BY prompt_id');
      expect(ran.map((r) => r.prompt_id)).toEqual(['p_usr_back', 'p_usr_trial']);
    } finally {
      await t.dispose();
    }
  });
});

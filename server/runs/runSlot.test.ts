import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { ServerContext } from '../http/context';
import { ProviderError } from '../providers/errors';
import type { AnswerProvider, AnswerRequest, RunProvenance } from '../providers/provider';
import { insertRows } from './rows';
import { recordFailedRun, runSlot, slotRunId } from './runSlot';

const NOW = new Date('2026-11-21T08:00:00Z');
const PROVENANCE: RunProvenance = {
  model: 'gpt-test', real: true, webSearch: true, requestedCountry: 'DE', latencyMs: 321, inputTokens: 100, outputTokens: 40, costUsd: 0.0123,
};

function provider(asked: AnswerRequest[], fail?: Error): AnswerProvider {
  return {
    id: 'openai',
    async answer(req) {
      asked.push(req);
      if (fail) throw fail;
      return {
        answerText: `1. **Globex** – solid.\n2. **${req.context!.brandName}** – excellent choice.`,
        citations: [{ url: 'https://www.g2.com/acme', title: 'Reviews', author: null, publishedAt: null }],
        provenance: PROVENANCE,
      };
    },
  };
}

describe.each(['duckdb', 'postgres'] as const)('runSlot on %s', (dialect) => {
  let t: TestDb;
  let ctx: ServerContext;
  const slot = { promptId: 'p_1', provider: 'openai', location: 'DE', slot: '2026-11-21T00:00:00.000Z' };

  beforeAll(async () => {
    t = await openTestDb(dialect);
    ctx = { db: t.db, config: {} as ServerContext['config'], now: () => NOW };
    await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
      ['brd_a', 'Acme', 'https://acme.test', 'US', '[]', 'usr_1', true, NOW],
    ]);
    await insertRows(t.db, 'competitors', ['brand_id', 'name', 'name_key', 'aliases', 'created_at'], [['brd_a', 'Globex', 'globex', '[]', NOW]]);
    await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], [
      ['p_1', 'brd_a', 'best tools', '0 0 * * *', '["openai"]', '["DE"]', 'active', NOW, NOW],
    ]);
  });
  afterAll(() => t.dispose());

  it('stores the answer with its provenance and its facts, once per slot', async () => {
    const asked: AnswerRequest[] = [];
    const result = await runSlot(ctx, slot, { getProvider: () => provider(asked) });
    expect(result).toMatchObject({ runId: slotRunId(slot), mentions: 2, citations: 1, namedCount: 2, provenance: PROVENANCE, alreadyStored: false });
    expect(asked.map((a) => [a.location, a.promptText, a.context?.brandName])).toEqual([['DE', 'best tools', 'Acme']]);
    const rows = await t.db.query('SELECT provider, location, model, is_real, web_search, requested_country, latency_ms, input_tokens, output_tokens, cost_usd FROM runs WHERE brand_id = $1', ['brd_a']);
    expect(rows).toEqual([{ provider: 'openai', location: 'DE', model: 'gpt-test', is_real: true, web_search: true, requested_country: 'DE', latency_ms: 321, input_tokens: 100, output_tokens: 40, cost_usd: 0.0123 }]);

    // The same slot again (a repeated job) asks nobody and stores nothing more.
    const again = await runSlot(ctx, slot, { getProvider: () => provider(asked) });
    expect(again).toMatchObject({ runId: result.runId, mentions: 2, citations: 1, provenance: PROVENANCE, alreadyStored: true });
    expect(asked).toHaveLength(1);
    expect(await t.db.query('SELECT count(*) AS n FROM runs WHERE brand_id = $1', ['brd_a'])).toEqual([{ n: 1 }]);
  });

  it('throws a classified ProviderError and stores nothing when the provider fails', async () => {
    const other = { ...slot, slot: '2026-11-22T00:00:00.000Z' };
    const err = await runSlot(ctx, other, { getProvider: () => provider([], Object.assign(new Error('request timed out'), { name: 'APIConnectionTimeoutError' })) }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ errorClass: 'timeout', retryable: true, provider: 'openai' });
    expect(await t.db.query('SELECT count(*) AS n FROM runs WHERE brand_id = $1', ['brd_a'])).toEqual([{ n: 1 }]);
    await expect(runSlot(ctx, { ...slot, promptId: 'p_gone' })).rejects.toThrow('Prompt not found');
  });

  it('records a failed slot once, with its latest error and attempts', async () => {
    const failed = { ...slot, slot: '2026-11-23T00:00:00.000Z' };
    await recordFailedRun(ctx, failed, new ProviderError('openai', 'server_error', 'upstream 500'), 2);
    await recordFailedRun(ctx, failed, new ProviderError('openai', 'timeout', 'timed out after 30 s'), 3);
    const rows = await t.db.query('SELECT brand_id, prompt_id, provider, location, slot, error_class, message, attempts, created_at FROM failed_runs WHERE brand_id = $1', ['brd_a']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ brand_id: 'brd_a', prompt_id: 'p_1', provider: 'openai', location: 'DE', error_class: 'timeout', message: 'timed out after 30 s', attempts: 3 });
    expect(new Date(String(rows[0].slot)).toISOString()).toBe(failed.slot);
  });
});

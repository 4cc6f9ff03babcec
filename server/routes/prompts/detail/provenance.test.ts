import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../providers/errors';
import { FAKE_SOURCES, FAKE_USAGE } from '../../../providers/fakes/replies';
import { startFakeProviderServer, type FakeProviderServer } from '../../../providers/fakes/server';
import { readProviderSettings } from '../../../providers/settings';
import { recordFailedRun, runSlot } from '../../../runs/runSlot';
import { pendingImmediateRuns } from '../manage/routes';
import { startPromptsTestApp, TEST_NOW, type PromptsTestApp } from '../testing';

// Through the whole API: a prompt is created, each provider's real adapter (its SDK pointed at the
// fake server) answers one slot, and the prompt detail calls show what was stored.
const BRAND = 'brd_stridewell';
const PROVIDERS = ['openai', 'perplexity', 'google', 'microsoft'] as const;
const MODELS = { openai: 'gpt-4.1-mini', perplexity: 'sonar', google: 'gemini-2.5-flash', microsoft: 'answers-deployment' };

describe.each(['duckdb', 'postgres'] as const)('run provenance and failed runs on prompt detail (%s)', (dialect) => {
  let t: PromptsTestApp;
  let fake: FakeProviderServer;
  let promptId: string;
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: t.as('usr_demo'), payload: payload as object });
  const slotAt = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000).toISOString();

  beforeAll(async () => {
    [t, fake] = await Promise.all([startPromptsTestApp(dialect, { days: 2 }), startFakeProviderServer()]);
    // Runs are stored at the time they are made; the detail calls read before "now", so the clock moves on a minute after each run.
    let clock = TEST_NOW.getTime();
    t.ctx.now = () => new Date((clock += 60_000));
    t.ctx.config.providers = readProviderSettings({
      OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrls.openai, OPENAI_TIMEOUT_MS: '300',
      PERPLEXITY_API_KEY: 'pplx-test', PERPLEXITY_BASE_URL: fake.baseUrls.perplexity,
      GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: fake.baseUrls.gemini,
      AZURE_OPENAI_API_KEY: 'az-test', AZURE_OPENAI_ENDPOINT: fake.baseUrls.azureEndpoint, AZURE_OPENAI_DEPLOYMENT: MODELS.microsoft,
    });
    const res = await post('/api/prompts', {
      prompt: 'Which trail running shoes last longest?', frequency: 'daily', providers: [...PROVIDERS], state: 'active', location: ['DE'], startImmediately: true, brandId: BRAND,
    });
    // 'start immediately' runs every provider x country in the background (no job queue here).
    await Promise.all(pendingImmediateRuns);
    if (res.statusCode !== 201) throw new Error(`creating the prompt answered ${res.statusCode}: ${res.body}`);
    promptId = res.json().id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("'start immediately' stores each real answer with its citations and provenance, and prompt detail shows them", async () => {
    const latest = (await post('/api/prompts/latest-run', { promptId })).json() as Record<string, Array<Record<string, any>>>;
    for (const provider of PROVIDERS) {
      expect(latest[provider]).toHaveLength(1);
      const run = latest[provider][0];
      expect(run.responseText).toContain('Which trail running shoes last longest?');
      expect(run.responseText).toContain('asked from DE');
      expect(run.citationsList.map((c: { url: string }) => c.url)).toEqual(FAKE_SOURCES.map((s) => s.url));
      expect(run.provenance).toMatchObject({ model: MODELS[provider], real: true, webSearch: true, requestedCountry: 'DE', inputTokens: FAKE_USAGE.input, outputTokens: FAKE_USAGE.output });
      expect(run.provenance.costUsd).toBeGreaterThan(0);
    }
    const [stored] = await t.db.query('SELECT cost_usd FROM runs WHERE brand_id = $1 AND prompt_id = $2 AND provider = $3', [BRAND, promptId, 'perplexity']);
    expect(latest.perplexity[0].provenance.costUsd).toBe(Number(stored.cost_usd));
    expect(Number(stored.cost_usd)).toBe(0.0052);
  });

  it('without a key the run is simulated and labelled so', async () => {
    t.ctx.config.providers = readProviderSettings({});
    try {
      await runSlot(t.ctx, { promptId, provider: 'openai', location: 'DE', slot: slotAt(-500) });
    } finally {
      t.ctx.config.providers = undefined;
    }
    const latest = (await post('/api/prompts/latest-run', { promptId })).json() as Record<string, Array<Record<string, any>>>;
    expect(latest.openai).toHaveLength(2);
    expect(latest.openai[0].provenance).toEqual({ model: 'simulated', real: false, webSearch: false, requestedCountry: 'DE', latencyMs: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 });
    expect(latest.openai[1].provenance.real).toBe(true);
  });

  it('a timeout stores nothing; recorded after the last try it shows under failed runs; a malformed body is a bad_response', async () => {
    t.ctx.config.providers = readProviderSettings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrls.openai, OPENAI_TIMEOUT_MS: '300' });
    const before = await t.db.query('SELECT count(*) AS n FROM runs WHERE brand_id = $1 AND prompt_id = $2', [BRAND, promptId]);
    const slot = { promptId, provider: 'openai', location: 'DE', slot: slotAt(-400) };
    fake.behave('hang');
    const err = await runSlot(t.ctx, slot).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).errorClass).toBe('timeout');
    await recordFailedRun(t.ctx, slot, err as ProviderError, 3);
    fake.behave('malformed');
    await expect(runSlot(t.ctx, { ...slot, slot: slotAt(-300) })).rejects.toMatchObject({ errorClass: 'bad_response' });
    fake.behave('ok');
    expect(await t.db.query('SELECT count(*) AS n FROM runs WHERE brand_id = $1 AND prompt_id = $2', [BRAND, promptId])).toEqual(before);

    const failed = (await post('/api/prompts/failed-runs', { promptId, location: null })).json() as Record<string, Array<Record<string, any>>>;
    expect(Object.keys(failed)).toEqual([...PROVIDERS]);
    expect(failed.perplexity).toEqual([]);
    expect(failed.openai).toEqual([
      { id: expect.any(String), provider: 'openai', runLocation: 'DE', slot: slot.slot, errorClass: 'timeout', message: (err as Error).message, attempts: 3, createdAt: expect.any(String) },
    ]);
    expect((await post('/api/prompts/failed-runs', { promptId, location: ['US'] })).json().openai).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/prompts/failed-runs', headers: t.as('usr_new'), payload: { promptId } })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { FAKE_BRANDS, FAKE_SOURCES, FAKE_USAGE } from '../fakes/replies';
import { startFakeProviderServer, type FakeProviderServer } from '../fakes/server';
import type { AnswerProvider, AnswerRequest } from '../provider';
import { createProviderRegistry } from '../registry';
import { readProviderSettings } from '../settings';

// Each adapter runs its real SDK against the local fake server through the SDK's base URL.
let fake: FakeProviderServer;
let providers: Record<string, AnswerProvider>;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  fake = await startFakeProviderServer();
  const settings = readProviderSettings({
    OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrls.openai, OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
    PERPLEXITY_API_KEY: 'pplx-test', PERPLEXITY_BASE_URL: fake.baseUrls.perplexity, PERPLEXITY_TIMEOUT_MS: String(TIMEOUT_MS),
    GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: fake.baseUrls.gemini, GEMINI_TIMEOUT_MS: String(TIMEOUT_MS),
    AZURE_OPENAI_API_KEY: 'az-test', AZURE_OPENAI_ENDPOINT: fake.baseUrls.azureEndpoint, AZURE_OPENAI_DEPLOYMENT: 'gpt-4o-answers', AZURE_OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  const lookup = createProviderRegistry(settings);
  providers = Object.fromEntries(['openai', 'perplexity', 'google', 'microsoft'].map((id) => [id, lookup(id)]));
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.behave('ok');
  fake.requests.length = 0;
});

const req = (provider: string): AnswerRequest => ({ promptText: 'best project management tool', provider, location: 'de', at: new Date('2026-11-21T10:00:00Z') });

const CASES = [
  { id: 'openai', path: '/v1/responses', model: 'gpt-4.1-mini', cost: 0.4 * 120 / 1e6 + 1.6 * 80 / 1e6 + 0.025 },
  { id: 'perplexity', path: '/chat/completions', model: 'sonar', cost: 0.0052 /* as the reply reports it */ },
  { id: 'google', path: '/v1beta/models/gemini-2.5-flash:generateContent', model: 'gemini-2.5-flash', cost: 0.3 * 120 / 1e6 + 2.5 * 80 / 1e6 + 0.035 },
  { id: 'microsoft', path: '/openai/responses', model: 'gpt-4o-answers', cost: 0.4 * 120 / 1e6 + 1.6 * 80 / 1e6 + 0.025 },
] as const;

describe.each(CASES)('$id adapter through its SDK', ({ id, path, model, cost }) => {
  it('returns the answer, its citations and provenance from the reply, asking with the country', async () => {
    const answer = await providers[id].answer(req(id));
    expect(answer.answerText).toContain('best project management tool');
    for (const b of FAKE_BRANDS) expect(answer.answerText).toContain(b);
    expect(answer.citations.map((c) => c.url)).toEqual(FAKE_SOURCES.map((s) => s.url));
    if (id !== 'google') expect(answer.citations.map((c) => c.title)).toEqual(FAKE_SOURCES.map((s) => s.title));
    expect(answer.provenance).toMatchObject({ model, real: true, webSearch: true, requestedCountry: 'DE', inputTokens: FAKE_USAGE.input, outputTokens: FAKE_USAGE.output });
    expect(answer.provenance.costUsd).toBeCloseTo(cost, 8);
    expect(answer.provenance.latencyMs).toBeGreaterThanOrEqual(0);
    const sent = fake.requests.find((r) => r.api !== 'redirect')!;
    expect(sent.path).toBe(path);
    expect(answer.answerText).toContain('asked from DE');
    if (id === 'openai' || id === 'microsoft') {
      expect(sent.body).toMatchObject({ input: 'best project management tool', tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'DE' } }] });
    }
    if (id === 'perplexity') expect(sent.body).toMatchObject({ model: 'sonar', web_search_options: { user_location: { country: 'DE' } } });
    if (id === 'google') expect(sent.body).toMatchObject({ tools: [{ googleSearch: {} }] });
  });

  it('turns a 429 with Retry-After: 2 into rate_limited with retryAfterMs 2000, without retrying itself', async () => {
    fake.behave('rate_limited');
    const err = await providers[id].answer(req(id)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ errorClass: 'rate_limited', retryable: true, retryAfterMs: 2000, provider: id, status: 429 });
    expect(fake.requests.filter((r) => r.api !== 'redirect')).toHaveLength(1);
  });

  it('turns a 500 into server_error and a 401 into auth', async () => {
    fake.behave('server_error');
    await expect(providers[id].answer(req(id))).rejects.toMatchObject({ errorClass: 'server_error', retryable: true, status: 500 });
    fake.behave('auth');
    await expect(providers[id].answer(req(id))).rejects.toMatchObject({ errorClass: 'auth', retryable: false });
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up after the configured timeout with a timeout error', async () => {
    fake.behave('hang');
    const started = Date.now();
    const err = await providers[id].answer(req(id)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ errorClass: 'timeout', retryable: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it('turns a malformed or shapeless body into bad_response, never a crash', async () => {
    fake.behave('malformed');
    await expect(providers[id].answer(req(id))).rejects.toMatchObject({ name: 'ProviderError', errorClass: 'bad_response' });
    fake.behave('bad_shape');
    await expect(providers[id].answer(req(id))).rejects.toMatchObject({ name: 'ProviderError', errorClass: 'bad_response' });
  });
});

describe('provider settings and registry', () => {
  it('uses the simulated provider for ids without keys and labels its runs so', async () => {
    const lookup = createProviderRegistry(readProviderSettings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrls.openai }));
    const simulated = await lookup('perplexity').answer({ ...req('perplexity'), context: { brandName: 'Acme', competitors: [] } });
    expect(simulated.provenance).toEqual({ model: 'simulated', real: false, webSearch: false, requestedCountry: 'de', latencyMs: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 });
    expect((await lookup('openai').answer(req('openai'))).provenance.real).toBe(true);
  });

  it('refuses half an Azure configuration and bad numbers or URLs', () => {
    expect(() => readProviderSettings({ AZURE_OPENAI_API_KEY: 'k' })).toThrow('Azure OpenAI is partly configured');
    expect(() => readProviderSettings({ OPENAI_TIMEOUT_MS: '0' })).toThrow('OPENAI_TIMEOUT_MS must be a number of at least 1');
    expect(() => readProviderSettings({ GEMINI_PRICE_INPUT_PER_1M: 'cheap' })).toThrow('GEMINI_PRICE_INPUT_PER_1M');
    expect(() => readProviderSettings({ PERPLEXITY_BASE_URL: 'ftp://x' })).toThrow('PERPLEXITY_BASE_URL must be an http(s) URL');
    expect(readProviderSettings({ GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:1/', GOOGLE_API_KEY: 'g' }).google).toMatchObject({ baseUrl: 'http://127.0.0.1:1', apiKey: 'g' });
  });

  it('gemini: without redirect resolution a grounding chunk cites its source domain', async () => {
    const lookup = createProviderRegistry(readProviderSettings({ GEMINI_API_KEY: 'g', GEMINI_BASE_URL: fake.baseUrls.gemini, GEMINI_RESOLVE_REDIRECTS: '0' }));
    const answer = await lookup('google').answer(req('google'));
    // The first chunk carries `domain` (www.g2.com); the others only their title (the domain).
    expect(answer.citations.map((c) => c.url)).toEqual(['https://www.g2.com/', 'https://zapier.com/', 'https://reddit.com/']);
    expect(fake.requests.filter((r) => r.api === 'redirect')).toHaveLength(0);
  });
});

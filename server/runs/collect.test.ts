import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { ServerContext } from '../http/context';
import { FAKE_SOURCES } from '../providers/fakes/replies';
import { startFakeProviderServer, type FakeProviderServer } from '../providers/fakes/server';
import { readProviderSettings } from '../providers/settings';
import { collect, parseCollectArgs } from './collect';
import { insertRows } from './rows';

const NOW = new Date('2026-11-21T08:00:00Z');

describe('npm run collect', () => {
  let t: TestDb;
  let fake: FakeProviderServer;
  let ctx: ServerContext;

  beforeAll(async () => {
    [t, fake] = await Promise.all([openTestDb('duckdb'), startFakeProviderServer()]);
    const providers = readProviderSettings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrls.openai });
    ctx = { db: t.db, config: { providers } as ServerContext['config'], now: () => NOW };
    await insertRows(t.db, 'brands', ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'], [
      ['brd_a', 'Trello', 'https://trello.test', 'US', '[]', 'usr_1', true, NOW],
    ]);
    await insertRows(t.db, 'prompts', ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'], [
      ['p_1', 'brd_a', 'best kanban tool', '0 0 * * *', '["openai","perplexity"]', '["US","DE"]', 'active', NOW, NOW],
    ]);
  });
  afterAll(async () => {
    await t.dispose();
    await fake.close();
  });

  it('reads its options and refuses wrong ones with the usage', () => {
    expect(parseCollectArgs(['--prompt', 'p_1', '--provider', 'openai', '--country', 'de'])).toEqual({ promptId: 'p_1', provider: 'openai', country: 'DE', dataDir: undefined });
    expect(() => parseCollectArgs([])).toThrow('--prompt is required');
    expect(() => parseCollectArgs(['--prompt', 'p_1', '--provider', 'claude'])).toThrow('Unknown provider "claude"');
    expect(() => parseCollectArgs(['--prompt', 'p_1', '--country', 'Germany'])).toThrow('two-letter');
    expect(() => parseCollectArgs(['--prompt'])).toThrow("Option '--prompt <value>' argument missing");
    expect(() => parseCollectArgs(['--prompt', 'p_1', '--verbose'])).toThrow('Usage: npm run collect');
  });

  it('runs the prompt now and prints the stored mentions, citations and provenance', async () => {
    const lines: string[] = [];
    const failed = await collect(ctx, { promptId: 'p_1', provider: 'openai', country: 'DE' }, (l) => lines.push(l));
    expect(failed).toBe(0);
    const out = lines.join('\n');
    expect(out).toContain('openai · DE · run_');
    expect(out).toContain('real answer · model gpt-4.1-mini · web search · country DE');
    expect(out).toContain('tokens 120 in / 80 out · cost $0.0252');
    expect(out).toMatch(/Mentions \(3\):\n {4}1\. Asana · sentiment -?\d\.\d\d\n {4}2\. Trello \(tracked\)/);
    expect(out).toContain(`Citations (3):\n    1. ${FAKE_SOURCES[0].url} (g2.com) · ${FAKE_SOURCES[0].title}`);
    const [{ n }] = await t.db.query('SELECT count(*) AS n FROM runs WHERE brand_id = $1', ['brd_a']);
    expect(n).toBe(1);
  });

  it('runs every provider and country of the prompt by default; a failure is printed and counted', async () => {
    fake.script('server_error');
    const lines: string[] = [];
    ctx.now = () => new Date(NOW.getTime() + 60_000);
    const failed = await collect(ctx, { promptId: 'p_1' }, (l) => lines.push(l));
    expect(failed).toBe(1);
    expect(lines.filter((l) => /^(openai|perplexity) · (US|DE) · /.test(l))).toEqual([
      'openai · US · failed · server_error: 500 The server had an error while processing your request',
      expect.stringMatching(/^openai · DE · run_/),
      expect.stringMatching(/^perplexity · US · run_/),
      expect.stringMatching(/^perplexity · DE · run_/),
    ]);
    expect(lines.join('\n')).toContain('simulated answer · model simulated');
    await expect(collect(ctx, { promptId: 'p_gone' }, () => undefined)).rejects.toThrow('No prompt with id p_gone');
  });
});

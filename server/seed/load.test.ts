import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { Dialect } from '../db/types';
import { extractAnswer } from '../ingest/index';
import { verifyPassword } from '../security/password';
import { DEMO_PASSWORD } from './demoAccounts';
import { generateDemoWorld } from './generator/index';
import { loadDemo, type DemoWorld } from './load';

const now = new Date('2026-11-21T12:00:00Z');

/** A tiny hand-made world: two brands, a few prompts and answers, one never-run prompt. */
function tinyWorld(): DemoWorld {
  const created = new Date('2026-11-01T00:00:00Z');
  const stopped = new Date('2026-11-20T10:00:00Z');
  const prompt = (key: string, state: 'active' | 'inactive' = 'active', neverRun = false) => ({
    key, text: `Best tools ${key}?`, state, providers: ['openai', 'perplexity'], locations: ['US', 'GB'],
    frequencyCron: '0 0 * * *', createdAt: created, neverRun,
    updatedAt: state === 'inactive' ? stopped : created, stoppedAt: state === 'inactive' ? stopped : null,
  });
  const brands: DemoWorld['brands'] = [
    { key: 'acme', name: 'Acme', url: 'https://acme.test', location: 'US', aliases: ['Acme PM'], industry: 'saas',
      competitors: [{ name: 'Globex', aliases: [] }, { name: 'Initech', aliases: [] }], prompts: [prompt('p1'), prompt('p2', 'inactive'), prompt('p3', 'active', true)] },
    { key: 'shoe', name: 'Stride', url: 'https://stride.test', location: 'GB', aliases: [], industry: 'shoes',
      competitors: [{ name: 'Pacer', aliases: [] }], prompts: [prompt('q1')] },
  ];
  const texts = [
    '1. **Acme** – excellent for small teams.\n2. **Globex** – clunky and overpriced.\n3. **Wrike** – solid.',
    'Many teams pick Initech, though Acme is great too.',
    'Stride makes comfortable shoes; Pacer is cheaper.',
  ];
  return {
    brands,
    *runs() {
      for (let day = 0; day < 3; day++) {
        for (const [brandKey, promptKey, text] of [['acme', 'p1', texts[0]], ['acme', 'p2', texts[1]], ['shoe', 'q1', texts[2]]]) {
          for (const provider of ['openai', 'perplexity']) {
            yield {
              brandKey, promptKey, provider, location: day % 2 ? 'GB' : 'US',
              createdAt: new Date(Date.UTC(2026, 10, 18 + day, 9, 30)),
              answer: { answerText: text, citations: [
                { url: 'https://www.g2.com/products/acme/reviews', title: 'Acme reviews', author: null, publishedAt: '2026-10-01T00:00:00.000Z' },
                { url: 'https://blog.example.co.uk/post?utm_source=x', title: null, author: 'Sam', publishedAt: null },
              ] },
            };
          }
        }
      }
    },
  };
}

describe.each<Dialect>(['duckdb', 'postgres'])('loadDemo on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('loads accounts, brands, prompts and every extracted fact of every run', async () => {
    t = await openTestDb(dialect);
    const world = tinyWorld();
    // What the loader should write, computed independently from the world.
    let runs = 0, mentions = 0, citations = 0;
    for (const run of world.runs()) {
      const brand = world.brands.find((b) => b.key === run.brandKey)!;
      const x = extractAnswer(run.answer, [{ name: brand.name, aliases: brand.aliases }, ...brand.competitors]);
      runs++;
      mentions += x.mentions.length;
      citations += x.citations.length;
    }
    expect(mentions).toBeGreaterThan(runs);

    const result = await loadDemo(t.db, { scale: 1, seed: 1, now, world, batchSize: 5 });
    expect(result.counts).toMatchObject({
      plans: 3, users: 3, subscriptions: 2, brands: 2, brand_members: 2, competitors: 3, prompts: 4, runs, mentions, citations,
    });

    const users = await t.db.query<{ email: string; is_onboarded: boolean; password_hash: string }>(
      'SELECT email, is_onboarded, password_hash FROM users ORDER BY email');
    expect(users.map((u) => [u.email, u.is_onboarded])).toEqual([
      ['demo@example.com', true], ['lapsed@example.com', true], ['new@example.com', false],
    ]);
    for (const u of users) expect(await verifyPassword(DEMO_PASSWORD, u.password_hash)).toBe(true);

    const subs = await t.db.query('SELECT u.email, s.status, p.max_brands, p.max_prompts FROM subscriptions s JOIN users u ON u.id = s.user_id JOIN plans p ON p.id = s.plan_id ORDER BY u.email');
    expect(subs).toEqual([
      { email: 'demo@example.com', status: 'active', max_brands: 5, max_prompts: 250 },
      { email: 'lapsed@example.com', status: 'canceled', max_brands: 1, max_prompts: 50 },
    ]);
    expect(await t.db.query(`SELECT count(*) AS c FROM brands WHERE created_by = 'usr_demo'`)).toEqual([{ c: 2 }]);

    // Untracked brands are stored too (emerging threats), with ranks among all named brands.
    const wrike = await t.db.query<{ rank: number }>(`SELECT DISTINCT rank FROM mentions WHERE entity = 'wrike'`);
    expect(wrike).toEqual([{ rank: 3 }]);
    const never = await t.db.query(`SELECT count(*) AS c FROM runs WHERE prompt_id = 'prm_acme_p3'`);
    expect(never).toEqual([{ c: 0 }]);
    const prompts = await t.db.query(`SELECT id, state, created_at, updated_at FROM prompts WHERE brand_id = 'brd_acme' ORDER BY id`);
    expect(prompts).toEqual([
      { id: 'prm_acme_p1', state: 'active', created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' },
      { id: 'prm_acme_p2', state: 'inactive', created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z' },
      { id: 'prm_acme_p3', state: 'active', created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' },
    ]);
    const citation = await t.db.query(`SELECT domain, created_at FROM citations WHERE position = 2 ORDER BY run_id LIMIT 1`);
    expect(citation).toEqual([{ domain: 'example.co.uk', created_at: '2026-11-18T09:30:00.000Z' }]);
  }, 120_000);
});

describe('loadDemo with the real generator', () => {
  it('stores exactly the runs the generator yields and every fact the extraction finds', async () => {
    const t = await openTestDb('duckdb');
    try {
      const options = { scale: 0.05, seed: 7, now, days: 3 };
      const world = generateDemoWorld(options);
      let runs = 0, mentions = 0, citations = 0;
      for (const run of world.runs()) {
        const brand = world.brands.find((b) => b.key === run.brandKey)!;
        const x = extractAnswer(run.answer, [{ name: brand.name, aliases: brand.aliases }, ...brand.competitors]);
        runs++;
        mentions += x.mentions.length;
        citations += x.citations.length;
      }
      expect(runs).toBeGreaterThan(0);
      const result = await loadDemo(t.db, options);
      const prompts = world.brands.reduce((n, b) => n + b.prompts.length, 0);
      const competitors = world.brands.reduce((n, b) => n + b.competitors.length, 0);
      expect(result.counts).toMatchObject({ brands: world.brands.length, prompts, competitors, runs, mentions, citations, users: 3 });
      // The demo plan leaves room for another brand and more prompts.
      const [plan] = await t.db.query<{ max_brands: number; max_prompts: number }>(
        `SELECT p.max_brands, p.max_prompts FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = 'usr_demo'`);
      expect(plan.max_brands).toBeGreaterThan(world.brands.length);
      expect(plan.max_prompts).toBeGreaterThan(prompts);
    } finally {
      await t.dispose();
    }
  }, 180_000);
});

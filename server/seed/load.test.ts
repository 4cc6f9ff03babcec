import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { Dialect } from '../db/types';
import { extractAnswer } from '../ingest/index';
import { verifyPassword } from '../security/password';
import { DEMO_PASSWORD } from './demoAccounts';
import { generateDemoWorld, generateTenantWorld } from './generator/index';
import { loadDemo, mergeByTime, type DemoWorld } from './load';

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

describe.each<Dialect>(['duckdb', 'postgres'])('loadDemo with other tenants on %s', (dialect) => {
  const options = { scale: 0.05, seed: 11, now, days: 2 };
  const opened: TestDb[] = [];
  afterEach(async () => {
    for (const t of opened.splice(0)) await t.dispose();
  });
  async function load(tenants: number) {
    const t = await openTestDb(dialect);
    opened.push(t);
    const result = await loadDemo(t.db, { ...options, tenants, batchSize: 300 });
    return { db: t.db, result };
  }
  const runsOf = (db: TestDb['db'], where: string) =>
    db.query(`SELECT id, brand_id, prompt_id, provider, location, created_at, answer_text, named_count FROM runs WHERE ${where} ORDER BY id`);

  it('gives each tenant its own user, subscription and brand, with every run and fact, and leaves the demo data as it was', async () => {
    const demoWorld = generateDemoWorld(options);
    const tenantWorld = generateTenantWorld({ count: 3, ...options });
    let tenantRuns = 0, tenantMentions = 0;
    for (const run of tenantWorld.runs()) {
      const brand = tenantWorld.brands.find((b) => b.key === run.brandKey)!;
      tenantRuns++;
      tenantMentions += extractAnswer(run.answer, [{ name: brand.name, aliases: brand.aliases }, ...brand.competitors]).mentions.length;
    }
    expect(tenantRuns).toBeGreaterThan(0);

    const plain = await load(0);
    const { db, result } = await load(3);
    expect(result.tenants).toBe(3);
    expect(result.counts.users).toBe(3 + 3);
    expect(result.counts.subscriptions).toBe(2 + 3);
    expect(result.counts.brands).toBe(demoWorld.brands.length + 3);
    expect(result.counts.runs).toBe(plain.result.counts.runs + tenantRuns);
    expect(result.counts.mentions).toBe(plain.result.counts.mentions + tenantMentions);

    // Each tenant brand belongs to its own user alone, under its own tenant id.
    const owners = await db.query<{ brand: string; created_by: string; members: string; tenant_id: string; status: string }>(
      `SELECT b.id AS brand, b.created_by, string_agg(m.user_id, ',') AS members, u.tenant_id, s.status
         FROM brands b JOIN brand_members m ON m.brand_id = b.id JOIN users u ON u.id = b.created_by
         JOIN subscriptions s ON s.user_id = u.id
        WHERE b.id LIKE 'brd_tenant%' GROUP BY b.id, b.created_by, u.tenant_id, s.status ORDER BY b.id`);
    expect(owners).toEqual(tenantWorld.brands.map((b) => ({
      brand: `brd_${b.key}`, created_by: `usr_${b.key}`, members: `usr_${b.key}`, tenant_id: `ten_${b.key}`, status: 'active',
    })));
    expect(await db.query(`SELECT count(*) AS c FROM brands WHERE created_by = 'usr_demo'`)).toEqual([{ c: demoWorld.brands.length }]);
    expect(await db.query(`SELECT count(*) AS c FROM brand_members WHERE user_id = 'usr_demo'`)).toEqual([{ c: demoWorld.brands.length }]);
    // Every fact points at a prompt of its own brand.
    expect(await db.query(`SELECT count(*) AS c FROM runs r JOIN prompts p ON p.id = r.prompt_id WHERE p.brand_id <> r.brand_id`)).toEqual([{ c: 0 }]);
    // Each tenant's made-up brand name is found in its answers.
    const named = await db.query<{ brand_id: string }>(
      `SELECT DISTINCT m.brand_id FROM mentions m JOIN brands b ON b.id = m.brand_id AND m.entity = lower(b.name) WHERE b.id LIKE 'brd_tenant%' ORDER BY 1`);
    expect(named.map((r) => r.brand_id)).toEqual(tenantWorld.brands.map((b) => `brd_${b.key}`));
    // The tenant facts are in the rollups, which are rebuilt after every fact is written.
    const rolled = await db.query<{ c: number }>(`SELECT COALESCE(SUM(runs), 0) AS c FROM rollup_runs_daily WHERE brand_id LIKE 'brd_tenant%'`);
    expect(Number(rolled[0].c)).toBe(tenantRuns);

    // Plans fit with room to grow; nobody can sign in as a tenant with the demo password.
    const plans = await db.query<{ max_prompts: number; max_brands: number; password_hash: string }>(
      `SELECT p.max_prompts, p.max_brands, u.password_hash FROM users u JOIN subscriptions s ON s.user_id = u.id JOIN plans p ON p.id = s.plan_id
        WHERE u.id LIKE 'usr_tenant%'`);
    expect(plans).toHaveLength(3);
    for (const p of plans) {
      expect(p.max_prompts).toBeGreaterThan(tenantWorld.brands[0].prompts.length);
      expect(p.max_brands).toBeGreaterThan(1);
      expect(await verifyPassword(DEMO_PASSWORD, p.password_hash)).toBe(false);
    }

    // The demo brands' runs are the same with or without tenants.
    const demoOnly = `brand_id NOT LIKE 'brd_tenant%'`;
    expect(await runsOf(db, demoOnly)).toEqual(await runsOf(plain.db, demoOnly));
    if (dialect === 'duckdb') {
      // Written day by day among the demo runs, not after them: DuckDB's rowid is the write order.
      const span = await db.query<{ tenant: boolean; first: number; last: number }>(
        `SELECT brand_id LIKE 'brd_tenant%' AS tenant, MIN(rowid) AS first, MAX(rowid) AS last FROM runs GROUP BY 1 ORDER BY 1`);
      const [demo, tenant] = span;
      expect(tenant.first).toBeLessThan(demo.last);
    }
  }, 240_000);

  it('loads the same tenants again from the same seed', async () => {
    const a = await load(2);
    const b = await load(2);
    expect(b.result.counts).toEqual(a.result.counts);
    const brands = (db: TestDb['db']) => db.query(`SELECT id, name, url, location, aliases, created_by, created_at FROM brands ORDER BY id`);
    expect(await brands(b.db)).toEqual(await brands(a.db));
    expect(await runsOf(b.db, `brand_id LIKE 'brd_tenant%'`)).toEqual(await runsOf(a.db, `brand_id LIKE 'brd_tenant%'`));
  }, 240_000);
});

describe('mergeByTime', () => {
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour));
  const item = (label: string, day: number, hour: number) => ({ label, run: { createdAt: at(day, hour) } });

  it('interleaves two streams, each oldest day first, keeping the order of each and every item', () => {
    // Within a day a stream need not be in time order (b's day 2 runs are not).
    const a = [item('a1', 1, 5), item('a2', 1, 9), item('a3', 3, 1)];
    const b = [item('b1', 1, 7), item('b2', 2, 8), item('b3', 2, 2), item('b4', 4, 0)];
    const merged = [...mergeByTime(a, b)].map((i) => i.label);
    expect(merged).toEqual(['a1', 'b1', 'a2', 'b2', 'b3', 'a3', 'b4']);
  });

  it('gives ties to the first stream and ends with the longer one', () => {
    const a = [item('a1', 1, 5)];
    const b = [item('b1', 1, 5), item('b2', 2, 0), item('b3', 3, 0)];
    expect([...mergeByTime(a, b)].map((i) => i.label)).toEqual(['a1', 'b1', 'b2', 'b3']);
    expect([...mergeByTime([], b)].map((i) => i.label)).toEqual(['b1', 'b2', 'b3']);
    expect([...mergeByTime(a, [])].map((i) => i.label)).toEqual(['a1']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPromptsTestApp, type PromptsTestApp } from '../testing';

const BRAND = 'brd_stridewell';

describe.each(['duckdb', 'postgres'] as const)('prompt deletion (%s)', (dialect) => {
  let t: PromptsTestApp;
  const count = async (sql: string, params: unknown[]) => Number((await t.db.query<{ n: unknown }>(sql, params))[0].n);
  const factsOf = async (promptId: string) => ({
    prompts: await count('SELECT COUNT(*) AS n FROM prompts WHERE id = $1', [promptId]),
    runs: await count('SELECT COUNT(*) AS n FROM runs WHERE prompt_id = $1', [promptId]),
    mentions: await count('SELECT COUNT(*) AS n FROM mentions WHERE prompt_id = $1', [promptId]),
    citations: await count('SELECT COUNT(*) AS n FROM citations WHERE prompt_id = $1', [promptId]),
  });
  const del = (id: string, user = 'usr_demo') => t.app.inject({ method: 'DELETE', url: `/api/prompts/${id}`, headers: t.as(user) });
  const create = (prompt: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      headers: t.as('usr_demo'),
      payload: { prompt, frequency: 'daily', providers: ['openai'], state: 'inactive', location: ['US'], startImmediately: false, brandId: BRAND },
    });

  beforeAll(async () => {
    t = await startPromptsTestApp(dialect, { days: 5 });
  });
  afterAll(async () => t?.close());

  it('removes the prompt with its runs, mentions and citations, and nothing of other prompts', async () => {
    const [ran] = await t.db.query<{ prompt_id: string }>(
      `SELECT r.prompt_id FROM runs r JOIN citations c ON c.run_id = r.id WHERE r.brand_id = $1 GROUP BY r.prompt_id ORDER BY r.prompt_id LIMIT 1`,
      [BRAND],
    );
    const before = await factsOf(ran.prompt_id);
    expect(before.prompts).toBe(1);
    expect(before.runs).toBeGreaterThan(0);
    expect(before.citations).toBeGreaterThan(0);
    const othersBefore = await count('SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1 AND prompt_id <> $2', [BRAND, ran.prompt_id]);

    const res = await del(ran.prompt_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Prompt deleted.', id: ran.prompt_id });
    expect(await factsOf(ran.prompt_id)).toEqual({ prompts: 0, runs: 0, mentions: 0, citations: 0 });
    expect(await count('SELECT COUNT(*) AS n FROM runs WHERE brand_id = $1 AND prompt_id <> $2', [BRAND, ran.prompt_id])).toBe(othersBefore);

    // gone for every call that reads it
    expect((await t.app.inject({ method: 'GET', url: `/api/prompts/${ran.prompt_id}`, headers: t.as('usr_demo') })).statusCode).toBe(404);
    expect((await del(ran.prompt_id)).statusCode).toBe(404);
  });

  it('frees a slot of the plan: at the prompt limit a creation is refused until a prompt is deleted', async () => {
    const [{ plan_id }] = await t.db.query<{ plan_id: string }>("SELECT plan_id FROM subscriptions WHERE user_id = 'usr_demo'");
    const [{ max_prompts }] = await t.db.query<{ max_prompts: number }>('SELECT max_prompts FROM plans WHERE id = $1', [plan_id]);
    const used = await count("SELECT COUNT(*) AS n FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.created_by = 'usr_demo'", []);
    try {
      await t.db.query('UPDATE plans SET max_prompts = $1 WHERE id = $2', [used, plan_id]);
      const refused = await create('Which trail shoes last longest?');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('PLAN_LIMIT');

      const [victim] = await t.db.query<{ id: string }>('SELECT id FROM prompts WHERE brand_id = $1 ORDER BY id LIMIT 1', [BRAND]);
      expect((await del(victim.id)).statusCode).toBe(200);
      expect((await create('Which trail shoes last longest?')).statusCode).toBe(201);
    } finally {
      await t.db.query('UPDATE plans SET max_prompts = $1 WHERE id = $2', [max_prompts, plan_id]);
    }
  });

  it("answers 404 for another tenant's prompt and leaves it in place", async () => {
    const [victim] = await t.db.query<{ id: string }>('SELECT id FROM prompts WHERE brand_id = $1 ORDER BY id LIMIT 1', [BRAND]);
    const res = await del(victim.id, 'usr_new');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROMPT_NOT_FOUND');
    expect((await factsOf(victim.id)).prompts).toBe(1);
  });

  it('refuses a viewer of the brand (403 BRAND_READ_ONLY) and deletes nothing', async () => {
    const [victim] = await t.db.query<{ id: string }>('SELECT id FROM prompts WHERE brand_id = $1 ORDER BY id LIMIT 1', [BRAND]);
    const [member] = await t.db.query<{ role: string }>("SELECT role FROM brand_members WHERE brand_id = $1 AND user_id = 'usr_demo'", [BRAND]);
    try {
      await t.db.query("UPDATE brand_members SET role = 'viewer' WHERE brand_id = $1 AND user_id = 'usr_demo'", [BRAND]);
      const res = await del(victim.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BRAND_READ_ONLY');
      expect((await factsOf(victim.id)).prompts).toBe(1);
    } finally {
      await t.db.query("UPDATE brand_members SET role = $1 WHERE brand_id = $2 AND user_id = 'usr_demo'", [member.role, BRAND]);
    }
  });

  it('needs an active or trialing subscription (402), and deletes nothing without one', async () => {
    const [victim] = await t.db.query<{ id: string }>('SELECT id FROM prompts WHERE brand_id = $1 ORDER BY id LIMIT 1', [BRAND]);
    const [sub] = await t.db.query<{ id: string; status: string }>("SELECT id, status FROM subscriptions WHERE user_id = 'usr_demo'");
    try {
      await t.db.query("UPDATE subscriptions SET status = 'canceled' WHERE id = $1", [sub.id]);
      const res = await del(victim.id);
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
      expect((await factsOf(victim.id)).prompts).toBe(1);
    } finally {
      await t.db.query('UPDATE subscriptions SET status = $1 WHERE id = $2', [sub.status, sub.id]);
    }
  });
});

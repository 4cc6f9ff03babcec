import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountApp, type AccountTestApp } from './testSupport';

// The export holds everything the caller owns, counted independently from the tables here, and
// nothing of another tenant: a second account gets a brand (with a competitor, prompt, run,
// mention, citation and an invoice) that is also shared with the demo user, and neither export
// may show the other's rows.

const OTHER = {
  brand: 'brd_other_tenant',
  name: 'Zyphora Secret Labs',
  competitor: 'Qwertle Rival',
  prompt: 'prm_other_tenant',
  promptText: 'which zyphora plan is cheapest',
  run: 'run_other_tenant',
  answer: 'Zyphora Secret Labs is named first, then Qwertle Rival.',
  citation: 'https://zyphora-private.example/report',
  invoice: 'inv_other_tenant',
};

describe.each(['duckdb', 'postgres'] as const)('users.me.export on %s', (dialect) => {
  let t: AccountTestApp;
  let demo: string;
  let lapsed: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
    const at = '2026-11-19 10:00:00';
    await t.db.query(`INSERT INTO brands (id, name, url, location, logo_url, aliases, created_by, finalized, created_at) VALUES ($1, $2, 'https://zyphora.example', 'DE', NULL, '[]', 'usr_lapsed', true, $3)`, [OTHER.brand, OTHER.name, at]);
    await t.db.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, 'usr_lapsed', 'owner')`, [OTHER.brand]);
    // shared with the demo user: readable by them, but not theirs to export
    await t.db.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, 'usr_demo', 'other')`, [OTHER.brand]);
    await t.db.query(`INSERT INTO competitors (brand_id, name, name_key, aliases, created_at) VALUES ($1, $2, $3, '[]', $4)`, [OTHER.brand, OTHER.competitor, OTHER.competitor.toLowerCase(), at]);
    await t.db.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at) VALUES ($1, $2, $3, '0 0 * * *', '["openai"]', '["DE"]', 'active', $4, $4)`,
      [OTHER.prompt, OTHER.brand, OTHER.promptText, at],
    );
    await t.db.query(`INSERT INTO runs (brand_id, id, prompt_id, provider, location, created_at, answer_text, named_count) VALUES ($1, $2, $3, 'openai', 'DE', $4, $5, 2)`, [OTHER.brand, OTHER.run, OTHER.prompt, at, OTHER.answer]);
    await t.db.query(`INSERT INTO mentions (brand_id, run_id, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment) VALUES ($1, $2, $3, 'openai', 'DE', $4, 'zyphora secret labs', $5, 1, 0.5)`, [OTHER.brand, OTHER.run, OTHER.prompt, at, OTHER.name]);
    await t.db.query(`INSERT INTO citations (brand_id, run_id, prompt_id, provider, location, created_at, position, url, domain, title, author, published_at, citation_hash) VALUES ($1, $2, $3, 'openai', 'DE', $4, 1, $5, 'zyphora-private.example', 'Private', NULL, NULL, 'h-other')`, [OTHER.brand, OTHER.run, OTHER.prompt, at, OTHER.citation]);
    await t.db.query(`INSERT INTO invoices (id, user_id, amount_cents, created_at, status, invoice_pdf) VALUES ($1, 'usr_lapsed', 1234, $2, 'paid', NULL)`, [OTHER.invoice, at]);
    demo = await t.login('demo@example.com');
    lapsed = await t.login('lapsed@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: cookie ? { cookie } : {} });

  it("exports the demo account's profile, settings, billing and owned brands with every run, mention and citation", async () => {
    const res = await get(demo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="answerscope-export.json"');
    const data = res.json();
    const [user] = await t.db.query<any>(`SELECT id, email, name, tenant_id FROM users WHERE id = 'usr_demo'`);
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, name: user.name, tenantId: user.tenant_id });
    // the stored hash (scrypt$N$r$p$salt$key) never leaves, under any name
    const [{ password_hash: hash }] = await t.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = 'usr_demo'`);
    expect(res.body).not.toContain(hash);
    expect(res.body).not.toContain('scrypt$');
    expect(Object.keys(data.profile)).not.toContain('passwordHash');
    expect(data.settings.notifications.preferences.security_alerts).toBe(true);

    const owned = await t.db.query<{ id: string }>(`SELECT brand_id AS id FROM brand_members WHERE user_id = 'usr_demo' AND role = 'owner' ORDER BY brand_id`);
    expect(data.brands.map((b: any) => b.id).sort()).toEqual(owned.map((b) => b.id));
    expect(owned.length).toBeGreaterThan(0);
    const ids = owned.map((b) => b.id);
    const count = async (table: string) => {
      const [row] = await t.db.query<{ n: number | bigint | string }>(`SELECT COUNT(*) AS n FROM ${table} WHERE brand_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`, ids);
      return Number(row.n);
    };
    const runs = data.brands.flatMap((b: any) => b.prompts.flatMap((p: any) => p.runs));
    expect(data.brands.flatMap((b: any) => b.prompts)).toHaveLength(await count('prompts'));
    expect(data.brands.flatMap((b: any) => b.competitors)).toHaveLength(await count('competitors'));
    expect(runs).toHaveLength(await count('runs'));
    expect(runs.flatMap((r: any) => r.mentions)).toHaveLength(await count('mentions'));
    expect(runs.flatMap((r: any) => r.citations)).toHaveLength(await count('citations'));
    expect(runs.length).toBeGreaterThan(0);
    expect(runs[0].answer.length).toBeGreaterThan(0);

    const invoices = await t.db.query<{ id: string }>(`SELECT id FROM invoices WHERE user_id = 'usr_demo' ORDER BY created_at, id`);
    expect(data.invoices.map((i: any) => i.id)).toEqual(invoices.map((i) => i.id));
    expect(data.subscriptions.length).toBeGreaterThan(0);
    expect(data.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it("never shows another tenant's rows, even of a brand shared with the caller", async () => {
    const text = (await get(demo)).body;
    for (const secret of Object.values(OTHER)) expect(text).not.toContain(secret);
    expect(text).not.toContain('lapsed@example.com');

    const theirs = (await get(lapsed)).json();
    expect(theirs.profile.email).toBe('lapsed@example.com');
    expect(theirs.brands.map((b: any) => b.id)).toEqual([OTHER.brand]);
    const [brand] = theirs.brands;
    expect(brand.competitors.map((c: any) => c.name)).toEqual([OTHER.competitor]);
    expect(brand.prompts[0].runs[0]).toMatchObject({ id: OTHER.run, answer: OTHER.answer });
    expect(brand.prompts[0].runs[0].mentions).toEqual([{ name: OTHER.name, rank: 1, sentiment: 0.5 }]);
    expect(brand.prompts[0].runs[0].citations[0].url).toBe(OTHER.citation);
    expect(theirs.invoices.map((i: any) => i.id)).toContain(OTHER.invoice);
    const demoOwned = await t.db.query<{ id: string }>(`SELECT brand_id AS id FROM brand_members WHERE user_id = 'usr_demo' AND role = 'owner'`);
    const theirsText = JSON.stringify(theirs);
    for (const b of demoOwned) expect(theirsText).not.toContain(b.id);
    expect(theirsText).not.toContain('demo@example.com');
  });

  it('needs a session', async () => {
    expect((await get()).statusCode).toBe(401);
  });
});

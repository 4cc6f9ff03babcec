import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDuckDb } from '../db/duckdb';
import { openPostgres } from '../db/postgres';
import { TEST_DATABASE_URL } from '../db/testing';
import type { Db, Dialect } from '../db/types';
import type { ServerContext } from '../http/context';
import { runWeeklyReports } from './jobs';
import { sendOnce } from './sendOnce';

// Once per period across instances: two databases handles (two API instances on PostgreSQL; two
// connections of one process on DuckDB) race for the same claims.
const NOW = new Date('2026-11-23T09:00:00.000Z'); // a Monday

async function openPair(dialect: Dialect): Promise<{ a: Db; b: Db; dispose: () => Promise<void> }> {
  if (dialect === 'duckdb') {
    const db = await openDuckDb({ file: ':memory:' });
    await migrate(db);
    return { a: db, b: db, dispose: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const a = await openPostgres({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
  await migrate(a);
  const b = await openPostgres({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
  return {
    a,
    b,
    dispose: async () => {
      await b.close();
      await a.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await a.close();
    },
  };
}

/** One subscribed user with weekly reports on and two brands (no facts: a report of an empty week). */
async function seedAccount(db: Db) {
  const at = new Date('2026-10-01T00:00:00.000Z').toISOString();
  await db.query(
    `INSERT INTO plans (id, name, max_prompts, max_locations, max_brands, price_cents, billing_interval) VALUES ('plan_x', 'X', 10, 3, 5, 100, 'month')`,
  );
  await db.query(
    `INSERT INTO users (id, email, password_hash, name, role, tenant_id, created_at, is_onboarded, is_active, notification_settings)
     VALUES ('usr_a', 'a@example.com', 'x', 'Ada', 'user', 'ten_a', $1, true, true, '{"preferences":{"weekly_reports":true}}')`,
    [at],
  );
  await db.query(
    `INSERT INTO subscriptions (id, user_id, plan_id, status, customer_id, created_at) VALUES ('sub_a', 'usr_a', 'plan_x', 'active', 'cus_a', $1)`,
    [at],
  );
  for (const id of ['brd_1', 'brd_2']) {
    await db.query(
      `INSERT INTO brands (id, name, url, location, created_by, finalized, created_at) VALUES ($1, $2, 'https://x.example', 'US', 'usr_a', true, $3)`,
      [id, `Brand ${id}`, at],
    );
    await db.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, 'usr_a', 'owner')`, [id]);
  }
}

describe.each(['duckdb', 'postgres'] as const)('sent once per period on %s', (dialect) => {
  let pair: Awaited<ReturnType<typeof openPair>>;
  const ctx = (db: Db): ServerContext => ({
    db,
    now: () => NOW,
    config: {
      port: 0,
      dataDir: '/tmp/answerscope-alerts-test',
      databaseUrl: null,
      publicUrl: 'https://app.example',
      webDir: null,
      secureCookies: false,
    },
  });
  const count = async (sql: string) => Number((await pair.a.query<{ n: number }>(sql))[0].n);

  beforeAll(async () => {
    pair = await openPair(dialect);
    await seedAccount(pair.a);
  }, 120_000);
  afterAll(() => pair?.dispose());

  it('queues one email when two claims of the same key race', async () => {
    const claim = { userId: 'usr_a', brandId: 'brd_1', kind: 'prompts_monitoring' as const, period: '2026-11-23' };
    const results = await Promise.all([
      sendOnce(pair.a, claim, { to: 'a@example.com', subject: 'race', body: 'one' }, NOW),
      sendOnce(pair.b, claim, { to: 'a@example.com', subject: 'race', body: 'two' }, NOW),
      sendOnce(pair.a, claim, { to: 'a@example.com', subject: 'race', body: 'three' }, NOW),
    ]);
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(await count(`SELECT COUNT(*) AS n FROM email_outbox WHERE subject = 'race'`)).toBe(1);
    const [claimed] = await pair.a.query<{ email_id: string }>(`SELECT email_id FROM alert_sends WHERE kind = 'prompts_monitoring'`);
    expect(claimed.email_id).toBe(results.find((id) => id !== null));
  });

  it('sends one weekly report per brand when two instances run the job at once, and none when it runs again', async () => {
    const [x, y] = await Promise.all([runWeeklyReports(ctx(pair.a)), runWeeklyReports(ctx(pair.b))]);
    expect(x.sent + y.sent).toBe(2);
    expect(await count(`SELECT COUNT(*) AS n FROM email_outbox WHERE subject LIKE 'Weekly report for %'`)).toBe(2);
    // A restart later in the week finds the week's reports claimed.
    const later = await runWeeklyReports({ ...ctx(pair.a), now: () => new Date(NOW.getTime() + 2 * 86_400_000) });
    expect(later).toMatchObject({ sent: 0, skipped: 2 });
    // The next Monday is a new period.
    const next = await runWeeklyReports({ ...ctx(pair.b), now: () => new Date(NOW.getTime() + 7 * 86_400_000) });
    expect(next.sent).toBe(2);
  });
});

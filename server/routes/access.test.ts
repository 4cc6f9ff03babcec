import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/testing';
import type { Dialect } from '../db/types';
import type { CallInput } from '../http/call';
import type { ServerContext } from '../http/context';
import { requireBrandAccess, requireBrandAccessWithCompetitors, requireBrandEditAccess, requirePromptAccess } from './access';
import { latestSubscription, newestSubscriptionStatus } from './account/plans';
import { brandRequest } from './insights/shared/request';
import type { WindowedBody } from './insights/shared/scope';

// The access checks of the guarded sections read brand, membership (and role), the prompt and the
// user's newest subscription in one statement each; these cases pin their answers and the order of
// their refusals: 404 for anything the user may not see, then 402 without an active or trialing
// subscription, then 403 for a viewer's write.

const NOW = new Date('2026-11-21T12:00:00.000Z');
const BRAND = 'brd_mine';
const OTHER_BRAND = 'brd_theirs';
const PROMPT = 'prm_mine';
const OTHER_PROMPT = 'prm_theirs';
const ORPHAN_PROMPT = 'prm_orphan';
const OWNER = { id: 'usr_owner', email: 'owner@example.com', name: 'Owner' };
const VIEWER = { id: 'usr_viewer', email: 'viewer@example.com', name: 'Viewer' };
const EDITOR = { id: 'usr_editor', email: 'editor@example.com', name: 'Editor' };
const LEGACY = { id: 'usr_legacy', email: 'legacy@example.com', name: 'Legacy' };
const STRANGER = { id: 'usr_stranger', email: 'stranger@example.com', name: 'Stranger' };
const USERS = [OWNER, VIEWER, EDITOR, LEGACY, STRANGER];

const at = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const e = err as { statusCode?: number; code?: string };
    return `${e.statusCode} ${e.code}`;
  }
  return 'allowed';
}

describe.each<Dialect>(['duckdb', 'postgres'])('access checks on %s', (dialect) => {
  let t: TestDb;
  let ctx: ServerContext;

  /** Replaces every user's subscriptions by `rows` ([user, id, status, days ago]). */
  async function subscriptions(rows: Array<[string, string, string, number]>): Promise<void> {
    await t.db.query(`DELETE FROM subscriptions`);
    for (const [user, id, status, days] of rows) {
      await t.db.query(
        `INSERT INTO subscriptions (id, user_id, plan_id, status, customer_id, current_period_end, created_at) VALUES ($1, $2, 'plan_x', $3, $4, NULL, $5)`,
        [id, user, status, `cus_${user}`, at(days)],
      );
    }
  }
  /** The id the database sorts last (its collation decides ties of created_at, as in latestSubscriptions). */
  const dbOrderLast = async (ids: string[]) =>
    (
      await t.db.query<{ id: string }>(
        `SELECT id FROM (VALUES ${ids.map((_, i) => `($${i + 1})`).join(', ')}) AS v(id) ORDER BY id DESC LIMIT 1`,
        ids,
      )
    )[0].id;
  const everyoneActive = () => subscriptions(USERS.map((u) => [u.id, `sub_${u.id}`, 'active', 10]));

  beforeAll(async () => {
    t = await openTestDb(dialect);
    ctx = {
      db: t.db,
      now: () => NOW,
      config: { port: 0, dataDir: '/tmp', databaseUrl: null, publicUrl: 'http://localhost', webDir: null, secureCookies: false },
    };
    for (const [id, owner] of [
      [BRAND, OWNER.id],
      [OTHER_BRAND, STRANGER.id],
    ]) {
      await t.db.query(
        `INSERT INTO brands (id, name, url, location, logo_url, aliases, created_by, finalized, created_at)
         VALUES ($1, $2, $3, 'US', NULL, '[]', $4, true, $5)`,
        [id, `Brand ${id}`, `https://${id}.example`, owner, at(30)],
      );
    }
    for (const [brand, user, role] of [
      [BRAND, OWNER.id, 'owner'],
      [BRAND, VIEWER.id, 'viewer'],
      [BRAND, EDITOR.id, 'editor'],
      [BRAND, LEGACY.id, 'other'],
      [OTHER_BRAND, STRANGER.id, 'owner'],
    ]) {
      await t.db.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ($1, $2, $3)`, [brand, user, role]);
    }
    await t.db.query(
      `INSERT INTO competitors (brand_id, name, name_key, aliases, created_at) VALUES ($1, 'Rival', 'rival', '[]', $2)`,
      [BRAND, at(30)],
    );
    for (const [id, brand] of [
      [PROMPT, BRAND],
      [OTHER_PROMPT, OTHER_BRAND],
      // A prompt left without its brand row: answers like a brand the user may not see.
      [ORPHAN_PROMPT, 'brd_gone'],
    ]) {
      await t.db.query(
        `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
         VALUES ($1, $2, $3, '0 0 * * *', '["openai"]', '["US"]', 'active', $4, $4)`,
        [id, brand, `best tools ${id}`, at(20)],
      );
    }
    await t.db.query(`INSERT INTO brand_members (brand_id, user_id, role) VALUES ('brd_gone', $1, 'owner')`, [OWNER.id]);
  }, 60_000);

  afterAll(async () => {
    await t?.dispose();
  });

  beforeEach(everyoneActive);

  const insightRequest = (user: typeof OWNER, brandId: string, on = ctx) =>
    brandRequest({
      body: { brandId, startTime: at(7), deltaStartTime: at(14), deltaEndTime: at(7), providers: null, location: null },
      user,
      ctx: on,
      request: { routeOptions: { url: '/api/test' } },
    } as unknown as CallInput<WindowedBody>);

  /** The three brand checks' answers for `user` on `brandId`. */
  const brandAnswers = async (user: typeof OWNER, brandId = BRAND) => ({
    read: await refusal(requireBrandAccess(ctx, user, brandId)),
    insight: await refusal(insightRequest(user, brandId)),
    write: await refusal(requireBrandEditAccess(ctx, user, brandId)),
  });

  it('gives a subscribed member the brand, with its columns', async () => {
    const brand = await requireBrandAccess(ctx, OWNER, BRAND);
    expect(brand).toEqual({
      id: BRAND,
      name: `Brand ${BRAND}`,
      url: `https://${BRAND}.example`,
      location: 'US',
      logo_url: null,
      aliases: '[]',
      created_by: OWNER.id,
      finalized: true,
      created_at: at(30),
    });
    expect(await requireBrandEditAccess(ctx, OWNER, BRAND)).toEqual(brand);
    const request = await insightRequest(OWNER, BRAND);
    expect(request.brand).toEqual(brand);
    expect(request.tracked.map((e) => e.name)).toEqual([`Brand ${BRAND}`, 'Rival']);
    expect(await requireBrandAccessWithCompetitors(ctx, OWNER, BRAND)).toEqual({
      brand,
      competitors: [{ name: 'Rival', name_key: 'rival' }],
    });
  });

  it('answers a non-member with an active subscription like a missing brand (404)', async () => {
    const stranger = await brandAnswers(STRANGER);
    expect(stranger).toEqual({ read: '404 BRAND_NOT_FOUND', insight: '404 BRAND_NOT_FOUND', write: '404 BRAND_NOT_FOUND' });
    expect(await brandAnswers(OWNER, 'brd_missing')).toEqual(stranger);
    // 404 before 402: a stranger without a subscription still learns nothing.
    await subscriptions([]);
    expect(await brandAnswers(STRANGER)).toEqual(stranger);
  });

  it('refuses a member whose newest subscription is not active or trialing (402), before the viewer check', async () => {
    const required = { read: '402 SUBSCRIPTION_REQUIRED', insight: '402 SUBSCRIPTION_REQUIRED', write: '402 SUBSCRIPTION_REQUIRED' };
    await subscriptions([]);
    expect(await brandAnswers(OWNER)).toEqual(required);
    expect(await brandAnswers(VIEWER)).toEqual(required);
    for (const status of ['canceled', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired']) {
      await subscriptions([[OWNER.id, 'sub_1', status, 1]]);
      expect(await brandAnswers(OWNER), status).toEqual(required);
    }
    await subscriptions([[OWNER.id, 'sub_1', 'trialing', 1]]);
    expect(await brandAnswers(OWNER)).toEqual({ read: 'allowed', insight: 'allowed', write: 'allowed' });
  });

  it("counts only the caller's own subscription", async () => {
    await subscriptions([[STRANGER.id, 'sub_s', 'active', 1]]);
    expect((await brandAnswers(OWNER)).read).toBe('402 SUBSCRIPTION_REQUIRED');
  });

  it('decides by the newest subscription (by creation, then id), as latestSubscription does', async () => {
    const cases: Array<{ rows: Array<[string, string, string, number]>; newest: string }> = [
      {
        rows: [
          [OWNER.id, 'sub_a', 'active', 5],
          [OWNER.id, 'sub_b', 'canceled', 1],
        ],
        newest: 'canceled',
      },
      {
        rows: [
          [OWNER.id, 'sub_a', 'canceled', 5],
          [OWNER.id, 'sub_b', 'active', 1],
        ],
        newest: 'active',
      },
      // The same moment: the greater id is the newer.
      {
        rows: [
          [OWNER.id, 'sub_b', 'active', 2],
          [OWNER.id, 'sub_a', 'canceled', 2],
        ],
        newest: 'active',
      },
      {
        rows: [
          [OWNER.id, 'sub_b', 'past_due', 2],
          [OWNER.id, 'sub_a', 'trialing', 2],
        ],
        newest: 'past_due',
      },
      {
        rows: [
          [OWNER.id, 'sub_a', 'canceled', 2],
          [OWNER.id, 'sub_b', 'active', 2],
        ],
        newest: 'active',
      },
      {
        rows: [
          [OWNER.id, 'sub_a', 'active', 2],
          [OWNER.id, 'sub_B', 'canceled', 2],
          [OWNER.id, 'sub_c', 'canceled', 3],
        ],
        newest: (await dbOrderLast(['sub_a', 'sub_B'])) === 'sub_a' ? 'active' : 'canceled',
      },
    ];
    for (const { rows, newest } of cases) {
      await subscriptions(rows);
      expect((await latestSubscription(t.db, OWNER.id))?.status).toBe(newest);
      expect(await newestSubscriptionStatus(t.db, OWNER.id)).toBe(newest);
      const allowed = newest === 'active' ? 'allowed' : '402 SUBSCRIPTION_REQUIRED';
      expect(await brandAnswers(OWNER), JSON.stringify(rows)).toEqual({ read: allowed, insight: allowed, write: allowed });
      expect(await refusal(requirePromptAccess(ctx, OWNER, PROMPT))).toBe(allowed);
    }
    await subscriptions([]);
    expect(await newestSubscriptionStatus(t.db, OWNER.id)).toBeNull();
  });

  it('lets owners and editors write, and refuses viewers and pre-role members with 403', async () => {
    expect(await brandAnswers(EDITOR)).toEqual({ read: 'allowed', insight: 'allowed', write: 'allowed' });
    for (const user of [VIEWER, LEGACY]) {
      expect(await brandAnswers(user), user.id).toEqual({ read: 'allowed', insight: 'allowed', write: '403 BRAND_READ_ONLY' });
    }
  });

  it("gives a subscribed member the prompt and its brand, and answers another tenant's prompt like a missing one", async () => {
    const prompt = await requirePromptAccess(ctx, OWNER, PROMPT);
    expect(prompt).toEqual({
      id: PROMPT,
      brand_id: BRAND,
      text: `best tools ${PROMPT}`,
      frequency_cron: '0 0 * * *',
      providers: '["openai"]',
      locations: '["US"]',
      state: 'active',
      created_at: at(20),
      updated_at: at(20),
      brand: await requireBrandAccess(ctx, OWNER, BRAND),
    });
    expect(await refusal(requirePromptAccess(ctx, VIEWER, PROMPT))).toBe('allowed');
    expect(await refusal(requirePromptAccess(ctx, OWNER, OTHER_PROMPT))).toBe('404 PROMPT_NOT_FOUND');
    expect(await refusal(requirePromptAccess(ctx, STRANGER, PROMPT))).toBe('404 PROMPT_NOT_FOUND');
    expect(await refusal(requirePromptAccess(ctx, OWNER, 'prm_missing'))).toBe('404 PROMPT_NOT_FOUND');
    expect(await refusal(requirePromptAccess(ctx, OWNER, ORPHAN_PROMPT))).toBe('404 BRAND_NOT_FOUND');
    await subscriptions([[OWNER.id, 'sub_1', 'canceled', 1]]);
    expect(await refusal(requirePromptAccess(ctx, OWNER, PROMPT))).toBe('402 SUBSCRIPTION_REQUIRED');
    expect(await refusal(requirePromptAccess(ctx, OWNER, OTHER_PROMPT))).toBe('404 PROMPT_NOT_FOUND');
    expect(await refusal(requirePromptAccess(ctx, OWNER, ORPHAN_PROMPT))).toBe('404 BRAND_NOT_FOUND');
  });

  it('reads each check in one round: the brand (or prompt) statement beside the subscription statement', async () => {
    const statements: string[] = [];
    const counted: ServerContext = { ...ctx, db: Object.create(t.db) };
    counted.db.query = (sql, params) => {
      statements.push(sql);
      return t.db.query(sql, params);
    };
    await requireBrandAccess(counted, OWNER, BRAND);
    await requireBrandEditAccess(counted, OWNER, BRAND);
    await requirePromptAccess(counted, OWNER, PROMPT);
    await requireBrandAccessWithCompetitors(counted, OWNER, BRAND);
    // Without kept answers an insight call needs no facts version.
    await insightRequest(OWNER, BRAND, counted);
    expect(statements).toHaveLength(10);
  });
});

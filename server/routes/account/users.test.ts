import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_SUBJECT } from './passwordChange';
import { startAccountApp, TEST_NOW, type AccountTestApp } from './testSupport';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----answerscope-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(['duckdb', 'postgres'] as const)('users/me calls on %s', (dialect) => {
  let t: AccountTestApp;
  let demo: string;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
    demo = await t.login('demo@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, cookie = demo) =>
    t.app.inject({ method, url, payload: payload as any, headers: { cookie } });

  it('returns the User entity with subscription, brands and plan usage computed from the prompts', async () => {
    const res = await call('GET', '/api/users/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(Object.keys(me).sort()).toEqual(
      ['address', 'canAddBrand', 'city', 'country', 'createdAt', 'email', 'id', 'isOnboarded', 'name', 'notificationSettings', 'phone', 'planUsage',
        'postalCode', 'privacySettings', 'profilePicture', 'role', 'state', 'tenantId', 'userBrands', 'userSubscription', 'username'].sort(),
    );
    const [plan] = await t.db.query<any>(
      `SELECT p.* FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = 'usr_demo'`,
    );
    expect(me.userSubscription).toEqual({
      status: 'active',
      pricingPlan: { name: plan.name, maxPrompts: plan.max_prompts, maxLocations: plan.max_locations, maxBrands: plan.max_brands },
    });
    expect(me.isOnboarded).toBe(true);
    expect(me.privacySettings).toEqual({ marketingEmails: true, surveyCommunications: true, analyticsTracking: true });
    expect(me.notificationSettings.preferences).toEqual({
      prompts_monitoring: true, competitor_intelligence: true, weekly_reports: false, security_alerts: true,
    });

    // Independent count over the stored prompts.
    const prompts = await t.db.query<{ brand_id: string; locations: string }>(`SELECT brand_id, locations FROM prompts`);
    const locations = new Set(prompts.flatMap((p) => JSON.parse(p.locations)));
    expect(me.userBrands).toHaveLength(1);
    const brand = me.userBrands[0];
    expect(brand).toMatchObject({ id: 'brd_taskvine', name: 'Taskvine', url: 'https://www.taskvine.com', location: 'US', ownerIds: ['usr_demo'] });
    expect(brand.lastPromptRun).toBe(new Date(TEST_NOW.getTime() - 86_400_000).toISOString());
    // the Locations filter offers the countries the brand's prompts use, not every country
    expect(brand.promptLocations).toEqual([...locations].map((l) => String(l).toUpperCase()).sort());
    expect(brand.promptLocations.length).toBeGreaterThan(0);
    expect(brand.planGovernance).toEqual({
      userRole: 'owner',
      effectivePlan: { name: plan.name },
      usage: {
        prompts: { currentUsage: prompts.length, limit: plan.max_prompts, isWithinLimit: prompts.length < plan.max_prompts },
        locations: { currentUsage: locations.size, limit: plan.max_locations, isWithinLimit: locations.size <= plan.max_locations },
      },
      governedBy: { name: 'Dana Demo', userId: 'usr_demo' },
    });
    expect(me.canAddBrand).toBe(1 < plan.max_brands);
  });

  it('usage follows new prompts and flags the prompt limit strictly', async () => {
    const [{ max_prompts }] = await t.db.query<{ max_prompts: number }>(
      `SELECT p.max_prompts FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.user_id = 'usr_demo'`,
    );
    await t.db.query(`UPDATE plans SET max_prompts = 3 WHERE id = (SELECT plan_id FROM subscriptions WHERE user_id = 'usr_demo')`);
    await t.db.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
       VALUES ('prm_extra', 'brd_taskvine', 'extra', '0 0 * * *', '["openai"]', '["DE"]', 'inactive', $1, $1)`,
      [TEST_NOW.toISOString()],
    );
    const usage = (await call('GET', '/api/users/me')).json().userBrands[0].planGovernance.usage;
    expect(usage.prompts).toEqual({ currentUsage: 3, limit: 3, isWithinLimit: false });
    expect(usage.locations.currentUsage).toBe(3); // US, GB, DE
    // A governing subscription that is no longer valid allows nothing, though the plan still shows.
    await t.db.query(`UPDATE subscriptions SET status = 'past_due' WHERE user_id = 'usr_demo'`);
    const lapsed = (await call('GET', '/api/users/me')).json();
    expect(lapsed.userBrands[0].planGovernance.usage.locations.isWithinLimit).toBe(false);
    expect(lapsed.userBrands[0].planGovernance.effectivePlan.name).toBe(lapsed.userSubscription.pricingPlan.name);
    expect(lapsed.canAddBrand).toBe(false);
    await t.db.query(`UPDATE subscriptions SET status = 'active' WHERE user_id = 'usr_demo'`);
    await t.db.query(`DELETE FROM prompts WHERE id = 'prm_extra'`);
    await t.db.query(`UPDATE plans SET max_prompts = $1 WHERE id = (SELECT plan_id FROM subscriptions WHERE user_id = 'usr_demo')`, [max_prompts]);
  });

  it('a user without a subscription has null userSubscription and no brands', async () => {
    const me = (await call('GET', '/api/users/me', undefined, await t.login('new@example.com'))).json();
    expect(me.userSubscription).toBeNull();
    expect(me.userBrands).toEqual([]);
    expect(me.isOnboarded).toBe(false);
    expect(me.canAddBrand).toBe(false);
  });

  it('PUT merges profile fields, keeps email, refuses a changed email and a blank name', async () => {
    const res = await call('PUT', '/api/users/me', { name: '  Dana D. ', city: 'Berlin', phone: '', email: 'demo@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dana D.', city: 'Berlin', phone: null, email: 'demo@example.com', country: 'US' });
    expect((await call('GET', '/api/users/me')).json().city).toBe('Berlin');
    const email = await call('PUT', '/api/users/me', { email: 'other@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json().code).toBe('EMAIL_NOT_EDITABLE');
    const blank = await call('PUT', '/api/users/me', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Name is required');
    expect((await call('PUT', '/api/users/me', { tenantId: 'x' })).statusCode).toBe(400);
    await call('PUT', '/api/users/me', { name: 'Dana Demo', city: null });
  });

  it('privacy settings round trip', async () => {
    const res = await call('PUT', '/api/users/me/privacy-settings', { marketingEmails: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { marketingEmails: false, surveyCommunications: true, analyticsTracking: true } });
    await call('PUT', '/api/users/me/privacy-settings', { analyticsTracking: false });
    expect((await call('GET', '/api/users/me')).json().privacySettings).toEqual({
      marketingEmails: false, surveyCommunications: true, analyticsTracking: false,
    });
    expect((await call('PUT', '/api/users/me/privacy-settings', { marketingEmails: 'no' })).statusCode).toBe(400);
  });

  it('notification settings round trip with security alerts always on', async () => {
    const res = await call('PUT', '/api/users/me/notification-settings', { preferences: { weekly_reports: true, security_alerts: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preferences).toEqual({
      prompts_monitoring: true, competitor_intelligence: true, weekly_reports: true, security_alerts: true,
    });
    await call('PUT', '/api/users/me/notification-settings', { preferences: { prompts_monitoring: false } });
    expect((await call('GET', '/api/users/me')).json().notificationSettings.preferences).toEqual({
      prompts_monitoring: false, competitor_intelligence: true, weekly_reports: true, security_alerts: true,
    });
  });

  it('password change email goes to the outbox with a 120 s cooldown', async () => {
    const first = await call('POST', '/api/users/me/request-password-change');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Password change email sent successfully!', email: 'demo@example.com' });
    const mails = await t.db.query<{ to_address: string; body: string }>(`SELECT to_address, body FROM email_outbox WHERE subject = $1`, [PASSWORD_CHANGE_SUBJECT]);
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('demo@example.com');
    expect(mails[0].body).toContain('http://localhost:8080/api/auth/password-reset?token=');

    t.setNow(new Date(TEST_NOW.getTime() + 60_000));
    const again = await call('POST', '/api/users/me/request-password-change');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('PASSWORD_CHANGE_COOLDOWN');
    expect(again.json().details).toEqual({ retryAfterSeconds: 60 });
    t.setNow(new Date(TEST_NOW.getTime() + 121_000));
    expect((await call('POST', '/api/users/me/request-password-change')).statusCode).toBe(200);
    t.setNow(TEST_NOW);
  });

  it('uploads a profile picture, serves it back and refuses non-images', async () => {
    const { payload, headers } = multipart('profilePicture', 'me.png', 'image/png', PNG);
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/me/profile-picture', payload, headers: { ...headers, cookie: demo } });
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture as string;
    expect(url).toMatch(/^\/api\/users\/profile-pictures\/[\w-]+\.png$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const fake = multipart('profilePicture', 'x.png', 'image/png', Buffer.from('<svg onload=alert(1)>'));
    const bad = await t.app.inject({ method: 'PUT', url: '/api/users/me/profile-picture', payload: fake.payload, headers: { ...fake.headers, cookie: demo } });
    expect(bad.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile-pictures/..%2Fsecret' })).statusCode).toBe(404);
    const huge = multipart('profilePicture', 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
    const tooBig = await t.app.inject({ method: 'PUT', url: '/api/users/me/profile-picture', payload: huge.payload, headers: { ...huge.headers, cookie: demo } });
    expect(tooBig.statusCode).toBe(413);
    expect((await call('GET', '/api/users/me')).json().profilePicture).toBe(url);
    const json = await call('PUT', '/api/users/me/profile-picture', { profilePicture: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('deactivate ends every session and blocks login with a deactivated message', async () => {
    const lapsed = await t.login('lapsed@example.com');
    const other = await t.login('lapsed@example.com');
    const res = await call('POST', '/api/users/me/deactivate', undefined, lapsed);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect((await call('GET', '/api/users/me', undefined, other)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lapsed@example.com', password: 'demo-password' } });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toContain('deactivated');
  });

  it('config needs no session and returns features, settings and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(data.settings.checkoutSessionRefreshMinutes).toBe(25);
    expect(data.features.agencyAccounts).toBe(false);
  });
});

describe('password change link', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await startAccountApp('duckdb');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the emailed link sets a new password once, ends sessions and expires after an hour', async () => {
    const cookie = await t.login('demo@example.com');
    await t.app.inject({ method: 'POST', url: '/api/users/me/request-password-change', headers: { cookie } });
    const [mail] = await t.db.query<{ body: string }>(`SELECT body FROM email_outbox`);
    const link = new URL(/http\S+/.exec(mail.body)![0]);
    const token = link.searchParams.get('token')!;

    const pageRes = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Choose a new password');

    const short = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'a-new-password' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: 'demo-password' } })).statusCode).toBe(401);
    await t.login('demo@example.com', 'a-new-password');
    // Used once: the link is dead now.
    const reuse = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'another-password' } });
    expect(reuse.json().code).toBe('INVALID_RESET_LINK');

    t.setNow(new Date(TEST_NOW.getTime() + 121_000));
    await t.app.inject({ method: 'POST', url: '/api/users/me/request-password-change', headers: { cookie: await t.login('demo@example.com', 'a-new-password') } });
    const [{ body }] = await t.db.query<{ body: string }>(`SELECT body FROM email_outbox ORDER BY created_at DESC LIMIT 1`);
    const later = new URL(/http\S+/.exec(body)![0]).searchParams.get('token')!;
    t.setNow(new Date(TEST_NOW.getTime() + 121_000 + 3601_000));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token: later, password: 'x-password-1' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/password-reset?token=' + encodeURIComponent(later) })).body).toContain('Link expired');
  });
});

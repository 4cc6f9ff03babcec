import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_GRACE_SECONDS } from '../../auth/constants';
import { DEMO_PASSWORD } from '../../seed/demoAccounts';
import { cookieValue, startAccountApp, TEST_NOW, type AccountTestApp } from './testSupport';

describe.each(['duckdb', 'postgres'] as const)('auth calls on %s', (dialect) => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...extra }, remoteAddress: '10.0.0.1' });

  it('login sets HttpOnly SameSite=Lax cookies and returns the user summary', async () => {
    const res = await login('Demo@Example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: 'usr_demo', name: 'Dana Demo', email: 'demo@example.com', isOnboarded: true } });
    const cookies = res.headers['set-cookie'] as string[];
    const access = cookies.find((c) => c.startsWith(`${ACCESS_COOKIE}=`))!;
    const refresh = cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!;
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).toMatch(/Path=\//);
    expect(access).toMatch(/Max-Age=14400/);
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/Path=\/api\/auth/);
    // The cookie works for an authenticated call.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${cookieValue(cookies, ACCESS_COOKIE)}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('demo@example.com');
  });

  it('wrong password and unknown email are both 401 with the same message', async () => {
    const wrong = await login('demo@example.com', 'nope');
    const unknown = await login('nobody@example.com', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS', details: null });
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('calls without a valid access cookie are 401 UNAUTHENTICATED', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const forged = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=ses_x.9999999999.abc` } });
    expect(forged.statusCode).toBe(401);
  });

  it('the access token expires after about 4 hours', async () => {
    const res = await login('demo@example.com', DEMO_PASSWORD);
    const cookie = `${ACCESS_COOKIE}=${cookieValue(res.headers['set-cookie'], ACCESS_COOKIE)}`;
    t.setNow(new Date(TEST_NOW.getTime() + 3.9 * 3600_000));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    t.setNow(new Date(TEST_NOW.getTime() + 4.1 * 3600_000));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    t.setNow(TEST_NOW);
  });

  it('refresh rotates the pair; the old refresh token reused after the grace window revokes the session', async () => {
    const res = await login('demo@example.com', DEMO_PASSWORD);
    const oldRefresh = cookieValue(res.headers['set-cookie'], REFRESH_COOKIE)!;
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${oldRefresh}` } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const newRefresh = cookieValue(first.headers['set-cookie'], REFRESH_COOKIE)!;
    const newAccess = cookieValue(first.headers['set-cookie'], ACCESS_COOKIE)!;
    expect(newRefresh).not.toBe(oldRefresh);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${newAccess}` } })).statusCode).toBe(200);

    t.setNow(new Date(TEST_NOW.getTime() + (REFRESH_GRACE_SECONDS + 1) * 1000));
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${oldRefresh}` } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_TOKEN');
    expect(replay.json().message).toBe('Your session has expired. Please log in again.');
    // The replay revoked the whole session: the new tokens are dead too.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${newRefresh}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${newAccess}` } })).statusCode).toBe(401);
    t.setNow(TEST_NOW);
  });

  it('a session ends 30 days after login even when refreshed', async () => {
    const res = await login('demo@example.com', DEMO_PASSWORD);
    let refresh = cookieValue(res.headers['set-cookie'], REFRESH_COOKIE)!;
    t.setNow(new Date(TEST_NOW.getTime() + 29 * 86_400_000));
    const r1 = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${refresh}` } });
    expect(r1.statusCode).toBe(200);
    refresh = cookieValue(r1.headers['set-cookie'], REFRESH_COOKIE)!;
    const access = cookieValue(r1.headers['set-cookie'], ACCESS_COOKIE)!;
    t.setNow(new Date(TEST_NOW.getTime() + 30 * 86_400_000 + 1000));
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${access}` } })).statusCode).toBe(401);
    const r2 = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${refresh}` } });
    expect(r2.statusCode).toBe(401);
    expect(r2.json().code).toBe('SESSION_EXPIRED');
    t.setNow(TEST_NOW);
  });

  it('refresh without a cookie is 401 SESSION_EXPIRED', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('logout revokes the session and clears the cookies', async () => {
    const res = await login('demo@example.com', DEMO_PASSWORD);
    const access = cookieValue(res.headers['set-cookie'], ACCESS_COOKIE)!;
    const refresh = cookieValue(res.headers['set-cookie'], REFRESH_COOKIE)!;
    const cookie = `${ACCESS_COOKIE}=${access}; ${REFRESH_COOKIE}=${refresh}`;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = out.headers['set-cookie'] as string[];
    expect(cleared.some((c) => c.startsWith(`${ACCESS_COOKIE}=;`) && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } })).statusCode).toBe(401);
  });

  it('logout by form POST redirects only to this site, as a path', async () => {
    const same = await t.app.inject({ method: 'POST', url: '/api/auth/logout?redirectUrl=' + encodeURIComponent('http://localhost:8080/app/home'), headers: { host: 'localhost:8080' } });
    expect(same.statusCode).toBe(303);
    expect(same.headers.location).toBe('/app/home');
    const evil = await t.app.inject({ method: 'POST', url: '/api/auth/logout?redirectUrl=' + encodeURIComponent('https://evil.example/x'), headers: { host: 'localhost:8080' } });
    expect(evil.headers.location).toBe('/login');
    const protocolRelative = await t.app.inject({ method: 'POST', url: '/api/auth/logout?redirectUrl=//evil.example' });
    expect(protocolRelative.headers.location).toBe('/login');
    // Logout by GET is refused (server/http/crossSiteGuard.test.ts covers why).
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout' })).statusCode).toBe(405);
  });

  it('login with redirectUrl answers 303 to it with the cookies set', async () => {
    const res = await login('demo@example.com', DEMO_PASSWORD, { redirectUrl: '/app/prompts' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/prompts');
    expect(cookieValue(res.headers['set-cookie'], ACCESS_COOKIE)).toBeTruthy();
  });

  it('a deactivated account gets 400 with a message containing deactivated', async () => {
    await t.db.query(`UPDATE users SET is_active = false WHERE id = 'usr_lapsed'`);
    const res = await login('lapsed@example.com', DEMO_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect(res.json().message).toContain('deactivated');
    await t.db.query(`UPDATE users SET is_active = true WHERE id = 'usr_lapsed'`);
  });

  it('a session whose user was deactivated elsewhere: 401 on calls, 400 deactivated on refresh', async () => {
    const res = await login('lapsed@example.com', DEMO_PASSWORD);
    const access = cookieValue(res.headers['set-cookie'], ACCESS_COOKIE)!;
    const refresh = cookieValue(res.headers['set-cookie'], REFRESH_COOKIE)!;
    await t.db.query(`UPDATE users SET is_active = false WHERE id = 'usr_lapsed'`);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${access}` } })).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${refresh}` } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('deactivated');
    await t.db.query(`UPDATE users SET is_active = true WHERE id = 'usr_lapsed'`);
  });

  it('rate-limits failed logins per email, from any address, with 429 and Retry-After', async () => {
    const attempt = (ip: string, password = 'wrong') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'new@example.com', password }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await attempt('10.9.9.9')).statusCode).toBe(401);
    const blocked = await attempt('10.9.9.9', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is held back too (the count is the email's); the window passing lets it in again.
    expect((await attempt('10.9.9.8', DEMO_PASSWORD)).statusCode).toBe(429);
    t.setNow(new Date(TEST_NOW.getTime() + 16 * 60_000));
    expect((await attempt('10.9.9.9', DEMO_PASSWORD)).statusCode).toBe(200);
    t.setNow(TEST_NOW);
  });

  it('signing in ends a session planted in the browser before it (session fixation)', async () => {
    // Someone else's session (here: another account's) sits in the victim's cookie jar.
    const planted = await login('lapsed@example.com', DEMO_PASSWORD);
    const plantedAccess = cookieValue(planted.headers['set-cookie'], ACCESS_COOKIE)!;
    const plantedRefresh = cookieValue(planted.headers['set-cookie'], REFRESH_COOKIE)!;
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${plantedAccess}` } })).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo@example.com', password: DEMO_PASSWORD },
      headers: { cookie: `${ACCESS_COOKIE}=${plantedAccess}; ${REFRESH_COOKIE}=${plantedRefresh}` },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const access = cookieValue(res.headers['set-cookie'], ACCESS_COOKIE)!;
    expect(access.split('.')[0]).not.toBe(plantedAccess.split('.')[0]);
    // Only the session opened by this sign-in is valid afterwards.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${plantedAccess}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${plantedRefresh}` } })).statusCode).toBe(401);
    const mine = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${access}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().email).toBe('demo@example.com');
  });

  it('validates the login body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    const extra = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a', password: 'b', admin: true } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('login as a plain HTML form post', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    // buildApp parses urlencoded form bodies itself.
    t = await startAccountApp('duckdb');
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (form: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('redirects to the target with cookies on success and back to /login with the message on failure', async () => {
    const ok = await post({ email: 'demo@example.com', password: DEMO_PASSWORD, redirectUrl: '/app/sources' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/app/sources');
    expect(cookieValue(ok.headers['set-cookie'], ACCESS_COOKIE)).toBeTruthy();
    const home = await post({ email: 'demo@example.com', password: DEMO_PASSWORD });
    expect(home.headers.location).toBe('/app/home');
    const bad = await post({ email: 'demo@example.com', password: 'nope', redirectUrl: '/app/sources' });
    expect(bad.statusCode).toBe(303);
    const to = new URL(bad.headers.location as string, 'http://x');
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('error')).toBe('Invalid email or password');
    expect(to.searchParams.get('redirectUrl')).toBe('/app/sources');
    expect(bad.headers['set-cookie']).toBeUndefined();
  });
});

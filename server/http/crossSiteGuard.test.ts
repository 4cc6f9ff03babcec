import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '../auth/constants';
import { routes } from '../routes/index';
import { cookieValue, startAccountApp, type AccountTestApp } from '../routes/account/testSupport';
import { DEMO_PASSWORD } from '../seed/demoAccounts';
import { CROSS_SITE_CODE } from './crossSiteGuard';

// CSRF: what a page on another site can make a signed-in victim's browser send. The browser adds
// the victim's cookies (a top-level form POST carries SameSite=Lax cookies in some browsers, and
// the attacker's own for login CSRF) and marks the request with Origin and Sec-Fetch-Site.

const PUBLIC_ORIGIN = 'http://localhost:8080';
const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const SAME = { origin: PUBLIC_ORIGIN, 'sec-fetch-site': 'same-origin' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('state-changing calls from another site are refused', () => {
  let t: AccountTestApp;
  let cookie: string;
  let brandId: string;

  const competitorNames = async () =>
    (await t.db.query<{ name: string }>(`SELECT name FROM competitors WHERE brand_id = $1 ORDER BY name`, [brandId])).map((r) => r.name);
  const addCompetitor = (name: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/competitors',
      headers: { ...FORM, cookie, ...headers },
      payload: new URLSearchParams({ brandId, competitorName: name }).toString(),
    });

  beforeAll(async () => {
    t = await startAccountApp('duckdb', { routes });
    cookie = await t.login('demo@example.com');
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    brandId = me.json().userBrands[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a cross-site form POST that would add a competitor, and adds nothing', async () => {
    const before = await competitorNames();
    const res = await addCompetitor('Evil Corp', EVIL);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: CROSS_SITE_CODE, details: null });
    expect(await competitorNames()).toEqual(before);
  });

  it('refuses by Origin alone when the browser sends no Sec-Fetch-Site, and an opaque Origin', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'http://localhost:8080.evil.example' }]) {
      const res = await addCompetitor('Evil Corp', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await competitorNames()).not.toContain('Evil Corp');
  });

  it('refuses a sibling site (same-site is not same-origin)', async () => {
    const res = await addCompetitor('Evil Corp', { origin: 'http://other.localhost:8080', 'sec-fetch-site': 'same-site' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses PUT, PATCH and DELETE from another site too', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/competitors',
      headers: { cookie, ...EVIL },
      payload: { brandId, competitorName: 'Asana' },
    });
    expect(del.statusCode).toBe(403);
    expect(await competitorNames()).toContain('Asana');
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/users/me', headers: { cookie, ...EVIL }, payload: { name: 'Pwned' } });
      expect(res.statusCode, method).toBe(403);
    }
  });

  it('lets the app itself through: same-origin, Origin equal to PUBLIC_URL, and the Host the browser addressed', async () => {
    expect((await addCompetitor('Monday', SAME)).statusCode).toBe(201);
    expect((await addCompetitor('Notion', { origin: PUBLIC_ORIGIN })).statusCode).toBe(201);
    expect((await addCompetitor('Linear', { origin: 'http://127.0.0.1:9999', host: '127.0.0.1:9999' })).statusCode).toBe(201);
    // A user-started request (typed address, bookmark) and a client that is no browser (no cookies of a victim).
    expect((await addCompetitor('ClickUp', { 'sec-fetch-site': 'none' })).statusCode).toBe(201);
    expect((await addCompetitor('Jira', {})).statusCode).toBe(201);
    expect(await competitorNames()).toEqual(expect.arrayContaining(['Monday', 'Notion', 'Linear', 'ClickUp', 'Jira']));
  });

  it('leaves reads alone: a cross-site link or image GET is not a state change', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie, ...EVIL } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses login CSRF: another site cannot sign the victim into its account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...FORM, ...EVIL },
      payload: new URLSearchParams({ email: 'demo@example.com', password: DEMO_PASSWORD, redirectUrl: '/app/home' }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(CROSS_SITE_CODE);
    expect(cookieValue(res.headers['set-cookie'], ACCESS_COOKIE)).toBeNull();
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...FORM, ...SAME },
      payload: new URLSearchParams({ email: 'demo@example.com', password: DEMO_PASSWORD, redirectUrl: '/app/home' }).toString(),
    });
    expect(same.statusCode).toBe(303);
    expect(cookieValue(same.headers['set-cookie'], ACCESS_COOKIE)).toBeTruthy();
  });

  it('logout: never by GET, and a cross-site POST does not end the session', async () => {
    const own = await t.login('demo@example.com');
    const byGet = await t.app.inject({ method: 'GET', url: '/api/auth/logout?redirectUrl=%2F', headers: { cookie: own } });
    expect(byGet.statusCode).toBe(405);
    expect(byGet.headers.allow).toBe('POST');
    expect(byGet.headers['set-cookie']).toBeUndefined();
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/auth/logout?redirectUrl=%2F', headers: { cookie: own, ...EVIL } });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: own } })).statusCode).toBe(200);

    // The app's own form POST signs out and lands where it asked.
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/auth/logout?redirectUrl=${encodeURIComponent(`${PUBLIC_ORIGIN}/`)}`,
      headers: { cookie: own, ...FORM, ...SAME },
      payload: '',
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: own } })).statusCode).toBe(401);
  });
});

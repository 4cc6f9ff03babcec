import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../index';
import { startAccountApp, type AccountTestApp } from '../account/testSupport';
import { PAGES_DIR } from './index';
import { STAFF_ONLY_CODE, STAFF_ONLY_MESSAGE } from './staff';

// The page studio's call: the deployed page files for staff (the demo login is staff in the demo
// data), 403 STAFF_ONLY for everyone else, 401 signed out. One database is enough: the call reads
// a role and files.

describe('studio.pages', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await startAccountApp('duckdb', { routes });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/studio/pages', headers: cookie ? { cookie } : {} });

  it('gives staff every page file as deployed', async () => {
    const res = await get(await t.login('demo@example.com'));
    expect(res.statusCode).toBe(200);
    const { pages } = res.json() as { pages: { file: string; text: string }[] };
    const overview = pages.find((p) => p.file === 'overview.json');
    expect(overview?.text).toBe(readFileSync(join(PAGES_DIR, 'overview.json'), 'utf8'));
    expect(pages.map((p) => p.file)).toEqual(pages.map((p) => p.file).sort());
  });

  it('refuses subscribers who are not staff, and visitors who are not signed in', async () => {
    const subscriber = await get(await t.login('lapsed@example.com'));
    expect(subscriber.statusCode).toBe(403);
    expect(subscriber.json()).toMatchObject({ code: STAFF_ONLY_CODE, message: STAFF_ONLY_MESSAGE });
    expect((await get()).statusCode).toBe(401);
  });

  it('follows the stored role: a staff user whose role is taken away is refused at once', async () => {
    const cookie = await t.login('demo@example.com');
    await t.db.query(`UPDATE users SET role = 'user' WHERE id = 'usr_demo'`);
    try {
      expect((await get(cookie)).statusCode).toBe(403);
    } finally {
      await t.db.query(`UPDATE users SET role = 'staff' WHERE id = 'usr_demo'`);
    }
  });
});

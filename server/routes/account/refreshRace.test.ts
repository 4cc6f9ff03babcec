import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_GRACE_SECONDS } from '../../auth/constants';
import { cookieValue, startAccountApp, TEST_NOW, type AccountTestApp } from './testSupport';

// Two tabs, or a retried request, refresh with the same cookie at the same moment: neither may get
// a 500 or sign the user out. A token replayed after the grace window still ends the session.

describe.each(['duckdb', 'postgres'] as const)('concurrent refreshes on %s', (dialect) => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${token}` } });
  const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: `${ACCESS_COOKIE}=${access}` } });
  const signIn = async () => cookieValue((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: 'demo-password' } })).headers['set-cookie'], REFRESH_COOKIE)!;

  for (const parallel of [2, 5]) {
    it(`${parallel} concurrent refreshes with one cookie never 500 and never sign out (10 trials)`, async () => {
      for (let trial = 0; trial < 10; trial++) {
        const token = await signIn();
        const answers = await Promise.all(Array.from({ length: parallel }, () => refresh(token)));
        expect(answers.map((a) => a.statusCode)).toEqual(Array(parallel).fill(200));
        // Every answer carries the same new refresh token, so whichever the browser keeps works.
        const next = new Set(answers.map((a) => cookieValue(a.headers['set-cookie'], REFRESH_COOKIE)));
        expect(next.size).toBe(1);
        for (const a of answers) expect((await me(cookieValue(a.headers['set-cookie'], ACCESS_COOKIE)!)).statusCode).toBe(200);
        const later = await refresh([...next][0]!);
        expect(later.statusCode).toBe(200);
        expect((await me(cookieValue(later.headers['set-cookie'], ACCESS_COOKIE)!)).statusCode).toBe(200);
      }
    });
  }

  it('a token replayed after the grace window revokes the whole session', async () => {
    const token = await signIn();
    const first = await refresh(token);
    const rotated = cookieValue(first.headers['set-cookie'], REFRESH_COOKIE)!;
    const access = cookieValue(first.headers['set-cookie'], ACCESS_COOKIE)!;
    t.setNow(new Date(TEST_NOW.getTime() + (REFRESH_GRACE_SECONDS + 1) * 1000));
    try {
      const replay = await refresh(token);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('INVALID_TOKEN');
      expect((await refresh(rotated)).statusCode).toBe(401);
      expect((await me(access)).statusCode).toBe(401);
    } finally {
      t.setNow(TEST_NOW);
    }
  });

  it('inside the window, a token two rotations old is a replay all the same', async () => {
    const token = await signIn();
    const once = cookieValue((await refresh(token)).headers['set-cookie'], REFRESH_COOKIE)!;
    const twice = await refresh(once);
    expect(twice.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await refresh(cookieValue(twice.headers['set-cookie'], REFRESH_COOKIE)!)).statusCode).toBe(401);
  });
});

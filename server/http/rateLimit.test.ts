import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../auth/constants';
import { cookieHeader, cookieValue, startAccountApp, type AccountTestApp } from '../routes/account/testSupport';
import { DEMO_PASSWORD } from '../seed/demoAccounts';
import { API_RATE_LIMIT, AUTH_RATE_LIMITS } from './rateLimit';

// The request limits of @fastify/rate-limit, driven as a flooding client would. Every refusal is a
// 429 in the API's error shape with Retry-After.

function expectRefusal(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, code: string) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ code, details: { retryAfterSeconds: expect.any(Number) } });
  expect(typeof res.json().message).toBe('string');
}

describe('request rate limits', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await startAccountApp('duckdb');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits /api calls per client address, and a signed-in session has a budget of its own', async () => {
    const config = (remoteAddress: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/config', remoteAddress, headers: cookie ? { cookie } : {} });
    const answers = [];
    for (let i = 0; i < API_RATE_LIMIT.max; i += 100) {
      answers.push(...(await Promise.all(Array.from({ length: Math.min(100, API_RATE_LIMIT.max - i) }, () => config('10.20.0.1')))));
    }
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expectRefusal(await config('10.20.0.1'), 'TOO_MANY_REQUESTS');
    // Another address, and a session signed in elsewhere but now calling from this address, are not held back.
    expect((await config('10.20.0.2')).statusCode).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: DEMO_PASSWORD }, remoteAddress: '10.20.0.3' });
    expect(signIn.statusCode).toBe(200);
    expect((await config('10.20.0.1', cookieHeader(signIn.headers['set-cookie']))).statusCode).toBe(200);
    // An unknown path is counted too (scanning is no way around the limit).
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/no-such-call', remoteAddress: '10.20.0.1' }), 'TOO_MANY_REQUESTS');
  });

  it('limits sign-ins per address and email, successful ones included', async () => {
    const { max } = AUTH_RATE_LIMITS['POST /api/auth/login'];
    const login = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'new@example.com', password: DEMO_PASSWORD }, remoteAddress: '10.21.0.1' });
    for (let i = 0; i < max; i++) expect((await login()).statusCode).toBe(200);
    expectRefusal(await login(), 'TOO_MANY_ATTEMPTS');
  });

  it('limits refreshes per address', async () => {
    const { max } = AUTH_RATE_LIMITS['POST /api/auth/refresh'];
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lapsed@example.com', password: DEMO_PASSWORD } });
    let token = cookieValue(signIn.headers['set-cookie'], REFRESH_COOKIE)!;
    for (let i = 0; i < max; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${token}` }, remoteAddress: '10.22.0.1' });
      expect(res.statusCode).toBe(200);
      token = cookieValue(res.headers['set-cookie'], REFRESH_COOKIE)!;
    }
    expectRefusal(
      await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${token}` }, remoteAddress: '10.22.0.1' }),
      'TOO_MANY_REQUESTS',
    );
  });

  it('limits password reset submissions and password change requests per address', async () => {
    const reset = AUTH_RATE_LIMITS['POST /api/auth/password-reset'].max;
    const submit = () => t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token: 'x.1.y', password: 'whatever-password' }, remoteAddress: '10.23.0.1' });
    for (let i = 0; i < reset; i++) expect((await submit()).statusCode).toBe(400);
    expectRefusal(await submit(), 'TOO_MANY_REQUESTS');

    const change = AUTH_RATE_LIMITS['POST /api/users/me/request-password-change'].max;
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: DEMO_PASSWORD } });
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    const request = () => t.app.inject({ method: 'POST', url: '/api/users/me/request-password-change', headers: { cookie }, remoteAddress: '10.24.0.1' });
    const codes = [];
    for (let i = 0; i < change; i++) codes.push((await request()).statusCode);
    // The email's own cooldown answers first; the address limit catches what is beyond it.
    expect(codes[0]).toBe(200);
    expectRefusal(await request(), 'TOO_MANY_REQUESTS');
  });

  it('does not limit this host itself (health probes, local tools)', async () => {
    const answers = await Promise.all(Array.from({ length: AUTH_RATE_LIMITS['POST /api/auth/password-reset'].max + 5 }, () =>
      t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token: 'x.1.y', password: 'whatever-password' }, remoteAddress: '127.0.0.1' }),
    ));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
  });
});

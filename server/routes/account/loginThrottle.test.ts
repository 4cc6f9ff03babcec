import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_ATTEMPTS, LOGIN_MAX_ATTEMPTS_PER_ADDRESS } from '../../auth/constants';
import { parseTrustProxy } from '../../http/rateLimitClientAddress';
import { DEMO_PASSWORD } from '../../seed/demoAccounts';
import { startAuthTestApp } from './authTestApp';
import { startAccountApp, type AccountTestApp } from './testSupport';

// Attacks on the login throttle with real concurrent requests: a wrong password is only ever
// checked (401) while the throttle has room; everything beyond it is refused (429) before hashing.

/** Tallies answers by status and checks every refusal is a proper 429. */
function tally(responses: LightMyRequestResponse[]) {
  const checked = responses.filter((r) => r.statusCode === 401).length;
  const refused = responses.filter((r) => r.statusCode === 429);
  for (const r of refused) {
    expect(r.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  }
  return { checked, refused: refused.length, other: responses.length - checked - refused.length };
}

describe.each(['duckdb', 'postgres'] as const)('login throttle under concurrent attack on %s', (dialect) => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await startAccountApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, remoteAddress: string, password = 'wrong-password') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('300 concurrent wrong passwords for one email from one address: at most the limit are checked', async () => {
    const responses = await Promise.all(Array.from({ length: 300 }, () => login('demo@example.com', '10.1.0.1')));
    const { checked, refused, other } = tally(responses);
    expect(other).toBe(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_MAX_ATTEMPTS);
    expect(refused).toBeGreaterThanOrEqual(300 - LOGIN_MAX_ATTEMPTS);
  });

  it('300 concurrent wrong passwords for one email from 300 addresses: the per-email count is atomic', async () => {
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => login('lapsed@example.com', `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`)),
    );
    const { checked, refused, other } = tally(responses);
    expect(other).toBe(0);
    expect(checked).toBe(LOGIN_MAX_ATTEMPTS);
    expect(refused).toBe(300 - LOGIN_MAX_ATTEMPTS);
    // The right password from a fresh address is refused too while the window lasts.
    expect((await login('lapsed@example.com', '10.2.9.9', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('spraying 40 emails from one address is throttled per address', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`sprayed${i}@example.com`, '10.3.0.1')));
    const { checked, refused, other } = tally(responses);
    expect(other).toBe(0);
    expect(checked).toBe(LOGIN_MAX_ATTEMPTS_PER_ADDRESS);
    expect(refused).toBe(40 - LOGIN_MAX_ATTEMPTS_PER_ADDRESS);
  });

  it('a successful login gives its address slot back, so signing in between guesses does not reset a spray', async () => {
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS_PER_ADDRESS - 1; i++) expect((await login(`guess${i}@example.com`, '10.4.0.1')).statusCode).toBe(401);
    // The sprayer's own account signs in fine (the attempt's slot is returned) ...
    expect((await login('new@example.com', '10.4.0.1', DEMO_PASSWORD)).statusCode).toBe(200);
    // ... but the earlier failures still count: one more guess, then the address is held back.
    expect((await login('guess-last@example.com', '10.4.0.1')).statusCode).toBe(401);
    expect((await login('guess-over@example.com', '10.4.0.1')).statusCode).toBe(429);
  });
});

describe('login throttle behind a proxy (TRUST_PROXY)', () => {
  it('reads "1" and "true" as one trusted hop, never as "trust every hop"', () => {
    for (const value of ['1', 'true']) {
      const trust = parseTrustProxy(value);
      expect(typeof trust).toBe('function');
      const hop = trust as (address: string, hop: number) => boolean;
      expect([hop('10.0.0.2', 0), hop('198.51.100.1', 1)]).toEqual([true, false]);
    }
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => parseTrustProxy('everything')).toThrow(/TRUST_PROXY/);
  });

  it('a client rotating X-Forwarded-For behind one proxy hop cannot mint new keys', async () => {
    const t = await startAuthTestApp('duckdb', { trustProxy: parseTrustProxy('1') });
    try {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: `rotating${i}@example.com`, password: 'wrong-password' },
            // The client wrote the first entry; the proxy (10.0.0.2) appended the address it saw.
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` },
            remoteAddress: '10.0.0.2',
          }),
        ),
      );
      const { checked, refused } = tally(responses);
      expect(checked).toBe(LOGIN_MAX_ATTEMPTS_PER_ADDRESS);
      expect(refused).toBe(40 - LOGIN_MAX_ATTEMPTS_PER_ADDRESS);
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../../security/logRedaction';
import { DEMO_PASSWORD } from '../../seed/demoAccounts';
import { startAuthTestApp } from './authTestApp';
import { cookieHeader, type AccountTestApp } from './testSupport';

// The emailed reset link carries its token in the query, and Fastify logs every request's URL: the
// token must never reach the request log, whatever the outcome of the request.

describe('password reset tokens stay out of the request log', () => {
  let t: Omit<AccountTestApp, 'login'>;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startAuthTestApp('duckdb', { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the reset link, the reset page and the reset call log no token', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'demo@example.com', password: DEMO_PASSWORD } });
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/request-password-change', headers: { cookie } })).statusCode).toBe(200);
    const [mail] = await t.db.query<{ body: string }>(`SELECT body FROM email_outbox WHERE to_address = 'demo@example.com' ORDER BY created_at DESC LIMIT 1`);
    const link = new URL(mail.body.split('\n').find((l) => l.includes('/api/auth/password-reset?token='))!);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    lines.length = 0;
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a new password');
    // Spelled the way a crafted link might spell the parameter name.
    await t.app.inject({ method: 'GET', url: `/api/auth/password-reset?%74oken=${encodeURIComponent(token)}` });
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password: 'a-new-password' } });
    expect(reset.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/auth/password-reset');
    const [mac] = token.split('.').slice(-1);
    expect(log).not.toContain(mac);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).toContain(REDACTED);
  });
});

describe('redactUrl', () => {
  it('replaces the token value and leaves every other part alone', () => {
    expect(redactUrl('/api/auth/password-reset?token=abc.def&lang=en')).toBe(`/api/auth/password-reset?token=${REDACTED}&lang=en`);
    expect(redactUrl('/x?a=1&TOKEN=s3cret')).toBe(`/x?a=1&TOKEN=${REDACTED}`);
    expect(redactUrl('/x?%74oken=s3cret')).toBe(`/x?%74oken=${REDACTED}`);
    expect(redactUrl('/x?token')).toBe(`/x?token=${REDACTED}`);
    expect(redactUrl('/api/users/me')).toBe('/api/users/me');
    expect(redactUrl('/x?tokens=1&atoken=2')).toBe('/x?tokens=1&atoken=2');
  });
});

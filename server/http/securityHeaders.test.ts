import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { buildApp } from '../app';
import { createAuthenticate } from '../auth/authenticate';
import type { ServerContext } from './context';
import { accountRoutes } from '../routes/account/index';
import { startAccountApp, type AccountTestApp } from '../routes/account/testSupport';

// Security headers on every kind of answer: API JSON and errors, the server-rendered checkout and
// portal pages, the built front end (index.html and hashed assets) and the health check.

function writeWeb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Answerscope</title><script type="module" src="/assets/app.js"></script>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  return dir;
}

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const h = res.headers;
  expect(h['content-security-policy'], what).toBeTruthy();
  expect(directives(String(h['content-security-policy']))['frame-ancestors'], what).toEqual(["'none'"]);
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBeTruthy();
}

describe('security headers', () => {
  let t: AccountTestApp;
  let app: FastifyInstance;
  let httpsApp: FastifyInstance;
  let cookie: string;
  const webDir = writeWeb();

  const buildWith = (ctx: ServerContext, overrides: Partial<ServerContext['config']>, connectSources?: string[]) => {
    const withWeb: ServerContext = { ...ctx, config: { ...ctx.config, webDir, ...overrides } };
    return buildApp(withWeb, accountRoutes, { authenticate: createAuthenticate(withWeb), connectSources });
  };

  beforeAll(async () => {
    t = await startAccountApp('duckdb');
    app = await buildWith(t.ctx, {});
    httpsApp = await buildWith(t.ctx, { publicUrl: 'https://app.example.com', secureCookies: true }, ['https://o1.ingest.sentry.io']);
    await Promise.all([app.ready(), httpsApp.ready()]);
    cookie = await t.login('demo@example.com');
  });
  afterAll(async () => {
    await app?.close();
    await httpsApp?.close();
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const checkoutPage = async (target: FastifyInstance) => {
    const created = await target.inject({
      method: 'POST',
      url: '/api/billing/reactivate-subscription',
      headers: { cookie },
      payload: { success_url: '/payment/verify?session_id={CHECKOUT_SESSION_ID}', cancel_url: '/app/settings' },
    });
    expect(created.statusCode, created.body).toBe(200);
    return target.inject({ method: 'GET', url: created.json().url, headers: { cookie } });
  };

  it('are on API answers, API errors, HTML pages, the app shell, static files and the health check', async () => {
    const answers: Record<string, LightMyRequestResponse> = {
      'API JSON': await app.inject({ method: 'GET', url: '/api/config' }),
      'API signed-in JSON': await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } }),
      'API 401': await app.inject({ method: 'GET', url: '/api/users/me' }),
      'API 404': await app.inject({ method: 'GET', url: '/api/nope' }),
      'API 400': await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 1 } }),
      'checkout page': await checkoutPage(app),
      'portal page': await app.inject({ method: 'GET', url: '/api/billing/local/portal', headers: { cookie } }),
      'app shell': await app.inject({ method: 'GET', url: '/' }),
      'deep link': await app.inject({ method: 'GET', url: '/app/prompts?x=1' }),
      'static asset': await app.inject({ method: 'GET', url: '/assets/app.js' }),
      'missing asset': await app.inject({ method: 'GET', url: '/assets/missing.js' }),
      'health check': await app.inject({ method: 'GET', url: '/healthz' }),
    };
    for (const [what, res] of Object.entries(answers)) expectSecurityHeaders(res, what);
    expect(answers['checkout page'].statusCode).toBe(200);
    expect(answers['app shell'].statusCode).toBe(200);
  });

  it('every /api answer is Cache-Control: no-store; the hashed assets stay cacheable', async () => {
    for (const [method, url, headers] of [
      ['GET', '/api/config', {}],
      ['GET', '/api/users/me', { cookie }],
      ['GET', '/api/users/me', {}],
      ['GET', '/api/nope', {}],
      ['GET', '/api/billing/dashboard', { cookie }],
      ['GET', '/api/billing/local/portal', { cookie }],
      ['POST', '/api/auth/refresh', {}],
    ] as const) {
      const res = await app.inject({ method, url, headers });
      expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it("the app's CSP allows only this origin's scripts, no plugins, no framing and no foreign form targets", async () => {
    const csp = directives(String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']));
    expect(csp['script-src']).toContain("'self'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    // Over plain http there is no HSTS and no upgrade of the app's own requests.
    expect((await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('served over https (PUBLIC_URL https://, also behind a proxy): HSTS, upgraded requests, the error reporter allowed', async () => {
    for (const url of ['/', '/api/config', '/assets/app.js']) {
      const res = await httpsApp.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=31536000/);
    }
    const csp = directives(String((await httpsApp.inject({ method: 'GET', url: '/' })).headers['content-security-policy']));
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
  });

  it('the checkout and portal pages run only their own inline code (by hash) and cannot be framed', async () => {
    const pages = [await checkoutPage(app), await app.inject({ method: 'GET', url: '/api/billing/local/portal', headers: { cookie } })];
    for (const res of pages) {
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['script-src'].join(' ')).not.toContain('unsafe');
      const hash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
      const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      const styles = [...res.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
      expect(scripts).toHaveLength(1);
      expect(csp['script-src']).toEqual(scripts.map(hash));
      expect(csp['style-src']).toEqual(styles.map(hash));
    }
  });

  it('never serves source maps, and production builds make none', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
    expect(res.json().code).toBe('NOT_FOUND');
    expect(viteConfig.build?.sourcemap).toBe(false);
  });
});

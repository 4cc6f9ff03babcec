import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demoAccounts';
import { startAccountApp, type AccountTestApp } from './testSupport';

// Open redirects: every way a caller can choose where the browser goes next (after login, after
// logout, back from the billing portal, after or instead of paying at checkout) is fed the same
// attacker-made targets. Each answer is followed as a browser would (WHATWG URL parsing, which
// drops tabs and newlines and reads backslashes as slashes) and must stay on PUBLIC_URL's origin.

const PUBLIC_URL = 'http://localhost:8080';
const PUBLIC_ORIGIN = new URL(PUBLIC_URL).origin;

const PAYLOADS: string[] = [
  // Other hosts, plainly and protocol-relative.
  'https://evil.example/',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE/x',
  '//evil.example',
  '//evil.example/',
  '///evil.example',
  '////evil.example/',
  '//evil.example:8080/app',
  'ftp://evil.example/',
  'https:evil.example',
  'http:///evil.example',
  // Tabs, newlines and other characters browsers drop or rewrite.
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/\r/evil.example/',
  '/\r\n/evil.example/',
  '\t//evil.example',
  '/\t\t/evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  ' //evil.example',
  '\u000c//evil.example',
  '//evil.example/\t',
  'https://evil.example/\r\nSet-Cookie: a=b',
  '/app\r\nSet-Cookie: a=b',
  '/app\nLocation: https://evil.example/',
  // Backslashes.
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '\\/\\/evil.example',
  '/\\\\evil.example/',
  'http:\\\\evil.example',
  'http:\\/evil.example',
  'https://evil.example\\@localhost:8080/',
  '//evil.example\\@localhost:8080',
  '/./\\evil.example',
  // Percent-encoded forms (as the server sees them once, and doubly encoded).
  '/%09/evil.example/',
  '%09//evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '%5C%5Cevil.example',
  '/%5C%5Cevil.example',
  '//%65vil.example',
  '/%2e%2e//evil.example',
  '%2F%09%2Fevil.example',
  // Dot segments that collapse into `//`.
  '/.//evil.example',
  '/..//evil.example',
  '/app/..//evil.example',
  'http://localhost:8080//evil.example',
  'http://localhost:8080/.//evil.example/',
  // Userinfo and look-alike hosts.
  'http://localhost:8080@evil.example/',
  'https://localhost:8080@evil.example/',
  '//localhost:8080@evil.example',
  'http://localhost:8080%2F@evil.example',
  'http://localhost:8080.evil.example/',
  'http://evil.example#@localhost:8080',
  'http://evil.example?@localhost:8080',
  'http://evil.example:80@localhost:8080/',
  'http://user:pass@localhost:8080/app',
  'https://evil.example/.localhost:8080',
  'http://localhost:8080:80@evil.example',
  '//ｅvil.example',
  '/／evil.example',
  '\u00a0//evil.example',
  'http://[::1]/',
  'http://127.0.0.1:8080/',
  'http://0x7f.1/',
  // The X-Forwarded-Host every request sends (trust-proxy is off).
  'http://evil.example/app/home',
  'http://evil.example:8080/app/home',
  // Script and data addresses.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java%0ascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

/** What an attacker's link sends; the server is reached at PUBLIC_URL but told another host. */
const ATTACK_HEADERS = { host: 'localhost:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

const unescapeHtml = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function linkHref(html: string, text: string): string {
  const match = new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${text}</a>`).exec(html);
  if (!match) throw new Error(`no "${text}" link in ${html}`);
  return unescapeHtml(match[1]);
}

interface Outcome {
  entry: string;
  payload: string;
  status: number;
  target: string | null;
}

describe('no redirect leaves the site', () => {
  let t: AccountTestApp;
  let cookie: string;
  let planId: string;
  const outcomes: Outcome[] = [];
  let address = 0;

  /** Each login comes from its own address, so the login limits never answer instead. */
  const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  async function viaLogin(payload: string): Promise<Outcome> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: ATTACK_HEADERS,
      remoteAddress: nextAddress(),
      payload: { email: 'demo@example.com', password: DEMO_PASSWORD, redirectUrl: payload },
    });
    return { entry: 'login', payload, status: res.statusCode, target: (res.headers.location as string) ?? null };
  }

  async function viaLogout(payload: string): Promise<Outcome> {
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/logout?redirectUrl=${encodeURIComponent(payload)}`, headers: ATTACK_HEADERS });
    return { entry: 'logout', payload, status: res.statusCode, target: (res.headers.location as string) ?? null };
  }

  async function viaPortal(payload: string): Promise<Outcome[]> {
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/billing/customer-portal-session',
      headers: { ...ATTACK_HEADERS, cookie },
      payload: { returnUrl: payload },
    });
    const out: Outcome[] = [];
    for (const [entry, url] of [
      ['portal (session)', session.statusCode === 200 ? session.json().url : null],
      ['portal (page link)', `/api/billing/local/portal?return_url=${encodeURIComponent(payload)}`],
    ] as const) {
      if (!url) {
        out.push({ entry, payload, status: session.statusCode, target: null });
        continue;
      }
      const page = await t.app.inject({ method: 'GET', url, headers: { ...ATTACK_HEADERS, cookie } });
      out.push({ entry, payload, status: page.statusCode, target: page.statusCode === 200 ? linkHref(page.body, 'Return to Answerscope') : null });
    }
    return out;
  }

  async function viaCheckout(payload: string): Promise<Outcome[]> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/billing/reactivate-subscription',
      headers: { ...ATTACK_HEADERS, cookie },
      payload: { success_url: payload, cancel_url: payload },
    });
    if (created.statusCode !== 200) return [{ entry: 'checkout', payload, status: created.statusCode, target: null }];
    const url: string = created.json().url;
    const session = new URL(url, PUBLIC_URL).searchParams.get('session')!;
    const out: Outcome[] = [];
    for (const [entry, pageUrl] of [
      ['checkout cancel (session)', url],
      ['checkout cancel (page link)', `/api/billing/local/checkout?session=${encodeURIComponent(session)}&cancel_url=${encodeURIComponent(payload)}`],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url: pageUrl, headers: { ...ATTACK_HEADERS, cookie } });
      out.push({ entry, payload, status: page.statusCode, target: page.statusCode === 200 ? linkHref(page.body, 'Cancel') : null });
    }
    // Paying: the page posts the success URL it was given; an attacker can post any.
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/billing/local/checkout/complete',
      headers: { ...ATTACK_HEADERS, cookie },
      payload: { session, planId, successUrl: payload },
    });
    out.push({ entry: 'checkout success', payload, status: paid.statusCode, target: paid.statusCode === 200 ? paid.json().url : null });
    return out;
  }

  beforeAll(async () => {
    t = await startAccountApp('duckdb');
    cookie = await t.login('demo@example.com');
    [{ id: planId }] = await t.db.query<{ id: string }>(`SELECT id FROM plans ORDER BY price_cents, id LIMIT 1`);
    for (const payload of PAYLOADS) {
      outcomes.push(await viaLogin(payload), await viaLogout(payload), ...(await viaPortal(payload)), ...(await viaCheckout(payload)));
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`covers at least 65 payloads at every entry point`, () => {
    expect(new Set(PAYLOADS).size).toBe(PAYLOADS.length);
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(65);
    const entries = new Set(outcomes.map((o) => o.entry));
    expect([...entries].sort()).toEqual(
      ['checkout cancel (page link)', 'checkout cancel (session)', 'checkout success', 'login', 'logout', 'portal (page link)', 'portal (session)'].sort(),
    );
  });

  it('answers every payload without a server error and with a target to follow', () => {
    const broken = outcomes.filter((o) => o.status >= 500 || o.target === null);
    expect(broken).toEqual([]);
  });

  it('0 targets leave PUBLIC_URL’s origin once a browser follows them', () => {
    const leaks = outcomes.filter((o) => new URL(o.target!, `${PUBLIC_URL}/api/`).origin !== PUBLIC_ORIGIN);
    expect(leaks).toEqual([]);
    // Nothing a browser would strip or reinterpret is ever sent back.
    const stripped = (target: string) => [...target].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\\');
    expect(outcomes.filter((o) => stripped(o.target!))).toEqual([]);
  });

  it('refused targets fall back to each entry point’s default', () => {
    const crlf = outcomes.filter((o) => o.payload === '/app\r\nSet-Cookie: a=b');
    expect(Object.fromEntries(crlf.map((o) => [o.entry, o.target]))).toEqual({
      login: '/app/home',
      logout: '/login',
      'portal (session)': '/app/settings?tab=billing',
      'portal (page link)': '/app/settings?tab=billing',
      'checkout cancel (session)': '/app/settings?tab=billing',
      'checkout cancel (page link)': '/onboarding/plans',
      'checkout success': expect.stringMatching(/^\/payment\/verify\?session_id=cs_local_/),
    });
  });

  it('still follows the app’s own targets, as paths on this site', async () => {
    const own = (await viaLogin('/app/prompts?tab=active#top')).target;
    expect(own).toBe('/app/prompts?tab=active#top');
    expect((await viaLogin(`${PUBLIC_URL}/app/sources`)).target).toBe('/app/sources');
    expect((await viaLogout(`${PUBLIC_URL}/`)).target).toBe('/');
    const [portal] = await viaPortal(`${PUBLIC_URL}/app/settings?tab=billing`);
    expect(portal.target).toBe('/app/settings?tab=billing');
    const checkout = await viaCheckout('/payment/verify?session_id={CHECKOUT_SESSION_ID}');
    expect(checkout.find((o) => o.entry === 'checkout success')!.target).toMatch(/^\/payment\/verify\?session_id=cs_local_[\w-]+$/);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../http/rateLimitClientAddress';
import { DEMO_PASSWORD } from '../../seed/demoAccounts';
import { startAuthTestApp } from './authTestApp';
import { cookieHeader, type AccountTestApp } from './testSupport';

// A burst of bad logins must not stall everyone else. Each login hashes with scrypt on libuv's
// thread pool, which the DuckDB driver shares; unbounded, 200 of them held every pool thread and a
// signed-in user's /api/users/me waited seconds. Over real sockets, with 200 distinct client
// addresses and emails so that no throttle refuses them and every one really hashes.

const BURST = 200;
/**
 * How much a login flood may add to a signed-in call's p99. The test holds the burst to
 * adding no more than this to the p99 the same machine shows without a burst, so a machine busy
 * with other work does not fail it, while the stall it guards against (seconds) still does.
 */
// Generous on purpose: before the fix the burst added about 8 s; the target figure (under 500 ms)
// is measured and printed by npm run bench:load, not asserted here.
const P99_BOUND_MS = 2000;

describe('a login burst beside a signed-in user', () => {
  let t: Omit<AccountTestApp, 'login'>;
  let base: string;
  beforeAll(async () => {
    // One trusted proxy hop, so each burst request can come from its own client address.
    t = await startAuthTestApp('duckdb', { trustProxy: parseTrustProxy('1') });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`adds under ${P99_BOUND_MS} ms to /api/users/me p99 during ${BURST} concurrent bad logins`, { timeout: 120_000 }, async () => {
    const signIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieHeader(signIn.headers.getSetCookie());

    // The same call on the same machine with no burst, for the log line below.
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await (await fetch(`${base}/api/users/me`, { headers: { cookie } })).arrayBuffer();
      idle.push(performance.now() - started);
    }
    idle.sort((a, b) => a - b);
    const idleP99 = idle[Math.ceil(idle.length * 0.99) - 1];

    let burstDone = false;
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}` },
          body: JSON.stringify({ email: `flood${i}@example.com`, password: 'wrong-password' }),
        }).then((r) => r.status),
      ),
    ).finally(() => {
      burstDone = true;
    });

    // Two readers, back to back, for as long as the burst lasts.
    const latencies: number[] = [];
    const reader = async () => {
      while (!burstDone) {
        const started = performance.now();
        const res = await fetch(`${base}/api/users/me`, { headers: { cookie } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        latencies.push(performance.now() - started);
      }
    };
    const [statuses] = await Promise.all([burst, reader(), reader()]);

    // Every bad login was really checked (401), so every one of them hashed.
    expect(statuses.filter((s) => s === 401).length).toBe(BURST);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)];
    console.log(`idle: /api/users/me p50 ${idle[Math.floor(idle.length / 2)].toFixed(0)} ms, p99 ${idleP99.toFixed(0)} ms`);
    console.log(`login burst: ${latencies.length} /api/users/me calls, p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${latencies[latencies.length - 1].toFixed(0)} ms`);
    expect(latencies.length).toBeGreaterThan(10);
    expect(p99).toBeLessThan(P99_BOUND_MS + idleP99);
  });
});

// Two real server processes (tsx server/main.ts) on one fresh PostgreSQL database with one
// SESSION_SECRET, as behind a load balancer: sessions and the login throttle are shared, the
// in-memory request limits are per instance, exactly one instance runs the scheduler, and when it
// is killed (SIGKILL) the other takes the scheduler over. A load run spread over both has no errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalogue/load';
import { TEST_DATABASE_URL } from '../../server/db/testing';
import { openLockSession, SCHEDULER_LOCK, STARTUP_LOCK } from '../../server/scheduler/advisoryLock';
import { LOGIN_MAX_ATTEMPTS } from '../../server/auth/constants';
import { AUTH_RATE_LIMITS } from '../../server/http/rateLimit';
import { DEMO_PASSWORD } from '../../server/seed/demoAccounts';
import { requestFor } from '../contract/requests';
import { freePort } from '../support/freePort';
import { postgresReachable } from '../support/harness';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const LEADS = 'Scheduler: this instance runs the scheduled prompts';
const FOLLOWS = 'Scheduler: another instance runs the scheduled prompts';
const WAITS = 'Waiting for another instance to finish migrating or filling the database';
const LOAD_SECONDS = 10;
const LOAD_CLIENTS = 20;

interface Instance {
  name: string;
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<unknown>;
}

/** A URL of the test server naming another database. */
function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  instances: Instance[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not seen within ${timeoutMs / 1000} s\n${instances.map((i) => `--- ${i.name}\n${i.output()}`).join('\n')}`);
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

// Two instances need one shared PostgreSQL database: without one the suite is skipped, saying why.
const reachable = await postgresReachable();
const skipped = reachable ? '' : ` (skipped: PostgreSQL is not reachable at ${TEST_DATABASE_URL})`;
if (!reachable) console.warn(`tests/instances: two server instances on one PostgreSQL database${skipped}`);

describe.runIf(reachable)(`two server instances on one PostgreSQL database${skipped}`, () => {
  const database = `answerscope_instances_${randomBytes(5).toString('hex')}`;
  const dirs: string[] = [];
  const instances: Instance[] = [];
  let admin: pg.Client;
  let db: pg.Client;
  let a: Instance;
  let b: Instance;
  const started = Date.now();

  function start(name: string, port: number, env: Record<string, string>): Instance {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `answerscope-${name}-`));
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), PORT: String(port), DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const instance = { name, child, baseUrl: `http://127.0.0.1:${port}`, output: () => out, exited };
    instances.push(instance);
    return instance;
  }

  const ready = (i: Instance) => async () => {
    if (i.child.exitCode !== null) throw new Error(`${i.name} exited (${i.child.exitCode}):\n${i.output()}`);
    return fetch(`${i.baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    db = new pg.Client({ connectionString: databaseUrl(database) });
    await db.connect();

    // As deployed: production mode, one database, one secret, each instance its own DATA_DIR (its
    // own disk). Started together on the empty database: one migrates and loads, the other waits.
    const shared = {
      NODE_ENV: 'production',
      DEMO_DATA: '1',
      DEMO_SCALE: '0.05',
      DEMO_DAYS: '7',
      DATABASE_URL: databaseUrl(database),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      // Behind a proxy: the tests below name client addresses in X-Forwarded-For.
      TRUST_PROXY: '1',
    };
    // Held here until both wait for it, so their start-ups meet on the empty database for sure.
    const startupHold = await openLockSession(databaseUrl(database), STARTUP_LOCK, { applicationName: 'two-instance test' });
    if (!(await startupHold.tryLock())) throw new Error("the fresh database's start-up lock is already held");
    const [portA, portB] = [await freePort(), await freePort()];
    a = start('A', portA, shared);
    b = start('B', portB, shared);
    await waitFor('both instances waiting to migrate', () => [a, b].every((i) => i.output().includes(WAITS)), instances);
    await startupHold.close();
    await waitFor('both instances ready', async () => (await ready(a)()) && (await ready(b)()), instances, 120_000);
    console.log(`two instances ready ${((Date.now() - started) / 1000).toFixed(1)} s after start`);
  });

  afterAll(async () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await db?.end().catch(() => undefined);
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    console.log(`two-instance test: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
  });

  const login = (i: Instance, email: string, password: string, address?: string) =>
    fetch(`${i.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
      body: JSON.stringify({ email, password }),
    });
  const me = (i: Instance, cookie: string) => fetch(`${i.baseUrl}/api/users/me`, { headers: { cookie } });

  it('started together on the empty database, one migrates and loads it while the other waits, then finds it done', async () => {
    const outputs = [a.output(), b.output()];
    expect(outputs.filter((o) => o.includes('Empty database: loading the demo dataset'))).toHaveLength(1);
    const [{ c: users }] = (await db.query<{ c: string }>(`SELECT count(*) AS c FROM users WHERE email = 'demo@example.com'`)).rows;
    expect(Number(users)).toBe(1);
  });

  it('a session opened on one instance works on the other, through refresh and logout', async () => {
    const res = await login(a, 'demo@example.com', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const cookie = cookiesOf(res);
    const onB = await me(b, cookie);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ email: 'demo@example.com' });

    const refreshed = await fetch(`${b.baseUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
    expect(refreshed.status).toBe(200);
    const renewed = cookiesOf(refreshed);
    expect(renewed).toMatch(/as_access=/);
    expect(renewed).not.toBe(cookie);
    expect((await me(a, renewed)).status).toBe(200);

    // Ended on A, it is over on B too (the session row is shared, not a copy per instance).
    expect((await fetch(`${a.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: renewed } })).status).toBe(200);
    expect((await me(b, renewed)).status).toBe(401);
  });

  it('failed logins spread over both instances are throttled as on one (the count is in the database)', async () => {
    const address = '203.0.113.7';
    const statuses: number[] = [];
    for (let n = 0; n < LOGIN_MAX_ATTEMPTS + 2; n++) {
      const res = await login(n % 2 ? b : a, 'lapsed@example.com', `wrong-${n}`, address);
      statuses.push(res.status);
    }
    // Each instance saw 6 attempts, far below its own in-memory login limit: the 429s are the shared count.
    expect(Math.ceil((LOGIN_MAX_ATTEMPTS + 2) / 2)).toBeLessThan(AUTH_RATE_LIMITS['POST /api/auth/login'].max);
    expect(statuses).toEqual([...Array(LOGIN_MAX_ATTEMPTS).fill(401), 429, 429]);
    for (const i of [a, b]) {
      const right = await login(i, 'lapsed@example.com', DEMO_PASSWORD, address);
      expect(right.status).toBe(429);
      expect(await right.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    }
  });

  it('the in-memory request limits count per instance: K instances allow K times each limit', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    const { max } = AUTH_RATE_LIMITS['POST /api/auth/refresh'];
    const refresh = (i: Instance) => fetch(`${i.baseUrl}/api/auth/refresh`, { method: 'POST', headers });
    for (let n = 0; n < max; n++) expect((await refresh(a)).status).toBe(401); // no session: refused, but counted
    expect((await refresh(a)).status).toBe(429);
    expect((await refresh(b)).status).toBe(401);
  });

  it(`${LOAD_CLIENTS} signed-in clients alternating between the instances for ${LOAD_SECONDS} s get no errors`, async () => {
    const cookies: string[] = [];
    for (let n = 0; n < LOAD_CLIENTS; n++) {
      const res = await login(n % 2 ? b : a, 'demo@example.com', DEMO_PASSWORD);
      expect(res.status).toBe(200);
      cookies.push(cookiesOf(res));
    }
    const profile = (await (await me(a, cookies[0])).json()) as { userBrands: { id: string }[] };
    const brandId = profile.userBrands[0].id;
    const catalogue = loadCatalogue();
    const call = (id: string, body?: unknown) => {
      const c = catalogue.calls[id];
      const payload = body ?? requestFor(id, { brandId, promptId: 'unused', competitor: 'unused', now: new Date() })?.body;
      return { id, method: c.method, path: c.path, body: payload === undefined ? undefined : JSON.stringify(payload) };
    };
    // The Overview's data calls, the shell's /api/users/me, and writes to the signed-in user's own settings.
    const mix = [
      call('brands.performance.metadata'),
      call('brands.performance.share-of-voice'),
      call('users.me.update', { name: 'Dana Demo', city: 'Berlin' }),
      call('brands.performance.ranking-list'),
      call('brands.performance.sources-sov'),
      call('users.me.get'),
      call('brands.performance.prompts-ranking'),
      call('users.me.notification-settings', { preferences: { weekly_reports: true } }),
      call('brands.performance.mention-rate-timeseries'),
    ];

    const until = Date.now() + LOAD_SECONDS * 1000;
    const counts = { A: 0, B: 0 };
    const errors: string[] = [];
    const client = async (n: number) => {
      for (let k = n; Date.now() < until; k++) {
        const target = k % 2 ? b : a;
        const r = mix[k % mix.length];
        try {
          const res = await fetch(`${target.baseUrl}${r.path}`, {
            method: r.method,
            headers: { cookie: cookies[n], ...(r.body ? { 'content-type': 'application/json' } : {}) },
            body: r.body,
          });
          await res.arrayBuffer();
          if (!res.ok) errors.push(`${target.name} ${r.id} → ${res.status}`);
        } catch (err) {
          errors.push(`${target.name} ${r.id} → ${err instanceof Error ? err.message : String(err)}`);
        }
        counts[target.name as 'A' | 'B']++;
      }
    };
    await Promise.all(cookies.map((_, n) => client(n)));
    const total = counts.A + counts.B;
    console.log(
      `load: ${total} requests in ${LOAD_SECONDS} s (${(total / LOAD_SECONDS).toFixed(0)}/s; A ${counts.A}, B ${counts.B}), ${errors.length} errors`,
    );
    expect(errors.slice(0, 10)).toEqual([]);
    expect(counts.A).toBeGreaterThan(0);
    expect(counts.B).toBeGreaterThan(0);
  }, 90_000);

  it('exactly one instance runs the scheduler; when it is killed the other takes over and runs due prompts', async () => {
    await waitFor(
      'a scheduler line from each instance',
      () => [a, b].every((i) => i.output().includes(LEADS) || i.output().includes(FOLLOWS)),
      instances,
    );
    const leaders = [a, b].filter((i) => i.output().includes(LEADS));
    expect(leaders).toHaveLength(1);
    const [leader] = leaders;
    const follower = leader === a ? b : a;
    expect(follower.output()).toContain(FOLLOWS);
    expect(follower.output()).not.toContain(LEADS);

    const lockHolders = async () =>
      (
        await db.query<{ application_name: string }>(
          `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = $1 AND l.objid::bigint = $2
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [SCHEDULER_LOCK.classId, SCHEDULER_LOCK.objId],
        )
      ).rows.map((r) => r.application_name);
    expect(await lockHolders()).toEqual([`answerscope scheduler (pid ${leader.child.pid})`]);

    // A prompt that is due now, added behind the scheduler's back: the leader has already made its
    // start-up check and sleeps until the next slot, so only a scheduler starting now runs it.
    const [{ brand_id: brandId }] = (
      await db.query<{ brand_id: string }>(`SELECT brand_id FROM brand_members WHERE user_id = 'usr_demo' ORDER BY brand_id LIMIT 1`)
    ).rows;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db.query(
      `INSERT INTO prompts (id, brand_id, text, frequency_cron, providers, locations, state, created_at, updated_at)
       VALUES ('p_failover', $1, 'best tools for failover tests', '0 0 * * *', '["openai"]', '["US"]', 'active', $2, $2)`,
      [brandId, twoDaysAgo.toISOString()],
    );
    const failoverRuns = async () =>
      Number((await db.query<{ c: string }>(`SELECT count(*) AS c FROM runs WHERE prompt_id = 'p_failover'`)).rows[0].c);
    expect(await failoverRuns()).toBe(0);

    const killedAt = Date.now();
    leader.child.kill('SIGKILL');
    await leader.exited;
    await waitFor(`${follower.name} taking the scheduler over`, () => follower.output().includes(LEADS), instances, 30_000);
    console.log(
      `${follower.name} took the scheduler over ${((Date.now() - killedAt) / 1000).toFixed(1)} s after ${leader.name} was killed`,
    );
    expect(await lockHolders()).toEqual([`answerscope scheduler (pid ${follower.child.pid})`]);
    await waitFor('the due prompt run by the new scheduler', async () => (await failoverRuns()) > 0, instances, 30_000);
    expect(await failoverRuns()).toBe(1);
    // The survivor still serves.
    expect((await fetch(`${follower.baseUrl}/readyz`)).status).toBe(200);
  }, 120_000);
});

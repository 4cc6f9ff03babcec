// Load benchmark over HTTP against the real server (server/main.ts in production mode, DuckDB with
// the demo data at scale 1 in a temp dir, loopback only): 50 signed-in sessions, each its own
// subscribed user of the demo brands and one autocannon connection, run
//   1. the Overview page's data calls (pages/overview.json), for --duration seconds;
//   2. a mixed run: the same reads plus the shell's /api/users/me and 20% writes (profile and
//      notification settings of the session's own user);
// each without and then with a login flood (scripts/benchLoginFlood.ts, another process) beside it.
// Sessions are paced like people at --rate requests per second each (default 1, autocannon's
// least: the Overview's six calls every six seconds); a last run drops the pacing (every session sends its next request as
// soon as the last one answers) to show the most the server answers. Prints req/s, p50/p95/p99
// and errors per run, /api/users/me latency from a one-at-a-time probe, and the machine's load.
//   npm run bench:load [-- --duration 30 --sessions 50 --rate 1 --scale 1 --warmup 5]
// ANSWER_CACHE_ENTRIES=0 npm run bench:load turns the server's answer reuse off (default on, 500 answers).
//
// Rate limits: the API limit is counted per signed-in session (server/http/rateLimit.ts) and this
// host's own loopback address is exempt from the in-memory limits, so the benchmark needs no
// setting to raise them; it still prints each session's request rate next to the limit.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadCatalogue } from '../server/catalogue/load';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import { DUCKDB_FILE_NAME } from '../server/db/open';
import type { Db } from '../server/db/types';
import { API_RATE_LIMIT } from '../server/http/rateLimit';
import { hashPassword } from '../server/security/password';
import { loadDemo } from '../server/seed/load';
import { OVERVIEW_CALLS, requestFor } from '../tests/contract/requests';
import { freePort } from '../tests/support/freePort';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    sessions: { type: 'string', default: '50' },
    scale: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '5' },
    rate: { type: 'string', default: '1' },
  },
});
const DURATION = Number(values.duration);
const SESSIONS = Number(values.sessions);
const SCALE = Number(values.scale);
const WARMUP = Number(values.warmup);
const RATE = Number(values.rate);
// autocannon paces each connection at whole requests per second.
if (!Number.isInteger(RATE) || RATE < 1)
  throw new Error(`--rate is requests per second per session, a whole number of at least 1, got ${values.rate}`);
const BENCH_PASSWORD = 'bench-password-not-secret';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// Never left running: the whole benchmark has a hard time limit.
const HARD_LIMIT_MS = (WARMUP + 5 * (DURATION + 15)) * 1000 + 15 * 60_000;
const children = new Set<ChildProcess>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answerscope-bench-load-'));
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const hardStop = setTimeout(() => {
  console.error(`bench:load: still running after ${HARD_LIMIT_MS / 1000} s, stopping`);
  cleanUp();
  process.exit(1);
}, HARD_LIMIT_MS);
hardStop.unref();
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
process.once('exit', cleanUp); // however it ends, no server or flood is left running

/** The demo dataset, plus one subscribed user per session who is a member of the demo brands. */
async function seed(now: Date): Promise<void> {
  const db = await openDuckDb({ file: path.join(dataDir, DUCKDB_FILE_NAME), tmpDir: path.join(dataDir, 'tmp') });
  try {
    await migrate(db);
    const t0 = performance.now();
    const loaded = await loadDemo(db, { scale: SCALE, seed: 42, now });
    console.log(
      `Seeded scale ${SCALE}: ${loaded.counts.runs.toLocaleString('en-US')} runs, ${loaded.counts.mentions.toLocaleString('en-US')} mentions, ` +
        `${loaded.counts.citations.toLocaleString('en-US')} citations in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await addBenchUsers(db, now);
  } finally {
    await db.close();
  }
}

async function addBenchUsers(db: Db, now: Date): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD); // one hash for all: only the benchmark signs in with it
  const brands = (await db.query<{ brand_id: string }>(`SELECT brand_id FROM brand_members WHERE user_id = 'usr_demo'`)).map(
    (r) => r.brand_id,
  );
  const users: unknown[][] = [];
  const subscriptions: unknown[][] = [];
  const members: unknown[][] = [];
  const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
  for (let i = 0; i < SESSIONS; i++) {
    const id = `usr_bench_${i}`;
    users.push([id, emailOf(i), hash, `Bench ${i}`, `bench${i}`, 'user', 'US', `ten_bench_${i}`, now, true, true]);
    subscriptions.push([`sub_bench_${i}`, id, 'plan_enterprise', 'active', `cus_bench_${i}`, periodEnd, now]);
    for (const brand of brands) members.push([brand, id, 'member']);
  }
  await db.bulkInsert(
    'users',
    ['id', 'email', 'password_hash', 'name', 'username', 'role', 'country', 'tenant_id', 'created_at', 'is_onboarded', 'is_active'],
    users,
  );
  await db.bulkInsert(
    'subscriptions',
    ['id', 'user_id', 'plan_id', 'status', 'customer_id', 'current_period_end', 'created_at'],
    subscriptions,
  );
  await db.bulkInsert('brand_members', ['brand_id', 'user_id', 'role'], members);
}

const emailOf = (i: number) => `bench${i}@example.com`;

interface Server {
  baseUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      DEMO_DATA: '1', // the demo logins are wanted here; production mode refuses them otherwise
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      SCHEDULER: '0', // no scheduled prompt runs competing with the measured requests
      // Answer reuse is on by default; ANSWER_CACHE_ENTRIES=0 measures every request computed.
      ...(process.env.ANSWER_CACHE_ENTRIES ? { ANSWER_CACHE_ENTRIES: process.env.ANSWER_CACHE_ENTRIES } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  child.once('exit', (code, signal) => (output += `\n[server exited: code ${code}, signal ${signal}]\n`));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: Server = {
    baseUrl,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready after 120 s:\n${output}`);
}

async function signIn(baseUrl: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emailOf(i), password: BENCH_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login ${emailOf(i)} → ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  return cookies;
}

type BenchRequest = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: string };

function requestOf(callId: string, brandId: string, now: Date, body?: unknown): BenchRequest {
  const call = loadCatalogue().calls[callId];
  const walk = requestFor(callId, { brandId, promptId: 'unused', competitor: 'unused', now });
  const payload = body ?? walk?.body;
  return {
    method: call.method as BenchRequest['method'],
    path: call.path,
    body: payload === undefined ? undefined : JSON.stringify(payload),
  };
}

interface RunResult {
  name: string;
  flood: boolean;
  paced: boolean;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  errorStatuses: Record<string, number>;
  probe: { count: number; p50: number; p99: number };
  floodSummary: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** /api/users/me one request at a time, as the shell sends it while a page loads. */
async function probeUsersMe(baseUrl: string, cookie: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const t = performance.now();
    try {
      const res = await fetch(`${baseUrl}/api/users/me`, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/users/me → ${res.status}`);
    } catch (err) {
      throw new Error(`the /api/users/me probe failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 100));
  }
  return times;
}

function startFlood(baseUrl: string, seconds: number): { stop: () => Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/benchLoginFlood.ts', '--url', baseUrl, '--duration', String(seconds)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  return {
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      try {
        const summary = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
          sent: number;
          byStatus: Record<string, number>;
          perSecond: number;
          errors: Record<string, number>;
        };
        const statuses = Object.entries(summary.byStatus)
          .map(([s, n]) => `${n}×${s}`)
          .join(', ');
        const socketErrors = Object.entries(summary.errors)
          .map(([code, n]) => `${n}×${code}`)
          .join(', ');
        return `${summary.sent} attempts (${summary.perSecond}/s): ${statuses}${socketErrors ? `; socket errors: ${socketErrors}` : ''}`;
      } catch {
        return `no summary: ${out.slice(0, 200)}`;
      }
    },
  };
}

interface RunOptions {
  seconds: number;
  flood: boolean;
  /** Requests per second per session; null sends each next request as soon as the last one answered. */
  rate: number | null;
}

async function run(
  name: string,
  baseUrl: string,
  cookies: string[],
  requests: BenchRequest[],
  options: RunOptions,
): Promise<RunResult> {
  const { seconds, flood, rate } = options;
  const floodProcess = flood ? startFlood(baseUrl, seconds + 10) : null;
  if (floodProcess) await new Promise((r) => setTimeout(r, 1500)); // let the flood build up first
  const latencies: number[] = [];
  const errorStatuses: Record<string, number> = {};
  let socketErrors = 0;
  let next = 0;
  let done = false;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (err: unknown) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const instance = autocannon(
    {
      url: baseUrl,
      connections: cookies.length,
      duration: seconds,
      timeout: 30,
      ...(rate ? { connectionRate: rate } : {}),
      requests: requests.map((r) => ({ method: r.method, path: r.path, body: r.body })),
      // Each connection is one session: its own cookie on every request.
      setupClient: (client) => {
        const cookie = cookies[next++ % cookies.length];
        client.setRequests(
          requests.map((r) => ({
            method: r.method,
            path: r.path,
            body: r.body,
            headers: { cookie, 'content-type': 'application/json' },
          })),
        );
      },
    },
    (err, result) => (err ? fail(err) : finish(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 400) errorStatuses[statusCode] = (errorStatuses[statusCode] ?? 0) + 1;
  });
  instance.on('reqError', () => socketErrors++);
  const probe = probeUsersMe(baseUrl, cookies[0], () => done);
  // The server stopped answering: end the run early; the error is reported below.
  probe.catch(() => (instance as { stop?: () => void }).stop?.());
  const result = await finished;
  done = true;
  const probeTimes = (await probe).sort((a, b) => a - b);
  const floodSummary = floodProcess ? await floodProcess.stop() : '';
  latencies.sort((a, b) => a - b);
  const httpErrors = Object.values(errorStatuses).reduce((a, b) => a + b, 0);
  return {
    name,
    flood,
    paced: rate !== null,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: httpErrors + socketErrors + result.timeouts,
    errorStatuses,
    probe: { count: probeTimes.length, p50: percentile(probeTimes, 50), p99: percentile(probeTimes, 99) },
    floodSummary,
  };
}

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  console.log(`bench:load — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, answer reuse ${process.env.ANSWER_CACHE_ENTRIES === '0' ? 'off' : 'on'}`);
  console.log(`uptime before: ${execSync('uptime').toString().trim()}`);
  const now = new Date();
  await seed(now);
  const server = await startServer();
  try {
    const cookies = await signIn(server.baseUrl);
    const me = (await (await fetch(`${server.baseUrl}/api/users/me`, { headers: { cookie: cookies[0] } })).json()) as {
      userBrands: { id: string }[];
    };
    const brandId = me.userBrands[0].id;
    const overview = OVERVIEW_CALLS.map((id) => requestOf(id, brandId, now));
    const mixed = [
      overview[0],
      overview[1],
      requestOf('users.me.update', brandId, now, { name: 'Bench User', city: 'Berlin' }),
      overview[2],
      overview[3],
      requestOf('users.me.get', brandId, now),
      overview[4],
      requestOf('users.me.notification-settings', brandId, now, { preferences: { weekly_reports: true } }),
      overview[5],
      requestOf('users.me.get', brandId, now),
    ];
    console.log(`${SESSIONS} sessions signed in; brand ${brandId}; warming up for ${WARMUP} s…`);
    if (WARMUP > 0) await run('warm-up', server.baseUrl, cookies, overview, { seconds: WARMUP, flood: false, rate: RATE });

    const plan: [string, BenchRequest[], RunOptions][] = [
      ['overview', overview, { seconds: DURATION, flood: false, rate: RATE }],
      ['overview', overview, { seconds: DURATION, flood: true, rate: RATE }],
      ['mixed (20% writes)', mixed, { seconds: DURATION, flood: false, rate: RATE }],
      ['mixed (20% writes)', mixed, { seconds: DURATION, flood: true, rate: RATE }],
      ['overview, unpaced', overview, { seconds: DURATION, flood: false, rate: null }],
    ];
    const results: RunResult[] = [];
    for (const [name, requests, options] of plan) {
      const r = await run(name, server.baseUrl, cookies, requests, options);
      results.push(r);
      console.log(
        `  ${name}${options.flood ? ' + login flood' : ''}: ${r.perSecond.toFixed(0)} req/s, p95 ${r.p95.toFixed(0)} ms, ${r.errors} errors`,
      );
    }

    console.log(`\n${SESSIONS} sessions (paced: ${RATE} request/s each), ${DURATION} s per run, DuckDB scale ${SCALE}:\n`);
    console.log('| run | login flood | requests | req/s | p50 ms | p95 ms | p99 ms | errors | /api/users/me probe p50 / p99 ms |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const statuses = Object.keys(r.errorStatuses).length
        ? ` (${Object.entries(r.errorStatuses)
            .map(([s, n]) => `${n}×${s}`)
            .join(', ')})`
        : '';
      console.log(
        `| ${r.name} | ${r.flood ? 'yes' : 'no'} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors}${statuses} | ${r.probe.p50.toFixed(0)} / ${r.probe.p99.toFixed(0)} (${r.probe.count}) |`,
      );
    }
    for (const r of results.filter((x) => x.flood)) console.log(`\nLogin flood during "${r.name}": ${r.floodSummary}`);
    const busiest = Math.max(...results.map((r) => (r.perSecond / SESSIONS) * 60));
    console.log(
      `\nBusiest session: ${busiest.toFixed(0)} requests/min (API rate limit: ${API_RATE_LIMIT.max} per session per ${API_RATE_LIMIT.timeWindowMs / 1000} s; loopback is exempt).`,
    );
    console.log(`load average now: ${loadNow()}; uptime after: ${execSync('uptime').toString().trim()}`);
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await server.stop();
  }
}

main()
  .then(() => {
    cleanUp();
    process.exit(0);
  })
  .catch((err) => {
    console.error(err);
    cleanUp();
    process.exit(1);
  });

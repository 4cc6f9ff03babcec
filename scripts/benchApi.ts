// API latency per insight endpoint: seeds the demo dataset at scale 1 and 10 into temporary
// databases (DuckDB, and PostgreSQL when reachable), then times each call through the real
// Fastify app (routing, validation, SQL, serialisation) and prints p50/p95 in milliseconds.
//   npm run bench:api [-- --scales 1,10 --dialects duckdb,postgres --runs 30]
// With --tenants N (scales default to 1): times the demo brand's calls on the demo data alone and
// on a database that also holds N other tenants' brands (the two in turns, call by call, so load
// from elsewhere on the machine hits both alike), and prints both and their ratio.
//   npm run bench:api -- --tenants 100 [--scales 1]
// With --history D (scales default to 1): the same, comparing the demo data's 90 days of history
// with D days (the same prompts, so D/90 times the runs): a window's calls should cost about the
// same whatever the history kept before it (cost follows the window's days and the prompts).
//   npm run bench:api -- --history 900 [--scales 1]
// Every table starts and ends with the machine's load average: on a shared machine a busy
// neighbour explains a slow table. Each row also gives the Node process's CPU time per call (user +
// system, mean over the timed rounds; DuckDB runs inside the process, PostgreSQL's own work does
// not count), which a busy neighbour disturbs far less than the wall-clock percentiles.
//   --calls overview|others|<id,id,...>  times only those calls (default: all)
//   --json FILE                          also writes the figures as JSON rows, to compare two runs
//                                        (e.g. two commits, run in turns: docs/operations.md)
//   --keep DIR                           keeps each loaded database (a DuckDB file in DIR, a PostgreSQL
//                                        schema named after DIR) and reuses it on the next run with the
//                                        same DIR, dialect, scale and tenants: a scale-10 load takes
//                                        minutes, a timing run seconds. A reused database gets the
//                                        migrations added since (not a new load); delete DIR and drop
//                                        the schemas it lists (DIR/*.json) to start afresh.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { createAuthenticate } from '../server/auth/authenticate';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import { buildRollupsAfterUpgrade } from '../server/rollups/rebuild';
import { openPostgres } from '../server/db/postgres';
import { TEST_DATABASE_URL } from '../server/db/testing';
import type { Db, Dialect } from '../server/db/types';
import { routes } from '../server/routes/index';
import { DEFAULT_DAYS } from '../server/seed/generator/index';
import { loadDemo } from '../server/seed/load';
import { postgresReachable } from '../tests/support/harness';
import { OTHER_INSIGHT_CALLS, OVERVIEW_CALLS, SCREEN_VARIANTS } from '../tests/contract/requests';
import { type AppModules, demoClient, demoIds } from './bench/demoClient';
import { openScratchDb } from './bench/scratchDb';
import { loadLine, percentile } from './bench/timing';

const { values } = parseArgs({
  options: {
    scales: { type: 'string' },
    dialects: { type: 'string', default: 'duckdb,postgres' },
    runs: { type: 'string', default: '30' },
    tenants: { type: 'string', default: '0' },
    history: { type: 'string' },
    calls: { type: 'string', default: 'all' },
    json: { type: 'string' },
    keep: { type: 'string' },
  },
});
const tenants = Number(values.tenants);
/** The demo data's days of history (the seed's default), which --history compares a longer one with. */
const DEMO_DAYS = DEFAULT_DAYS;
const history = values.history === undefined ? null : Number(values.history);
const paired = tenants > 0 || history !== null;
const scales = (values.scales ?? (paired ? '1' : '1,10')).split(',').map(Number);
const runs = Number(values.runs);
if (
  !Number.isInteger(tenants) || tenants < 0 || scales.some((s) => !(s > 0)) || !(runs > 0) ||
  (history !== null && (!Number.isInteger(history) || history <= DEMO_DAYS || tenants > 0))
) {
  throw new Error(
    'Usage: npm run bench:api -- [--scales 1,10] [--dialects duckdb,postgres] [--runs 30] [--tenants N | --history DAYS] [--calls overview|others|id,id] [--json FILE] [--keep DIR]',
  );
}

// The insight calls the dashboard makes; the first six are the Overview's.
const OVERVIEW = OVERVIEW_CALLS;
// Besides each call as the contract walk sends it, the screens' other requests to it (call#variant).
const VARIANTS = Object.entries(SCREEN_VARIANTS).flatMap(([call, variants]) => Object.keys(variants).map((v) => `${call}#${v}`));
const OTHERS = [...OTHER_INSIGHT_CALLS, ...VARIANTS];
const CALLS = selectCalls(values.calls!);

/** The calls `--calls` names: `all`, `overview`, `others` or a comma-separated list of call ids (or `call#variant`). */
function selectCalls(arg: string): string[] {
  if (arg === 'all') return [...OVERVIEW, ...OTHERS];
  if (arg === 'overview') return OVERVIEW;
  if (arg === 'others') return OTHERS;
  const ids = arg
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !OVERVIEW.includes(id) && !OTHERS.includes(id));
  if (ids.length === 0 || unknown.length > 0) throw new Error(`--calls: unknown call ${unknown.join(', ') || '(none)'}`);
  return ids;
}

/** One figure per call and setting, as --json writes it. */
interface JsonRow {
  dialect: Dialect;
  scale: number;
  call: string;
  client: number;
  p50: number;
  p95: number;
  cpuMs: number;
  load: number[];
}
const jsonRows: JsonRow[] = [];

/** Prints a markdown table between two load-average lines; `rows` runs while the table is printed. */
async function table(header: string[], rows: () => AsyncIterable<string[]> | Iterable<string[]>) {
  console.log(loadLine('start'));
  console.log(`| ${header.join(' | ')} |`);
  console.log(
    `|---|${header
      .slice(1)
      .map(() => '---:')
      .join('|')}|`,
  );
  for await (const row of rows()) console.log(`| ${row.join(' | ')} |`);
  console.log(loadLine('end'));
}

/** Where --keep puts one loaded database, and the file recording it (with the `now` it was loaded as of). */
function kept(dialect: Dialect, scale: number, withTenants: number, days: number) {
  const dir = values.keep!;
  mkdirSync(dir, { recursive: true });
  const suffix = `s${scale}_t${withTenants}${days === DEMO_DAYS ? '' : `_d${days}`}`;
  const tag = createHash('sha256').update(dir).digest('hex').slice(0, 8);
  return { meta: join(dir, `${dialect}-${suffix.replaceAll('_', '-')}.json`), file: join(dir, `${dialect}-${suffix.replaceAll('_', '-')}.duckdb`), schema: `bench_${tag}_${suffix}` };
}

/** The kept database (migrated to the current code), and whether it already holds the data. */
async function openKept(dialect: Dialect, scale: number, withTenants: number, days: number) {
  const k = kept(dialect, scale, withTenants, days);
  const loadedAt = existsSync(k.meta) ? new Date(JSON.parse(readFileSync(k.meta, 'utf8')).now) : null;
  const db =
    dialect === 'postgres'
      ? await openPostgres({ connectionString: TEST_DATABASE_URL, schema: k.schema, max: 4 })
      : await openDuckDb({ file: k.file, tmpDir: join(values.keep!, 'tmp') });
  // As the server does on an upgrade: migrations that add rollups (or rollup columns) rebuild them.
  const applied = await migrate(db);
  if (loadedAt) {
    const t0 = performance.now();
    if (await buildRollupsAfterUpgrade(db, applied))
      console.log(
        `Rebuilt the kept database's rollups after ${applied.join(', ')} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
  }
  const done = (now: Date) => writeFileSync(k.meta, JSON.stringify({ now: now.toISOString(), schema: k.schema, file: k.file }));
  return { db, dispose: () => db.close(), loadedAt, done };
}

/**
 * A fresh database with the demo data (and `withTenants` other tenants, `days` of history), loaded
 * as of `now`; with --keep, the kept one (as of its load).
 */
async function loaded(dialect: Dialect, scale: number, now: Date, withTenants: number, days = DEMO_DAYS) {
  const keep = values.keep ? await openKept(dialect, scale, withTenants, days) : null;
  const what = `${dialect}, scale ${scale}${withTenants ? ` + ${withTenants} tenant${withTenants === 1 ? '' : 's'}` : ''}${days === DEMO_DAYS ? '' : `, ${days} days`}`;
  const { db, dispose } = keep ?? (await openScratchDb(dialect));
  if (keep?.loadedAt) {
    console.log(`\n## ${what}: kept database loaded as of ${keep.loadedAt.toISOString()}`);
    return { db, dispose, now: keep.loadedAt };
  }
  const t0 = performance.now();
  const result = await loadDemo(db, { scale, seed: 42, now, tenants: withTenants, days });
  keep?.done(now);
  const c = result.counts;
  console.log(
    `\n## ${what}: ${c.runs.toLocaleString('en-US')} runs, ` +
      `${c.mentions.toLocaleString('en-US')} mentions, ${c.citations.toLocaleString('en-US')} citations, ${c.brands} brands ` +
      `(loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return { db, dispose, now };
}

const APP: AppModules = { buildApp, routes, createAuthenticate };

/** The app over `db`, signed in as the demo login, with a request function per call for its first brand. */
async function benchClient(db: Db, dialect: Dialect, now: Date) {
  const client = await demoClient(APP, db, dialect, now);
  const ids = await demoIds(client, now);
  return { request: (id: string) => client.request(id, ids), close: client.close };
}

/**
 * Times `runs` rounds of each call on every client, the clients taking turns within a round, so
 * a load spike on the machine hits all of them alike. Yields one row per call.
 */
async function* timeCalls(clients: Awaited<ReturnType<typeof benchClient>>[]) {
  for (const id of CALLS) {
    const requests = clients.map((c) => c.request(id));
    for (const send of requests) for (let i = 0; i < 3; i++) await send(); // warm caches and JIT
    const times = requests.map(() => [] as number[]);
    const cpu = requests.map(() => 0);
    for (let i = 0; i < runs; i++) {
      for (const [k, send] of requests.entries()) {
        const c = process.cpuUsage();
        const t = performance.now();
        await send();
        times[k].push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu[k] += (used.user + used.system) / 1000;
      }
    }
    yield { id, timings: times.map((t, k) => ({ p50: percentile(t, 50), p95: percentile(t, 95), cpuMs: cpu[k] / runs })) };
  }
}

function record(dialect: Dialect, scale: number, id: string, timings: { p50: number; p95: number; cpuMs: number }[]) {
  for (const [client, t] of timings.entries()) jsonRows.push({ dialect, scale, call: id, client, ...t, load: loadavg() });
}

const label = (id: string) => `${id}${OVERVIEW.includes(id) ? ' (overview)' : ''}`;

async function bench(dialect: Dialect, scale: number) {
  const { db, dispose, now } = await loaded(dialect, scale, new Date(), 0);
  const client = await benchClient(db, dialect, now);
  await table(['call', 'p50 ms', 'p95 ms', 'cpu ms'], async function* () {
    for await (const { id, timings } of timeCalls([client])) {
      record(dialect, scale, id, timings);
      const [t] = timings;
      yield [label(id), t.p50.toFixed(1), t.p95.toFixed(1), t.cpuMs.toFixed(1)];
    }
  });
  await client.close();
  await dispose();
}

/**
 * The demo brand's calls on two databases with the same demo brands and prompts (same seed and
 * `now`), timed in turns: the demo data alone and beside `tenants` other tenants, or with 90 days of
 * history and with `history` days.
 */
async function benchPair(dialect: Dialect, scale: number) {
  const base = await loaded(dialect, scale, new Date(), 0);
  // Both databases as of the same moment, so the demo brand's windows are the same.
  const other = await loaded(dialect, scale, base.now, tenants, history ?? DEMO_DAYS);
  if (other.now.getTime() !== base.now.getTime())
    throw new Error(`--keep: the kept databases of scale ${scale} were loaded as of different moments; delete ${values.keep}`);
  const now = base.now;
  const clients = [await benchClient(base.db, dialect, now), await benchClient(other.db, dialect, now)];
  const [a, b] = history !== null ? [`${DEMO_DAYS} d`, `${history} d`] : ['alone', `+${tenants}`];
  console.log(
    history !== null
      ? `\n## ${dialect}, scale ${scale}: the demo brand with ${DEMO_DAYS} and with ${history} days of history ` +
          `(ms; ratio = ${history} days / ${DEMO_DAYS}; ${runs} rounds, the two databases in turns)`
      : `\n## ${dialect}, scale ${scale}: the demo brand alone and beside ${tenants} other tenant${tenants === 1 ? '' : 's'} ` +
          `(ms; ratio = with tenants / alone; ${runs} rounds, the two databases in turns)`,
  );
  const ratio = (x: number, y: number) => (x > 0 ? (y / x).toFixed(2) : '-');
  await table(['call', `p50 ${a}`, `p50 ${b}`, 'p50 ratio', `p95 ${a}`, `p95 ${b}`, 'p95 ratio'], async function* () {
    for await (const { id, timings } of timeCalls(clients)) {
      record(dialect, scale, id, timings);
      const [x, y] = timings;
      yield [label(id), x.p50.toFixed(1), y.p50.toFixed(1), ratio(x.p50, y.p50), x.p95.toFixed(1), y.p95.toFixed(1), ratio(x.p95, y.p95)];
    }
  });
  for (const c of clients) await c.close();
  await base.dispose();
  await other.dispose();
}

for (const dialect of values.dialects!.split(',') as Dialect[]) {
  if (dialect === 'postgres' && !(await postgresReachable())) {
    console.log(`\n## postgres: not reachable at ${TEST_DATABASE_URL}, skipped`);
    continue;
  }
  for (const scale of scales) await (paired ? benchPair(dialect, scale) : bench(dialect, scale));
}
if (values.json) writeFileSync(values.json, JSON.stringify(jsonRows, null, 2));

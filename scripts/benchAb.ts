// Two builds' insight calls timed in one process, over one database, in alternation: the older
// commit's app (a second worktree, --before DIR) and this one's (or --after DIR), call by call, the
// order swapped every round. On a shared, loaded machine two bench:api processes run minutes apart
// meet different neighbours (a seeding elsewhere can double every figure of one of them); here both
// builds meet the same moments, the same data and the same heap, so their ratio is the change of
// the calls' own work (SQL, handler, validation, serialisation). The data are this build's demo
// (its migrations and generator): the older build must read that schema (migrations only add).
//   npx tsx scripts/benchAb.ts --before /work/wt/old [--after .] [--dialect postgres] [--scale 1]
//     [--calls overview|others|id,id] [--runs 100] [--kept DIR/<dialect>-s<scale>-t0.json]
// --kept times both builds over a database kept by `npm run bench:api -- --keep DIR` (as of its
// load) instead of loading one: scale 100 takes over half an hour to load. This build's migrations
// are applied to it first; a migration that needs a rollup rebuild must have been applied already.
// A call id may name one of the screen's other requests to it (tests/contract/requests.ts SCREEN_VARIANTS),
// e.g. --calls citations.tld-analysis#domains,citations.tld-analysis#urls.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import { openPostgres } from '../server/db/postgres';
import { TEST_DATABASE_URL } from '../server/db/testing';
import type { Dialect } from '../server/db/types';
import { loadDemo } from '../server/seed/load';
import { OTHER_INSIGHT_CALLS, OVERVIEW_CALLS } from '../tests/contract/requests';
import { type AppModules, demoClient, demoIds } from './bench/demoClient';
import { openScratchDb } from './bench/scratchDb';
import { loadLine, percentile, timeAlternately } from './bench/timing';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: '.' },
    dialect: { type: 'string', default: 'postgres' },
    scale: { type: 'string', default: '1' },
    calls: { type: 'string', default: 'overview' },
    runs: { type: 'string', default: '100' },
    kept: { type: 'string' },
  },
});
const runs = Number(values.runs);
const scale = Number(values.scale);
const dialect = values.dialect as Dialect;
if (!values.before || !(runs > 0) || !(scale > 0) || !['duckdb', 'postgres'].includes(dialect)) {
  throw new Error(
    'Usage: npx tsx scripts/benchAb.ts --before DIR [--after DIR] [--dialect postgres|duckdb] [--scale 1] [--calls overview|others|id,id] [--runs 100]',
  );
}
const calls =
  values.calls === 'overview'
    ? OVERVIEW_CALLS
    : values.calls === 'others'
      ? OTHER_INSIGHT_CALLS
      : values.calls!.split(',').map((s) => s.trim());

const { db, dispose, now } = values.kept ? await openKeptDb(values.kept) : await loadScratch();

async function loadScratch() {
  const now = new Date();
  const scratch = await openScratchDb(dialect);
  const seeded = await loadDemo(scratch.db, { scale, seed: 42, now });
  console.log(`${dialect}, scale ${scale}: ${seeded.counts.runs.toLocaleString('en-US')} runs of this build's demo data`);
  return { ...scratch, now };
}

/** A database kept by bench:api --keep (its JSON names the schema or file and the moment it was loaded as of). */
async function openKeptDb(metaFile: string) {
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { now: string; schema: string; file: string };
  const kept =
    dialect === 'postgres'
      ? await openPostgres({ connectionString: TEST_DATABASE_URL, schema: meta.schema, max: 4 })
      : await openDuckDb({ file: meta.file, tmpDir: join(dirname(meta.file), 'tmp') });
  await migrate(kept);
  console.log(`${dialect}: kept database ${dialect === 'postgres' ? meta.schema : meta.file}, loaded as of ${meta.now}`);
  return { db: kept, dispose: () => kept.close(), now: new Date(meta.now) };
}

/** One build's app over the shared database, signed in as the demo login. */
async function client(tree: string) {
  const root = resolve(tree);
  const modules: AppModules = {
    buildApp: (await import(join(root, 'server/app.ts'))).buildApp,
    routes: (await import(join(root, 'server/routes/index.ts'))).routes,
    createAuthenticate: (await import(join(root, 'server/auth/authenticate.ts'))).createAuthenticate,
  };
  return demoClient(modules, db, dialect, now, tree);
}

const builds = { before: await client(values.before), after: await client(values.after!) };
const ids = await demoIds(builds.after, now);

console.log(loadLine('start'));
console.log('| call | p50 before | p50 after | p50 ratio | cpu before | cpu after | cpu ratio |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const id of calls) {
  const sends = { before: builds.before.request(id, ids), after: builds.after.request(id, ids) };
  for (const send of Object.values(sends)) for (let i = 0; i < 5; i++) await send(); // warm caches and JIT
  const { times, cpu } = await timeAlternately(sends, runs);
  const [p0, p1, c0, c1] = [percentile(times.before, 50), percentile(times.after, 50), cpu.before, cpu.after];
  console.log(
    `| ${id} | ${p0.toFixed(1)} | ${p1.toFixed(1)} | ${(p1 / p0).toFixed(2)} | ${c0.toFixed(2)} | ${c1.toFixed(2)} | ${(c1 / c0).toFixed(2)} |`,
  );
}
console.log(loadLine('end'));
for (const b of Object.values(builds)) await b.close();
await dispose();

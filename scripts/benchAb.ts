// Two builds' insight calls timed in one process, over one database, in alternation: the older
// commit's app (a second worktree, --before DIR) and this one's (or --after DIR), call by call, the
// order swapped every round. On a shared, loaded machine two bench:api processes run minutes apart
// meet different neighbours (a seeding elsewhere can double every figure of one of them); here both
// builds meet the same moments, the same data and the same heap, so their ratio is the change of
// the calls' own work (SQL, handler, validation, serialisation). The data are this build's demo
// (its migrations and generator): the older build must read that schema (migrations only add).
//   npx tsx scripts/benchAb.ts --before /work/wt/old [--after .] [--dialect postgres] [--scale 1]
//     [--calls overview|others|id,id] [--runs 100]
// A call id may name one of the screen's other requests to it (tests/contract/requests.ts SCREEN_VARIANTS),
// e.g. --calls citations.tld-analysis#domains,citations.tld-analysis#urls.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
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

const now = new Date();
const { db, dispose } = await openScratchDb(dialect);
const seeded = await loadDemo(db, { scale, seed: 42, now });
console.log(`${dialect}, scale ${scale}: ${seeded.counts.runs.toLocaleString('en-US')} runs of this build's demo data`);

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

// What storing one answer costs in two builds, timed in one process over one database in
// alternation (as benchAb does for the insight calls): each build's ingestRun writes the run, its
// facts and the rollups that build maintains. The database is this build's demo at --scale, so the
// rollups' upserts find rows of realistic size; the older build's ingestRun must accept this build's
// schema (migrations only add).
//   npx tsx scripts/benchIngestAb.ts --before /work/wt/old [--after .] [--dialect postgres] [--scale 1] [--runs 200]
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Dialect } from '../server/db/types';
import type { TrackedEntity } from '../server/ingest/index';
import type { ingestRun as IngestRun } from '../server/runs/ingestRun';
import { loadDemo } from '../server/seed/load';
import { openScratchDb } from './bench/scratchDb';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: '.' },
    dialect: { type: 'string', default: 'postgres' },
    scale: { type: 'string', default: '1' },
    runs: { type: 'string', default: '200' },
  },
});
const runs = Number(values.runs);
const dialect = values.dialect as Dialect;
if (!values.before || !(runs > 0) || !['duckdb', 'postgres'].includes(dialect)) {
  throw new Error('Usage: npx tsx scripts/benchIngestAb.ts --before DIR [--after DIR] [--dialect postgres|duckdb] [--scale 1] [--runs 200]');
}

const now = new Date();
const { db, dispose } = await openScratchDb(dialect);
const seeded = await loadDemo(db, { scale: Number(values.scale), seed: 42, now });
console.log(`${dialect}, scale ${values.scale}: ${seeded.counts.runs.toLocaleString('en-US')} runs of this build's demo data`);

// The demo's largest brand, one of its prompts, and the brands it tracks.
const [brand] = await db.query<{ id: string; name: string }>(
  `SELECT b.id, b.name FROM brands b JOIN runs r ON r.brand_id = b.id GROUP BY b.id, b.name ORDER BY COUNT(*) DESC LIMIT 1`,
);
const prompts = await db.query<{ id: string }>(`SELECT id FROM prompts WHERE brand_id = $1 ORDER BY id LIMIT 20`, [brand.id]);
const competitors = await db.query<{ name: string }>(`SELECT name FROM competitors WHERE brand_id = $1 ORDER BY name`, [brand.id]);
const tracked: TrackedEntity[] = [{ name: brand.name }, ...competitors.map((c) => ({ name: c.name }))];

/** A ranked answer naming the brand, three competitors and two brands nobody tracks, citing four pages. */
function answerFor(i: number) {
  const named = [tracked[(i % (tracked.length - 1)) + 1].name, brand.name, ...tracked.slice(1, 3).map((t) => t.name), `Newcomer ${i % 7}`, `Upstart ${i % 5}`];
  return {
    answerText: named.map((n, k) => `${k + 1}. ${n} is a solid choice for this.`).join('\n'),
    citations: [0, 1, 2, 3].map((k) => ({ url: `https://www.site${(i + k) % 40}.example/page-${i}-${k}`, title: null, author: null, publishedAt: null })),
  };
}

const ingestOf = async (tree: string): Promise<typeof IngestRun> => (await import(join(resolve(tree), 'server/runs/ingestRun.ts'))).ingestRun;
const builds = { before: await ingestOf(values.before), after: await ingestOf(values.after!) };

let n = 0;
const store = (ingest: typeof IngestRun) => {
  const i = n++;
  return ingest(
    db,
    {
      brandId: brand.id,
      promptId: prompts[i % prompts.length].id,
      provider: ['openai', 'gemini', 'perplexity'][i % 3],
      location: 'US',
      // Today, minutes apart: the rollups' current day, as a collector writes it.
      createdAt: new Date(now.getTime() - (i % 600) * 60_000),
      answer: answerFor(i),
    },
    tracked,
  );
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
console.log(`load average (1/5/15 min) at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (const ingest of Object.values(builds)) for (let i = 0; i < 10; i++) await store(ingest); // warm caches and JIT
const times = { before: [] as number[], after: [] as number[] };
const cpu = { before: 0, after: 0 };
for (let i = 0; i < runs; i++) {
  for (const k of i % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
    const c = process.cpuUsage();
    const t = performance.now();
    await store(builds[k]);
    times[k].push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu[k] += (used.user + used.system) / 1000;
  }
}
console.log('| build | p50 ms | p95 ms | Node cpu ms |');
console.log('|---|---:|---:|---:|');
for (const k of ['before', 'after'] as const) {
  console.log(`| ${k} | ${median(times[k]).toFixed(2)} | ${p95(times[k]).toFixed(2)} | ${(cpu[k] / runs).toFixed(2)} |`);
}
console.log(`p50 ratio after/before: ${(median(times.after) / median(times.before)).toFixed(2)}`);
console.log(`load average (1/5/15 min) at end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
await dispose();

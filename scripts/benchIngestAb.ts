// What storing one answer costs in two builds, timed in one process over one database in
// alternation (as benchAb does for the insight calls): each build's ingestRun writes the run, its
// facts and the rollups that build maintains. The database is this build's demo at --scale, so the
// rollups' upserts find rows of realistic size; the older build's ingestRun must accept this build's
// schema (migrations only add).
//   npx tsx scripts/benchIngestAb.ts --before /work/wt/old [--after .] [--dialect postgres] [--scale 1] [--runs 200]
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Dialect } from '../server/db/types';
import type { TrackedEntity } from '../server/ingest/index';
import type { ingestRun as IngestRun } from '../server/runs/ingestRun';
import { loadDemo } from '../server/seed/load';
import { openScratchDb } from './bench/scratchDb';
import { loadLine, percentile, timeAlternately } from './bench/timing';

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

console.log(loadLine('start'));
for (const ingest of Object.values(builds)) for (let i = 0; i < 10; i++) await store(ingest); // warm caches and JIT
const { times, cpu } = await timeAlternately({ before: () => store(builds.before), after: () => store(builds.after) }, runs);
console.log('| build | p50 ms | p95 ms | Node cpu ms |');
console.log('|---|---:|---:|---:|');
for (const k of ['before', 'after'] as const) {
  console.log(`| ${k} | ${percentile(times[k], 50).toFixed(2)} | ${percentile(times[k], 95).toFixed(2)} | ${cpu[k].toFixed(2)} |`);
}
console.log(`p50 ratio after/before: ${(percentile(times.after, 50) / percentile(times.before, 50)).toFixed(2)}`);
console.log(loadLine('end'));
await dispose();

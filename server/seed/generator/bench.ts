/**
 * Measures the demo world's throughput: `npx tsx server/seed/generator/bench.ts [scale]`.
 * Prints runs/second for generation alone and for generation + extraction (what the loader does
 * before writing), with wall and CPU time: on a busy machine CPU time is the fairer figure.
 */
import { extractAnswer, type TrackedEntity } from '../../ingest/index';
import { generateDemoWorld } from './world';

const scale = Number(process.argv[2] ?? 1);
const opts = { scale, seed: 42, now: new Date('2026-11-21T12:00:00Z') };

function measure(label: string, work: () => number) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const runs = work();
  const wall = (performance.now() - t0) / 1000;
  const cpuUsed = process.cpuUsage(cpu0);
  const cpu = (cpuUsed.user + cpuUsed.system) / 1e6;
  console.log(`${label}: ${runs} runs, wall ${wall.toFixed(1)} s (${Math.round(runs / wall)} runs/s), cpu ${cpu.toFixed(1)} s (${Math.round(runs / cpu)} runs/s)`);
}

measure('generate', () => {
  let n = 0;
  for (const r of generateDemoWorld(opts).runs()) n += r.answer.answerText.length > 0 ? 1 : 0;
  return n;
});

measure('generate + extract', () => {
  const world = generateDemoWorld(opts);
  const tracked = new Map<string, TrackedEntity[]>(world.brands.map((b) => [b.key, [{ name: b.name, aliases: b.aliases }, ...b.competitors]]));
  let n = 0;
  for (const r of world.runs()) {
    extractAnswer(r.answer, tracked.get(r.brandKey)!);
    n++;
  }
  return n;
});

// Compares `npm run bench:api -- --json FILE` outputs of two builds (e.g. before and after a change),
// each run several times in turns on the same machine: per dialect, scale and call, the median over
// the runs of p50 and of CPU time per call, and the ratios after / before.
//   tsx scripts/benchCompare.ts --before a1.json,a2.json --after b1.json,b2.json
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Row {
  dialect: string;
  scale: number;
  call: string;
  client: number;
  p50: number;
  cpuMs: number;
  load: number[];
}

const { values } = parseArgs({ options: { before: { type: 'string' }, after: { type: 'string' } } });
if (!values.before || !values.after) throw new Error('Usage: tsx scripts/benchCompare.ts --before a.json[,a2.json] --after b.json[,b2.json]');

const read = (files: string) => files.split(',').flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as Row[]);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const key = (r: Row) => `${r.dialect} | ${r.scale} | ${r.call}`;
function byKey(rows: Row[]) {
  const out = new Map<string, Row[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

const before = byKey(read(values.before));
const after = byKey(read(values.after));
const loads = [...before.values(), ...after.values()].flat().map((r) => r.load[0]);
console.log(`1-min load average during the runs: ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`);
console.log('| dialect | scale | call | runs | p50 before | p50 after | p50 ratio | cpu before | cpu after | cpu ratio |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [k, b] of before) {
  const a = after.get(k);
  if (!a) continue;
  const [p0, p1, c0, c1] = [median(b.map((r) => r.p50)), median(a.map((r) => r.p50)), median(b.map((r) => r.cpuMs)), median(a.map((r) => r.cpuMs))];
  console.log(`| ${k} | ${Math.min(a.length, b.length)} | ${p0.toFixed(1)} | ${p1.toFixed(1)} | ${(p1 / p0).toFixed(2)} | ${c0.toFixed(1)} | ${c1.toFixed(1)} | ${(c1 / c0).toFixed(2)} |`);
}

// What the bench scripts share to time and report: percentiles, the load-average line, and two
// builds' work timed in alternation.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/** The p-th percentile of `xs` (the sorted value at index ⌊p/100 · n⌋, at most the last). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export const loadLine = (when: string) =>
  `load average (1/5/15 min) at ${when}: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`;

export interface AbTimes {
  times: { before: number[]; after: number[] };
  /** Node CPU per call, ms. */
  cpu: { before: number; after: number };
}

/**
 * Times `runs` calls of each build's `send`, the order swapped every round, so both builds meet the
 * same moments of a shared machine.
 */
export async function timeAlternately(sends: { before: () => Promise<unknown>; after: () => Promise<unknown> }, runs: number): Promise<AbTimes> {
  const times = { before: [] as number[], after: [] as number[] };
  const cpu = { before: 0, after: 0 };
  for (let i = 0; i < runs; i++) {
    for (const k of i % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
      const c = process.cpuUsage();
      const t = performance.now();
      await sends[k]();
      times[k].push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu[k] += (used.user + used.system) / 1000;
    }
  }
  return { times, cpu: { before: cpu.before / runs, after: cpu.after / runs } };
}

import type { CitationFact, Facts, MentionFact, RunFact } from './fixture';

/**
 * Expected numbers computed in plain JS from the fixture facts, independent of the SQL under test.
 */
export interface Filter {
  start: Date;
  end: Date;
  providers?: string[];
  locations?: string[];
}

type Fact = RunFact | MentionFact | CitationFact;

export function within<T extends Fact>(rows: T[], f: Filter): T[] {
  return rows.filter(
    (r) =>
      r.createdAt >= f.start &&
      r.createdAt < f.end &&
      (!f.providers || f.providers.includes(r.provider)) &&
      (!f.locations || f.locations.includes(r.location)),
  );
}

export const r2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;
export const pct = (a: number, b: number) => (b > 0 ? r2((a / b) * 100) : 0);

export function window(facts: Facts, f: Filter) {
  const runs = within(facts.runs, f);
  const mentions = within(facts.mentions, f);
  const citations = within(facts.citations, f);
  const of = (entity: string) => mentions.filter((m) => m.entity === entity);
  return {
    runs,
    mentions,
    citations,
    of,
    rate: (entity: string) => pct(of(entity).length, runs.length),
    sentiment: (entity: string) => {
      const m = of(entity);
      return m.length ? r2((m.reduce((s, x) => s + x.sentiment, 0) / m.length) * 100) : null;
    },
    avgRank: (entity: string) => {
      const m = of(entity);
      return m.length ? r2(m.reduce((s, x) => s + x.rank, 0) / m.length) : null;
    },
    domains: new Set(citations.filter((c) => c.domain !== '').map((c) => c.domain)),
  };
}

/**
 * Reference statistics computed another way than server/stats, to check the API's intervals: the
 * Wilson interval as the set of p the score test does not reject, |k/n − p| ≤ z·√(p(1−p)/n),
 * found by bisection; the t interval from the values themselves (two-pass variance).
 */
const Z95 = 1.959963984540054;

export function wilsonByInversion(k: number, n: number): [number, number] {
  const p = k / n;
  const inside = (q: number) => Math.abs(p - q) <= Z95 * Math.sqrt((q * (1 - q)) / n);
  const edge = (lo: number, hi: number, inAtLo: boolean) => {
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (inside(mid) === inAtLo) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  return [k === 0 ? 0 : edge(p, 0, true), k === n ? 1 : edge(p, 1, true)];
}

/** Newcombe's method 10 from the reference Wilson intervals: [low, high] of k1/n1 − k0/n0. */
export function newcombeReference(k1: number, n1: number, k0: number, n0: number): [number, number] {
  const [l1, u1] = wilsonByInversion(k1, n1);
  const [l0, u0] = wilsonByInversion(k0, n0);
  const p1 = k1 / n1;
  const p0 = k0 / n0;
  return [p1 - p0 - Math.hypot(p1 - l1, u0 - p0), p1 - p0 + Math.hypot(u1 - p1, p0 - l0)];
}

/** The 95% t interval of the values' mean, given the t quantile for n − 1 degrees of freedom. */
export function tIntervalOf(values: number[], t: number): [number, number] {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  return [mean - (t * sd) / Math.sqrt(n), mean + (t * sd) / Math.sqrt(n)];
}

/** Within one rounding step of the API's 2 decimals. */
export function nearly(actual: number | null, expected: number): boolean {
  return actual !== null && Math.abs(actual - expected) <= 0.0100001;
}

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

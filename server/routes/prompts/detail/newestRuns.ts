import type { Db } from '../../../db/types';
import { latestSlot, nextSlot } from '../../../scheduler/cron';
import type { PromptRecord } from '../promptRecord';
import { SqlParams, iso } from '../sql';

const DAY_MS = 86_400_000;

/** What the latest responses ask for: each provider's newest `limit` runs before `end` in the locations (null: all). */
export interface NewestQuery {
  end: Date;
  limit: number;
  locations: string[] | null;
}

/**
 * Each provider's newest `q.limit` runs before `q.end`, the same as picking them from the prompt's
 * whole history, but read from a recent span when that holds them all: on DuckDB the runs are
 * stored in time order with every prompt mixed, so a pick over the whole history reads the
 * prompt's columns in every day it ever ran. The span is the recent runs' pick; it answers alone
 * when every provider that ran before it (rollup_prompt_providers: first run per provider and
 * location) has its `q.limit` runs inside it. Otherwise the whole history is picked. DuckDB only
 * (loadPromptRuns says why).
 */
export async function pickNewestPerProvider<Run extends { provider: string }>(
  db: Db,
  prompt: PromptRecord,
  q: NewestQuery,
  pick: (since: Date | null) => Promise<Run[]>,
): Promise<Run[]> {
  const since = recentSpanStart(prompt, q);
  const [recent, firstRuns] = await Promise.all([pick(since), firstRunByProvider(db, prompt, q.locations)]);
  return spanHoldsNewest(recent, firstRuns, since, q.limit) ? recent : pick(null);
}

/**
 * Where the recent span starts: enough of the prompt's schedule periods (a day, a week, a month)
 * for `q.limit` runs per provider in the asked locations, one and a half times over plus one (a
 * missed run or a late first one should not send the pick to the whole history).
 */
export function recentSpanStart(prompt: PromptRecord, q: NewestQuery): Date {
  const period = Math.max(DAY_MS, nextSlot(prompt.frequencyCron, q.end).getTime() - latestSlot(prompt.frequencyCron, q.end).getTime());
  const own = new Set(prompt.locations.map((l) => l.toUpperCase()));
  const locations = q.locations ? q.locations.filter((l) => own.has(l.toUpperCase())).length : own.size;
  const periods = Math.ceil(Math.ceil(q.limit / Math.max(1, locations)) * 1.5) + 1;
  return new Date(q.end.getTime() - periods * period);
}

/**
 * Whether the runs picked from [since, end) are each provider's newest `limit` of the whole
 * history: every provider whose first run in the locations is older than `since` has `limit` runs
 * in the span (a provider first run from `since` on has all its runs there).
 */
export function spanHoldsNewest(recent: Array<{ provider: string }>, firstRuns: Map<string, Date>, since: Date, limit: number): boolean {
  const found = new Map<string, number>();
  for (const run of recent) found.set(run.provider, (found.get(run.provider) ?? 0) + 1);
  for (const [provider, first] of firstRuns) {
    if (first.getTime() < since.getTime() && (found.get(provider) ?? 0) < limit) return false;
  }
  return true;
}

/** The prompt's first run per provider in the locations (null: all), from rollup_prompt_providers. */
async function firstRunByProvider(db: Db, prompt: PromptRecord, locations: string[] | null): Promise<Map<string, Date>> {
  const p = new SqlParams();
  const rows = await db.query(
    `SELECT f.provider, MIN(f.first_at) AS first_at FROM rollup_prompt_providers f
      WHERE f.brand_id = ${p.add(prompt.brandId)} AND f.prompt_id = ${p.add(prompt.id)} AND ${p.in('f.location', locations)}
      GROUP BY f.provider`,
    p.values,
  );
  return new Map(rows.map((r) => [String(r.provider), new Date(iso(r.first_at))]));
}

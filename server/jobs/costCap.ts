import type { Db } from '../db/types';

/** Midnight UTC of `at`'s day, and of the next. */
export function utcDay(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/**
 * What a brand's runs of `at`'s UTC day have cost, in US dollars: from the day's rollup rows (one per
 * provider and location, kept in the transaction that stores each run), not the day's runs, which a
 * large brand has by the ten thousand and this is read before every one of them.
 */
export async function brandSpendToday(db: Db, brandId: string, at: Date): Promise<number> {
  const { start } = utcDay(at);
  const [row] = await db.query<{ spent: number | null }>(
    'SELECT sum(cost_usd) AS spent FROM rollup_runs_daily WHERE brand_id = $1 AND day = $2',
    [brandId, start],
  );
  return Number(row?.spent ?? 0);
}

export interface CostCapStatus {
  /** The cap in US dollars per brand and UTC day; 0 = none. */
  capUsd: number;
  spentUsd: number;
  /** Runs of this brand wait for the next UTC day. */
  paused: boolean;
  /** When they resume (ISO), while paused. */
  resumesAt: string | null;
}

/** Whether the brand's runs are paused for the day: its runs of the day cost at least the cap. */
export async function costCapStatus(db: Db, brandId: string, capUsd: number, at: Date): Promise<CostCapStatus> {
  const spentUsd = await brandSpendToday(db, brandId, at);
  const paused = capUsd > 0 && spentUsd >= capUsd;
  return { capUsd, spentUsd: Math.round(spentUsd * 10_000) / 10_000, paused, resumesAt: paused ? utcDay(at).end.toISOString() : null };
}

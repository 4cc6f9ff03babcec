import type { Db } from '../../db/types';

/**
 * Test oracle: plain rows of the fact tables and metric recomputation in JavaScript, independent
 * of the SQL under test, so the tests compare two separate derivations over the same facts.
 */
export interface RawRun {
  id: string;
  promptId: string;
  provider: string;
  location: string;
  at: number;
}
export interface RawMention {
  runId: string;
  promptId: string;
  provider: string;
  location: string;
  at: number;
  entity: string;
  name: string;
  rank: number;
  sentiment: number;
}
export interface RawCitation {
  runId: string;
  promptId: string;
  location: string;
  at: number;
  url: string;
}

export async function rawFacts(db: Db, brandId: string) {
  const runs = (await db.query('SELECT id, prompt_id, provider, location, created_at FROM runs WHERE brand_id = $1', [brandId])).map(
    (r): RawRun => ({
      id: String(r.id),
      promptId: String(r.prompt_id),
      provider: String(r.provider),
      location: String(r.location),
      at: Date.parse(String(r.created_at)),
    }),
  );
  const mentions = (
    await db.query('SELECT run_id, prompt_id, provider, location, created_at, entity, entity_name, rank, sentiment FROM mentions WHERE brand_id = $1', [
      brandId,
    ])
  ).map(
    (m): RawMention => ({
      runId: String(m.run_id),
      promptId: String(m.prompt_id),
      provider: String(m.provider),
      location: String(m.location),
      at: Date.parse(String(m.created_at)),
      entity: String(m.entity),
      name: String(m.entity_name),
      rank: Number(m.rank),
      sentiment: Number(m.sentiment),
    }),
  );
  const citations = (await db.query('SELECT run_id, prompt_id, location, created_at, url FROM citations WHERE brand_id = $1', [brandId])).map(
    (c): RawCitation => ({
      runId: String(c.run_id),
      promptId: String(c.prompt_id),
      location: String(c.location),
      at: Date.parse(String(c.created_at)),
      url: String(c.url),
    }),
  );
  return { runs, mentions, citations };
}

export const within = (at: number, start: Date, end: Date) => at >= start.getTime() && at < end.getTime();
export const r2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;
export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Mention rate, mean rank and mean sentiment of `entity` over the given runs. */
export function entityStats(runs: RawRun[], mentions: RawMention[], entity: string) {
  const ids = new Set(runs.map((r) => r.id));
  const own = mentions.filter((m) => m.entity === entity && ids.has(m.runId));
  const mentionedRuns = new Set(own.map((m) => m.runId));
  return {
    runs: runs.length,
    mentioned: mentionedRuns.size,
    rate: runs.length ? (mentionedRuns.size / runs.length) * 100 : null,
    avgRank: mean(own.map((m) => m.rank)),
    avgSentiment: mean(own.map((m) => m.sentiment)),
  };
}

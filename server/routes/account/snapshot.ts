import type { Db } from '../../db/types';
import { entityKey } from '../../ingest/index';
import type { BrandRow } from '../access';

/** The onboarding snapshot shows 5 rankings, 5 domains and 5 prompts. */
export const SNAPSHOT_LIMIT = 5;

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Snapshot {
  brandName: string;
  brandUrl: string;
  totalMentions: number;
  totalCitations: number;
  prompts: { prompt: string; mentions: { brandName: string; isMentioned: boolean; mentionedRank: number | null }[] }[];
  uniqueDomainsWithCount: { domain: string; count: number }[];
  brandRankings: { brandName: string; averageRank: number; discovery: number }[];
}

/**
 * The onboarding snapshot, all from the brand's stored runs:
 * - totalMentions: answers naming the brand; totalCitations: cited URLs.
 * - brandRankings: the 5 brands named in most answers (tracked or not); discovery = % of the
 *   brand's runs naming them, averageRank = mean position among the brands an answer names.
 * - uniqueDomainsWithCount: the 5 most cited registrable domains.
 * - prompts: the 5 prompts whose answers name the brand most, each with the own brand and every
 *   tracked competitor: mentioned in any answer, and the mean rank when mentioned.
 */
export async function buildSnapshot(db: Db, brand: BrandRow): Promise<Snapshot> {
  const own = entityKey(brand.name);
  const [[totals], [citations], domains, rankings, promptStats, competitors] = await Promise.all([
    db.query<{ runs: number; mentioned: number }>(
      `SELECT COUNT(*) AS runs, (SELECT COUNT(*) FROM mentions m WHERE m.brand_id = $1 AND m.entity = $2) AS mentioned
         FROM runs r WHERE r.brand_id = $1`,
      [brand.id, own],
    ),
    db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM citations WHERE brand_id = $1`, [brand.id]),
    db.query<{ domain: string; count: number }>(
      `SELECT domain, COUNT(*) AS count FROM citations WHERE brand_id = $1 AND domain <> ''
        GROUP BY domain ORDER BY count DESC, domain LIMIT ${SNAPSHOT_LIMIT}`,
      [brand.id],
    ),
    db.query<{ entity: string; name: string; n: number; avg_rank: number }>(
      `SELECT entity, MIN(entity_name) AS name, COUNT(*) AS n, AVG(CAST(rank AS DOUBLE PRECISION)) AS avg_rank
         FROM mentions WHERE brand_id = $1 GROUP BY entity ORDER BY n DESC, entity LIMIT ${SNAPSHOT_LIMIT}`,
      [brand.id],
    ),
    db.query<{ prompt_id: string; text: string; runs: number; mentioned: number }>(
      `SELECT p.id AS prompt_id, p.text, COUNT(r.id) AS runs,
              (SELECT COUNT(*) FROM mentions m WHERE m.brand_id = $1 AND m.prompt_id = p.id AND m.entity = $2) AS mentioned
         FROM prompts p JOIN runs r ON r.brand_id = $1 AND r.prompt_id = p.id
        WHERE p.brand_id = $1 GROUP BY p.id, p.text
        ORDER BY mentioned DESC, runs DESC, p.text LIMIT ${SNAPSHOT_LIMIT}`,
      [brand.id, own],
    ),
    db.query<{ name: string; name_key: string }>(
      `SELECT name, name_key FROM competitors WHERE brand_id = $1 ORDER BY created_at, name_key`,
      [brand.id],
    ),
  ]);

  const tracked = [{ name: brand.name, key: own }, ...competitors.map((c) => ({ name: c.name, key: entityKey(c.name) }))];
  const promptIds = promptStats.map((p) => p.prompt_id);
  const perPrompt = promptIds.length
    ? await db.query<{ prompt_id: string; entity: string; avg_rank: number }>(
        `SELECT prompt_id, entity, AVG(CAST(rank AS DOUBLE PRECISION)) AS avg_rank FROM mentions
          WHERE brand_id = $1 AND prompt_id IN (${promptIds.map((_, i) => `$${i + 2}`).join(', ')})
          GROUP BY prompt_id, entity`,
        [brand.id, ...promptIds],
      )
    : [];
  const rankOf = new Map(perPrompt.map((r) => [`${r.prompt_id}\u0000${r.entity}`, Number(r.avg_rank)]));
  const runs = Number(totals?.runs ?? 0);

  return {
    brandName: brand.name,
    brandUrl: brand.url,
    totalMentions: Number(totals?.mentioned ?? 0),
    totalCitations: Number(citations?.n ?? 0),
    prompts: promptStats.map((p) => ({
      prompt: p.text,
      mentions: tracked.map((t) => {
        const rank = rankOf.get(`${p.prompt_id}\u0000${t.key}`);
        return { brandName: t.name, isMentioned: rank !== undefined, mentionedRank: rank === undefined ? null : round2(rank) };
      }),
    })),
    uniqueDomainsWithCount: domains.map((d) => ({ domain: d.domain, count: Number(d.count) })),
    brandRankings: rankings.map((r) => ({
      brandName: r.entity === own ? brand.name : r.name,
      averageRank: round2(Number(r.avg_rank)),
      discovery: runs > 0 ? round2((Number(r.n) / runs) * 100) : 0,
    })),
  };
}

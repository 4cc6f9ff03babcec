import type { Db } from '../../../db/types';
import { SqlParams, inList } from '../shared/params';
import { meanOrNull, num, pctChange, percent } from '../shared/numbers';
import { type InsightScope, minSampleOf, scopeWhere } from '../shared/scope';
import { meanStats, rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';
import type { TrackedEntity } from '../shared/tracked';
import { promptSumsFromTotals, promptSumsStatement } from '../shared/promptTotalsWindow';

/** A prompt in the overview's top or bottom performers. */
export interface TopBottomPromptRow {
  promptId: string;
  prompt: string;
  promptCategory: 'top' | 'bottom';
  avgMentionRank: number | null;
  provider: string;
  runLocation: string;
  mentionRate: number;
  pctChangeMentionRate: number | null;
  mentionRateStats: EstimateStats;
  mentionRateChangeStats: ChangeStats;
  avgMentionRankStats: EstimateStats;
}

/**
 * Ranks each prompt as run by one provider in one location (the row's provider and runLocation) by
 * the own brand's mention rate in the current window. top = the `limit` best (rate descending,
 * then average rank ascending, unranked last); bottom = the `limit` worst of the rest (rate
 * ascending, unranked first), so no row is both. Only combinations with runs in the window count.
 * Returned flat: top rows first, then bottom rows.
 */
export async function topAndBottomPrompts(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
  limit: number,
  now: Date,
): Promise<TopBottomPromptRow[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const rows = await currentPromptCounts(db, scope, own.entity, limit, now);
  const min = minSampleOf(scope);
  const candidates = rows.map((r) => {
    const curMentions = num(r.cur_mentions);
    const curRuns = num(r.cur_runs);
    const promptId = String(r.prompt_id);
    const provider = String(r.provider);
    const location = String(r.location);
    return {
      runs: curRuns,
      key: comboKey(promptId, provider, location),
      curMentions,
      curRank: num(r.cur_rank),
      curRankSq: num(r.cur_rank_sq),
      row: {
        promptId,
        avgMentionRank: meanOrNull(num(r.cur_rank), curMentions),
        provider,
        runLocation: location,
        mentionRate: percent(curMentions, curRuns),
      },
    };
  });
  type Candidate = (typeof candidates)[number];
  const tieBreak = (a: Candidate, b: Candidate) => b.runs - a.runs || a.key.localeCompare(b.key);
  const rankOrInf = (r: number | null) => (r === null ? Number.POSITIVE_INFINITY : r);
  const pick = (ranked: Candidate[]) => {
    const top = firstInOrder(
      ranked,
      limit,
      (a, b) =>
        b.row.mentionRate - a.row.mentionRate || rankOrInf(a.row.avgMentionRank) - rankOrInf(b.row.avgMentionRank) || tieBreak(a, b),
    );
    const taken = new Set(top.map((c) => c.key));
    const bottom = firstInOrder(
      ranked.filter((c) => !taken.has(c.key)),
      limit,
      (a, b) =>
        a.row.mentionRate - b.row.mentionRate || rankOrInf(b.row.avgMentionRank) - rankOrInf(a.row.avgMentionRank) || tieBreak(a, b),
    );
    return { top, bottom };
  };

  // Only prompts that exist are ranked. The texts are read for the rows picked only (a large brand
  // has tens of thousands of candidates); a picked prompt without one (its runs outlived it) is
  // dropped and the rest picked again. When every picked prompt exists, the pick equals the pick
  // among existing prompts only: each of them is still among the best of that smaller set.
  // The pick reads the current window only, so the delta window is read for the picked rows only,
  // beside their texts.
  const dropped = new Set<string>();
  for (;;) {
    const { top, bottom } = pick(dropped.size > 0 ? candidates.filter((c) => !dropped.has(c.row.promptId)) : candidates);
    const picked = [...top, ...bottom];
    const promptIds = [...new Set(picked.map((c) => c.row.promptId))];
    const [texts, previous] = await Promise.all([
      promptTexts(db, scope.brandId, promptIds),
      previousPromptCounts(db, scope, own.entity, promptIds, now),
    ]);
    const missing = picked.filter((c) => !texts.has(c.row.promptId));
    if (missing.length > 0) {
      for (const c of missing) dropped.add(c.row.promptId);
      continue;
    }
    return [
      ...top.map((c) => ({ c, promptCategory: 'top' as const })),
      ...bottom.map((c) => ({ c, promptCategory: 'bottom' as const })),
    ].map(({ c, promptCategory }) => {
      const { promptId, avgMentionRank, provider, runLocation, mentionRate } = c.row;
      const prev = previous.get(c.key) ?? { runs: 0, mentions: 0 };
      const prevRate = prev.runs > 0 ? percent(prev.mentions, prev.runs) : null;
      return {
        promptId,
        prompt: texts.get(promptId)!,
        promptCategory,
        avgMentionRank,
        provider,
        runLocation,
        mentionRate,
        pctChangeMentionRate: pctChange(mentionRate, prevRate),
        mentionRateStats: rateStats(c.curMentions, c.runs, min),
        mentionRateChangeStats: rateChangeStats(c.curMentions, c.runs, prev.mentions, prev.runs, min),
        avgMentionRankStats: meanStats({ n: c.curMentions, sum: c.curRank, sumSq: c.curRankSq }, min),
      };
    });
  }
}

const comboKey = (promptId: string, provider: string, location: string) => `${promptId}|${provider}|${location}`;

/**
 * Per prompt, provider and location with runs in the current window: its runs and the own brand's
 * mentions, ranks and squared ranks. From the running totals where they serve the window (a large
 * brand's window holds a run per combination and day; the totals two rows per combination), only
 * the rows that may be picked (candidatesOf); otherwise every row, from the facts, where DuckDB
 * reads the runs and the own mentions in one pass (each row counts as a run or as a mention) and
 * groups once: its groupings and joins of small inputs cost more than their rows. PostgreSQL
 * groups each and joins the groups: one grouping of both was no faster there (bench:ab, scale 10).
 */
async function currentPromptCounts(
  db: Db,
  scope: InsightScope,
  ownEntity: string,
  limit: number,
  now: Date,
): Promise<Record<string, unknown>[]> {
  const totals = await promptSumsStatement(db, scope, ownEntity, now);
  if (totals) return candidatesOf(db, totals.sql, totals.p, scope.brandId, limit);
  const p = new SqlParams();
  const current = { ...scope, previous: null };
  const runsWhere = scopeWhere(p, current);
  const mentionsWhere = scopeWhere(p, current);
  const ownKey = p.add(ownEntity);
  if (db.dialect === 'duckdb') {
    return db.query(
      `SELECT prompt_id, provider, location, SUM(run) AS cur_runs, SUM(mention) AS cur_mentions,
              SUM(mention * rank) AS cur_rank, SUM(mention * rank * rank) AS cur_rank_sq
         FROM (SELECT prompt_id, provider, location, 1 AS run, 0 AS mention, 0 AS rank
                 FROM runs WHERE ${runsWhere}
               UNION ALL
               SELECT prompt_id, provider, location, 0, 1, rank
                 FROM mentions WHERE ${mentionsWhere} AND entity = ${ownKey}) f
        GROUP BY prompt_id, provider, location
       HAVING SUM(run) > 0`,
      p.values,
    );
  }
  return db.query(
    `WITH r AS (
       SELECT prompt_id, provider, location, COUNT(*) AS cur_runs
         FROM runs WHERE ${runsWhere}
        GROUP BY prompt_id, provider, location
     ),
     m AS (
       SELECT prompt_id, provider, location,
              COUNT(*) AS cur_mentions, SUM(rank) AS cur_rank, SUM(rank * rank) AS cur_rank_sq
         FROM mentions WHERE ${mentionsWhere} AND entity = ${ownKey}
        GROUP BY prompt_id, provider, location
     )
     SELECT r.prompt_id, r.provider, r.location, r.cur_runs, m.cur_mentions, m.cur_rank, m.cur_rank_sq
       FROM r LEFT JOIN m ON m.prompt_id = r.prompt_id AND m.provider = r.provider AND m.location = r.location`,
    p.values,
  );
}

/** How far (in percentage points) a mention rate may lie from a threshold and still round to its side or past it. */
const ROUNDING_SLACK = 0.011;

/**
 * The rows of `sumsSql` (one per prompt, provider and location) that may be picked, with the
 * columns topAndBottomPrompts reads: the database ranks a large brand's tens of thousands of
 * combinations by rate, so only a few dozen rows are sent (converting 16,700 rows cost DuckDB about
 * as much as computing them). Rates are picked by their value rounded to 0.01, so a row can be in
 * the top `limit` only if fewer than `limit` rows round strictly above it, which every row more than
 * ROUNDING_SLACK below the `limit`-th highest exact rate has. Likewise for the bottom `limit` of the
 * rest, against the `limit`-th lowest: a row that rounds above those is not among the bottom, unless
 * the top took one of them, and then the row's rate is above that top row's, so it is a top
 * candidate itself. Rows tied within the slack all come, so the ranking's own order decides among
 * them. Only the brand's existing prompts are ranked.
 */
async function candidatesOf(db: Db, sumsSql: string, p: SqlParams, brandId: string, limit: number) {
  const n = Math.max(1, Math.floor(limit));
  return db.query(
    `WITH sums AS (${sumsSql}),
          rated AS (SELECT s.*, CAST(s.mentioned AS DOUBLE PRECISION) * 100 / s.runs AS pct FROM sums s
                     WHERE s.prompt_id IN (SELECT id FROM prompts WHERE brand_id = ${p.add(brandId)})),
          high AS (SELECT pct FROM rated ORDER BY pct DESC LIMIT 1 OFFSET ${n - 1}),
          low AS (SELECT pct FROM rated ORDER BY pct LIMIT 1 OFFSET ${n - 1})
     SELECT prompt_id, provider, location, runs AS cur_runs, mentioned AS cur_mentions, rank_sum AS cur_rank, rank_sq_sum AS cur_rank_sq
       FROM rated
      WHERE pct >= COALESCE((SELECT pct FROM high), -1) - ${ROUNDING_SLACK}
         OR pct <= COALESCE((SELECT pct FROM low), 101) + ${ROUNDING_SLACK}`,
    p.values,
  );
}

/**
 * The delta window's runs and own mentions of the given prompts, by prompt, provider and location
 * (comboKey); empty without a delta window. From the running totals where they serve the window
 * (DuckDB has no index to find a few prompts' facts by, so it would scan the window's). Otherwise
 * reads every mention of those prompts and counts the own ones, so PostgreSQL reads both tables by
 * their (prompt_id, created_at) indexes: with the own brand in the WHERE it read the own-mention
 * index over the whole window instead (scale 100: 30,000 entries for a hundred rows, 64 ms against
 * 7 ms at load 9). DuckDB prunes the window by created_at.
 */
async function previousPromptCounts(
  db: Db,
  scope: InsightScope,
  ownEntity: string,
  promptIds: string[],
  now: Date,
): Promise<Map<string, { runs: number; mentions: number }>> {
  if (!scope.previous || promptIds.length === 0) return new Map();
  const byCombo = (rows: Array<Record<string, unknown>>, runs: string, mentions: string) =>
    new Map(
      rows.map((r) => [comboKey(String(r.prompt_id), String(r.provider), String(r.location)), { runs: num(r[runs]), mentions: num(r[mentions]) }]),
    );
  const totals = await promptSumsFromTotals(db, { ...scope, current: scope.previous, previous: null }, ownEntity, now, promptIds);
  if (totals) return byCombo(totals as unknown as Array<Record<string, unknown>>, 'runs', 'mentioned');
  const p = new SqlParams();
  const previous = { ...scope, current: scope.previous, previous: null };
  const runsWhere = `${scopeWhere(p, previous)} AND ${inList(p, 'prompt_id', promptIds)}`;
  const mentionsWhere = `${scopeWhere(p, previous)} AND ${inList(p, 'prompt_id', promptIds)}`;
  const ownKey = p.add(ownEntity);
  const rows = await db.query(
    `SELECT prompt_id, provider, location, SUM(run) AS runs, SUM(mention) AS mentions
       FROM (SELECT prompt_id, provider, location, 1 AS run, 0 AS mention FROM runs WHERE ${runsWhere}
             UNION ALL
             SELECT prompt_id, provider, location, 0, CASE WHEN entity = ${ownKey} THEN 1 ELSE 0 END FROM mentions WHERE ${mentionsWhere}) f
      GROUP BY prompt_id, provider, location`,
    p.values,
  );
  return byCombo(rows, 'runs', 'mentions');
}

/** The texts of the brand's prompts among `ids`, by id. */
async function promptTexts(db: Db, brandId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const q = new SqlParams();
  const found = await db.query(`SELECT id, text FROM prompts WHERE brand_id = ${q.add(brandId)} AND ${inList(q, 'id', ids)}`, q.values);
  return new Map(found.map((t) => [String(t.id), String(t.text)]));
}

/**
 * The first `k` items in `order` (a total order), as `[...items].sort(order).slice(0, k)` gives
 * them, in one pass that keeps k items: a large brand ranks tens of thousands of candidates for 5.
 */
export function firstInOrder<T>(items: readonly T[], k: number, order: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  if (k <= 0) return kept;
  for (const item of items) {
    if (kept.length === k && !(order(item, kept[k - 1]) < 0)) continue;
    let i = kept.length;
    while (i > 0 && order(item, kept[i - 1]) < 0) i--;
    kept.splice(i, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}

import type { Db } from '../../../db/types';
import { badRequest } from '../../../http/errors';
import { entityMentionStats, sumCounts } from '../shared/facts';
import { meanOrNull, percent } from '../shared/numbers';
import { minSampleOf, type InsightScope } from '../shared/scope';
import type { TrackedEntity } from '../shared/tracked';
import {
  type CompetitiveStatus,
  type MentionPerformance,
  type RankingComparison,
  competitiveStatus,
  mentionPerformance,
  rankingComparison,
} from './labels';
import { pairStats, promptPairStats, type PairStats } from './pairStats';
import { meanStats, pairedRateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';

/** The comparison page's metric cards: the brand against one competitor. */
export interface ComparisonMetrics {
  yourBrandName: string;
  competitorName: string;
  yourBrandMentionRate: number;
  competitorMentionRate: number;
  yourBrandSov: number;
  competitorSov: number;
  yourBrandAvgPosition: number | null;
  competitorAvgPosition: number | null;
  coMentions: number;
  /** yourBrandMentionRate − competitorMentionRate over the same answers, with its interval (paired) and significance. */
  mentionRateGapStats: ChangeStats;
  /** The mention rates (n = runs) and shares of voice (n = mentions of the brands sharing the voice) with their intervals. */
  yourBrandMentionRateStats: EstimateStats;
  competitorMentionRateStats: EstimateStats;
  yourBrandSovStats: EstimateStats;
  competitorSovStats: EstimateStats;
  /** The average positions with their t intervals: n = the brand's mentions. */
  yourBrandAvgPositionStats: EstimateStats;
  competitorAvgPositionStats: EstimateStats;
}

/** One prompt on the comparison page: both brands' mention rates and ranks, with the head-to-head labels. */
export interface ComparisonPrompt {
  promptId: string;
  promptPreview: string;
  provider: string;
  avgBrandRank: number | null;
  avgCompetitorRank: number | null;
  brandMentionsCount: number;
  brandMentionRate: number;
  competitorMentionRate: number;
  coMentionsCount: number;
  competitiveStatus: CompetitiveStatus;
  rankingComparison: RankingComparison;
  /** brandMentionRate: n = runs of the prompt by the provider. */
  brandMentionRateStats: EstimateStats;
  competitorMentionRateStats: EstimateStats;
  /** brandMentionRate − competitorMentionRate over the same answers (points), paired interval. */
  mentionRateGapStats: ChangeStats;
  /** The average ranks with their t intervals: n = the brand's mentions in these runs. */
  avgBrandRankStats: EstimateStats;
  avgCompetitorRankStats: EstimateStats;
}

/** Both brands' mention rates and ranks in one provider's answers. */
export interface ProviderComparison {
  provider: string;
  brandMentionRate: number;
  competitorMentionRate: number;
  brandAvgRank: number | null;
  competitorAvgRank: number | null;
  mentionPerformance: MentionPerformance;
  /** brandMentionRate: n = the provider's runs. */
  brandMentionRateStats: EstimateStats;
  competitorMentionRateStats: EstimateStats;
  /** brandMentionRate − competitorMentionRate over the same answers (points), paired interval. */
  mentionRateGapStats: ChangeStats;
  /** The average ranks with their t intervals: n = the brand's mentions in the provider's runs. */
  brandAvgRankStats: EstimateStats;
  competitorAvgRankStats: EstimateStats;
}

/** The t intervals of both brands' average ranks over a group's (or the window's) mentions. */
function rankStats(g: PairStats | undefined, minSample: number): [EstimateStats, EstimateStats] {
  return [
    meanStats({ n: g?.brandMentions ?? 0, sum: g?.brandRankSum ?? 0, sumSq: g?.brandRankSqSum ?? 0 }, minSample),
    meanStats({ n: g?.competitorMentions ?? 0, sum: g?.competitorRankSum ?? 0, sumSq: g?.competitorRankSqSum ?? 0 }, minSample),
  ];
}

/** Both brands' rates over a group's runs and the gap between them (paired: the same answers). */
function rowStats(g: PairStats, minSample: number) {
  return {
    brandMentionRateStats: rateStats(g.brandMentions, g.runs, minSample),
    competitorMentionRateStats: rateStats(g.competitorMentions, g.runs, minSample),
    mentionRateGapStats: pairedRateChangeStats(g.coMentions, g.brandMentions - g.coMentions, g.competitorMentions - g.coMentions, g.runs, minSample),
  };
}

/** The competitor of a comparison: a tracked one, or any brand the answers name (prompt ranking "Compare" on untracked brands). */
export interface ComparedEntity {
  entity: string;
  name: string;
  tracked: boolean;
}

export const PROMPT_PREVIEW_LENGTH = 100;

export function promptPreview(text: string): string {
  return text.length > PROMPT_PREVIEW_LENGTH ? `${text.slice(0, PROMPT_PREVIEW_LENGTH)}…` : text;
}

/** Display name: the tracked name, else the name the answers use, else the name as asked. */
export async function resolveCompared(
  db: Db,
  brandId: string,
  tracked: TrackedEntity[],
  competitor: string,
): Promise<ComparedEntity> {
  const entity = competitor.trim().toLowerCase();
  if (entity === '') throw badRequest('competitor is required', { field: 'competitor' });
  const own = tracked.find((t) => t.isOwn)!;
  if (entity === own.entity) throw badRequest('A brand cannot be compared with itself', { field: 'competitor' });
  const known = tracked.find((t) => t.entity === entity);
  if (known) return { entity, name: known.name, tracked: true };
  const rows = await db.query<{ name: string }>(
    'SELECT MIN(entity_name) AS name FROM mentions WHERE brand_id = $1 AND entity = $2',
    [brandId, entity],
  );
  return { entity, name: rows[0]?.name ?? competitor.trim(), tracked: false };
}

/**
 * Share of voice here is among the tracked brands plus the compared brand when it is untracked,
 * so the two shares are comparable either way.
 */
export async function comparisonMetrics(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
  compared: ComparedEntity,
): Promise<ComparisonMetrics> {
  const own = tracked.find((t) => t.isOwn)!;
  const current: InsightScope = { ...scope, previous: null };
  const voices = tracked.map((t) => t.entity);
  if (!compared.tracked) voices.push(compared.entity);
  const [[pair], stats] = await Promise.all([
    pairStats(db, current, own.entity, compared.entity, []),
    entityMentionStats(db, current, voices),
  ]);
  const all = sumCounts(stats, (s) => s.mentions).cur;
  const runs = pair?.runs ?? 0;
  const b = pair?.brandMentions ?? 0;
  const c = pair?.competitorMentions ?? 0;
  const [brandRank, competitorRank] = rankStats(pair, minSampleOf(scope));
  return {
    yourBrandName: own.name,
    competitorName: compared.name,
    yourBrandMentionRate: percent(b, runs),
    competitorMentionRate: percent(c, runs),
    yourBrandSov: percent(b, all),
    competitorSov: percent(c, all),
    yourBrandAvgPosition: meanOrNull(pair?.brandRankSum ?? 0, b),
    competitorAvgPosition: meanOrNull(pair?.competitorRankSum ?? 0, c),
    coMentions: pair?.coMentions ?? 0,
    mentionRateGapStats: pairedRateChangeStats(pair?.coMentions ?? 0, b - (pair?.coMentions ?? 0), c - (pair?.coMentions ?? 0), runs, minSampleOf(scope)),
    yourBrandMentionRateStats: rateStats(b, runs, minSampleOf(scope)),
    competitorMentionRateStats: rateStats(c, runs, minSampleOf(scope)),
    yourBrandSovStats: rateStats(b, all, minSampleOf(scope)),
    competitorSovStats: rateStats(c, all, minSampleOf(scope)),
    yourBrandAvgPositionStats: brandRank,
    competitorAvgPositionStats: competitorRank,
  };
}

/** The fields of a comparison row that are its intervals (server/stats): the costly part, last in the row. */
type IntervalField =
  | 'brandMentionRateStats'
  | 'competitorMentionRateStats'
  | 'mentionRateGapStats'
  | 'avgBrandRankStats'
  | 'avgCompetitorRankStats';

/**
 * A comparison row without its intervals (every field the lists filter, sort and search on), with
 * the counts its intervals are computed from (not part of the answer).
 */
export type ComparisonPromptFields = Omit<ComparisonPrompt, IntervalField> & { counts: PairStats };

/** The comparison's rows, in their order, and how one of them becomes a whole row. */
export interface ComparisonPromptRows {
  /** one per prompt and provider, sorted by rate gap (brand − competitor) descending */
  rows: ComparisonPromptFields[];
  /** The whole row of one of `rows`: an answer computes the intervals of the rows it returns only. */
  complete(row: ComparisonPromptFields): ComparisonPrompt;
}

/** Each prompt as run by each provider, with both brands' rates over the same runs. Sorted by rate gap (brand − competitor) descending. */
export async function comparisonPrompts(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
  compared: ComparedEntity,
): Promise<ComparisonPromptRows> {
  const own = tracked.find((t) => t.isOwn)!;
  const groups = await promptPairStats(db, scope, own.entity, compared.entity);
  const rows = groups.map((g): ComparisonPromptFields => {
    const brandRate = percent(g.brandMentions, g.runs);
    const competitorRate = percent(g.competitorMentions, g.runs);
    const brandRank = meanOrNull(g.brandRankSum, g.brandMentions);
    const competitorRank = meanOrNull(g.competitorRankSum, g.competitorMentions);
    return {
      promptId: g.group.prompt_id,
      promptPreview: promptPreview(g.text ?? ''),
      provider: g.group.provider,
      avgBrandRank: brandRank,
      avgCompetitorRank: competitorRank,
      brandMentionsCount: g.brandMentions,
      brandMentionRate: brandRate,
      competitorMentionRate: competitorRate,
      coMentionsCount: g.coMentions,
      competitiveStatus: competitiveStatus(brandRate, competitorRate),
      rankingComparison: rankingComparison(brandRank, competitorRank),
      counts: g,
    };
  });
  rows.sort(
    (a, b) =>
      b.brandMentionRate - b.competitorMentionRate - (a.brandMentionRate - a.competitorMentionRate) ||
      a.promptPreview.localeCompare(b.promptPreview) ||
      a.provider.localeCompare(b.provider) ||
      a.promptId.localeCompare(b.promptId),
  );
  return {
    rows,
    // the fields listed one by one: `{ ...row, more }` costs V8 tens of µs a row
    complete: (row) => {
      const g = row.counts;
      const [brandRankStats, competitorRankStats] = rankStats(g, minSampleOf(scope));
      const { brandMentionRateStats, competitorMentionRateStats, mentionRateGapStats } = rowStats(g, minSampleOf(scope));
      return {
        promptId: row.promptId,
        promptPreview: row.promptPreview,
        provider: row.provider,
        avgBrandRank: row.avgBrandRank,
        avgCompetitorRank: row.avgCompetitorRank,
        brandMentionsCount: row.brandMentionsCount,
        brandMentionRate: row.brandMentionRate,
        competitorMentionRate: row.competitorMentionRate,
        coMentionsCount: row.coMentionsCount,
        competitiveStatus: row.competitiveStatus,
        rankingComparison: row.rankingComparison,
        brandMentionRateStats,
        competitorMentionRateStats,
        mentionRateGapStats,
        avgBrandRankStats: brandRankStats,
        avgCompetitorRankStats: competitorRankStats,
      };
    },
  };
}

/** One row per provider with runs in the window, sorted by provider. */
export async function providerComparison(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
  compared: ComparedEntity,
): Promise<ProviderComparison[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const groups = await pairStats(db, scope, own.entity, compared.entity, ['provider']);
  return groups
    .map((g): ProviderComparison => {
      const brandRate = percent(g.brandMentions, g.runs);
      const competitorRate = percent(g.competitorMentions, g.runs);
      const [brandRankStats, competitorRankStats] = rankStats(g, minSampleOf(scope));
      return {
        provider: g.group.provider,
        brandMentionRate: brandRate,
        competitorMentionRate: competitorRate,
        brandAvgRank: meanOrNull(g.brandRankSum, g.brandMentions),
        competitorAvgRank: meanOrNull(g.competitorRankSum, g.competitorMentions),
        mentionPerformance: mentionPerformance(brandRate, competitorRate),
        ...rowStats(g, minSampleOf(scope)),
        brandAvgRankStats: brandRankStats,
        competitorAvgRankStats: competitorRankStats,
      };
    })
    .sort((a, b) => a.provider.localeCompare(b.provider));
}

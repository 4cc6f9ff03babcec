import type { ServerContext } from '../http/context';
import type { BrandRow } from '../routes/access';
import type { TrackedEntity } from '../routes/insights/shared/tracked';
import { emergingThreats } from '../routes/insights/threats/emergingThreats';
import { DEFAULT_MIN_SAMPLE, type ChangeOptions } from '../stats/index';
import { rateMove } from './signals';
import type { ThreatLine } from './templates/types';

const LABELS: Record<string, string> = {
  immediate_threat: 'Immediate threat',
  growing_threat: 'Growing threat',
  emerging_threat: 'Emerging threat',
  monitoring_required: 'Monitoring required',
};

/**
 * The Emerging Threats list at `end` (the insight call's own computation) narrowed to the brands that
 * pass its baseline test (`emerging`): named significantly more often in the last 7 days than in the
 * 23 before. The email restates the same counts with their intervals.
 */
export async function passingThreats(
  ctx: ServerContext,
  brand: BrandRow,
  tracked: TrackedEntity[],
  end: Date,
  options?: ChangeOptions,
): Promise<ThreatLine[]> {
  const minSample = options?.minSample ?? DEFAULT_MIN_SAMPLE;
  const threats = await emergingThreats(ctx.db, brand.id, tracked, end, ctx.config.factSource, minSample);
  return threats
    .filter((t) => t.emerging)
    .map((t) => {
      const move = rateMove(
        t.recentMentions,
        t.recentMentionRateStats.n,
        t.midMentions + t.olderMentions,
        t.baselineMentionRateStats.n,
        { minSample },
      );
      return {
        id: t.id,
        name: t.competitorName,
        label: LABELS[t.threatAssessment] ?? t.threatAssessment,
        current: move.current,
        baseline: move.previous,
        change: move.change,
      };
    })
    .sort((a, b) => (b.change.diff ?? 0) - (a.change.diff ?? 0));
}

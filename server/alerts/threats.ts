import type { ServerContext } from '../http/context';
import type { BrandRow } from '../routes/access';
import { windowFacts } from '../routes/insights/shared/facts';
import type { TrackedEntity } from '../routes/insights/shared/tracked';
import { emergingThreats } from '../routes/insights/threats/emergingThreats';
import { HORIZON_DAYS, RECENT_DAYS } from '../routes/insights/threats/assessment';
import type { ChangeOptions } from '../stats/index';
import { rateMove } from './signals';
import type { ThreatLine } from './templates/types';

const DAY = 86_400_000;

const LABELS: Record<string, string> = {
  immediate_threat: 'Immediate threat',
  growing_threat: 'Growing threat',
  emerging_threat: 'Emerging threat',
  monitoring_required: 'Monitoring required',
};

/**
 * Emerging threats at `end` that pass the baseline test: the brand's mention rate over the last
 * RECENT_DAYS is significantly above its rate over the rest of the horizon.
 */
export async function passingThreats(
  ctx: ServerContext,
  brand: BrandRow,
  tracked: TrackedEntity[],
  end: Date,
  options?: ChangeOptions,
): Promise<ThreatLine[]> {
  const threats = await emergingThreats(ctx.db, brand.id, tracked, end, ctx.config.factSource);
  if (threats.length === 0) return [];
  const recentStart = new Date(end.getTime() - RECENT_DAYS * DAY);
  const facts = await windowFacts(
    ctx.db,
    {
      brandId: brand.id,
      providers: null,
      locations: null,
      current: { start: recentStart, end },
      previous: { start: new Date(end.getTime() - HORIZON_DAYS * DAY), end: recentStart },
      source: ctx.config.factSource ?? 'rollups',
    },
    threats.map((t) => t.id),
  );
  const byEntity = new Map(facts.entities.map((e) => [e.entity, e.mentions]));
  const lines: ThreatLine[] = [];
  for (const t of threats) {
    const m = byEntity.get(t.id) ?? { cur: 0, prev: 0 };
    const move = rateMove(m.cur, facts.runs.cur, m.prev, facts.runs.prev, options);
    if (!move.change.significant || (move.change.diff ?? 0) <= 0) continue;
    lines.push({
      id: t.id,
      name: t.competitorName,
      label: LABELS[t.threatAssessment] ?? t.threatAssessment,
      current: move.current,
      baseline: move.previous,
      change: move.change,
    });
  }
  return lines;
}

import type { Db } from '../../../db/types';
import { entityMentionStats } from '../shared/facts';
import { delta, percent } from '../shared/numbers';
import { minSampleOf, type InsightScope } from '../shared/scope';
import { rateChangeStats, rateStats, type ChangeStats, type EstimateStats } from '../../../stats';
import type { TrackedEntity } from '../shared/tracked';

/** The brand's share of voice in one provider's answers, with its change against the previous window. */
export interface ShareOfVoiceByProvider {
  provider: string;
  shareOfVoice: number;
  deltaShareOfVoice: number | null;
  totalMentionCount: number;
  shareOfVoiceStats: EstimateStats;
  shareOfVoiceChangeStats: ChangeStats;
}

/**
 * Per provider: own-brand mentions ÷ mentions of all tracked brands from that provider. Providers
 * where no tracked brand was mentioned in the current window are left out (no voice to share).
 * Sorted by shareOfVoice descending, then provider name.
 */
export async function shareOfVoiceByProvider(
  db: Db,
  scope: InsightScope,
  tracked: TrackedEntity[],
): Promise<ShareOfVoiceByProvider[]> {
  const own = tracked.find((t) => t.isOwn)!;
  const stats = await entityMentionStats(db, scope, tracked.map((t) => t.entity), { byProvider: true });
  const byProvider = new Map<string, { own: { cur: number; prev: number }; all: { cur: number; prev: number } }>();
  for (const s of stats) {
    const acc = byProvider.get(s.provider!) ?? { own: { cur: 0, prev: 0 }, all: { cur: 0, prev: 0 } };
    acc.all.cur += s.mentions.cur;
    acc.all.prev += s.mentions.prev;
    if (s.entity === own.entity) acc.own = { ...s.mentions };
    byProvider.set(s.provider!, acc);
  }
  const rows: ShareOfVoiceByProvider[] = [];
  const min = minSampleOf(scope);
  for (const [provider, acc] of byProvider) {
    if (acc.all.cur === 0) continue;
    const cur = percent(acc.own.cur, acc.all.cur);
    const prev = acc.all.prev > 0 ? percent(acc.own.prev, acc.all.prev) : null;
    rows.push({
      provider,
      shareOfVoice: cur,
      deltaShareOfVoice: delta(cur, prev),
      totalMentionCount: acc.own.cur,
      shareOfVoiceStats: rateStats(acc.own.cur, acc.all.cur, min),
      shareOfVoiceChangeStats: rateChangeStats(acc.own.cur, acc.all.cur, acc.own.prev, acc.all.prev, min),
    });
  }
  return rows.sort((a, b) => b.shareOfVoice - a.shareOfVoice || a.provider.localeCompare(b.provider));
}

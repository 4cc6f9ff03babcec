import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../db/types';
import { BRAND_ID, DAY, NOW } from '../testing/fixture';
import { nearly, r2, tIntervalOf, wilsonByInversion } from '../testing/expect';
import { type InsightTestApp, startInsightApp } from '../testing/app';
import { threatAssessment } from './assessment';
import { DEFAULT_MIN_SAMPLE, rateChange, tQuantile } from '../../../stats';

describe.each<Dialect>(['duckdb', 'postgres'])('emerging threats on %s', (dialect) => {
  let h: InsightTestApp;
  beforeAll(async () => {
    h = await startInsightApp(dialect);
  });
  afterAll(() => h?.close());

  const threats = async () => {
    const res = await h.call('POST', '/api/competitors/emerging-threats', { brandId: BRAND_ID });
    expect(res.status).toBe(200);
    return res.body.emergingCompetitors as Array<Record<string, any>>;
  };

  it('lists untracked brands only, with counts from the last 30 days of mentions', async () => {
    const list = await threats();
    expect(list.map((t) => t.competitorName).sort()).toEqual(['Hooli', 'Stark', 'Umbrella']);
    const horizon = h.facts.mentions.filter((m) => m.createdAt >= new Date(NOW.getTime() - 30 * DAY));
    for (const t of list) {
      const mine = horizon.filter((m) => m.entity === t.id);
      const runs = new Set(mine.map((m) => m.runId));
      const own = new Set(horizon.filter((m) => m.entity === 'acme').map((m) => m.runId));
      const co = [...runs].filter((r) => own.has(r)).length;
      expect(t.totalMentions).toBe(mine.length);
      expect(t.uniqueRunsCount).toBe(runs.size);
      expect(t.uniquePromptsCount).toBe(new Set(mine.map((m) => m.promptId)).size);
      expect(t.coMentionsCount).toBe(co);
      expect(t.coMentionPercentage).toBe(r2((co / runs.size) * 100));
      // The co-mention share's Wilson interval over the answers naming the brand.
      const [coLow, coHigh] = wilsonByInversion(co, runs.size);
      expect(t.coMentionPercentageStats).toMatchObject({ n: runs.size, enoughData: runs.size >= DEFAULT_MIN_SAMPLE });
      expect(nearly(t.coMentionPercentageStats.low, coLow * 100) && nearly(t.coMentionPercentageStats.high, coHigh * 100), `${co}/${runs.size}`).toBe(true);
      expect(t.bestPosition).toBe(Math.min(...mine.map((m) => m.rank)));
      expect(t.worstPosition).toBe(Math.max(...mine.map((m) => m.rank)));
      expect(t.avgPosition).toBe(r2(mine.reduce((s, m) => s + m.rank, 0) / mine.length));
      // The average position's t interval from the ranks themselves.
      const [rLow, rHigh] = tIntervalOf(mine.map((m) => m.rank), tQuantile(mine.length - 1));
      expect(t.avgPositionStats).toMatchObject({ n: mine.length, enoughData: mine.length >= DEFAULT_MIN_SAMPLE });
      expect(nearly(t.avgPositionStats.low, rLow) && nearly(t.avgPositionStats.high, rHigh), `${t.avgPositionStats.low}–${t.avgPositionStats.high}`).toBe(true);
      const ranks = mine.map((m) => m.rank).sort((a, b) => a - b);
      const half = Math.floor(ranks.length / 2);
      expect(t.medianPosition).toBe(ranks.length % 2 ? ranks[half] : (ranks[half - 1] + ranks[half]) / 2);
      const age = (m: { createdAt: Date }) => (NOW.getTime() - m.createdAt.getTime()) / DAY;
      expect(t.recentMentions).toBe(mine.filter((m) => age(m) <= 7).length);
      expect(t.recentMentions + t.midMentions + t.olderMentions).toBe(mine.length);
      expect(t.competitiveRelevanceScore).toBeGreaterThanOrEqual(0);
      expect(t.competitiveRelevanceScore).toBeLessThanOrEqual(100);
      expect(t.threatAssessment).toBe(threatAssessment(t.competitiveRelevanceScore, t.emergenceLevel));
      expect(t.generatedAt).toBe(NOW.toISOString());
      // The baseline test: its rate over the brand's answers of the last 7 days against the 23 days before.
      const inSpan = (at: Date, from: number, to: number) => at.getTime() >= NOW.getTime() - from * DAY && at.getTime() < NOW.getTime() - to * DAY;
      const recentRuns = h.facts.runs.filter((r) => inSpan(r.createdAt, 7, 0)).length;
      const baselineRuns = h.facts.runs.filter((r) => inSpan(r.createdAt, 30, 7)).length;
      const baselineMentions = mine.filter((m) => inSpan(m.createdAt, 30, 7)).length;
      expect(t.recentMentionRateStats.n).toBe(recentRuns);
      expect(t.baselineMentionRateStats.n).toBe(baselineRuns);
      const change = rateChange(t.recentMentions, recentRuns, baselineMentions, baselineRuns);
      expect(t.mentionRateChangeStats).toMatchObject({ significant: change.significant, enoughData: change.enoughData });
      expect(t.emerging).toBe(change.enoughData && change.significant && change.diff! > 0);
      if (!t.emerging) expect(t.emergenceLevel).toBe('low_emergence');
    }
    expect(list.some((t) => t.emerging)).toBe(true);
    const scores = list.map((t) => t.competitiveRelevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('labels a brand first seen in the last days as a new entrant and a long-standing one otherwise', async () => {
    const list = await threats();
    const hooli = list.find((t) => t.competitorName === 'Hooli')!;
    const umbrella = list.find((t) => t.competitorName === 'Umbrella')!;
    expect(hooli.temporalPattern).toBe('new_entrant');
    expect(hooli.emergenceLevel).toBe('high_emergence');
    expect(hooli.olderMentions).toBe(0);
    expect(umbrella.temporalPattern).not.toBe('new_entrant');
    const firstUmbrella = Math.min(...h.facts.mentions.filter((m) => m.entity === 'umbrella').map((m) => m.createdAt.getTime()));
    expect(umbrella.firstSeen).toBe(new Date(firstUmbrella).toISOString());
  });

  it('drops a brand from the list once it is tracked', async () => {
    await h.call('POST', '/api/competitors', { brandId: BRAND_ID, competitorName: 'Hooli' });
    expect((await threats()).map((t) => t.competitorName)).not.toContain('Hooli');
    await h.call('DELETE', '/api/competitors', { brandId: BRAND_ID, competitorName: 'Hooli' });
    expect((await threats()).map((t) => t.competitorName)).toContain('Hooli');
  });
});

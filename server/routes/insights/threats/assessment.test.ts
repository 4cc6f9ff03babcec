import { describe, expect, it } from 'vitest';
import { rateChange } from '../../../stats';
import {
  activityTrend,
  competitiveRelevanceScore,
  emergenceLevel,
  growthPct,
  isEmerging,
  momentum,
  temporalPattern,
  threatAssessment,
} from './assessment';

const now = new Date('2026-11-21T12:00:00Z');
const test = (k1: number, n1: number, k0: number, n0: number) => ({ recentRate: k1 / n1, baselineRate: k0 / n0, change: rateChange(k1, n1, k0, n0) });
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe('emerging threat rules', () => {
  it('growth compares the last week with the weekly baseline of the 23 days before', () => {
    expect(growthPct({ recent: 10, mid: 5, older: 0 })).toBeCloseTo(((10 - 5 / (23 / 7)) / (5 / (23 / 7))) * 100);
    expect(growthPct({ recent: 0, mid: 0, older: 0 })).toBe(0);
    expect(growthPct({ recent: 3, mid: 0, older: 0 })).toBe(300);
  });

  it('temporal pattern: new entrant, declining, consistent, sporadic', () => {
    expect(temporalPattern({ recent: 5, mid: 0, older: 0 }, daysAgo(10), now)).toBe('new_entrant');
    expect(temporalPattern({ recent: 1, mid: 8, older: 16 }, daysAgo(90), now)).toBe('declining');
    expect(temporalPattern({ recent: 4, mid: 4, older: 9 }, daysAgo(90), now)).toBe('consistent');
    expect(temporalPattern({ recent: 4, mid: 0, older: 3 }, daysAgo(90), now)).toBe('sporadic');
  });

  it('emergence is the baseline test: significantly above the own baseline, high when surely doubled', () => {
    // 30 of 100 recent answers against 10 of 300 before: surely more than doubled.
    const surge = test(30, 100, 10, 300);
    expect(isEmerging(surge)).toBe(true);
    expect(momentum(surge)).toBe(1);
    expect(emergenceLevel(surge, 'consistent')).toBe('high_emergence');
    // 18 of 100 against 30 of 300: significant, but the lower bound is under the baseline rate.
    const rise = test(18, 100, 30, 300);
    expect(isEmerging(rise)).toBe(true);
    expect(momentum(rise)).toBeGreaterThan(0);
    expect(momentum(rise)).toBeLessThan(1);
    expect(emergenceLevel(rise, 'consistent')).toBe('medium_emergence');
    expect(emergenceLevel(rise, 'new_entrant')).toBe('high_emergence');
    // the same counts as noise, a fall, and too few answers are not emerging
    for (const t of [test(12, 100, 30, 300), test(5, 100, 60, 300), test(5, 10, 0, 20)]) {
      expect(isEmerging(t)).toBe(false);
      expect(momentum(t)).toBe(0);
      expect(emergenceLevel(t, 'new_entrant')).toBe('low_emergence');
    }
  });

  it('activity trend', () => {
    expect(activityTrend({ recent: 13, mid: 10, older: 0 })).toBe('increasing');
    expect(activityTrend({ recent: 10, mid: 10, older: 0 })).toBe('stable');
    expect(activityTrend({ recent: 7, mid: 10, older: 0 })).toBe('decreasing');
  });

  it('relevance score is bounded 0-100 and threat assessment follows its bands', () => {
    const max = competitiveRelevanceScore({ runShare: 1, coMentionShare: 1, avgPosition: 1, uniquePrompts: 10, momentum: 1 });
    const min = competitiveRelevanceScore({ runShare: 0, coMentionShare: 0, avgPosition: 9, uniquePrompts: 0, momentum: 0 });
    expect(max).toBe(100);
    expect(min).toBe(0);
    expect(competitiveRelevanceScore({ runShare: 0.15, coMentionShare: 0.5, avgPosition: 3.5, uniquePrompts: 2, momentum: 0.5 })).toBe(
      Math.round((17.5 + 10 + 10 + 7.5 + 4) * 10) / 10,
    );
    expect(threatAssessment(70, 'low_emergence')).toBe('immediate_threat');
    expect(threatAssessment(50, 'medium_emergence')).toBe('growing_threat');
    expect(threatAssessment(40, 'high_emergence')).toBe('growing_threat');
    expect(threatAssessment(40, 'medium_emergence')).toBe('emerging_threat');
    // without a significant rise only presence alone makes a threat
    expect(threatAssessment(60, 'low_emergence')).toBe('monitoring_required');
    expect(threatAssessment(75, 'low_emergence')).toBe('immediate_threat');
    expect(threatAssessment(10, 'high_emergence')).toBe('monitoring_required');
  });
});

import { describe, expect, it } from 'vitest';
import {
  activityTrend,
  competitiveRelevanceScore,
  emergenceLevel,
  growthPct,
  temporalPattern,
  threatAssessment,
} from './assessment';

const now = new Date('2026-11-21T12:00:00Z');
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

  it('emergence level and activity trend', () => {
    expect(emergenceLevel(0, 'new_entrant')).toBe('high_emergence');
    expect(emergenceLevel(150, 'consistent')).toBe('high_emergence');
    expect(emergenceLevel(30, 'consistent')).toBe('medium_emergence');
    expect(emergenceLevel(-10, 'declining')).toBe('low_emergence');
    expect(activityTrend({ recent: 13, mid: 10, older: 0 })).toBe('increasing');
    expect(activityTrend({ recent: 10, mid: 10, older: 0 })).toBe('stable');
    expect(activityTrend({ recent: 7, mid: 10, older: 0 })).toBe('decreasing');
  });

  it('relevance score is bounded 0-100 and threat assessment follows its bands', () => {
    const max = competitiveRelevanceScore({ runShare: 1, coMentionShare: 1, avgPosition: 1, uniquePrompts: 10, growth: 500 });
    const min = competitiveRelevanceScore({ runShare: 0, coMentionShare: 0, avgPosition: 9, uniquePrompts: 0, growth: -50 });
    expect(max).toBe(100);
    expect(min).toBe(0);
    expect(competitiveRelevanceScore({ runShare: 0.15, coMentionShare: 0.5, avgPosition: 3.5, uniquePrompts: 2, growth: 50 })).toBe(
      Math.round((17.5 + 10 + 10 + 7.5 + 4) * 10) / 10,
    );
    expect(threatAssessment(70, 'low_emergence')).toBe('immediate_threat');
    expect(threatAssessment(50, 'low_emergence')).toBe('growing_threat');
    expect(threatAssessment(40, 'high_emergence')).toBe('growing_threat');
    expect(threatAssessment(40, 'medium_emergence')).toBe('emerging_threat');
    expect(threatAssessment(10, 'high_emergence')).toBe('monitoring_required');
  });
});

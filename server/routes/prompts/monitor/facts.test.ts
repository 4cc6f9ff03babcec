import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFacts } from './facts';
import type { PromptWindowStats } from './promptStats';

const sums = { n: 0, sum: 0, sumSq: 0 };
const prompt = (i: number, [runs, mentioned]: [number, number], [prevRuns, prevMentioned]: [number, number]): PromptWindowStats => ({
  promptId: `p${i}`,
  runs,
  mentioned,
  avgRank: null,
  avgSentiment: null,
  prevRuns,
  prevMentioned,
  prevAvgSentiment: null,
  rank: sums,
  sentiment: sums,
  prevSentiment: sums,
});
// A prompt's answers in one window (possibly none) and how many of them name the brand.
const window = fc.integer({ min: 0, max: 300 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })));
const prompts = fc
  .array(fc.tuple(window, window), { minLength: 1, maxLength: 30 })
  .map((xs) => xs.map(([cur, prev], i) => prompt(i, cur, prev)));

describe('Prompts Monitor facts', () => {
  it('state each interval around the figure it stands beside: the mean of the prompts’ rates and its change', () => {
    fc.assert(
      fc.property(prompts, (stats) => {
        const f = computeFacts(stats, { providers: [], firstPlace: 0 }, 1);
        const ran = stats.filter((s) => s.runs > 0);
        const ranBefore = stats.filter((s) => s.prevRuns > 0);
        expect(f.avgMentionRateStats.n).toBe(ran.reduce((a, s) => a + s.runs, 0));
        if (ran.length === 0) {
          expect(f.avgMentionRate).toBeNull();
          expect(f.avgMentionRateStats).toMatchObject({ low: null, high: null });
          return;
        }
        expect(f.avgMentionRateStats.low!).toBeLessThanOrEqual(f.avgMentionRate!);
        expect(f.avgMentionRateStats.high!).toBeGreaterThanOrEqual(f.avgMentionRate!);
        if (ranBefore.length === 0) {
          expect(f.trendChange).toBeNull();
          expect(f.trendChangeStats.enoughData).toBe(false);
          return;
        }
        expect(f.trendChangeStats.previousN).toBe(ranBefore.reduce((a, s) => a + s.prevRuns, 0));
        expect(Math.abs(f.trendChangeStats.diff! - f.trendChange!)).toBeLessThanOrEqual(0.01 + 1e-9);
        expect(f.trendChangeStats.low!).toBeLessThanOrEqual(f.trendChange! + 0.01);
        expect(f.trendChangeStats.high!).toBeGreaterThanOrEqual(f.trendChange! - 0.01);
        // Significance is decided on the unrounded interval, so a bound within 0.005 of 0 may show as 0.
        const { low, high, significant } = f.trendChangeStats;
        if (significant) expect(low! >= 0 || high! <= 0).toBe(true);
        else expect(low! <= 0 && high! >= 0).toBe(true);
      }),
    );
  });

  it('weigh a prompt with few answers as much as one with many, in the figure and its interval alike', () => {
    // 1 of 2 and 90 of 100: the figure is 70%, not the pooled 89.2%; the interval is around 70%.
    const f = computeFacts([prompt(0, [2, 1], [0, 0]), prompt(1, [100, 90], [0, 0])], { providers: [], firstPlace: 0 }, 1);
    expect(f.avgMentionRate).toBe(70);
    expect(f.avgMentionRateStats.n).toBe(102);
    expect(f.avgMentionRateStats.low!).toBeLessThan(70);
    expect(f.avgMentionRateStats.high!).toBeGreaterThan(70);
    // ... and as wide as 70% from 7.8 answers (2²/(1/2 + 1/100)): the prompt with 2 answers counts for half of the figure.
    expect(f.avgMentionRateStats.high! - f.avgMentionRateStats.low!).toBeGreaterThan(50);
  });
});

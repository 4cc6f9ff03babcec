import { describe, expect, it } from 'vitest';
import { intervalOf, sampleText, significanceOf } from './stats';

describe('statistics copy', () => {
  it('shows half the interval and the sample, nothing without stats', () => {
    const row = { s: { n: 1234, low: 28.79, high: 33.01, enoughData: true } };
    expect(intervalOf(row, { field: 's' })).toEqual({ text: '±2.1', title: '1,234 answers · 95% interval 28.79 to 33.01', n: 1234 });
    expect(intervalOf(row, { field: 's', decimals: 2, noun: 'mentions' }).title).toBe('1,234 mentions · 95% interval 28.79 to 33.01');
    expect(intervalOf({ s: { n: 0, low: null, high: null } }, { field: 's' })).toEqual({ text: null, title: '0 answers', n: 0 });
    expect(intervalOf(row, undefined).text).toBeNull();
    expect(sampleText(undefined)).toBeNull();
  });

  it('tells significant, not significant and not enough data apart', () => {
    const of = (significant: boolean, enoughData: boolean) =>
      significanceOf({ c: { n: 393, significant, enoughData } }, { field: 'c' });
    expect(of(true, true)).toEqual({ state: 'significant', title: null });
    expect(of(false, true)).toEqual({ state: 'not-significant', title: 'Not significant: 393 answers' });
    expect(of(false, false)).toEqual({ state: 'not-enough-data', title: 'Not enough data: 393 answers' });
    expect(significanceOf({}, { field: 'c' })).toBeNull();
    expect(significanceOf({ c: { n: 1 } }, undefined)).toBeNull();
  });
});

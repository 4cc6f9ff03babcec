import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_SAMPLE, meanChange, meanInterval, pairedRateChange, rateChange, rateInterval, tQuantile, welch, Z, type MomentSums } from './index';

const sumsOf = (values: number[]): MomentSums => ({
  n: values.length,
  sum: values.reduce((a, b) => a + b, 0),
  sumSq: values.reduce((a, b) => a + b * b, 0),
});

describe('rateInterval (Wilson score, 95%)', () => {
  // The worked examples of Newcombe (1998a, Table I, method 3; references in docs/metrics.md).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i → %f to %f', (k, n, low, high) => {
    const r = rateInterval(k, n);
    expect(r.rate).toBeCloseTo(k / n, 12);
    expect(r.low).toBeCloseTo(low, 4);
    expect(r.high).toBeCloseTo(high, 4);
  });

  it('has no estimate without answers', () => {
    expect(rateInterval(0, 0)).toEqual({ k: 0, n: 0, rate: null, low: null, high: null });
  });

  it('refuses impossible counts', () => {
    expect(() => rateInterval(5, 4)).toThrow(RangeError);
    expect(() => rateInterval(-1, 4)).toThrow(RangeError);
  });
});

describe('rateChange (Newcombe hybrid score, method 10)', () => {
  // The worked examples (a) to (h) of Newcombe (1998b, Table II, method 10; docs/metrics.md).
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i − %i/%i → %f to %f', (k1, n1, k0, n0, low, high) => {
    const c = rateChange(k1, n1, k0, n0, { minSample: 1 });
    expect(c.enoughData).toBe(true);
    expect(c.diff).toBeCloseTo(k1 / n1 - k0 / n0, 12);
    expect(c.low).toBeCloseTo(low, 4);
    expect(c.high).toBeCloseTo(high, 4);
    expect(c.significant).toBe(low > 0 || high < 0);
  });

  it('is "not enough data" below the minimum sample on either side', () => {
    expect(rateChange(20, 29, 10, 100)).toEqual({ diff: null, low: null, high: null, significant: false, enoughData: false });
    expect(rateChange(20, 100, 10, 29)).toMatchObject({ enoughData: false, diff: null });
    expect(rateChange(20, 30, 10, 30).enoughData).toBe(true);
    expect(rateChange(5, 10, 1, 10, { minSample: 10 }).enoughData).toBe(true);
    expect(DEFAULT_MIN_SAMPLE).toBe(30);
  });

  it('reads the worked overview example: 30.85% of 393 answers against 34.55% of 385 is not significant', () => {
    const c = rateChange(121, 393, 133, 385);
    expect(c.diff).toBeCloseTo(121 / 393 - 133 / 385, 12);
    expect(c.significant).toBe(false);
  });

  it('refuses a minimum sample that is not a whole number', () => {
    expect(() => rateChange(1, 2, 1, 2, { minSample: 0 })).toThrow(RangeError);
  });
});

describe('pairedRateChange (Newcombe paired score, method 10)', () => {
  // The worked examples (a) to (d) of Newcombe (1998c, Table II, method 10; docs/metrics.md): e
  // answers name both brands, f only the first, g only the second, h neither; the difference is
  // (f − g)/n.
  it.each([
    [36, 12, 2, 0, 0.0569, 0.3404],
    [18, 12, 2, 18, 0.0562, 0.329],
    [53, 0, 0, 1, -0.0729, 0.0729],
    [0, 30, 0, 0, 0.8395, 1],
  ])('e %i, f %i, g %i, h %i → %f to %f', (e, f, g, h, low, high) => {
    const n = e + f + g + h;
    const c = pairedRateChange(e, f, g, n, { minSample: 1 });
    expect(c.enoughData).toBe(true);
    expect(c.diff).toBeCloseTo((f - g) / n, 12);
    expect(c.low).toBeCloseTo(low, 4);
    expect(c.high).toBeCloseTo(high, 4);
    expect(c.significant).toBe(low > 0 || high < 0);
  });

  it('is narrower than the independent interval when the two rates move together', () => {
    const paired = pairedRateChange(18, 12, 2, 50, { minSample: 1 });
    const independent = rateChange(30, 50, 20, 50, { minSample: 1 });
    expect(paired.high! - paired.low!).toBeLessThan(independent.high! - independent.low!);
  });
});

describe('tQuantile', () => {
  // Two-sided 95% values of a t table.
  it.each([
    [1, 12.706],
    [9, 2.262],
    [29, 2.045],
    [120, 1.98],
  ])('df %i → %f', (df, t) => expect(tQuantile(df)).toBeCloseTo(t, 3));

  it('tends to the normal quantile', () => {
    expect(Z).toBeCloseTo(1.959964, 6);
    expect(tQuantile(1e7)).toBeCloseTo(Z, 4);
  });
});

describe('meanInterval (Student t, 95%)', () => {
  it('is mean ± t(n−1)·s/√n from the sums', () => {
    // 10 values with mean 5.5 and s² = 55/6: half-width 2.262157 · √(55/60).
    const m = meanInterval(sumsOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(m.mean).toBe(5.5);
    expect(m.sd).toBeCloseTo(Math.sqrt(55 / 6), 12);
    expect(m.low).toBeCloseTo(5.5 - 2.2621571628 * Math.sqrt(55 / 60), 8);
    expect(m.high).toBeCloseTo(5.5 + 2.2621571628 * Math.sqrt(55 / 60), 8);
  });

  it("matches the textbook example: Student's sleep data, the paired differences of the two drugs", () => {
    // Student (1908), the extra hours of sleep of 10 patients (Cushny and Peebles) under drug 2
    // minus drug 1; as R's t.test(extra ~ group, data = sleep, paired = TRUE) reports: mean 1.58,
    // 95% interval 0.7001142 to 2.4598858 (t = 4.0621, df = 9).
    const m = meanInterval(sumsOf([1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4]));
    expect(m.mean).toBeCloseTo(1.58, 12);
    expect(m.low).toBeCloseTo(0.7001142, 6);
    expect(m.high).toBeCloseTo(2.4598858, 6);
    expect(m.mean! / (m.sd! / Math.sqrt(10))).toBeCloseTo(4.0621, 4);
  });

  it('has a mean but no interval for one value, nothing for none', () => {
    expect(meanInterval({ n: 1, sum: 3, sumSq: 9 })).toEqual({ n: 1, mean: 3, low: null, high: null, sd: null });
    expect(meanInterval({ n: 0, sum: 0, sumSq: 0 })).toEqual({ n: 0, mean: null, low: null, high: null, sd: null });
  });

  it('has width 0 for equal values, despite rounding in Σx² − (Σx)²/n', () => {
    const m = meanInterval(sumsOf(Array(7).fill(0.1)));
    expect(m.low).toBeCloseTo(0.1, 12);
    expect(m.high).toBeCloseTo(0.1, 12);
  });
});

describe('meanChange (Welch)', () => {
  // A widely reproduced worked example of Welch's test: t = −2.46, ν ≈ 24.98, p = 0.021.
  const a1 = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4];
  const a2 = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4];

  it('matches the published t and degrees of freedom', () => {
    const w = welch(sumsOf(a1), sumsOf(a2));
    expect(w.diff / w.se).toBeCloseTo(-2.46, 2);
    expect(w.df).toBeCloseTo(24.98, 1);
    const c = meanChange(sumsOf(a1), sumsOf(a2), { minSample: 2 });
    expect(c.significant).toBe(true); // p = 0.021 < 0.05
    expect(c.high! - c.diff!).toBeCloseTo(tQuantile(w.df) * w.se, 12);
  });

  it("matches the textbook example: Student's sleep data, drug 1 against drug 2 as independent groups", () => {
    // R's t.test(extra ~ group, data = sleep) (Welch): t = −1.8608, df = 17.776, 95% interval
    // −3.3654832 to 0.2054832, p = 0.079: not significant.
    const drug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
    const drug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
    const w = welch(sumsOf(drug1), sumsOf(drug2));
    expect(w.diff / w.se).toBeCloseTo(-1.8608, 4);
    expect(w.df).toBeCloseTo(17.776, 3);
    const c = meanChange(sumsOf(drug1), sumsOf(drug2), { minSample: 2 });
    expect(c.diff).toBeCloseTo(-1.58, 12);
    expect(c.low).toBeCloseTo(-3.3654832, 6);
    expect(c.high).toBeCloseTo(0.2054832, 6);
    expect(c.significant).toBe(false);
  });

  it('is "not enough data" below the minimum sample', () => {
    expect(meanChange(sumsOf(a1), sumsOf(a2)).enoughData).toBe(false); // 15 < 30
    expect(meanChange(sumsOf([1]), sumsOf([2, 3]), { minSample: 1 }).enoughData).toBe(false); // a t interval needs 2
  });

  it('is exact when neither sample varies', () => {
    expect(meanChange(sumsOf([2, 2, 2]), sumsOf([1, 1]), { minSample: 2 })).toEqual({
      diff: 1,
      low: 1,
      high: 1,
      significant: true,
      enoughData: true,
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  meanChange,
  meanInterval,
  pairedRateChange,
  rateChange,
  rateInterval,
  stratifiedRateChange,
  stratifiedRateInterval,
  type MomentSums,
} from './index';

const counts = fc.integer({ min: 1, max: 5000 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));
const values = fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 2, maxLength: 60 });
const sumsOf = (xs: number[], scale = 1): MomentSums => ({
  n: xs.length,
  sum: xs.reduce((a, x) => a + x * scale, 0),
  sumSq: xs.reduce((a, x) => a + (x * scale) ** 2, 0),
});
const EPS = 1e-9;

describe('rate intervals', () => {
  it('contain the estimate and stay inside 0..1', () => {
    fc.assert(
      fc.property(counts, ([k, n]) => {
        const r = rateInterval(k, n);
        expect(r.low!).toBeGreaterThanOrEqual(0);
        expect(r.high!).toBeLessThanOrEqual(1);
        expect(r.low!).toBeLessThanOrEqual(r.rate! + EPS);
        expect(r.high!).toBeGreaterThanOrEqual(r.rate! - EPS);
      }),
    );
  });

  it('narrow as the sample grows at the same rate', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 2, max: 20 }), ([k, n], m) => {
        const small = rateInterval(k, n);
        const large = rateInterval(k * m, n * m);
        expect(large.high! - large.low!).toBeLessThan(small.high! - small.low!);
      }),
    );
  });

  it('mirror: the interval of failures is 1 minus the interval of successes', () => {
    fc.assert(
      fc.property(counts, ([k, n]) => {
        const r = rateInterval(k, n);
        const m = rateInterval(n - k, n);
        expect(m.low!).toBeCloseTo(1 - r.high!, 12);
        expect(m.high!).toBeCloseTo(1 - r.low!, 12);
      }),
    );
  });
});

describe('rate changes', () => {
  it('contain the difference; significant exactly when the interval excludes 0', () => {
    fc.assert(
      fc.property(counts, counts, ([k1, n1], [k0, n0]) => {
        const c = rateChange(k1, n1, k0, n0, { minSample: 1 });
        expect(c.low!).toBeLessThanOrEqual(c.diff! + EPS);
        expect(c.high!).toBeGreaterThanOrEqual(c.diff! - EPS);
        expect(c.significant).toBe(c.low! > 0 || c.high! < 0);
      }),
    );
  });

  it('swap sides: the change of previous against current is the negated interval', () => {
    fc.assert(
      fc.property(counts, counts, ([k1, n1], [k0, n0]) => {
        const ab = rateChange(k1, n1, k0, n0, { minSample: 1 });
        const ba = rateChange(k0, n0, k1, n1, { minSample: 1 });
        expect(ba.diff!).toBeCloseTo(-ab.diff!, 12);
        expect(ba.low!).toBeCloseTo(-ab.high!, 12);
        expect(ba.high!).toBeCloseTo(-ab.low!, 12);
        expect(ba.significant).toBe(ab.significant);
      }),
    );
  });

  it('never call the same rate on both sides significant, and narrow as both samples grow', () => {
    fc.assert(
      fc.property(counts, fc.integer({ min: 2, max: 20 }), ([k, n], m) => {
        const same = rateChange(k, n, k, n, { minSample: 1 });
        expect(same.significant).toBe(false);
        const larger = rateChange(k * m, n * m, k * m, n * m, { minSample: 1 });
        expect(larger.high! - larger.low!).toBeLessThan(same.high! - same.low!);
      }),
    );
  });
});

describe('mean intervals', () => {
  it('contain the mean, and move with a shift of every value', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: -50, max: 50 }), (xs, shift) => {
        const m = meanInterval(sumsOf(xs));
        expect(m.low!).toBeLessThanOrEqual(m.mean! + EPS);
        expect(m.high!).toBeGreaterThanOrEqual(m.mean! - EPS);
        const shifted = meanInterval(sumsOf(xs.map((x) => x + shift)));
        expect(shifted.low!).toBeCloseTo(m.low! + shift, 6);
        expect(shifted.high!).toBeCloseTo(m.high! + shift, 6);
      }),
    );
  });

  it('narrow as the sample is repeated', () => {
    fc.assert(
      fc.property(values, (xs) => {
        fc.pre(new Set(xs).size > 1);
        const once = meanInterval(sumsOf(xs));
        const twice = meanInterval(sumsOf([...xs, ...xs]));
        expect(twice.high! - twice.low!).toBeLessThan(once.high! - once.low!);
      }),
    );
  });
});

describe('mean changes (Welch)', () => {
  it('contain the difference, swap sides by negation, and reflect a change of sign of every value', () => {
    fc.assert(
      fc.property(values, values, (a, b) => {
        const ab = meanChange(sumsOf(a), sumsOf(b), { minSample: 2 });
        const ba = meanChange(sumsOf(b), sumsOf(a), { minSample: 2 });
        expect(ab.low!).toBeLessThanOrEqual(ab.diff! + EPS);
        expect(ab.high!).toBeGreaterThanOrEqual(ab.diff! - EPS);
        expect(ba.low!).toBeCloseTo(-ab.high!, 9);
        expect(ba.significant).toBe(ab.significant);
        const negated = meanChange(sumsOf(a, -1), sumsOf(b, -1), { minSample: 2 });
        expect(negated.high!).toBeCloseTo(-ab.low!, 9);
      }),
    );
  });
});

describe('paired rate gaps (same answers)', () => {
  const paired = fc
    .integer({ min: 1, max: 400 })
    .chain((n) =>
      fc
        .tuple(fc.integer({ min: 0, max: n }), fc.integer({ min: 0, max: n }), fc.integer({ min: 0, max: n }), fc.constant(n))
        .filter(([a, b, c]) => a + b + c <= n),
    );

  it('contain the gap, swap sides by negation, and are no wider than the independent interval when the rates move together', () => {
    fc.assert(
      fc.property(paired, ([both, first, second, n]) => {
        const gap = pairedRateChange(both, first, second, n, { minSample: 1 });
        expect(gap.diff!).toBeCloseTo((first - second) / n, 12);
        expect(gap.low!).toBeLessThanOrEqual(gap.diff! + EPS);
        expect(gap.high!).toBeGreaterThanOrEqual(gap.diff! - EPS);
        const swapped = pairedRateChange(both, second, first, n, { minSample: 1 });
        expect(swapped.low!).toBeCloseTo(-gap.high!, 9);
        const neither = n - both - first - second;
        if (both * neither - first * second > n / 2) {
          const independent = rateChange(both + first, n, both + second, n, { minSample: 1 });
          expect(gap.high! - gap.low!).toBeLessThanOrEqual(independent.high! - independent.low! + EPS);
        }
      }),
    );
  });

  it('equals the independent interval when the two are uncorrelated, and is "not enough data" below the minimum sample', () => {
    // 2x2 table with a·d = b·c: φ = 0
    const gap = pairedRateChange(10, 10, 10, 40, { minSample: 1 });
    const independent = rateChange(20, 40, 20, 40, { minSample: 1 });
    expect(gap.low).toBeCloseTo(independent.low!, 12);
    expect(gap.high).toBeCloseTo(independent.high!, 12);
    expect(pairedRateChange(1, 2, 3, 20).enoughData).toBe(false);
  });
});

describe("stratified rates (the mean of strata's rates, each stratum alike)", () => {
  const strataArb = fc.array(counts, { minLength: 1, maxLength: 40 }).map((xs) => xs.map(([k, n]) => ({ k, n })));
  const meanRate = (strata: { k: number; n: number }[]) => strata.reduce((a, s) => a + s.k / s.n, 0) / strata.length;

  it('contain the mean of the rates (not the pooled share), stay inside 0..1, and rest on no more than the answers', () => {
    fc.assert(
      fc.property(strataArb, (strata) => {
        const r = stratifiedRateInterval(strata);
        expect(r.rate).toBeCloseTo(meanRate(strata), 12);
        expect(r.n).toBe(strata.reduce((a, s) => a + s.n, 0));
        expect(r.effectiveN).toBeLessThanOrEqual(r.n * (1 + EPS));
        expect(r.low!).toBeGreaterThanOrEqual(0);
        expect(r.high!).toBeLessThanOrEqual(1);
        expect(r.low!).toBeLessThanOrEqual(r.rate! + EPS);
        expect(r.high!).toBeGreaterThanOrEqual(r.rate! - EPS);
      }),
    );
  });

  it('are the pooled Wilson interval when every stratum has as many answers, and narrow as every stratum grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 2, max: 10 }),
        (n, ks, m) => {
          const strata = ks.map((k) => ({ k: k % (n + 1), n }));
          const r = stratifiedRateInterval(strata);
          const pooled = rateInterval(
            strata.reduce((a, s) => a + s.k, 0),
            n * strata.length,
          );
          expect(r.effectiveN).toBeCloseTo(pooled.n, 9);
          expect(r.low!).toBeCloseTo(pooled.low!, 12);
          expect(r.high!).toBeCloseTo(pooled.high!, 12);
          const larger = stratifiedRateInterval(strata.map((s) => ({ k: s.k * m, n: s.n * m })));
          expect(larger.high! - larger.low!).toBeLessThan(r.high! - r.low!);
        },
      ),
    );
  });

  it('skip strata without answers; none at all gives no estimate', () => {
    expect(
      stratifiedRateInterval([
        { k: 0, n: 0 },
        { k: 3, n: 4 },
      ]),
    ).toEqual(stratifiedRateInterval([{ k: 3, n: 4 }]));
    expect(stratifiedRateInterval([{ k: 0, n: 0 }])).toMatchObject({ strata: 0, n: 0, rate: null, low: null, high: null });
    expect(() => stratifiedRateInterval([{ k: 5, n: 4 }])).toThrow(RangeError);
  });

  it('a small stratum weighs as much as a large one: 1/2 and 90/100 give 0.7 over an effective 7.84 answers', () => {
    // p = (0.5 + 0.9)/2 = 0.7; effective n = 2²/(1/2 + 1/100) = 7.843...; Wilson at 0.7 over 7.843 answers.
    const r = stratifiedRateInterval([
      { k: 1, n: 2 },
      { k: 90, n: 100 },
    ]);
    expect(r.rate).toBeCloseTo(0.7, 12);
    expect(r.effectiveN).toBeCloseTo(4 / 0.51, 12);
    const z2 = 1.959963984540054 ** 2;
    const n = 4 / 0.51;
    const centre = (0.7 + z2 / (2 * n)) / (1 + z2 / n);
    const half = (1.959963984540054 / (1 + z2 / n)) * Math.sqrt((0.7 * 0.3) / n + z2 / (4 * n * n));
    expect(r.low).toBeCloseTo(centre - half, 12);
    expect(r.high).toBeCloseTo(centre + half, 12);
    // The pooled share 91/102 = 0.892 is not the figure: its own Wilson interval (0.818-0.937) misses the mean 0.7.
    expect(rateInterval(91, 102).low!).toBeGreaterThan(0.7);
    expect(r.low!).toBeLessThan(0.7);
    expect(r.high!).toBeGreaterThan(0.7);
  });

  it('changes contain the difference of the means, swap sides by negation, and need the minimum sample of answers on both sides', () => {
    fc.assert(
      fc.property(strataArb, strataArb, (current, previous) => {
        const c = stratifiedRateChange(current, previous, { minSample: 1 });
        expect(c.diff!).toBeCloseTo(meanRate(current) - meanRate(previous), 12);
        expect(c.low!).toBeLessThanOrEqual(c.diff! + EPS);
        expect(c.high!).toBeGreaterThanOrEqual(c.diff! - EPS);
        expect(c.significant).toBe(c.low! > 0 || c.high! < 0);
        const swapped = stratifiedRateChange(previous, current, { minSample: 1 });
        expect(swapped.low!).toBeCloseTo(-c.high!, 12);
        expect(swapped.high!).toBeCloseTo(-c.low!, 12);
      }),
    );
    expect(stratifiedRateChange([{ k: 1, n: 10 }], [{ k: 5, n: 40 }], { minSample: 30 }).enoughData).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meanChange, meanInterval, pairedRateChange, rateChange, rateInterval, type MomentSums } from './index';

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

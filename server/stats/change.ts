/**
 * A change between two periods (current − previous) with its 95% interval. When either period
 * rests on fewer than the minimum sample, `enoughData` is false and diff, low and high are null:
 * the product says 'not enough data' rather than a number. `significant` is true only when the
 * interval excludes 0.
 */
export interface ChangeEstimate {
  diff: number | null;
  low: number | null;
  high: number | null;
  significant: boolean;
  enoughData: boolean;
}

export const NOT_ENOUGH_DATA: ChangeEstimate = Object.freeze({
  diff: null,
  low: null,
  high: null,
  significant: false,
  enoughData: false,
});

export function changeOf(diff: number, low: number, high: number): ChangeEstimate {
  return { diff, low, high, significant: low > 0 || high < 0, enoughData: true };
}

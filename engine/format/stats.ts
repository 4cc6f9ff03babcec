import { getPath } from '../transforms/steps';

// How widgets show a figure's sample, interval and significance (schemas/defs/stats.schema.json):
// one place for the copy, so a card, a table cell and a chart tooltip say the same thing.

export interface IntervalBinding {
  field: string;
  decimals?: number;
  noun?: string;
}

export interface SignificanceBinding {
  field: string;
  noun?: string;
}

const FIXED = new Map<number, Intl.NumberFormat>();
const fixed = (n: number, d: number) => {
  let f = FIXED.get(d);
  if (!f) FIXED.set(d, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })));
  return f.format(n);
};

const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** 'n answers' (thousands separated), or null when the row has no sample. */
export function sampleText(n: unknown, noun = 'answers'): string | null {
  const count = numberOr(n);
  return count === null ? null : `${fixed(count, 0)} ${noun}`;
}

/** The interval of a row's figure: '±2.1' (half its width) and its hover text; nulls when unknown. */
export function intervalOf(
  row: unknown,
  binding: IntervalBinding | undefined,
): { text: string | null; title: string | null; n: number | null } {
  if (!binding) return { text: null, title: null, n: null };
  const stats = getPath(row, binding.field);
  const low = numberOr(getPath(stats, 'low'));
  const high = numberOr(getPath(stats, 'high'));
  const n = numberOr(getPath(stats, 'n'));
  const sample = sampleText(n, binding.noun);
  const text = low === null || high === null ? null : `±${fixed((high - low) / 2, binding.decimals ?? 1)}`;
  const range = low === null || high === null ? null : `95% interval ${fixed(low, 2)} to ${fixed(high, 2)}`;
  return { text, title: [sample, range].filter(Boolean).join(' · ') || null, n };
}

/**
 * Whether a row's change is significant: 'significant' (draw it as usual), 'not-significant' or
 * 'not-enough-data' (draw it neutral, with the reason on hover), or null without a binding or stats.
 */
export function significanceOf(
  row: unknown,
  binding: SignificanceBinding | undefined,
): { state: 'significant' | 'not-significant' | 'not-enough-data'; title: string | null } | null {
  if (!binding) return null;
  const stats = getPath(row, binding.field);
  if (!stats || typeof stats !== 'object') return null;
  const sample = sampleText(getPath(stats, 'n'), binding.noun);
  if (getPath(stats, 'enoughData') === false)
    return { state: 'not-enough-data', title: sample ? `Not enough data: ${sample}` : 'Not enough data' };
  if (getPath(stats, 'significant') === true) return { state: 'significant', title: null };
  return { state: 'not-significant', title: sample ? `Not significant: ${sample}` : 'Not significant' };
}

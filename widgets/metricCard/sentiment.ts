// Overview sentiment message bands and trend words. Pages may override the bands;
// these are the defaults the Net Brand Sentiment card uses.
export interface Band {
  min?: number;
  label: string;
}

export const SENTIMENT_BANDS: Band[] = [
  { min: 60, label: 'Excellent sentiment' },
  { min: 30, label: 'Strong positive sentiment' },
  { min: 10, label: 'Leaning positive sentiment' },
  { min: -10, label: 'Neutral sentiment' },
  { min: -30, label: 'Negative sentiment, action recommended' },
  { label: 'Critical sentiment' },
];

export interface TrendWords {
  up: number;
  down: number;
  words: { up: string; down: string; flat: string };
}

export const SENTIMENT_TREND: TrendWords = { up: 5, down: -5, words: { up: 'improving', down: 'declining', flat: 'steady' } };

/** The first band whose min the value reaches (bands sorted high to low; the last has no min). */
export function bandFor(value: number | null | undefined, bands: Band[] = SENTIMENT_BANDS): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const band = bands.find((b) => b.min === undefined || value >= b.min);
  return band?.label ?? null;
}

export function trendWord(change: number | null | undefined, trend: TrendWords = SENTIMENT_TREND): string {
  if (change === null || change === undefined || !Number.isFinite(change)) return trend.words.flat;
  if (change > trend.up) return trend.words.up;
  if (change < trend.down) return trend.words.down;
  return trend.words.flat;
}

/**
 * Number rules of the API (schemas/api/README.md "Units"): percentages 0-100 and ranks rounded to
 * 2 decimals, net sentiment -100..100, pctChange null when the previous value is 0 or unknown.
 */
export function round2(x: number): number {
  return Math.round((x + Number.EPSILON) * 100) / 100;
}

/** part ÷ whole as a percentage; 0 when there is no whole (no runs means nothing was mentioned). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? round2((part / whole) * 100) : 0;
}

/** Percent change current vs previous; the base is |previous| so a move from -20 to -10 reads +50%. */
export function pctChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return round2(((current - previous) / Math.abs(previous)) * 100);
}

/** current − previous, null when either side is unknown. */
export function delta(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  return round2(current - previous);
}

/** Mean sentiment (-1..1) scaled to net sentiment -100..100; null without mentions. */
export function netSentiment(sentimentSum: number, mentions: number): number | null {
  return mentions > 0 ? round2((sentimentSum / mentions) * 100) : null;
}

/** Mean rank, null without mentions. */
export function meanOrNull(sum: number, count: number): number | null {
  return count > 0 ? round2(sum / count) : null;
}

export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

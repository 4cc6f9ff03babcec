import type { ChangeEstimate, MeanEstimate, RateEstimate } from '../../stats/index';

/** How the emails write numbers: the dashboard's conventions (percent with one decimal, points for changes). */

const DAY = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const percent = (fraction: number | null) => (fraction === null ? '–' : `${(fraction * 100).toFixed(1)}%`);

const points = (fraction: number) => `${fraction > 0 ? '+' : fraction < 0 ? '−' : '±'}${Math.abs(fraction * 100).toFixed(1)}`;

/** '95% CI 28.8–33.0% · 412 answers' (the line under a rate). */
export function intervalLine(r: RateEstimate, unit = 'answers'): string {
  if (r.rate === null) return `no ${unit}`;
  return `95% CI ${(r.low! * 100).toFixed(1)}–${(r.high! * 100).toFixed(1)}% · ${r.n.toLocaleString('en-US')} ${unit}`;
}

/** '30.9% (95% CI 28.8–33.0%, 412 answers)'. */
export function rateWithInterval(r: RateEstimate, unit = 'answers'): string {
  if (r.rate === null) return `no ${unit}`;
  return `${percent(r.rate)} (95% CI ${(r.low! * 100).toFixed(1)}–${(r.high! * 100).toFixed(1)}%, ${r.n.toLocaleString('en-US')} ${unit})`;
}

/** '−3.7 pts (95% CI −6.1 to −1.2)', or why there is no number; changes of fractions, shown ×100. */
export function changeText(c: ChangeEstimate, unit = ' pts'): string {
  if (!c.enoughData || c.diff === null) return 'not enough data';
  const range = `95% CI ${points(c.low!)} to ${points(c.high!)}`;
  return `${points(c.diff)}${unit} (${range})${c.significant ? '' : ', not significant'}`;
}

/** A mean of −1..1 shown as net sentiment (×100): '95% CI +8.2 to +15.1 · 812 mentions'. */
export function meanLine(m: MeanEstimate, unit = 'mentions'): string {
  const count = `${m.n.toLocaleString('en-US')} ${unit}`;
  return m.low === null || m.high === null ? count : `95% CI ${points(m.low)} to ${points(m.high)} · ${count}`;
}

/** '+21' / '−3' / '±0': a count's change. */
export function countDelta(cur: number, prev: number): string {
  const d = cur - prev;
  return `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d).toLocaleString('en-US')}`;
}

export function signedNumber(value: number | null, digits = 1): string {
  if (value === null) return '–';
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(digits)}`;
}

/** '17–23 Nov 2026' for the half-open window [start, end). */
export function dateRange(start: Date, end: Date): string {
  const last = new Date(end.getTime() - DAY);
  const d = (x: Date) => `${x.getUTCDate()} ${MONTHS[x.getUTCMonth()]}`;
  const sameMonth = start.getUTCMonth() === last.getUTCMonth() && start.getUTCFullYear() === last.getUTCFullYear();
  return sameMonth ? `${start.getUTCDate()}–${d(last)} ${last.getUTCFullYear()}` : `${d(start)} – ${d(last)} ${last.getUTCFullYear()}`;
}

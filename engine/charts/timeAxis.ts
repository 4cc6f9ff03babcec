// Time axes drawn from the page's window: the domain is the window itself, ticks fall on whole
// intervals (hours, days, Mondays, months, all UTC like the windows), as many as fit the width,
// and the label format follows the range (hours; weekday and day; month and day; month and year).
export const TIME_START = 'timeStart';
export const TIME_END = 'timeEnd';
export const TIME_TICKS = 'timeTicks';
/** Format of a tick at midnight (the date) and of other ticks (hourly axes show the time). */
export const TIME_FORMAT = 'timeFormat';
export const TIME_FORMAT_SHORT = 'timeFormatShort';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Room a tick label needs, in px. */
export const TICK_SPACING = 64;

export interface TimeAxisInput {
  start: string | number | Date;
  end: string | number | Date;
  interval?: string | null;
  /** Plot width in px; decides how many ticks fit. */
  width?: number;
}

const ms = (v: string | number | Date) => (v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v));

function every(first: number, end: number, step: (t: number) => number, stride: number): number[] {
  const out: number[] = [];
  let i = 0;
  for (let t = first; t <= end; t = step(t), i++) if (i % stride === 0) out.push(t);
  return out;
}

/** The smallest stride from `strides` that keeps `count` ticks within `max`. */
function strideFor(count: number, max: number, strides: number[]): number {
  return strides.find((s) => Math.ceil(count / s) <= max) ?? strides[strides.length - 1];
}

export interface TimeTicks {
  ticks: number[];
  format: string;
  formatShort: string;
}

export function timeTicks({ start, end, interval, width = 800 }: TimeAxisInput): TimeTicks {
  const s = ms(start);
  const e = ms(end);
  const max = Math.max(2, Math.floor(width / TICK_SPACING));
  const span = e - s;
  if (!(span > 0)) return { ticks: [], format: '%b %d', formatShort: '%b %d' };
  const unit = interval ?? (span <= 2 * DAY ? 'hour' : span <= 31 * DAY ? 'day' : span <= 180 * DAY ? 'week' : 'month');
  if (unit === 'hour') {
    const first = Math.ceil(s / HOUR) * HOUR;
    const stride = strideFor(Math.floor((e - first) / HOUR) + 1, max, [1, 2, 3, 4, 6, 12, 24]);
    // Ticks on hours divisible by the stride (00:00, 06:00, …), not counted from the start.
    const aligned = Math.ceil(first / (stride * HOUR)) * stride * HOUR;
    return { ticks: every(aligned, e, (t) => t + stride * HOUR, 1), format: '%b %d', formatShort: '%H:%M' };
  }
  if (unit === 'day') {
    const first = Math.ceil(s / DAY) * DAY;
    const days = Math.floor((e - first) / DAY) + 1;
    const stride = strideFor(days, max, [1, 2, 7, 14]);
    const format = span <= 14 * DAY && stride === 1 ? '%a %d' : '%b %d';
    return { ticks: every(first, e, (t) => t + DAY, stride), format, formatShort: format };
  }
  if (unit === 'week') {
    // Weeks start on Monday (UTC), like the API's weekly buckets.
    const day = Math.ceil(s / DAY) * DAY;
    const first = day + ((8 - new Date(day).getUTCDay()) % 7) * DAY;
    const stride = strideFor(Math.floor((e - first) / (7 * DAY)) + 1, max, [1, 2, 4, 8]);
    return { ticks: every(first, e, (t) => t + 7 * DAY, stride), format: '%b %d', formatShort: '%b %d' };
  }
  const d = new Date(s);
  let first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  if (first < s) first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  const nextMonth = (t: number) => {
    const x = new Date(t);
    return Date.UTC(x.getUTCFullYear(), x.getUTCMonth() + 1, 1);
  };
  const months = every(first, e, nextMonth, 1).length;
  const stride = strideFor(months, max, [1, 2, 3, 6, 12]);
  return { ticks: every(first, e, nextMonth, stride), format: '%b %Y', formatShort: '%b %Y' };
}

/** Signal values of a spec built with a time axis. */
export function timeAxisSignals(input: TimeAxisInput): Record<string, unknown> {
  const { ticks, format, formatShort } = timeTicks(input);
  return { [TIME_START]: ms(input.start), [TIME_END]: ms(input.end), [TIME_TICKS]: ticks, [TIME_FORMAT]: format, [TIME_FORMAT_SHORT]: formatShort };
}

/**
 * Rows with their time field moved into the window: a bucket that began before the window (a
 * week starting on the Monday before) is drawn at the window's start, where its data lies.
 */
export function clampToWindow<R extends Record<string, unknown>>(rows: R[], field: string, start: string | number | Date): R[] {
  const s = ms(start);
  return rows.map((r) => {
    const v = r[field];
    const t = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
    return Number.isFinite(t) && t < s ? { ...r, [field]: typeof v === 'number' ? s : new Date(s).toISOString() } : r;
  });
}

// Time windows: presets start at midnight UTC N days back, except 'Last 24 hours', which covers
// the 24 hourly buckets up to the current one (from midnight it would cover up to 48 h); the delta
// window is the equal-length period just before; a custom range spans whole UTC days from..to
// and is bucketed by its length (a 6-day range by day, not one monthly point).
export type TimeRangeValue = '24h' | '7d' | '30d' | '90d' | 'custom';
export type Interval = 'hour' | 'day' | 'week' | 'month';
export type PromptInterval = 'hour' | 'day' | 'week';

export interface CustomRange {
  from?: string | null; // YYYY-MM-DD
  to?: string | null;
}

export interface TimeWindow {
  range: TimeRangeValue;
  start: string;
  end: string;
  deltaStart: string;
  deltaEnd: string;
  interval: Interval;
  promptInterval: PromptInterval;
  monthAgo: string;
  days: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const PRESET_DAYS: Record<Exclude<TimeRangeValue, 'custom'>, number> = {
  '24h': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

export const DEFAULT_TIME_RANGE: TimeRangeValue = '7d';

function utcMidnight(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Parses YYYY-MM-DD as a UTC calendar day; anything else is null. */
export function parseDay(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : ms;
}

export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The custom range counts only when both ends are set; otherwise the page falls back to 7 days. */
export function isCompleteCustomRange(custom: CustomRange | null | undefined): boolean {
  return parseDay(custom?.from) !== null && parseDay(custom?.to) !== null;
}

export function intervalFor(range: TimeRangeValue): Interval {
  if (range === '24h') return 'hour';
  if (range === '7d') return 'day';
  if (range === '30d') return 'week';
  return 'month';
}

/** A custom range's bucket: hourly up to 2 days, daily up to a month, weekly up to 6 months, then monthly. */
export function customIntervalFor(days: number): Interval {
  if (days <= 2) return 'hour';
  if (days <= 31) return 'day';
  if (days <= 180) return 'week';
  return 'month';
}

export function promptIntervalFor(range: TimeRangeValue): PromptInterval {
  if (range === '24h') return 'hour';
  if (range === '7d') return 'day';
  return 'week';
}

export function computeWindow(
  range: TimeRangeValue | string | null | undefined,
  custom?: CustomRange | null,
  now: Date = new Date(),
): TimeWindow {
  const nowMs = now.getTime();
  const today = utcMidnight(nowMs);
  const monthAgo = new Date(today - 30 * DAY_MS).toISOString();

  let effective: TimeRangeValue = (range && (range in PRESET_DAYS || range === 'custom') ? range : DEFAULT_TIME_RANGE) as TimeRangeValue;
  if (effective === 'custom' && !isCompleteCustomRange(custom)) effective = DEFAULT_TIME_RANGE;

  if (effective === 'custom') {
    let from = parseDay(custom!.from)!;
    let to = parseDay(custom!.to)!;
    if (from > to) [from, to] = [to, from];
    const startMs = from;
    const endMs = to + DAY_MS - 1; // end of the to-day
    const length = endMs + 1 - startMs;
    const days = Math.round(length / DAY_MS);
    const interval = customIntervalFor(days);
    return {
      range: 'custom',
      start: new Date(startMs).toISOString(),
      end: new Date(endMs).toISOString(),
      deltaStart: new Date(startMs - length).toISOString(),
      deltaEnd: new Date(startMs).toISOString(),
      interval,
      promptInterval: interval === 'month' ? 'week' : interval,
      monthAgo,
      days,
    };
  }

  const days = PRESET_DAYS[effective];
  const startMs = effective === '24h' ? Math.floor(nowMs / HOUR_MS) * HOUR_MS - 23 * HOUR_MS : today - days * DAY_MS;
  const length = effective === '24h' ? 24 * HOUR_MS : days * DAY_MS;
  return {
    range: effective,
    start: new Date(startMs).toISOString(),
    end: new Date(nowMs).toISOString(),
    deltaStart: new Date(startMs - length).toISOString(),
    deltaEnd: new Date(startMs).toISOString(),
    interval: intervalFor(effective),
    promptInterval: promptIntervalFor(effective),
    monthAgo,
    days,
  };
}

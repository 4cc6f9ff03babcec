import cronstrue from 'cronstrue';

// Number display: one place for every preset so a card, a table cell and an export
// show the same text. A missing value reads as an em dash rather than a misleading 0.
export const EMPTY_VALUE = '—';

export type FormatSpec =
  | string
  | { type: 'number' | 'percent' | 'signed' | 'signedPercent'; decimals?: number; suffix?: string }
  | undefined
  | null;

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return null;
}

// One formatter per precision: toLocaleString with options builds a new Intl.NumberFormat per call,
// which showed up in the page's render profile.
const FIXED = new Map<number, Intl.NumberFormat>();

function fixed(n: number, decimals: number): string {
  let format = FIXED.get(decimals);
  if (!format) FIXED.set(decimals, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  const text = format.format(n);
  // Avoid "-0.0" after rounding a tiny negative.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

function signed(n: number, decimals: number): string {
  const text = fixed(n, decimals);
  return Number(text.replace(/,/g, '')) > 0 ? `+${text}` : text;
}

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
// A moment (a prompt's last change, a run) is shown in the reader's own time zone, named, like the
// schedules; a day of data ('date') stays the UTC day it was counted in. The zone is read at each
// call (a browser may change it while the app is open).
const DATETIME_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const datetimeFormats = new Map<string, Intl.DateTimeFormat>();
function datetimeFormat(): Intl.DateTimeFormat {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  let format = datetimeFormats.get(zone);
  if (!format) datetimeFormats.set(zone, (format = new Intl.DateTimeFormat('en-US', { ...DATETIME_OPTIONS, timeZone: zone })));
  return format;
}

export function formatDate(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const d = new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(d.getTime())) return EMPTY_VALUE;
  return (withTime ? datetimeFormat() : DATE).format(d);
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function formatRelative(value: unknown, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return EMPTY_VALUE;
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const rtf = RELATIVE;
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}

export const FORMAT_PRESETS = [
  'mentionRate',
  'mentionRate1',
  'rank',
  'sentiment',
  'share',
  'growth',
  'integer',
  'date',
  'datetime',
  'relative',
  'text',
  'cron',
] as const;

/** A cron expression in words (UTC): '0 0 * * 0' → 'At 12:00 AM, only on Sunday (UTC)'. */
const NUMERIC_FORMATS = new Set(['mentionRate', 'mentionRate1', 'rank', 'sentiment', 'share', 'growth', 'integer', 'number', 'percent']);

/** Whether a format shows numbers (object formats all do; named ones as listed): such columns
 * align right. */
export function isNumericFormat(format: unknown): boolean {
  if (!format) return false;
  return typeof format === 'object' || (typeof format === 'string' && NUMERIC_FORMATS.has(format));
}

/** A schedule's copy when it has none, and when its cron expression cannot be read. */
export const CRON_COPY = { empty: 'Not scheduled', invalid: 'Unable to parse schedule' } as const;

/**
 * The cron expression moved from UTC to a zone `offsetHours` from UTC, where that can be written
 * as cron: minute and hour plain numbers, and a day change (midnight UTC is 7 PM the evening before
 * in New York) only on a schedule by weekday or every day. null when it cannot.
 */
export function cronInZone(expression: string, offsetHours: number): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute, hour, dom, month, dow] = fields;
  if (!/^\d+$/.test(minute) || !/^\d+$/.test(hour)) return null;
  const total = Number(hour) * 60 + Number(minute) + Math.round(offsetHours * 60);
  const dayShift = Math.floor(total / 1440);
  const local = ((total % 1440) + 1440) % 1440;
  let localDow = dow;
  if (dayShift !== 0) {
    if (dom !== '*') return null;
    if (/^\d+$/.test(dow)) localDow = String((((Number(dow) + dayShift) % 7) + 7) % 7);
    else if (dow !== '*') return null;
  }
  return `${local % 60} ${Math.floor(local / 60)} ${dom} ${month} ${localDow}`;
}

/**
 * A cron schedule (stored in UTC) in words, in the reader's local time (`tzOffsetHours` from UTC,
 * default this browser's). A schedule that cannot be moved to local time says '(UTC)'.
 */
export function formatCron(value: unknown, tzOffsetHours: number = -new Date().getTimezoneOffset() / 60): string {
  if (typeof value !== 'string' || value.trim() === '') return CRON_COPY.empty;
  try {
    const local = cronInZone(value, tzOffsetHours);
    const expression = local ?? value.trim();
    const text = cronstrue.toString(expression, { verbose: false, throwExceptionOnParseError: true });
    // cronstrue leaves "every day" implicit ('At 12:00 AM'); a frequency should say it
    const daily = /^\d+\s+\d+\s+\*\s+\*\s+\*$/.test(expression);
    const words = daily ? `Every day, ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
    return local || tzOffsetHours === 0 ? words : `${words} (UTC)`;
  } catch {
    return CRON_COPY.invalid;
  }
}

export function formatValue(value: unknown, format: FormatSpec): string {
  if (format === 'date') return formatDate(value);
  if (format === 'datetime') return formatDate(value, true);
  if (format === 'relative') return formatRelative(value);
  if (format === 'cron') return formatCron(value);
  if (!format || format === 'text') {
    if (value === null || value === undefined || value === '') return EMPTY_VALUE;
    return typeof value === 'number' ? fixed(value, Number.isInteger(value) ? 0 : 2) : String(value);
  }
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  if (typeof format === 'object') {
    const d = format.decimals ?? 0;
    // suffix: text after the number, e.g. '/10' for a score shown out of 10
    const tail = format.suffix ?? '';
    if (format.type === 'percent') return `${fixed(n, d)}%${tail}`;
    if (format.type === 'signed') return `${signed(n, d)}${tail}`;
    if (format.type === 'signedPercent') return `${signed(n, d)}%${tail}`;
    return `${fixed(n, d)}${tail}`;
  }
  switch (format) {
    case 'mentionRate':
      return `${fixed(n, 2)}%`;
    case 'mentionRate1':
      return `${fixed(n, 1)}%`;
    case 'rank':
      return fixed(n, 1);
    case 'sentiment':
      return signed(Math.round(n), 0);
    case 'share':
      return `${fixed(n, 1)}%`;
    case 'growth':
      return `${signed(n, 1)}%`;
    case 'integer':
      return fixed(Math.round(n), 0);
    default:
      return fixed(n, 2);
  }
}

/** Plain value for exports: same rounding as the screen, without thousands separators. */
export function exportValue(value: unknown, format: FormatSpec): string | number {
  if (value === null || value === undefined) return '';
  const text = formatValue(value, format);
  return text === EMPTY_VALUE ? '' : text;
}

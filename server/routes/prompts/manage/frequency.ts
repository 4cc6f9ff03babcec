import { CronExpressionParser } from 'cron-parser';
import { badRequest } from '../../../http/errors';
import { FREQUENCY_CRON } from '../../../scheduler/cron';

/** The three frequencies: daily at midnight, weekly on Sunday, monthly on the first (UTC) — the scheduler's table. */
export { FREQUENCY_CRON };

export type FrequencyName = keyof typeof FREQUENCY_CRON;

/** A prompt runs at most hourly: each run costs one answer per provider and location. */
const MIN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The cron expression stored for a request's `frequency`: one of the three names, or a standard
 * 5-field cron expression (UTC) that fires at most once an hour.
 */
export function frequencyToCron(frequency: string | undefined): string {
  const value = (frequency ?? 'daily').trim();
  const named = FREQUENCY_CRON[value.toLowerCase() as FrequencyName];
  if (named) return named;
  const fields = value.split(/\s+/);
  const invalid = () =>
    badRequest('frequency must be daily, weekly, monthly or a 5-field cron expression that runs at most hourly', {
      field: 'frequency',
    });
  if (fields.length !== 5) throw invalid();
  let times: number[];
  try {
    const expression = CronExpressionParser.parse(fields.join(' '), { tz: 'UTC', currentDate: new Date(Date.UTC(2026, 0, 1)) });
    times = Array.from({ length: 6 }, () => expression.next().getTime());
  } catch {
    throw invalid();
  }
  for (let i = 1; i < times.length; i++) if (times[i] - times[i - 1] < MIN_INTERVAL_MS) throw invalid();
  return fields.join(' ');
}

/** The name of a stored cron expression when it is one of the three presets. */
export function cronToFrequency(cron: string): FrequencyName | null {
  const entry = Object.entries(FREQUENCY_CRON).find(([, expr]) => expr === cron.trim());
  return entry ? (entry[0] as FrequencyName) : null;
}

/**
 * The shortest time between two consecutive runs of a stored cron expression, in minutes, over its
 * next 50 runs from a fixed date (enough to see every gap of a 5-field expression: gaps inside a
 * day show on its first matching day, gaps across midnight on the next one). What a plan's
 * fastest allowed schedule is compared with.
 */
export function shortestIntervalMinutes(cron: string): number {
  const expression = CronExpressionParser.parse(cron, { tz: 'UTC', currentDate: new Date(Date.UTC(2026, 0, 1)) });
  let previous = expression.next().getTime();
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 50; i++) {
    let next: number;
    try {
      next = expression.next().getTime();
    } catch {
      break; // a rare expression (29 February) ran out of dates: the gaps seen are what it has
    }
    shortest = Math.min(shortest, next - previous);
    previous = next;
  }
  return Math.round(shortest / 60_000);
}

import { CronExpressionParser } from 'cron-parser';

/** The product's three frequencies (spec: daily at midnight, weekly on Sunday, monthly on the 1st, all UTC). */
export const FREQUENCY_CRON = {
  daily: '0 0 * * *',
  weekly: '0 0 * * 0',
  monthly: '0 0 1 * *',
} as const;

function parse(cron: string, at: Date) {
  try {
    return CronExpressionParser.parse(cron, { currentDate: at, tz: 'UTC' });
  } catch {
    // An unreadable schedule falls back to the default frequency rather than never running.
    return CronExpressionParser.parse(FREQUENCY_CRON.daily, { currentDate: at, tz: 'UTC' });
  }
}

/** The latest scheduled instant at or before `now`. */
export function latestSlot(cron: string, now: Date): Date {
  // prev() is strictly before its start, so start 1 ms later to include `now` itself.
  return parse(cron, new Date(now.getTime() + 1)).prev().toDate();
}

/** The first scheduled instant strictly after `now`. */
export function nextSlot(cron: string, now: Date): Date {
  return parse(cron, now).next().toDate();
}

/** Whether the expression parses at all (route validation can use it). */
export function isValidCron(cron: string): boolean {
  try {
    CronExpressionParser.parse(cron, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

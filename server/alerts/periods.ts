/**
 * The periods alerts and reports are counted in. A period names itself (its key), so "once per
 * period" is a unique key in alert_sends. Weeks are ISO weeks (Monday to Monday, UTC), like the
 * dashboard's weekly buckets.
 */
const DAY = 86_400_000;

export interface Period {
  /** e.g. '2026-W48' */
  key: string;
  start: Date;
  end: Date;
}

/** UTC midnight of the day `at` falls in. */
export function utcMidnight(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY) * DAY);
}

/** The ISO week (Monday 00:00 UTC to the next Monday) that `at` falls in. */
export function isoWeek(at: Date): Period {
  const day = utcMidnight(at);
  const weekday = (day.getUTCDay() + 6) % 7; // Monday = 0
  const start = new Date(day.getTime() - weekday * DAY);
  const end = new Date(start.getTime() + 7 * DAY);
  // The ISO year is the year of the week's Thursday.
  const thursday = new Date(start.getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 1));
  const shift = (4 - firstThursday.getUTCDay() + 7) % 7;
  firstThursday.setUTCDate(1 + shift);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * DAY));
  return { key: `${year}-W${String(week).padStart(2, '0')}`, start, end };
}

/** A window and the equal-length window before it. */
export interface ComparedWindows {
  current: { start: Date; end: Date };
  previous: { start: Date; end: Date };
}

/** The `days` whole UTC days before `end` and the `days` before those. */
export function trailingDays(end: Date, days: number): ComparedWindows {
  const currentStart = new Date(end.getTime() - days * DAY);
  return {
    current: { start: currentStart, end },
    previous: { start: new Date(currentStart.getTime() - days * DAY), end: currentStart },
  };
}

/** The weekly report of the week that starts at `week.start` covers the whole week before it. */
export function reportWindows(week: Period): ComparedWindows {
  return trailingDays(week.start, 7);
}

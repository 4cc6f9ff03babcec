import { badRequest } from '../../http/errors';

/** A half-open time window [start, end). */
export interface Window {
  start: Date;
  end: Date;
}

function parseTime(value: unknown, field: string): Date {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw badRequest(`${field} must be an ISO-8601 time`, { field });
  return date;
}

/**
 * The current window runs from the request's start time to its optional end time (custom ranges)
 * or else to now.
 */
export function currentWindow(startTime: unknown, now: Date, field = 'startTime', endTime?: unknown): Window {
  const start = parseTime(startTime, field);
  const end = endTime === undefined || endTime === null ? now : parseTime(endTime, 'endTime');
  if (end < start) throw badRequest(`endTime must not be before ${field}`, { field: 'endTime' });
  return { start, end };
}

/** The delta window [deltaStartTime, deltaEndTime): the equal-length period before the current one. */
export function deltaWindow(deltaStartTime: unknown, deltaEndTime: unknown): Window {
  const start = parseTime(deltaStartTime, 'deltaStartTime');
  const end = parseTime(deltaEndTime, 'deltaEndTime');
  if (end < start) throw badRequest('deltaEndTime must not be before deltaStartTime', { field: 'deltaEndTime' });
  return { start, end };
}

import { describe, expect, it } from 'vitest';
import { isoWeek, reportWindows, trailingDays } from './periods';

describe('periods', () => {
  it('names ISO weeks as ISO 8601 does, year boundaries included', () => {
    expect(isoWeek(new Date('2026-11-20T15:30:00Z')).key).toBe('2026-W47');
    expect(isoWeek(new Date('2026-11-23T00:00:00Z')).key).toBe('2026-W48'); // Monday starts the week
    expect(isoWeek(new Date('2026-11-22T23:59:59Z')).key).toBe('2026-W47');
    expect(isoWeek(new Date('2021-01-03T12:00:00Z')).key).toBe('2020-W53');
    expect(isoWeek(new Date('2024-12-30T12:00:00Z')).key).toBe('2025-W01');
    expect(isoWeek(new Date('2026-01-01T00:00:00Z')).key).toBe('2026-W01');
  });

  it('reports on the whole week before the week it is sent in, against the week before that', () => {
    const w = reportWindows(isoWeek(new Date('2026-11-25T08:00:00Z')));
    expect(w.current).toEqual({ start: new Date('2026-11-16T00:00:00Z'), end: new Date('2026-11-23T00:00:00Z') });
    expect(w.previous).toEqual({ start: new Date('2026-11-09T00:00:00Z'), end: new Date('2026-11-16T00:00:00Z') });
    expect(trailingDays(new Date('2026-11-20T00:00:00Z'), 7).previous.start).toEqual(new Date('2026-11-06T00:00:00Z'));
  });
});

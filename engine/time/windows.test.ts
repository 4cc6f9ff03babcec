import { describe, expect, it } from 'vitest';
import { computeWindow, intervalFor, isCompleteCustomRange, promptIntervalFor } from './windows';

describe('computeWindow presets', () => {
  const now = new Date('2025-03-15T13:45:10.000Z');

  it('starts at midnight UTC N days back with an equal-length delta window before it', () => {
    const w = computeWindow('7d', null, now);
    expect(w.start).toBe('2025-03-08T00:00:00.000Z');
    expect(w.deltaStart).toBe('2025-03-01T00:00:00.000Z');
    expect(w.deltaEnd).toBe('2025-03-08T00:00:00.000Z');
    expect(w.end).toBe('2025-03-15T13:45:10.000Z');
    expect(w.interval).toBe('day');
    expect(w.days).toBe(7);
  });

  it('24 hours covers the 24 hourly buckets up to now (not from midnight a day back), hourly', () => {
    const w = computeWindow('24h', null, now);
    expect(w.start).toBe('2025-03-14T14:00:00.000Z');
    expect(Date.parse(w.end) - Date.parse(w.start)).toBeLessThanOrEqual(24 * 3_600_000);
    expect(w.deltaStart).toBe('2025-03-13T14:00:00.000Z');
    expect(w.deltaEnd).toBe(w.start);
    expect(w.interval).toBe('hour');
    expect(w.promptInterval).toBe('hour');
  });

  it('30 days crosses a month boundary (February, non-leap) and is weekly', () => {
    const w = computeWindow('30d', null, now);
    expect(w.start).toBe('2025-02-13T00:00:00.000Z');
    expect(w.deltaStart).toBe('2025-01-14T00:00:00.000Z');
    expect(w.interval).toBe('week');
    expect(w.promptInterval).toBe('week');
  });

  it('crosses a year boundary', () => {
    const w = computeWindow('7d', null, new Date('2025-01-03T00:30:00.000Z'));
    expect(w.start).toBe('2024-12-27T00:00:00.000Z');
    expect(w.deltaStart).toBe('2024-12-20T00:00:00.000Z');
  });

  it('90 days (Sources) is monthly and counts the leap day', () => {
    const w = computeWindow('90d', null, new Date('2024-04-01T10:00:00.000Z'));
    expect(w.start).toBe('2024-01-02T00:00:00.000Z');
    expect(w.deltaStart).toBe('2023-10-04T00:00:00.000Z');
    expect(w.interval).toBe('month');
  });

  it('uses UTC midnight even right after midnight', () => {
    expect(computeWindow('7d', null, new Date('2025-03-01T00:00:00.001Z')).start).toBe('2025-02-22T00:00:00.000Z');
    // 24 hours: the hour buckets 01:00 yesterday .. 00:00 today.
    expect(computeWindow('24h', null, new Date('2025-03-01T00:00:00.001Z')).start).toBe('2025-02-28T01:00:00.000Z');
  });

  it('monthAgo is the start of the day 30 days back', () => {
    expect(computeWindow('7d', null, now).monthAgo).toBe('2025-02-13T00:00:00.000Z');
  });

  it('unknown values fall back to 7 days', () => {
    expect(computeWindow('bogus', null, now).range).toBe('7d');
    expect(computeWindow(undefined, null, now).start).toBe('2025-03-08T00:00:00.000Z');
  });
});

describe('computeWindow custom', () => {
  const now = new Date('2025-03-15T13:45:10.000Z');

  it('runs from the start of the from-day to the end of the to-day', () => {
    const w = computeWindow('custom', { from: '2024-12-30', to: '2025-01-02' }, now);
    expect(w.start).toBe('2024-12-30T00:00:00.000Z');
    expect(w.end).toBe('2025-01-02T23:59:59.999Z');
    expect(w.days).toBe(4);
    expect(w.deltaEnd).toBe('2024-12-30T00:00:00.000Z');
    expect(w.deltaStart).toBe('2024-12-26T00:00:00.000Z');
    // A few days are drawn by day, not collapsed into one monthly point.
    expect(w.interval).toBe('day');
    expect(w.promptInterval).toBe('day');
  });

  it('a custom range is bucketed by its length', () => {
    const of = (from: string, to: string) => computeWindow('custom', { from, to }, now);
    expect(of('2025-03-01', '2025-03-06').interval).toBe('day');
    expect(of('2025-03-01', '2025-03-02').interval).toBe('hour');
    expect(of('2025-01-01', '2025-03-01').interval).toBe('week');
    expect(of('2024-01-01', '2025-03-01').interval).toBe('month');
    expect(of('2024-01-01', '2025-03-01').promptInterval).toBe('week');
  });

  it('a single day is one day long', () => {
    const w = computeWindow('custom', { from: '2025-02-28', to: '2025-02-28' }, now);
    expect(w.end).toBe('2025-02-28T23:59:59.999Z');
    expect(w.deltaStart).toBe('2025-02-27T00:00:00.000Z');
  });

  it('falls back to 7 days unless both ends are set', () => {
    expect(computeWindow('custom', { from: '2025-01-01' }, now).range).toBe('7d');
    expect(computeWindow('custom', { to: '2025-01-01', from: null }, now).start).toBe('2025-03-08T00:00:00.000Z');
    expect(computeWindow('custom', null, now).range).toBe('7d');
    expect(isCompleteCustomRange({ from: '2025-01-01', to: '2025-01-02' })).toBe(true);
  });
});

describe('interval mapping', () => {
  it('maps ranges to intervals', () => {
    expect(['24h', '7d', '30d', '90d', 'custom'].map((r) => intervalFor(r as never))).toEqual(['hour', 'day', 'week', 'month', 'month']);
    expect(['24h', '7d', '30d', '90d'].map((r) => promptIntervalFor(r as never))).toEqual(['hour', 'day', 'week', 'week']);
  });
});

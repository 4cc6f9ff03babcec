import { describe, expect, it } from 'vitest';
import { formatValue, formatDate, formatRelative, exportValue, formatCron } from './numbers';
import { fillPath, fillTemplate } from './template';

describe('formatValue presets', () => {
  it('mention rate has 2 decimals, 1 in provider cards', () => {
    expect(formatValue(42.1667, 'mentionRate')).toBe('42.17%');
    expect(formatValue(0, 'mentionRate')).toBe('0.00%');
    expect(formatValue(42.1667, 'mentionRate1')).toBe('42.2%');
  });
  it('rank 1 decimal, share 1 decimal, growth signed', () => {
    expect(formatValue(2.349, 'rank')).toBe('2.3');
    expect(formatValue(33.333, 'share')).toBe('33.3%');
    expect(formatValue(12.34, 'growth')).toBe('+12.3%');
    expect(formatValue(-4.06, 'growth')).toBe('-4.1%');
    expect(formatValue(0, 'growth')).toBe('0.0%');
    expect(formatValue(-0.01, 'growth')).toBe('0.0%');
  });
  it('sentiment is an integer with a sign', () => {
    expect(formatValue(23.6, 'sentiment')).toBe('+24');
    expect(formatValue(-7.2, 'sentiment')).toBe('-7');
    expect(formatValue(0, 'sentiment')).toBe('0');
  });
  it('integers get thousands separators; missing values an em dash', () => {
    expect(formatValue(12345, 'integer')).toBe('12,345');
    expect(formatValue(null, 'integer')).toBe('—');
    expect(formatValue(undefined, 'mentionRate')).toBe('—');
    expect(formatValue('abc', 'rank')).toBe('—');
  });
  it('object formats', () => {
    expect(formatValue(1.234, { type: 'number', decimals: 1 })).toBe('1.2');
    expect(formatValue(5, { type: 'percent', decimals: 0 })).toBe('5%');
    expect(formatValue(5, { type: 'signed', decimals: 1 })).toBe('+5.0');
  });
  it("days in UTC, moments in the reader's time zone", () => {
    expect(formatDate('2025-03-15T13:45:00Z')).toBe('Mar 15, 2025');
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      expect(formatValue('2025-03-15T13:45:00Z', 'datetime')).toBe('Mar 15, 2025, 1:45 PM UTC');
      process.env.TZ = 'America/New_York';
      expect(formatValue('2025-03-15T13:45:00Z', 'datetime')).toBe('Mar 15, 2025, 9:45 AM EDT');
      expect(formatDate('2025-03-15T02:00:00Z')).toBe('Mar 15, 2025');
      process.env.TZ = 'Asia/Kolkata';
      expect(formatValue('2025-03-15T20:45:00Z', 'datetime')).toBe('Mar 16, 2025, 2:15 AM GMT+5:30');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(formatDate(null)).toBe('—');
    expect(formatRelative('2025-03-15T10:00:00Z', new Date('2025-03-15T13:00:00Z'))).toBe('3 hours ago');
  });
  it('export values are blank when missing', () => {
    expect(exportValue(null, 'mentionRate')).toBe('');
    expect(exportValue(12.5, 'mentionRate')).toBe('12.50%');
  });
});

describe('templates', () => {
  it('fills {name} placeholders and keeps unknown ones visible', () => {
    expect(fillTemplate('Latest data updated on {date}', { date: 'Mar 1' })).toBe('Latest data updated on Mar 1');
    expect(fillTemplate('{a.b} and {missing}', { a: { b: 1 } })).toBe('1 and {missing}');
  });
  it('fills paths with encoded values, null when a value is missing', () => {
    expect(fillPath('/app/competitors/comparison/{brandName}', { brandName: 'A & B' })).toBe('/app/competitors/comparison/A%20%26%20B');
    expect(fillPath('/app/prompts/{promptId}', {})).toBeNull();
  });
});

describe('formatCron', () => {
  it("shows a schedule in the reader's local time, 'Not scheduled' when empty, 'Unable to parse schedule' when unreadable", () => {
    expect(formatCron('0 0 * * *', 0)).toBe('Every day, at 12:00 AM');
    // midnight UTC is 2 AM in UTC+2 and 7 PM the day before in UTC-5
    expect(formatCron('0 0 * * *', 2)).toBe('Every day, at 02:00 AM');
    expect(formatCron('0 0 * * *', -5)).toBe('Every day, at 07:00 PM');
    expect(formatCron('', 0)).toBe('Not scheduled');
    expect(formatCron(null, 0)).toBe('Not scheduled');
    expect(formatCron('every full moon', 0)).toBe('Unable to parse schedule');
    // weekly on Sunday at midnight UTC is Saturday evening in UTC-5
    expect(formatCron('0 0 * * 0', -5)).toBe('At 07:00 PM, only on Saturday');
    // the first of the month cannot move a day back in cron: it stays in UTC and says so
    expect(formatCron('0 0 1 * *', -5)).toBe('At 12:00 AM, on day 1 of the month (UTC)');
  });
});

import { describe, expect, it } from 'vitest';
import { countdownText, formatRemaining, msUntilNextUtcMidnight } from './nextMidnight';

const opts = { label: 'Next insights in', soonText: 'Next insights soon', soonUnderMinutes: 120 };

describe('countdown to the next UTC midnight', () => {
  it('counts to midnight UTC, not local midnight', () => {
    expect(msUntilNextUtcMidnight(new Date('2025-03-15T18:30:00Z'))).toBe(5.5 * 3600000);
    expect(msUntilNextUtcMidnight(new Date('2025-12-31T23:59:00Z'))).toBe(60000);
    expect(msUntilNextUtcMidnight(new Date('2025-03-15T00:00:00Z'))).toBe(24 * 3600000);
  });

  it('formats hours and minutes', () => {
    expect(formatRemaining(5 * 3600000 + 23 * 60000 + 59000)).toBe('5h 23m');
    expect(formatRemaining(59 * 60000)).toBe('59m');
  });

  it("says 'soon' under 2 hours only", () => {
    expect(countdownText(new Date('2025-03-15T21:59:00Z'), opts)).toEqual({ soon: false, text: 'Next insights in 2h 1m' });
    expect(countdownText(new Date('2025-03-15T22:00:00Z'), opts)).toEqual({ soon: false, text: 'Next insights in 2h 0m' });
    expect(countdownText(new Date('2025-03-15T22:00:01Z'), opts)).toEqual({ soon: true, text: 'Next insights soon' });
  });
});

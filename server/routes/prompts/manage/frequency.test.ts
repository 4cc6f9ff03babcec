import { describe, expect, it } from 'vitest';
import { cronToFrequency, frequencyToCron } from './frequency';

describe('frequency', () => {
  it('stores the three named frequencies as midnight-UTC crons (default daily)', () => {
    expect(frequencyToCron('daily')).toBe('0 0 * * *');
    expect(frequencyToCron('weekly')).toBe('0 0 * * 0');
    expect(frequencyToCron('monthly')).toBe('0 0 1 * *');
    expect(frequencyToCron('Weekly')).toBe('0 0 * * 0');
    expect(frequencyToCron(undefined)).toBe('0 0 * * *');
  });

  it('keeps a valid 5-field cron that runs at most hourly', () => {
    expect(frequencyToCron('0 */6 * * *')).toBe('0 */6 * * *');
    expect(frequencyToCron(' 15  9 * * 1 ')).toBe('15 9 * * 1');
  });

  it.each(['* * * * *', '*/30 * * * *', '0 0 * * * *', 'nonsense', '61 0 * * *', ''])('refuses %j', (cron) => {
    expect(() => frequencyToCron(cron)).toThrowError(/frequency/);
  });

  it('reads the named frequency back from a stored cron', () => {
    expect(cronToFrequency('0 0 * * 0')).toBe('weekly');
    expect(cronToFrequency('0 6 * * *')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { performanceStatus, recencyStatus } from './performanceStatus';

const base = { everRun: true, runs: 10, mentioned: 5, mentionRate: 50, deltaMentionRate: 20 };

describe('performance labels', () => {
  it('applies the documented rules, first match wins', () => {
    expect(performanceStatus({ ...base, everRun: false, runs: 0, mentioned: 0, mentionRate: null, deltaMentionRate: null })).toBe('zero_mention');
    expect(performanceStatus({ ...base, mentioned: 0, mentionRate: 0 })).toBe('zero_mention');
    expect(performanceStatus({ ...base, runs: 0, mentioned: 0, mentionRate: null, deltaMentionRate: null })).toBe('other');
    expect(performanceStatus({ ...base, mentionRate: 60 })).toBe('top');
    expect(performanceStatus({ ...base, mentionRate: 59.99, deltaMentionRate: 1 })).toBe('stable');
    expect(performanceStatus({ ...base, mentionRate: 29.99, deltaMentionRate: 0 })).toBe('bottom');
    expect(performanceStatus({ ...base, mentionRate: 30, deltaMentionRate: -5 })).toBe('stable');
    expect(performanceStatus({ ...base, mentionRate: 30, deltaMentionRate: 5.01 })).toBe('other');
    expect(performanceStatus({ ...base, mentionRate: 45, deltaMentionRate: null })).toBe('other');
  });

  it('recency: never_run, recent, idle', () => {
    expect(recencyStatus(false, 0)).toBe('never_run');
    expect(recencyStatus(true, 3)).toBe('recent');
    expect(recencyStatus(true, 0)).toBe('idle');
  });
});

import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../http/errors';
import { delta, netSentiment, pctChange, percent, round2 } from './numbers';
import { normalizeLocations, normalizeProviders, scopeFromBody } from './scope';

const now = new Date('2026-11-21T12:00:00Z');

describe('filters', () => {
  it("providers: 'all' or empty means every provider", () => {
    expect(normalizeProviders(null)).toBeNull();
    expect(normalizeProviders([])).toBeNull();
    expect(normalizeProviders(['openai', 'all'])).toBeNull();
    expect(normalizeProviders(['OpenAI', 'perplexity', 'openai'])).toEqual(['openai', 'perplexity']);
  });
  it("locations: 'global' or empty means everywhere; codes compare upper-case", () => {
    expect(normalizeLocations(undefined)).toBeNull();
    expect(normalizeLocations([])).toBeNull();
    expect(normalizeLocations(['us', 'global'])).toBeNull();
    expect(normalizeLocations(['us', 'GB', 'US'])).toEqual(['US', 'GB']);
    expect(normalizeLocations('de')).toEqual(['DE']);
  });
});

describe('scopeFromBody', () => {
  it('current window ends now unless endTime is given; delta window as sent', () => {
    const s = scopeFromBody(
      { brandId: 'b', startTime: '2026-11-14T00:00:00Z', deltaStartTime: '2026-11-07T00:00:00Z', deltaEndTime: '2026-11-14T00:00:00Z' },
      now,
    );
    expect(s.current).toEqual({ start: new Date('2026-11-14T00:00:00Z'), end: now });
    expect(s.previous).toEqual({ start: new Date('2026-11-07T00:00:00Z'), end: new Date('2026-11-14T00:00:00Z') });
    expect(scopeFromBody({ brandId: 'b', startTime: '2026-11-14T00:00:00Z', endTime: '2026-11-15T00:00:00Z' }, now).current.end).toEqual(
      new Date('2026-11-15T00:00:00Z'),
    );
  });
  it('rejects reversed or half-given windows with a 400', () => {
    const bad = [
      { brandId: 'b', startTime: '2026-11-22T00:00:00Z' },
      { brandId: 'b', startTime: '2026-11-14T00:00:00Z', deltaStartTime: '2026-11-07T00:00:00Z' },
      { brandId: 'b', startTime: '2026-11-14T00:00:00Z', deltaStartTime: '2026-11-14T00:00:00Z', deltaEndTime: '2026-11-07T00:00:00Z' },
      { brandId: 'b', startTime: 'yesterday' },
    ];
    for (const body of bad) {
      let error: unknown;
      try {
        scopeFromBody(body, now);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
    }
  });
});

describe('number rules', () => {
  it('rounds to 2 decimals, percent of nothing is 0, pctChange null on a zero base', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(5, 0)).toBe(0);
    expect(pctChange(15, 10)).toBe(50);
    expect(pctChange(-10, -20)).toBe(50);
    expect(pctChange(5, 0)).toBeNull();
    expect(pctChange(null, 3)).toBeNull();
    expect(delta(3.5, 1.25)).toBe(2.25);
    expect(delta(3, null)).toBeNull();
    expect(netSentiment(1.5, 3)).toBe(50);
    expect(netSentiment(0, 0)).toBeNull();
  });
});

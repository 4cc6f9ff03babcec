import { describe, expect, it } from 'vitest';
import { totalsSpan } from './promptTotalsWindow';

const at = (iso: string) => new Date(iso);
const THROUGH = at('2026-11-29T00:00:00Z');
const NOW = at('2026-11-29T07:47:00Z');

// Which rows and runs a window reads; exactness against the facts is the rollup property test's job.
describe('reading a window from the running totals', () => {
  it('a window ending now reads two days of rows and no runs: the runs after now (none) are subtracted', () => {
    expect(totalsSpan({ start: at('2026-11-22T00:00:00Z'), end: NOW }, THROUGH, NOW)).toEqual({
      endDay: THROUGH,
      beforeDay: at('2026-11-21T00:00:00Z'),
      add: [],
      sub: [{ start: NOW, end: at('2026-11-30T00:00:00Z') }],
    });
  });

  it('a start early in its day subtracts its day’s runs before it from the whole day; a late one adds the runs after it', () => {
    const early = totalsSpan({ start: at('2026-11-10T04:30:00Z'), end: at('2026-11-20T00:00:00Z') }, THROUGH, NOW)!;
    expect(early.beforeDay).toEqual(at('2026-11-09T00:00:00Z'));
    expect(early.sub).toEqual([{ start: at('2026-11-10T00:00:00Z'), end: at('2026-11-10T04:30:00Z') }]);
    const late = totalsSpan({ start: at('2026-11-10T20:00:00Z'), end: at('2026-11-20T00:00:00Z') }, THROUGH, NOW)!;
    expect(late.beforeDay).toEqual(at('2026-11-10T00:00:00Z'));
    expect(late.add).toEqual([{ start: at('2026-11-10T20:00:00Z'), end: at('2026-11-11T00:00:00Z') }]);
  });

  it('a day past the last stored run reads that run’s day; a window inside one day reads the runs', () => {
    const ahead = totalsSpan({ start: at('2026-11-20T00:00:00Z'), end: at('2026-12-02T00:00:00Z') }, THROUGH, NOW)!;
    expect(ahead.endDay).toEqual(THROUGH);
    expect(totalsSpan({ start: at('2026-11-20T01:00:00Z'), end: at('2026-11-20T23:00:00Z') }, THROUGH, NOW)).toBeNull();
  });
});

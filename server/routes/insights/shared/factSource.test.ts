import { describe, expect, it } from 'vitest';
import { factRows, splitDays } from './factSource';
import { SqlParams } from './params';
import type { InsightScope } from './scope';

const at = (iso: string) => new Date(iso);
const scope = (start: string, end: string, previous?: [string, string]): InsightScope => ({
  brandId: 'brd_a',
  providers: null,
  locations: null,
  current: { start: at(start), end: at(end) },
  previous: previous ? { start: at(previous[0]), end: at(previous[1]) } : null,
  source: 'rollups',
});

describe('splitting a window into whole days and cut days', () => {
  it('windows on midnights are whole days only', () => {
    const split = splitDays(scope('2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z', ['2026-10-25T00:00:00Z', '2026-11-01T00:00:00Z']));
    expect(split.edges).toEqual([]);
    expect([split.dayLo, split.dayHi]).toEqual([at('2026-10-25T00:00:00Z'), at('2026-11-08T00:00:00Z')]);
  });

  it('every boundary off midnight cuts its day, once, and the span ends after the last cut day', () => {
    const split = splitDays(scope('2026-11-01T06:00:00Z', '2026-11-08T15:30:00Z', ['2026-10-25T00:00:00Z', '2026-11-01T06:00:00Z']));
    expect(split.edges).toEqual([at('2026-11-01T00:00:00Z'), at('2026-11-08T00:00:00Z')]);
    expect([split.lo, split.hi]).toEqual([at('2026-10-25T00:00:00Z'), at('2026-11-08T15:30:00Z')]);
    expect(split.dayHi).toEqual(at('2026-11-09T00:00:00Z'));
  });

  it('reads a cut day from the facts, within the span only, and skips it in the rollups', () => {
    const p = new SqlParams();
    const sql = factRows(p, scope('2026-11-01T06:00:00Z', '2026-11-04T00:00:00Z'), 'runs', 'r');
    expect(sql).toMatch(/FROM rollup_runs_daily WHERE .* AND day NOT IN \(\$\d+\)/);
    expect(sql.match(/FROM runs r/g)).toHaveLength(1);
    expect(sql).not.toMatch(/tail_/);
    const dates = p.values.filter((v): v is Date => v instanceof Date).map((d) => d.toISOString());
    // facts: [Nov 1 06:00, Nov 2 00:00); rollups: [Nov 1, Nov 4) minus Nov 1
    expect(dates).toEqual([
      '2026-11-01T06:00:00.000Z',
      '2026-11-02T00:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
      '2026-11-04T00:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
    ]);
  });

  it('a last day cut only by the span end is its rollup row unless the brand has facts after the end that day', () => {
    const p = new SqlParams();
    const sql = factRows(p, { ...scope('2026-11-01T00:00:00Z', '2026-11-03T12:00:00Z'), tailFromRollup: true }, 'runs', 'r');
    // without tailFromRollup (DuckDB), the day's facts as before
    expect(factRows(new SqlParams(), scope('2026-11-01T00:00:00Z', '2026-11-03T12:00:00Z'), 'runs', 'r')).not.toMatch(/tail_/);
    expect(sql).toMatch(/FROM rollup_runs_daily WHERE .* AND day NOT IN \(\$\d+\)/);
    expect(sql).toMatch(
      /AS tail_rollup WHERE NOT EXISTS \(SELECT 1 FROM runs lr WHERE lr.brand_id = \$\d+ AND lr.created_at >= \$\d+ AND lr.created_at < \$\d+\)/,
    );
    expect(sql).toMatch(/AS tail_raw WHERE EXISTS \(SELECT 1 FROM runs lr/);
    const dates = p.values.filter((v): v is Date => v instanceof Date).map((d) => d.toISOString());
    // facts after the end: [Nov 3 12:00, Nov 4); the day's rollup row: [Nov 3, Nov 4); its facts: [Nov 3, Nov 3 12:00);
    // then whole days [Nov 1, Nov 4) minus Nov 3
    expect(dates.slice(0, 2)).toEqual(['2026-11-03T12:00:00.000Z', '2026-11-04T00:00:00.000Z']);
    expect(dates).toContain('2026-11-03T00:00:00.000Z');
  });

  it('the last day is a tail only when no other window starts or ends inside it', () => {
    expect(splitDays(scope('2026-11-01T00:00:00Z', '2026-11-03T12:00:00Z')).tail).toEqual(at('2026-11-03T00:00:00Z'));
    expect(splitDays(scope('2026-11-03T06:00:00Z', '2026-11-03T12:00:00Z')).tail).toBeNull();
    expect(
      splitDays(scope('2026-11-01T00:00:00Z', '2026-11-03T12:00:00Z', ['2026-10-30T00:00:00Z', '2026-11-03T08:00:00Z'])).tail,
    ).toBeNull();
    expect(
      splitDays(scope('2026-11-01T00:00:00Z', '2026-11-03T12:00:00Z', ['2026-10-30T00:00:00Z', '2026-11-03T12:00:00Z'])).tail,
    ).toEqual(at('2026-11-03T00:00:00Z'));
    expect(splitDays(scope('2026-11-01T00:00:00Z', '2026-11-04T00:00:00Z')).tail).toBeNull();
  });

  it('reads the facts alone when asked', () => {
    const p = new SqlParams();
    const sql = factRows(p, { ...scope('2026-11-01T06:00:00Z', '2026-11-03T12:00:00Z'), source: 'raw' }, 'mentions', 'm');
    expect(sql).not.toMatch(/rollup_/);
  });
});

describe('sums of squares (for the interval of an average) are read only when asked', () => {
  const cut = scope('2026-11-01T06:00:00Z', '2026-11-04T00:00:00Z', ['2026-10-25T00:00:00Z', '2026-11-01T00:00:00Z']);

  it('a mentions read that returns no interval of an average reads no sums of squares, from rollups or facts', () => {
    for (const source of ['rollups', 'raw'] as const) {
      const sql = factRows(new SqlParams(), { ...cut, source }, 'mentions', 'm');
      expect(sql).toMatch(/rank_sum/);
      expect(sql).not.toMatch(/_sq_sum|\* m\./);
    }
  });

  it('asked for one average, reads that one from the rollups and the cut days alike', () => {
    const sql = factRows(new SqlParams(), cut, 'mentions', 'm', { squares: ['sentiment'] });
    expect(sql).toMatch(/FROM rollup_mentions_daily/);
    expect(sql.match(/AS sentiment_sq_sum/g)).toHaveLength(2); // the rollup branch and the cut day's facts
    expect(sql).toMatch(/m\.sentiment \* m\.sentiment AS sentiment_sq_sum/);
    expect(sql).not.toMatch(/rank_sq_sum/);
  });
});

import { describe, expect, it } from 'vitest';
import { runTransforms, TRANSFORM_TYPES } from './run';

describe('transform steps', () => {
  it('get / firstValue / values', () => {
    expect(runTransforms({ data: { items: [1, 2] } }, [{ type: 'get', path: 'data.items' }])).toEqual([1, 2]);
    expect(runTransforms({ b1: { mentionRate: 3 } }, [{ type: 'firstValue' }])).toEqual({ mentionRate: 3 });
    expect(runTransforms([{ a: 1 }, { a: 2 }], [{ type: 'firstValue' }])).toEqual({ a: 1 });
    expect(runTransforms({}, [{ type: 'firstValue' }])).toBeNull();
    expect(runTransforms({ x: { a: 1 }, y: { a: 2 } }, [{ type: 'values' }])).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('entries and unnest tag items with their key', () => {
    expect(runTransforms({ Acme: { rate: 1 } }, [{ type: 'entries', keyAs: 'name' }])).toEqual([{ name: 'Acme', rate: 1 }]);
    const series = { data: { Acme: [{ t: 1 }, { t: 2 }], Rival: [{ t: 1 }] } };
    expect(runTransforms(series, [{ type: 'unnest', path: 'data', keyAs: 'series' }])).toEqual([
      { t: 1, series: 'Acme' },
      { t: 2, series: 'Acme' },
      { t: 1, series: 'Rival' },
    ]);
  });

  it('filter with every op', () => {
    const rows = [{ n: 1, c: 'top' }, { n: 5, c: 'bottom' }, { n: null, c: 'top' }];
    const f = (where: unknown[]) => runTransforms(rows, [{ type: 'filter', where }]);
    expect(f([{ field: 'c', op: 'eq', value: 'top' }])).toHaveLength(2);
    expect(f([{ field: 'c', op: 'ne', value: 'top' }])).toHaveLength(1);
    expect(f([{ field: 'c', op: 'in', value: ['bottom'] }])).toEqual([rows[1]]);
    expect(f([{ field: 'c', op: 'nin', value: ['bottom'] }])).toHaveLength(2);
    expect(f([{ field: 'n', op: 'gt', value: 1 }])).toEqual([rows[1]]);
    expect(f([{ field: 'n', op: 'gte', value: 1 }])).toHaveLength(2);
    expect(f([{ field: 'n', op: 'lt', value: 5 }])).toEqual([rows[0]]);
    expect(f([{ field: 'n', op: 'lte', value: 5 }])).toHaveLength(2);
    expect(f([{ field: 'n', op: 'truthy' }])).toHaveLength(2);
    expect(f([{ field: 'n', op: 'falsy' }])).toEqual([rows[2]]);
    expect(f([{ field: 'c', value: 'top' }, { field: 'n', op: 'truthy' }])).toEqual([rows[0]]);
  });

  it('sort is stable, nulls last, with tolerance then a second key', () => {
    const rows = [
      { name: 'a', rate: 50, rank: 3 },
      { name: 'b', rate: null, rank: 1 },
      { name: 'c', rate: 50.005, rank: 2 },
      { name: 'd', rate: 80, rank: null },
      { name: 'e', rate: 50, rank: 3 },
    ];
    const out = runTransforms(rows, [
      { type: 'sort', by: [{ field: 'rate', order: 'desc', tolerance: 0.01 }, { field: 'rank', order: 'asc' }] },
    ]) as Array<{ name: string }>;
    expect(out.map((r) => r.name)).toEqual(['d', 'c', 'a', 'e', 'b']);
    const asc = runTransforms(rows, [{ type: 'sort', by: [{ field: 'rank' }] }]) as Array<{ name: string }>;
    expect(asc.map((r) => r.name)).toEqual(['b', 'c', 'a', 'e', 'd']);
  });

  it('limit, groupBy, rename, pick', () => {
    const rows = [{ c: 'top', a: 1, b: 2 }, { c: 'bottom', a: 3, b: 4 }, { c: 'top', a: 5, b: 6 }];
    expect(runTransforms(rows, [{ type: 'limit', count: 2 }])).toHaveLength(2);
    expect(runTransforms(rows, [{ type: 'groupBy', field: 'c' }])).toEqual({ top: [rows[0], rows[2]], bottom: [rows[1]] });
    expect(runTransforms(rows, [{ type: 'rename', fields: { a: 'x' } }, { type: 'pick', fields: ['x'] }])).toEqual([{ x: 1 }, { x: 3 }, { x: 5 }]);
  });

  it('derive ops', () => {
    const rows = [{ s: 'top', v: 0.4567, w: 2, t: 'abcdef', n: null }];
    const d = (step: Record<string, unknown>) => (runTransforms(rows, [{ type: 'derive', field: 'out', ...step }]) as Array<Record<string, unknown>>)[0].out;
    expect(d({ op: 'map', args: [{ field: 's' }], map: { top: 'Top Performer' }, default: 'Figuring Out' })).toBe('Top Performer');
    expect(d({ op: 'map', args: [{ field: 'w' }], map: { top: 'Top Performer' }, default: 'Figuring Out' })).toBe('Figuring Out');
    expect(d({ op: 'multiply', args: [{ field: 'v' }, 100] })).toBeCloseTo(45.67);
    expect(d({ op: 'divide', args: [{ field: 'w' }, 4] })).toBe(0.5);
    expect(d({ op: 'divide', args: [{ field: 'w' }, 0] })).toBeNull();
    expect(d({ op: 'add', args: [{ field: 'w' }, 1] })).toBe(3);
    expect(d({ op: 'subtract', args: [{ field: 'w' }, 5] })).toBe(-3);
    expect(d({ op: 'round', args: [{ field: 'v' }], decimals: 2 })).toBe(0.46);
    expect(d({ op: 'coalesce', args: [{ field: 'n' }, { value: 'Unknown' }] })).toBe('Unknown');
    expect(d({ op: 'concat', args: [{ field: 's' }, { value: '-' }, { field: 'w' }] })).toBe('top-2');
    expect(d({ op: 'truncate', args: [{ field: 't' }], length: 3 })).toBe('abc…');
    expect(d({ op: 'multiply', args: [{ field: 'n' }, 2] })).toBeNull();
  });

  it('rejects unknown steps and knows all documented ones', () => {
    expect(() => runTransforms([], [{ type: 'explode' }])).toThrow('Unknown transform step "explode"');
    expect(TRANSFORM_TYPES.sort()).toEqual(
      ['count', 'derive', 'entries', 'filter', 'firstValue', 'flatten', 'get', 'groupBy', 'limit', 'pick', 'rename', 'sort', 'unnest', 'values'].sort(),
    );
  });

  it('count: one record of counts, each over the rows matching its conditions', () => {
    const rows = [{ t: 'immediate_threat' }, { t: 'growing_threat' }, { t: 'emerging_threat' }, { t: 'monitoring_required' }, { t: 'immediate_threat' }];
    expect(
      runTransforms(rows, [
        { type: 'count', counts: { total: [], high: [{ field: 't', op: 'eq', value: 'immediate_threat' }], low: [{ field: 't', op: 'in', value: ['emerging_threat', 'monitoring_required'] }] } },
      ]),
    ).toEqual({ total: 5, high: 2, low: 2 });
    expect(runTransforms([], [{ type: 'count', counts: { total: [] } }])).toEqual({ total: 0 });
  });

  it('ieq compares strings ignoring letter case', () => {
    const rows = [{ name: 'Acme' }, { name: 'ACME' }, { name: 'Other' }, { name: 3 }];
    expect(runTransforms(rows, [{ type: 'filter', where: [{ field: 'name', op: 'ieq', value: 'acme' }] }])).toEqual([{ name: 'Acme' }, { name: 'ACME' }]);
    expect(runTransforms(rows, [{ type: 'filter', where: [{ field: 'name', op: 'ieq', value: 3 }] }])).toEqual([{ name: 3 }]);
  });

  it('does not mutate its input', () => {
    const rows = [{ a: 2 }, { a: 1 }];
    runTransforms(rows, [{ type: 'sort', by: [{ field: 'a' }] }, { type: 'derive', field: 'b', op: 'add', args: [{ field: 'a' }, 1] }]);
    expect(rows).toEqual([{ a: 2 }, { a: 1 }]);
  });
});

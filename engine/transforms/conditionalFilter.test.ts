import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveBindings } from '../bindings/resolve';
import { runTransforms } from './run';
import { stepApplies, type Step } from './steps';

// A filter step with 'when' filters only while its conditions hold (a choice filter's value), so a
// value such as 'all' that no step names passes every row; and the derive op 'abs'.
const rows = [
  { id: 'a', status: 'top', delta: 7 },
  { id: 'b', status: 'bottom', delta: -8 },
  { id: 'c', status: 'stable', delta: 1 },
  { id: 'd', status: 'top', delta: null },
];
const ids = (out: unknown) => (out as Array<{ id: string }>).map((r) => r.id);

describe('filter step with when', () => {
  const pipeline = (choice: string): Step[] =>
    resolveBindings<Step[]>(
      [
        { type: 'filter', when: { subject: { $filter: 'perf' }, op: 'eq', value: 'top' }, where: [{ field: 'status', op: 'eq', value: 'top' }] },
        { type: 'filter', when: [{ subject: { $filter: 'perf' }, op: 'in', value: ['worst', 'low'] }], where: [{ field: 'status', op: 'eq', value: 'bottom' }] },
      ],
      { filters: { perf: choice }, controls: [{ id: 'perf', type: 'choice', options: ['all', 'top', 'worst', 'low'] }] },
    ).value;

  it('filters while its condition holds', () => {
    expect(ids(runTransforms(rows, pipeline('top')))).toEqual(['a', 'd']);
    expect(ids(runTransforms(rows, pipeline('worst')))).toEqual(['b']);
    expect(ids(runTransforms(rows, pipeline('low')))).toEqual(['b']);
  });

  it("passes every row through when no step's condition holds ('all')", () => {
    expect(ids(runTransforms(rows, pipeline('all')))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('without when, always filters; every listed condition must hold', () => {
    expect(ids(runTransforms(rows, [{ type: 'filter', where: [{ field: 'status', op: 'eq', value: 'stable' }] }]))).toEqual(['c']);
    expect(stepApplies(undefined)).toBe(true);
    expect(stepApplies([{ subject: 'top', op: 'eq', value: 'top' }, { subject: 'top', op: 'ne', value: 'all' }])).toBe(true);
    expect(stepApplies([{ subject: 'top', op: 'eq', value: 'top' }, { subject: 'top', op: 'eq', value: 'all' }])).toBe(false);
    expect(stepApplies({ subject: null, op: 'truthy' })).toBe(false);
  });
});

describe('derive abs', () => {
  it('gives the absolute value, null for non-numbers', () => {
    const out = runTransforms(rows, [{ type: 'derive', field: 'size', op: 'abs', args: [{ field: 'delta' }] }]) as Array<{ size: unknown }>;
    expect(out.map((r) => r.size)).toEqual([7, 8, 1, null]);
  });
});

// The Prompts Monitor's performance filter goes to the server with the table's page request (the
// server applies it to every prompt, not to the page shown: server/routes/prompts/monitor/paging.test.ts).
describe('the Prompts Monitor performance filter (all, top, worst, needs_attention, recently_changed)', () => {
  const page = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'pages', 'prompts.json'), 'utf8'));
  const control = page.filters.controls.find((c: { id: string }) => c.id === 'promptPerformance');

  it('offers the spec values, all by default', () => {
    expect(control.type).toBe('choice');
    expect(control.options.map((o: { value: string }) => o.value)).toEqual(['all', 'top', 'worst', 'needs_attention', 'recently_changed']);
    expect(control.default).toBe('all');
  });

  it('is sent with the request, and no step of the table filters on it', () => {
    expect(page.widgets.prompts.data.body.performance).toEqual({ $filter: 'promptPerformance' });
    const steps = JSON.stringify(page.widgets.prompts.data.transform);
    expect(steps).not.toContain('promptPerformance');
  });
});

describe('derive with host operations', () => {
  it("passes the step's resolved arguments to the host's operation; an op nobody declares gives null", () => {
    const ops = { initials: ([a, b]: unknown[]) => `${String(a)[0]}${String(b)[0]}` };
    const out = runTransforms([{ first: 'Ada', last: 'Lovelace' }], [
      { type: 'derive', field: 'short', op: 'initials', args: [{ field: 'first' }, { field: 'last' }] },
      { type: 'derive', field: 'none', op: 'notDeclared', args: [{ field: 'first' }] },
    ], ops) as Array<{ short: unknown; none: unknown }>;
    expect(out).toEqual([{ first: 'Ada', last: 'Lovelace', short: 'AL', none: null }]);
  });
});

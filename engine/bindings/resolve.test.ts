import { describe, expect, it } from 'vitest';
import { resolveBindings, resolveValue } from './resolve';
import { computeWindow } from '../time/windows';
import { withFilterKinds } from '../filters/kinds';

// Two list kinds as a host declares them: their catch-all is sent as null.
const controls = withFilterKinds(
  [
    { id: 'timeRange', type: 'timeRange' },
    { id: 'selectedModels', type: 'providers' },
    { id: 'selectedLocations', type: 'locations' },
    { id: 'promptPerformance', type: 'choice', options: ['top', 'worst'] },
  ],
  {
    providers: { label: 'AI providers', vocabulary: 'providers', catchAll: { value: 'all', label: 'All' } },
    locations: { label: 'Locations', vocabulary: 'countries', catchAll: { value: 'global', label: 'Global' } },
  },
);
const window = computeWindow('7d', null, new Date('2025-03-15T12:00:00Z'));

function ctx(filters: Record<string, unknown>, brand: Record<string, unknown> | null = { id: 'b1', name: 'Acme' }) {
  return { filters, controls, window, brand, params: { id: 'p9' } };
}

describe('resolveBindings', () => {
  it('resolves a request body from filters, window and brand', () => {
    const body = {
      brandId: { $brand: 'id' },
      startTime: { $window: 'start' },
      deltaStartTime: { $window: 'deltaStart' },
      providers: { $filter: 'selectedModels' },
      location: { $filter: 'selectedLocations' },
      limit: 4,
    };
    const r = resolveBindings(body, ctx({ selectedModels: ['all'], selectedLocations: ['US', 'de'] }));
    expect(r.missing).toEqual([]);
    expect(r.value).toEqual({
      brandId: 'b1',
      startTime: '2025-03-08T00:00:00.000Z',
      deltaStartTime: '2025-03-01T00:00:00.000Z',
      providers: null,
      location: ['US', 'de'],
      limit: 4,
    });
  });

  it("collapses 'all' alongside others to null and supports as:list and lowercase", () => {
    const c = ctx({ selectedModels: ['openai', 'all'], selectedLocations: ['global'] });
    expect(resolveValue({ $filter: 'selectedModels' }, c)).toBeNull();
    expect(resolveValue({ $filter: 'selectedLocations', as: 'list' }, c)).toEqual([]);
    const c2 = ctx({ selectedModels: ['openai'], selectedLocations: ['US'] });
    expect(resolveValue({ $filter: 'selectedLocations', lowercase: true }, c2)).toEqual(['us']);
    expect(resolveValue({ $filter: 'selectedModels' }, c2)).toEqual(['openai']);
  });

  it('reports missing sources instead of inventing values', () => {
    const r = resolveBindings({ brandId: { $brand: 'id' }, id: { $param: 'nope' } }, ctx({}, null));
    expect(r.missing).toEqual(['$brand:id', '$param:nope']);
  });

  it('resolves $param, $user, $row and nested arrays', () => {
    const r = resolveBindings(
      { a: [{ $param: 'id' }, 'x'], u: { $user: 'email' }, r: { $row: 'promptId' } },
      { ...ctx({}), user: { email: 'a@b.c' }, row: { promptId: 42 } },
    );
    expect(r.value).toEqual({ a: ['p9', 'x'], u: 'a@b.c', r: 42 });
  });

  it('leaves objects that are not bindings alone', () => {
    expect(resolveValue({ field: 'x', $other: 1 }, ctx({}))).toEqual({ field: 'x', $other: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { applySelection, collapseSelection, requestValue } from './rules';
import { defaultFilterValues, loadFilterValues, sanitizeFilterValues, saveFilterValues, withCustomRange, withTimeRange } from './storage';
import { selectionSummary, searchOptions } from './summary';
import { withFilterKinds } from './kinds';
import type { ListFilterKind } from '../host/types';
import type { FilterControl } from '../runtime/types';

// Two list kinds as a host would declare them; `locations` relies on its catch-all as default.
const listKinds: Record<string, ListFilterKind> = {
  providers: { label: 'AI providers', vocabulary: 'providers', catchAll: { value: 'all', label: 'All' } },
  locations: { label: 'Locations', vocabulary: 'countries', catchAll: { value: 'global', label: 'Global' }, searchable: true },
};

const controls: FilterControl[] = withFilterKinds(
  [
    { id: 'timeRange', type: 'timeRange', presets: ['24h', '7d', '30d'], custom: true, default: '7d' },
    { id: 'selectedModels', type: 'providers', default: ['all'] },
    { id: 'selectedLocations', type: 'locations' },
    { id: 'promptPerformance', type: 'choice', options: ['top', 'worst'], default: 'top', inBar: false },
  ],
  listKinds,
);

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('multi-select rules of list filters', () => {
  it("'all' chosen alongside others collapses to 'all'", () => {
    expect(applySelection(['openai'], ['openai', 'all'], 'all')).toEqual(['all']);
    expect(collapseSelection(['openai', 'all'], 'all')).toEqual(['all']);
  });
  it("picking a provider while 'all' is selected drops 'all'", () => {
    expect(applySelection(['all'], ['all', 'perplexity'], 'all')).toEqual(['perplexity']);
  });
  it('an empty selection becomes the catch-all', () => {
    expect(applySelection(['openai'], [], 'all')).toEqual(['all']);
    expect(applySelection(['US'], [], 'global')).toEqual(['global']);
  });
  it('all/global or empty sends null, else the list', () => {
    expect(requestValue(['all'], 'all')).toBeNull();
    expect(requestValue([], 'all')).toBeNull();
    expect(requestValue(undefined, 'global')).toBeNull();
    expect(requestValue(['global', 'US'], 'global')).toBeNull();
    expect(requestValue(['US', 'DE'], 'global')).toEqual(['US', 'DE']);
  });
});

describe('filter storage', () => {
  it('defaults match the overview (7 days, all providers, global, top)', () => {
    expect(defaultFilterValues(controls)).toEqual({ timeRange: '7d', selectedModels: ['all'], selectedLocations: ['global'], promptPerformance: 'top' });
  });
  it('persists under the storage key and survives a reload', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const values = withCustomRange(defaultFilterValues(controls), 'timeRange', { from: '2025-01-01', to: '2025-01-31' });
    saveFilterValues('overviewPage-filters', { ...values, selectedModels: ['openai'] }, storage);
    expect(JSON.parse(storage.getItem('overviewPage-filters')!)).toEqual({
      timeRange: 'custom',
      selectedModels: ['openai'],
      selectedLocations: ['global'],
      promptPerformance: 'top',
      customRange: { from: '2025-01-01', to: '2025-01-31' },
    });
    expect(loadFilterValues('overviewPage-filters', controls, storage)).toEqual({
      timeRange: 'custom',
      selectedModels: ['openai'],
      selectedLocations: ['global'],
      promptPerformance: 'top',
      customRange: { from: '2025-01-01', to: '2025-01-31' },
    });
  });
  it('drops stored values that do not fit the controls', () => {
    expect(sanitizeFilterValues(controls, { timeRange: '90d', selectedModels: 'openai', promptPerformance: 'bogus' })).toEqual(defaultFilterValues(controls));
    expect(loadFilterValues('k', controls, { getItem: () => '{not json' } as unknown as Storage)).toEqual(defaultFilterValues(controls));
  });
  it('Sources may allow 90 days by config', () => {
    const sources: FilterControl[] = [{ id: 'timeRange', type: 'timeRange', presets: ['24h', '7d', '30d', '90d'], default: '7d' }];
    expect(sanitizeFilterValues(sources, { timeRange: '90d' }).timeRange).toBe('90d');
  });
  it('a preset clears the custom range; a custom pick selects Custom', () => {
    const custom = withCustomRange({ timeRange: '7d' }, 'timeRange', { from: '2025-01-01', to: null });
    expect(custom.timeRange).toBe('custom');
    const preset = withTimeRange(custom, 'timeRange', '30d');
    expect(preset).toEqual({ timeRange: '30d' });
  });
});

describe('list kinds and summaries', () => {
  it('attaches the host kind to controls of its type only', () => {
    expect(controls.map((c) => c.list?.catchAll.value ?? null)).toEqual([null, 'all', 'global', null]);
  });
  it('a control of a type the host does not declare is left as it is', () => {
    expect(withFilterKinds([{ id: 'x', type: 'unknownKind' }], listKinds)).toEqual([{ id: 'x', type: 'unknownKind' }]);
  });
  it('summary shows up to 2 names then +N; search is case-insensitive', () => {
    expect(selectionSummary(['A'])).toBe('A');
    expect(selectionSummary(['A', 'B'])).toBe('A, B');
    expect(selectionSummary(['A', 'B', 'C', 'D'])).toBe('A, B +2');
    expect(searchOptions([{ label: 'Germany' }, { label: 'Ghana' }], 'GERM')).toEqual([{ label: 'Germany' }]);
  });
});

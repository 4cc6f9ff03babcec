import { describe, expect, it } from 'vitest';
import { applySelection, collapseSelection, requestValue } from './rules';
import { defaultFilterValues, loadFilterValues, sanitizeFilterValues, saveFilterValues, withCustomRange, withTimeRange } from './storage';
import { COUNTRIES, countryName, countryOptions } from './countries';
import { selectionSummary, searchOptions } from './summary';
import type { FilterControl } from '../runtime/types';

const controls: FilterControl[] = [
  { id: 'timeRange', type: 'timeRange', presets: ['24h', '7d', '30d'], custom: true, default: '7d' },
  { id: 'selectedModels', type: 'providers', default: ['all'] },
  { id: 'selectedLocations', type: 'locations', default: ['global'] },
  { id: 'promptPerformance', type: 'choice', options: ['top', 'worst'], default: 'top', inBar: false },
];

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('multi-select rules (insights §4)', () => {
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

describe('countries and summaries', () => {
  it('holds about 240 codes with names', () => {
    expect(Object.keys(COUNTRIES).length).toBeGreaterThanOrEqual(240);
    expect(countryName('us')).toBe('United States');
    expect(countryName('global')).toBe('Global');
    expect(countryOptions()[0].label < countryOptions()[1].label).toBe(true);
  });
  it('summary shows up to 2 names then +N; search is case-insensitive', () => {
    expect(selectionSummary(['A'])).toBe('A');
    expect(selectionSummary(['A', 'B'])).toBe('A, B');
    expect(selectionSummary(['A', 'B', 'C', 'D'])).toBe('A, B +2');
    expect(searchOptions([{ label: 'Germany' }, { label: 'Ghana' }], 'GERM')).toEqual([{ label: 'Germany' }]);
  });
});

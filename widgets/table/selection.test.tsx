import { describe, expect, it } from 'vitest';
import { selectAllState, selectedRows, toggleAll, toggleOne } from './selection';
import { rowsForTab, tabCounts } from './tabs';
import { listCellText } from './listCell';
import { testHost } from '../../engine/testing';

const { vocabularies } = testHost();

const rows = [
  { promptId: 'a', promptState: 'active' },
  { promptId: 'b', promptState: 'inactive' },
  { promptId: 'c', promptState: 'active' },
];

describe('table selection', () => {
  it('select-all is none, some (indeterminate) or all over the visible rows', () => {
    expect(selectAllState(rows, new Set(), 'promptId')).toBe('none');
    expect(selectAllState(rows, new Set(['a']), 'promptId')).toBe('some');
    expect(selectAllState(rows, new Set(['a', 'b', 'c']), 'promptId')).toBe('all');
  });

  it('select-all selects every visible row, and clears them when all are selected', () => {
    const all = toggleAll(rows, new Set(['a']), 'promptId');
    expect([...all].sort()).toEqual(['a', 'b', 'c']);
    expect([...toggleAll(rows, all, 'promptId')]).toEqual([]);
  });

  it('only rows of the current tab count as selected', () => {
    const active = rowsForTab(rows, { label: 'Active', where: [{ field: 'promptState', op: 'eq', value: 'active' }] }, {});
    expect(selectedRows(active, new Set(['a', 'b']), 'promptId').map((r) => r.promptId)).toEqual(['a']);
    expect([...toggleOne(new Set(['a']), 'a')]).toEqual([]);
  });
});

describe('table tabs', () => {
  it('counts rows per tab; a tab without conditions holds every row', () => {
    const tabs = [
      { label: 'Active', where: [{ field: 'promptState', op: 'eq' as const, value: 'active' }] },
      { label: 'Stopped', where: [{ field: 'promptState', op: 'ne' as const, value: 'active' }] },
      { label: 'All' },
    ];
    expect(tabCounts(rows, tabs, {})).toEqual([2, 1, 3]);
  });
});

describe('list cells', () => {
  it('shows up to max names then +N', () => {
    expect(listCellText(['US', 'GB', 'DE', 'FR'], { max: 2, labels: 'countries' }, vocabularies)).toBe('United States, United Kingdom +2');
    expect(listCellText(['us'], { max: 2, labels: 'countries' }, vocabularies)).toBe('United States');
    expect(listCellText([], { max: 2 }, vocabularies)).toBe('');
    expect(listCellText(['openai', 'perplexity'], { labels: 'providers' }, vocabularies)).toBe('Chat GPT, Perplexity');
  });
});

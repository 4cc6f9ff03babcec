import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import { layoutColumns, type Column } from './responsive';

const cols = (...specs: Array<Partial<Column>>): Column[] => specs.map((s, i) => ({ field: `f${i}`, header: `H${i}`, ...s }));

describe('responsive columns', () => {
  it('shows every column while unmeasured or wide enough', () => {
    const c = cols({}, { align: 'end' }, { align: 'end' });
    expect(layoutColumns(c, null)).toEqual({ shown: [0, 1, 2], secondLine: [], details: [] });
    expect(layoutColumns(c, 1000)).toEqual({ shown: [0, 1, 2], secondLine: [], details: [] });
  });

  it('takes columns by priority while their minimum widths fit; the rest go where they collapse to', () => {
    const c = cols(
      { minWidth: 150 },
      { minWidth: 100, priority: 3, collapse: 'secondLine' },
      { minWidth: 80, priority: 1 },
      { minWidth: 80, priority: 2 },
      { minWidth: 80, priority: 2 },
    );
    // 150 + 80 (p1) + 80 + 80 = 390 fits 400 with no details button needed: column 1 folds as a second line
    expect(layoutColumns(c, 400)).toEqual({ shown: [0, 2, 3, 4], secondLine: [1], details: [] });
    // 330 px: 150 + 80 + 80 fits, then the details button (44) needs room: the last optional leaves
    expect(layoutColumns(c, 330)).toEqual({ shown: [0, 2], secondLine: [1], details: [3, 4] });
    // priority 1 always shows, even when it does not fit (the table scrolls)
    expect(layoutColumns(c, 100).shown).toEqual([0, 2]);
  });

  it('counts the selection and row-action columns as taken', () => {
    const c = cols({ minWidth: 150 }, { minWidth: 100 });
    expect(layoutColumns(c, 300).shown).toEqual([0, 1]);
    expect(layoutColumns(c, 300, 100).shown).toEqual([0]);
  });
});

describe('table at a phone width', () => {
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth')!;
  afterEach(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', width));

  it('keeps the columns that fit and moves the others into row details, opened by a button', async () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 340 });
    renderWidget(valid as unknown as WidgetConfig, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': response }).fetcher });
    const table = await screen.findByRole('table', { name: 'Ranking' });
    // 160 (Brand) + 80 (Mention Rate) + 44 (details button) fit 340; Change and Net Sentiment do not
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Brand', 'Mention Rate', 'Details']);
    const button = within(table).getByRole('button', { name: 'Show details: Acme' });
    fireEvent.click(button);
    const details = screen.getByTestId('row-details');
    expect(within(details).getByText('Change').nextElementSibling?.textContent).toBe('+8.0%');
    expect(within(details).getByText('Net Sentiment').nextElementSibling?.textContent).toBe('+23');
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('offers Sort by over every sortable column while some are folded into the details, and none when all fit', async () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 340 });
    const view = renderWidget(valid as unknown as WidgetConfig, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': response }).fetcher });
    const table = await screen.findByRole('table', { name: 'Ranking' });
    const firstBrand = () => within(table).getAllByRole('row')[1].querySelector('td')?.textContent;
    expect(firstBrand()).toBe('Acme');
    const select = screen.getByRole('combobox', { name: 'Sort Ranking by' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual(['Default order', 'Brand', 'Mention Rate', 'Change', 'Net Sentiment']);
    // Change is in the row details: sorting by it is still possible
    fireEvent.change(select, { target: { value: 'pctChangeMentionRate' } });
    expect(firstBrand()).toBe('Rival, Inc.');
    fireEvent.click(screen.getByRole('button', { name: 'Ascending: sort descending' }));
    expect(firstBrand()).toBe('Acme');
    expect(screen.getByRole('button', { name: 'Descending: sort ascending' })).toBeTruthy();
    view.unmount();

    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
    renderWidget(valid as unknown as WidgetConfig, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': response }).fetcher });
    await screen.findByRole('table', { name: 'Ranking' });
    // every column has its header to click
    expect(screen.queryByTestId('table-sort')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildCsv, buildWorkbook, columnWidths, type WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import { exportColumns, type ColumnSpec } from '../shared/columns';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import { nextSort, sortRows } from './sortRows';
import { rowHref } from './rowLink';

const config = valid as unknown as WidgetConfig;

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Ranking' });
  return within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
}

describe('table widget', () => {
  it('renders rows sorted by the transform with spec number formats', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': response }).fetcher });
    await screen.findByRole('table', { name: 'Ranking' });
    expect(bodyRows()).toEqual([
      ['Acme', '61.24%', '+8.0%', '+23'],
      ['Other Co', '45.00%', '—', '—'],
      ['Rival, Inc.', '30.50%', '-3.3%', '-4'],
    ]);
  });

  it('sorts by a column, toggling ascending and descending', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': response }).fetcher });
    await screen.findByRole('table', { name: 'Ranking' });
    fireEvent.click(screen.getByRole('columnheader', { name: /Brand/ }));
    expect(bodyRows().map((r) => r[0])).toEqual(['Acme', 'Other Co', 'Rival, Inc.']);
    fireEvent.click(screen.getByRole('columnheader', { name: /Brand/ }));
    expect(bodyRows().map((r) => r[0])).toEqual(['Rival, Inc.', 'Other Co', 'Acme']);
    fireEvent.click(screen.getByRole('columnheader', { name: /Change/ }));
    expect(bodyRows().map((r) => r[0])).toEqual(['Rival, Inc.', 'Acme', 'Other Co']); // nulls last
  });

  it('links competitor rows to the comparison page but not the own brand', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': response }).fetcher });
    await screen.findByRole('table', { name: 'Ranking' });
    expect(screen.queryByRole('link', { name: 'Acme' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Rival, Inc.' }).getAttribute('href')).toBe('/app/competitors/comparison/Rival%2C%20Inc.');
    fireEvent.click(screen.getByRole('link', { name: 'Other Co' }));
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });

  it('shows its own error title and empty copy', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': new Error('x') }).fetcher });
    expect(await screen.findByText('Failed to load Ranking data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the empty copy for an empty list', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': [] }).fetcher });
    expect(await screen.findByText('No data available')).toBeTruthy();
  });

  it('offers csv and excel export', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.ranking-list': response }).fetcher });
    await screen.findByRole('table', { name: 'Ranking' });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('menuitem', { name: 'Export as CSV' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Export as Excel' })).toBeTruthy();
  });
});

describe('table exports', () => {
  const columns = (valid as unknown as { columns: ColumnSpec[] }).columns;
  it('builds CSV text with headers, formatted values and quoting', async () => {
    const csv = await buildCsv(sortRows(response, { field: 'currentMentionRate', order: 'desc' }), exportColumns(columns));
    expect(csv).toBe(
      ['Brand,Mention Rate,Change,Net Sentiment', 'Acme,61.24%,+8.0%,+23', 'Other Co,45.00%,,', '"Rival, Inc.",30.50%,-3.3%,-4'].join('\n'),
    );
  });

  it('builds an xlsx sheet named Sheet1 with columns sized to the longest value', async () => {
    const { XLSX, book } = await buildWorkbook(response, exportColumns(columns));
    expect(book.SheetNames).toEqual(['Sheet1']);
    const sheet = book.Sheets.Sheet1;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual(['Brand', 'Mention Rate', 'Change', 'Net Sentiment']);
    expect(sheet['!cols']).toEqual([{ wch: 13 }, { wch: 14 }, { wch: 8 }, { wch: 15 }]);
    expect(columnWidths(['a'], [['abcd']])).toEqual([{ wch: 6 }]);
  });
});

describe('sort and row link helpers', () => {
  it('toggles sort order per column', () => {
    expect(nextSort(null, 'a')).toEqual({ field: 'a', order: 'asc' });
    expect(nextSort({ field: 'a', order: 'asc' }, 'a')).toEqual({ field: 'a', order: 'desc' });
    expect(nextSort({ field: 'a', order: 'desc' }, 'a')).toEqual({ field: 'a', order: 'asc' });
    expect(nextSort({ field: 'a', order: 'desc' }, 'b')).toEqual({ field: 'b', order: 'asc' });
  });
  it('rowHref honours unless with bindings', () => {
    const spec = { to: '/x/{name}', unless: { field: 'name', op: 'eq' as const, value: { $brand: 'name' } } };
    const ctx = { brand: { name: 'Acme' } };
    expect(rowHref(spec, { name: 'Acme' }, ctx)).toBeNull();
    expect(rowHref(spec, { name: 'B' }, ctx)).toBe('/x/B');
    expect(rowHref(undefined, { name: 'B' }, ctx)).toBeNull();
  });
  it('waits for nothing', async () => {
    await waitFor(() => expect(true).toBe(true));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';

// Position, locked columns and highlighted rows (the onboarding snapshot's tables).
afterEach(cleanup);

const rows = [
  { brandName: 'Globex', averageRank: 1.5, discovery: 60 },
  { brandName: 'Acme', averageRank: 2, discovery: 40 },
  { brandName: 'Initech', averageRank: 3.25, discovery: 20 },
];

const config: WidgetConfig = {
  type: 'table',
  title: 'Industry Ranking',
  data: { call: 'onboarding.snapshot', query: { brandId: { $brand: 'id' } }, transform: [{ type: 'get', path: 'brandRankings' }] },
  states: { empty: { title: 'No Data' }, error: { title: 'Failed' } },
  highlightWhen: [{ field: 'brandName', op: 'ieq', value: { $brand: 'name' } }],
  columns: [
    { field: 'brandName', header: '#', position: true, sortable: false },
    { field: 'brandName', header: 'Brand', sortable: false },
    { field: 'discovery', header: 'Discovery %', format: 'share', sortable: false },
    { field: 'averageRank', header: 'Secret', locked: true, sortable: false },
  ],
};

describe('table position, locked columns and highlight', () => {
  it('numbers rows, blurs locked cells without their values and highlights the bound brand', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'onboarding.snapshot': { brandRankings: rows } }).fetcher });
    const table = await screen.findByRole('table', { name: 'Industry Ranking' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1', 'Globex', '60.0%', '00.0'],
      ['2', 'Acme', '40.0%', '00.0'],
      ['3', 'Initech', '20.0%', '00.0'],
    ]);
    // the test brand is Acme
    expect(bodyRows.map((r) => r.getAttribute('data-highlighted'))).toEqual([null, 'true', null]);
    for (const cell of screen.getAllByTestId('locked-cell')) expect(cell.getAttribute('aria-hidden')).toBe('true');
    expect(within(table).getByRole('columnheader', { name: /Secret/ }).querySelector('[aria-label="Locked"]')).toBeTruthy();
    expect(screen.queryByText('1.5')).toBeNull();
  });

  it("shows the empty copy ('No Data') without rows", async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'onboarding.snapshot': { brandRankings: [] } }).fetcher });
    expect(await screen.findByText('No Data')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';

const config = valid as unknown as WidgetConfig;
const rows = [
  { topUrlAuthor: 'Jane', normalizedDomain: 'example.com', uniqueUrlsCount: 1200, citationSov: 41.256 },
  { topUrlAuthor: null, normalizedDomain: 'news.test', uniqueUrlsCount: 3, citationSov: 9.04 },
];

describe('rankedList widget', () => {
  it('lists items in order with share and secondary values', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.sources-sov': rows }).fetcher });
    const list = await screen.findByRole('list', { name: 'Source Breakdown' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('example.com');
    expect(items[0].textContent).toContain('41.3%');
    expect(items[0].textContent).toContain('URLs: 1,200');
    expect(items[1].textContent).toContain('9.0%');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('loading, error and empty states', async () => {
    renderWidget(config, { fetcher: fakeFetcher({}).fetcher });
    expect(await screen.findByRole('progressbar')).toBeTruthy();
  });

  it('shows its error title', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.sources-sov': new Error('x') }).fetcher });
    expect(await screen.findByText('Failed to load Sources Breakdown data')).toBeTruthy();
  });

  it('shows the empty copy', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.sources-sov': [] }).fetcher });
    expect(await screen.findByText('No data available')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { type WidgetConfig } from '../../engine';
import { createPageValidator, fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/searchAndPages.valid.json';
import invalid from './fixtures/searchAndPages.invalid.json';
import response from './fixtures/searchAndPages.response.json';
import { domains, pageWith } from './testPage';

// Table `search` and `pagination` (Sources tables: page size 10, page list with ellipses).
const config = valid as unknown as WidgetConfig;
const fetcher = () => fakeFetcher({ 'citations.tld-analysis': response }).fetcher;

describe('table search and pagination', () => {
  it('schema accepts the valid fixture and rejects the invalid one', () => {
    const { validate } = createPageValidator();
    expect(validate(pageWith(valid)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(pageWith(invalid))).toBe(false);
  });

  it('shows 10 rows per page and moves to rows 11-20 on page 2', async () => {
    renderWidget(config, { fetcher: fetcher() });
    await screen.findByRole('table', { name: 'Cited Domains' });
    expect(domains()).toEqual(response.classifications.slice(0, 10).map((c) => c.tld));
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(domains()).toEqual(response.classifications.slice(10, 20).map((c) => c.tld));
    expect(screen.getByText('11–20 of 23')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(domains()).toEqual(response.classifications.slice(20).map((c) => c.tld));
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('search narrows the rows, counts the matches and returns to page 1', async () => {
    renderWidget(config, { fetcher: fetcher() });
    await screen.findByRole('table', { name: 'Cited Domains' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    const box = screen.getByRole('searchbox', { name: /Search domains/ });
    expect(box.getAttribute('placeholder')).toBe('Search domains');
    fireEvent.change(box, { target: { value: '.ORG' } });
    const orgs = response.classifications.filter((c) => c.tld.endsWith('.org')).map((c) => c.tld);
    expect(domains()).toEqual(orgs);
    expect(screen.getByText(`1–${orgs.length} of ${orgs.length}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    fireEvent.change(box, { target: { value: 'nothing matches this' } });
    expect(within(screen.getByRole('table', { name: 'Cited Domains' })).getAllByRole('row')).toHaveLength(1);
  });

  it('lists pages with ellipses beyond 7 pages', async () => {
    const many = {
      ...response,
      classifications: Array.from({ length: 95 }, (_, i) => ({
        ...response.classifications[0],
        tld: `d${i}.com`,
        total_count: 1000 - i,
      })),
    };
    renderWidget(config, { fetcher: fakeFetcher({ 'citations.tld-analysis': many }).fetcher });
    await screen.findByRole('table', { name: 'Cited Domains' });
    const pageButtons = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '10']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(pageButtons()).toEqual(['1', '4', '5', '6', '10']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(domains()[0]).toBe('d40.com');
  });
});

describe('useContentVersion', () => {
  it('changes for other rows or another order, not for a rebuilt array of the same rows', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useContentVersion } = await import('./useSearchAndPages');
    const a = { n: 1 };
    const b = { n: 2 };
    const { result, rerender } = renderHook(({ rows }) => useContentVersion(rows), { initialProps: { rows: [a, b] } });
    const first = result.current;
    rerender({ rows: [a, b] });
    expect(result.current).toBe(first);
    rerender({ rows: [b, a] });
    expect(result.current).toBe(first + 1);
    rerender({ rows: [b] });
    expect(result.current).toBe(first + 2);
  });
});

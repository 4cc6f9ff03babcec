import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type WidgetConfig } from '../../engine';
import { createPageValidator, fakeFetcher, renderWidget } from '../../engine/testing';
import { domains, exportCsvLines, pageWith } from './testPage';

// Table `serverPaging`: the call answers one page (the Sources domains at any scale); the table
// sends the page, sort and search it shows and exports every page.

const config = {
  type: 'table',
  title: 'Cited Domains',
  data: {
    call: 'citations.tld-analysis',
    body: { brandId: { $brand: 'id' }, startTime: { $window: 'start' } },
    transform: [{ type: 'get', path: 'classifications' }],
  },
  states: { empty: { title: 'No citation data available' }, error: { title: 'Failed to load citations breakdown data' } },
  columns: [
    { field: 'tld', header: 'Domain' },
    { field: 'total_count', header: 'Citations', format: 'integer', align: 'end' },
  ],
  search: { fields: ['tld'], placeholder: 'Search domains' },
  serverPaging: { pageSize: 10 },
  export: { formats: ['csv'], filename: 'source-domains' },
} as unknown as WidgetConfig;

type Page = { limit: number; offset?: number; sort?: string; order?: 'asc' | 'desc'; search?: string };
const ALL = Array.from({ length: 230 }, (_, i) => ({
  tld: `site${String(i).padStart(3, '0')}.${i % 3 === 0 ? 'org' : 'com'}`,
  total_count: 1000 - i,
}));

/** A server keeping the paging contract of server/http/paging.ts. */
function server() {
  return fakeFetcher({
    'citations.tld-analysis': (input: { body: { page: Page } }) => {
      const { limit, offset = 0, sort, order, search } = input.body.page;
      let rows = search ? ALL.filter((r) => r.tld.includes(search.toLowerCase())) : [...ALL];
      if (sort)
        rows = rows.sort(
          (a, b) =>
            (order === 'desc' ? -1 : 1) *
            String(a[sort as 'tld']).localeCompare(String(b[sort as 'tld']), undefined, { numeric: true }),
        );
      return { stats: {}, classifications: rows.slice(offset, offset + limit), total: rows.length };
    },
  });
}

const pageOf = (calls: ReturnType<typeof server>['calls']) => calls.map((c) => (c.input as { body: { page: Page } }).body.page);

describe('table serverPaging', () => {
  it('the schema accepts it and refuses a page size over 200', () => {
    const { validate } = createPageValidator();
    expect(validate(pageWith(config)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(pageWith({ ...config, serverPaging: { pageSize: 500 } }))).toBe(false);
  });

  it('asks for the first page only and counts every row from the answer', async () => {
    const s = server();
    renderWidget(config, { fetcher: s.fetcher });
    await screen.findByRole('table', { name: 'Cited Domains' });
    expect(pageOf(s.calls)).toEqual([{ limit: 10, offset: 0 }]);
    expect(domains()).toEqual(ALL.slice(0, 10).map((r) => r.tld));
    expect(screen.getByText('1–10 of 230')).toBeTruthy();
  });

  it('a page, a sort and a search each ask the server again; sort and search go back to page 1', async () => {
    const s = server();
    renderWidget(config, { fetcher: s.fetcher });
    await screen.findByRole('table', { name: 'Cited Domains' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(domains()[0]).toBe('site020.com'));
    expect(pageOf(s.calls).at(-1)).toEqual({ limit: 10, offset: 20 });
    expect(screen.getByText('21–30 of 230')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('table')).getByText('Citations'));
    await waitFor(() => expect(pageOf(s.calls).at(-1)).toEqual({ limit: 10, offset: 0, sort: 'total_count', order: 'asc' }));
    await waitFor(() => expect(domains()[0]).toBe('site229.com'));

    const box = screen.getByRole('searchbox', { name: /Search domains/ });
    fireEvent.change(box, { target: { value: ' .ORG' } });
    // typing shows at once; the request follows when typing pauses
    expect((box as HTMLInputElement).value).toBe(' .ORG');
    const orgs = ALL.filter((r) => r.tld.endsWith('.org'));
    await waitFor(() =>
      expect(pageOf(s.calls).at(-1)).toEqual({ limit: 10, offset: 0, sort: 'total_count', order: 'asc', search: '.ORG' }),
    );
    await waitFor(() => expect(screen.getByText(`1–10 of ${orgs.length}`)).toBeTruthy());
    expect(domains().every((d) => d?.endsWith('.org'))).toBe(true);
  });

  it('a search that keeps nothing keeps its box and shows the empty copy', async () => {
    const s = server();
    renderWidget(config, { fetcher: s.fetcher });
    await screen.findByRole('table', { name: 'Cited Domains' });
    fireEvent.change(screen.getByRole('searchbox', { name: /Search domains/ }), { target: { value: 'nothing' } });
    await screen.findByText('No citation data available');
    expect(screen.getByRole('searchbox', { name: /Search domains/ })).toBeTruthy();
  });

  it('Export asks for every page of the search and writes all its rows', async () => {
    const s = server();
    renderWidget(config, { fetcher: s.fetcher });
    await screen.findByRole('table', { name: 'Cited Domains' });
    const lines = await exportCsvLines();
    expect(pageOf(s.calls).slice(1)).toEqual([
      { limit: 200, offset: 0 },
      { limit: 200, offset: 200 },
    ]);
    expect(lines).toHaveLength(231);
    expect(lines[230]).toContain('site229.com');
  });
});

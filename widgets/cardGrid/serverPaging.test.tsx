import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type WidgetConfig } from '../../engine';
import { createPageValidator, fakeFetcher, renderWidget } from '../../engine/testing';
import { exportCsvLines } from '../table/testPage';

// Card grid `serverPaging`: the call answers one page of cards; the grid shows it with page
// controls, asks for another page when one is picked and exports every page.
const config = {
  type: 'cardGrid',
  title: 'Trailing prompts',
  data: {
    call: 'competitors.comparison-prompts',
    body: { brandId: { $brand: 'id' }, competitor: 'Globex', startTime: { $window: 'start' }, side: 'trailing' },
    transform: [{ type: 'get', path: 'prompts' }],
  },
  states: { empty: { title: 'No trailing prompts' }, error: { title: 'Failed to load prompts comparison data' } },
  card: { title: { field: 'promptPreview' }, fields: [{ field: 'coMentionsCount', label: 'Co-mentions', format: 'integer' }] },
  serverPaging: { pageSize: 20 },
  export: { formats: ['csv'], columns: [{ field: 'promptPreview', header: 'Prompt' }] },
} as unknown as WidgetConfig;

type Page = { limit: number; offset?: number };
const ALL = Array.from({ length: 215 }, (_, i) => ({ promptPreview: `Prompt ${String(i).padStart(3, '0')}`, coMentionsCount: i }));

/** A server keeping the paging contract of server/http/paging.ts. */
function server() {
  return fakeFetcher({
    'competitors.comparison-prompts': (input: { body: { page: Page } }) => {
      const { limit, offset = 0 } = input.body.page;
      return { prompts: ALL.slice(offset, offset + limit), total: ALL.length };
    },
  });
}
const pageOf = (calls: ReturnType<typeof server>['calls']) =>
  calls.map((c) => (c.input as { body: { page: Page; side: string } }).body);
const titles = () => screen.getAllByTestId('card-grid-title').map((e) => e.textContent);

describe('cardGrid serverPaging', () => {
  it('the schema accepts it and refuses a page size over 200', () => {
    const { validate } = createPageValidator();
    const pageWith = (widget: unknown) => ({
      version: 1,
      id: 't',
      route: '/t',
      title: 'T',
      widgets: { w: widget },
      layout: [{ items: [{ widget: 'w' }] }],
    });
    expect(validate(pageWith(config)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(pageWith({ ...config, serverPaging: { pageSize: 500 } }))).toBe(false);
  });

  it('shows the first page with its count, and asks for the page picked', async () => {
    const s = server();
    renderWidget(config, { fetcher: s.fetcher });
    await waitFor(() => expect(titles()).toHaveLength(20));
    expect(pageOf(s.calls)).toEqual([expect.objectContaining({ side: 'trailing', page: { limit: 20, offset: 0 } })]);
    expect(screen.getByText('1–20 of 215')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 11' }));
    await waitFor(() => expect(titles()).toEqual(['Prompt 200', ...ALL.slice(201).map((r) => r.promptPreview)]));
    expect(pageOf(s.calls).at(-1)).toMatchObject({ page: { limit: 20, offset: 200 } });
    expect(screen.getByText('201–215 of 215')).toBeTruthy();
  });

  it('Export asks for every page and writes all the rows', async () => {
    const s = server();
    renderWidget(config, { fetcher: s.fetcher });
    await waitFor(() => expect(titles()).toHaveLength(20));
    const lines = await exportCsvLines();
    expect(
      pageOf(s.calls)
        .slice(1)
        .map((b) => b.page),
    ).toEqual([
      { limit: 200, offset: 0 },
      { limit: 200, offset: 200 },
    ]);
    expect(lines).toHaveLength(216);
    expect(lines[215]).toContain('Prompt 214');
  });
});

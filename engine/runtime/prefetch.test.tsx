import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import overview from '../../pages/overview.json';
import metadata from '../../widgets/metricCard/fixtures/response.json';
import ranking from '../../widgets/table/fixtures/response.json';
import timeseries from '../../widgets/chart/fixtures/response.json';
import { fakeFetcher, renderPage, TEST_BRAND } from './testing';
import { initialWidgets, pageWindow, prefetchPage, PRIMED_WINDOW_TTL_MS } from './prefetch';
import type { PageDefinition } from './types';

vi.mock('../../widgets/chart/vegaView', () => ({
  createVegaView: async (_spec: unknown, el: HTMLElement) => {
    el.replaceChildren(Object.assign(document.createElement('div'), { textContent: 'chart' }));
    const view = { data: () => view, signal: () => view, runAsync: async () => view, addEventListener() {}, removeEventListener() {}, finalize() {} };
    return view;
  },
}));

const page = overview as unknown as PageDefinition;
const responses = {
  'brands.performance.metadata': metadata,
  'brands.performance.share-of-voice': [{ provider: 'openai', shareOfVoice: 35.25, deltaShareOfVoice: 2.5, totalMentionCount: 40 }],
  'brands.performance.ranking-list': ranking,
  'brands.performance.sources-sov': [{ topUrlAuthor: null, normalizedDomain: 'example.com', uniqueUrlsCount: 5, citationSov: 50 }],
  'brands.performance.prompts-ranking': [],
  'brands.performance.mention-rate-timeseries': timeseries,
};
const session = { user: { id: 'user-1' }, brand: TEST_BRAND as Record<string, unknown> };

describe('page prefetch at start-up', () => {
  it('sends nothing for pages it does not know, or without the brand a page needs', () => {
    const f = fakeFetcher(responses);
    expect(prefetchPage([page], '/app/unknown', session, f.fetcher)).toBe(0);
    expect(prefetchPage([page], '/app/home', { user: { id: 'user-1' }, brand: null }, f.fetcher)).toBe(0);
    expect(f.calls).toEqual([]);
  });

  it("starts every call of the page's first screen once, and the page uses those requests", async () => {
    localStorage.setItem('overviewPage-filters', JSON.stringify({ timeRange: '30d', selectedModels: ['openai'] }));
    const f = fakeFetcher(responses);
    const started = prefetchPage([page], '/app/home', session, f.fetcher);
    const calls = new Set(initialWidgets(page).flatMap((w) => (w.data ? [w.data.call] : [])));
    expect(started).toBe(calls.size);
    expect(new Set(f.calls.map((c) => c.callId))).toEqual(calls);
    // Stored filters are what the page will send.
    const body = f.calls.find((c) => c.callId === 'brands.performance.metadata')!.input as { body: Record<string, unknown> };
    expect(body.body).toMatchObject({ brandId: 'brand-1', providers: ['openai'] });

    const before = f.calls.length;
    renderPage(page, { fetcher: f.fetcher });
    await waitFor(() => expect(screen.getAllByTestId('metric-value').map((e) => e.textContent)).toEqual(['42.17%', '+36', '12,345', '980', '45']));
    expect(await screen.findByText('chart')).toBeTruthy();
    // Every card was served by the requests already under way: nothing sent twice.
    expect(f.calls.length).toBe(before);
    localStorage.removeItem('overviewPage-filters');
  });

  it('reuses the prefetched time window only for the same range and only briefly', () => {
    const f = fakeFetcher(responses);
    prefetchPage([page], '/app/home', session, f.fetcher);
    const now = Date.now();
    const primed = pageWindow(page, '7d', undefined, now);
    expect(pageWindow(page, '7d', undefined, now)).toBe(primed);
    expect(pageWindow(page, '30d', undefined, now)).not.toBe(primed);
    expect(pageWindow({ ...page, id: 'other' }, '7d', undefined, now)).not.toBe(primed);
    expect(pageWindow(page, '7d', undefined, now + PRIMED_WINDOW_TTL_MS + 1)).not.toBe(primed);
  });
});

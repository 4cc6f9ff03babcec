import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import overview from './overview.json';
import metadata from '../widgets/metricCard/fixtures/response.json';
import ranking from '../widgets/table/fixtures/response.json';
import timeseries from '../widgets/chart/fixtures/response.json';
import { prefetchPage, type DataFetcher, type PageDefinition } from '../engine';
import { fakeFetcher, initialWidgets, pageWindow, PRIMED_WINDOW_TTL_MS, renderPage, TEST_BRAND, testHost } from '../engine/testing';

vi.mock('../widgets/chart/vegaView', () => ({
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
type Scope = { user: Record<string, unknown> | null; brand: Record<string, unknown> | null };
/** The app's host for this user and brand, asking through `api`. */
const hostWith = (scope: Scope, api: DataFetcher) => testHost({ api, scope: { ...scope, refresh: async () => null } });
const METRICS = ['42.17%', '+36', '12,345', '980', '45'];
const metricValues = () => screen.queryAllByTestId('metric-value').map((e) => e.textContent);
// Prefetched requests are kept per page view (module state): each test below asks for other
// providers so that its requests are its own.
const useProviders = (providers: string[]) => localStorage.setItem('overviewPage-filters', JSON.stringify({ selectedModels: providers }));

describe('page prefetch at start-up', () => {
  it('sends nothing for pages it does not know, or without the brand a page needs', () => {
    const f = fakeFetcher(responses);
    expect(prefetchPage([page], '/app/unknown', hostWith(session, f.fetcher))).toBe(0);
    expect(prefetchPage([page], '/app/home', hostWith({ user: { id: 'user-1' }, brand: null }, f.fetcher))).toBe(0);
    expect(f.calls).toEqual([]);
  });

  it("starts every call of the page's first screen once, and the page uses those requests", async () => {
    localStorage.setItem('overviewPage-filters', JSON.stringify({ timeRange: '30d', selectedModels: ['openai'] }));
    const f = fakeFetcher(responses);
    const started = prefetchPage([page], '/app/home', hostWith(session, f.fetcher));
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
    prefetchPage([page], '/app/home', hostWith(session, f.fetcher));
    const now = Date.now();
    const primed = pageWindow(page, '7d', undefined, now);
    expect(pageWindow(page, '7d', undefined, now)).toBe(primed);
    expect(pageWindow(page, '30d', undefined, now)).not.toBe(primed);
    expect(pageWindow({ ...page, id: 'other' }, '7d', undefined, now)).not.toBe(primed);
    expect(pageWindow(page, '7d', undefined, now + PRIMED_WINDOW_TTL_MS + 1)).not.toBe(primed);
  });

  it('a page opened after its prefetch answered shows the answers, asks nothing again and keeps them', async () => {
    useProviders(['gemini']);
    const f = fakeFetcher(responses);
    prefetchPage([page], '/app/home', hostWith(session, f.fetcher));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sent = f.calls.length;
    renderPage(page, { fetcher: f.fetcher });
    await waitFor(() => expect(metricValues()).toEqual(METRICS));
    // Once the answers have moved into the cache (effects), the cards still show them, also when
    // they render again: the Needs Attention toggle re-renders the prompts card with the same request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(metricValues()).toEqual(METRICS);
    const prompts = document.querySelector('[data-widget-id="prompts"]') as HTMLElement;
    expect(prompts.querySelector('[aria-busy="true"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Needs Attention' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Needs Attention' }).getAttribute('aria-pressed')).toBe('true'));
    expect(prompts.querySelector('[aria-busy="true"]')).toBeNull();
    expect(metricValues()).toEqual(METRICS);
    expect(f.calls.length).toBe(sent);
  });

  it('a speculative prefetch skips the token refresh; a refused request is asked again by its widgets, once', async () => {
    useProviders(['perplexity']);
    let metadataAnswers = 0;
    const refused = Object.assign(new Error('Please log in to continue'), { status: 401 });
    const f = fakeFetcher({ ...responses, 'brands.performance.metadata': () => (metadataAnswers++ === 0 ? refused : metadata) });
    const options: unknown[] = [];
    const fetcher: DataFetcher = (callId, input, opts) => {
      options.push(opts);
      return f.fetcher(callId, input, opts);
    };
    // Before the session is known: the brand selected last time, no user.
    const started = prefetchPage([page], '/app/home', hostWith({ user: null, brand: { id: TEST_BRAND.id } }, fetcher), { speculative: true });
    expect(started).toBeGreaterThan(0);
    expect(options).toHaveLength(started);
    expect(options.every((o) => (o as { speculative?: boolean } | undefined)?.speculative === true)).toBe(true);
    // The signed-in prefetch for the same brand finds the same requests: nothing is sent twice.
    prefetchPage([page], '/app/home', hostWith(session, fetcher));
    expect(f.calls).toHaveLength(started);

    renderPage(page, { fetcher });
    await waitFor(() => expect(metricValues()).toEqual(METRICS));
    expect(f.calls.filter((c) => c.callId === 'brands.performance.metadata')).toHaveLength(2);
    expect(f.calls).toHaveLength(started + 1);
  });
});

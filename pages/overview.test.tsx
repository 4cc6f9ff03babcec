import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import overview from './overview.json';
import metadata from '../widgets/metricCard/fixtures/response.json';
import ranking from '../widgets/table/fixtures/response.json';
import timeseries from '../widgets/chart/fixtures/response.json';
import type { PageDefinition } from '../engine';
import { fakeFetcher, fakeScope, renderPage, responsiveSpans, splitHeaderRows } from '../engine/testing';
import { pageRoutes } from '../src/host/pageRoutes';

// Vega does not run in happy-dom: the chart's view is a stand-in that marks where it drew.
vi.mock('../widgets/chart/vegaView', () => import('../widgets/chart/fakeVegaView'));

const page = overview as unknown as PageDefinition;
const prompts = [
  { promptId: 'p1', prompt: 'Best running shoes?', promptCategory: 'top', avgMentionRank: 1.25, provider: 'openai', runLocation: 'US', mentionRate: 80, pctChangeMentionRate: 5 },
  { promptId: 'p2', prompt: 'Cheap trail shoes?', promptCategory: 'bottom', avgMentionRank: null, provider: 'perplexity', runLocation: 'DE', mentionRate: 0, pctChangeMentionRate: null },
];
const responses = {
  'brands.performance.metadata': metadata,
  'brands.performance.share-of-voice': [
    { provider: 'perplexity', shareOfVoice: 20.55, deltaShareOfVoice: -1, totalMentionCount: 10 },
    { provider: 'openai', shareOfVoice: 35.25, deltaShareOfVoice: 2.5, totalMentionCount: 40 },
  ],
  'brands.performance.ranking-list': ranking,
  'brands.performance.sources-sov': [{ topUrlAuthor: null, normalizedDomain: 'example.com', uniqueUrlsCount: 5, citationSov: 50 }],
  'brands.performance.prompts-ranking': prompts,
  'brands.performance.mention-rate-timeseries': timeseries,
};

describe('overview page', () => {
  it("shows 'No Brand Selected' and sends nothing without a brand", async () => {
    const f = fakeFetcher(responses);
    renderPage(page, { fetcher: f.fetcher, scope: { ...fakeScope(), brand: null } });
    expect(await screen.findByText('No Brand Selected')).toBeTruthy();
    expect(f.calls).toEqual([]);
  });

  it('renders every card, sharing one metadata request across the five metric cards', async () => {
    const f = fakeFetcher(responses);
    const { container } = renderPage(page, { fetcher: f.fetcher });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(screen.getByText('Latest data updated on Mar 14, 2025, 9:30 AM UTC')).toBeTruthy();
    for (const title of ['Mention Rate', 'Net Brand Sentiment', 'Total Mentions', 'Citations', 'Unique Sources', 'AI Providers Performance', 'Ranking', 'Source Breakdown', 'Prompt Performance', 'Visibility Score']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    await waitFor(() => expect(screen.getAllByTestId('metric-value').map((e) => e.textContent)).toEqual(['42.17%', '+36', '12,345', '980', '45']));
    expect(f.calls.filter((c) => c.callId === 'brands.performance.metadata')).toHaveLength(1);
    const body = f.calls.find((c) => c.callId === 'brands.performance.metadata')!.input as { body: Record<string, unknown> };
    expect(body.body).toMatchObject({ brandId: 'brand-1', providers: null, location: null });
    expect(container.querySelectorAll('[data-widget-id]').length).toBeGreaterThanOrEqual(11);

    const providers = await screen.findByRole('list', { name: 'AI Providers Performance' });
    expect(within(providers).getAllByRole('listitem').map((li) => li.textContent?.slice(0, 12))).toEqual(['1Chat GPT35.', '2Perplexity2']);
    expect(await screen.findByRole('link', { name: 'View detailed analytics and all top performing / underperforming prompts →' })).toBeTruthy();
    expect(await screen.findByTestId('vega')).toBeTruthy();
  });

  it('toggles Top Performing / Needs Attention and persists the choice', async () => {
    renderPage(page, { fetcher: fakeFetcher(responses).fetcher });
    expect(await screen.findByRole('link', { name: 'Best running shoes?' })).toBeTruthy();
    expect(screen.queryByText('Cheap trail shoes?')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Needs Attention' }));
    expect(await screen.findByRole('link', { name: 'Cheap trail shoes?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cheap trail shoes?' }).getAttribute('href')).toBe('/app/prompts/p2');
    // the row's location by name, as the spec's Location column shows it, not its code
    const row = screen.getByRole('link', { name: 'Cheap trail shoes?' }).closest('tr')!;
    expect(within(row).getByText('Germany')).toBeTruthy();
    expect(within(row).queryByText('DE')).toBeNull();
    expect(JSON.parse(localStorage.getItem('overviewPage-filters')!).promptPerformance).toBe('worst');
  });

  it('reads persisted filters on load and sends them', async () => {
    localStorage.setItem('overviewPage-filters', JSON.stringify({ timeRange: '30d', selectedModels: ['openai', 'all'], selectedLocations: ['US'], promptPerformance: 'top' }));
    const f = fakeFetcher(responses);
    renderPage(page, { fetcher: f.fetcher });
    await waitFor(() => expect(f.calls.some((c) => c.callId === 'brands.performance.mention-rate-timeseries')).toBe(true));
    const series = f.calls.find((c) => c.callId === 'brands.performance.mention-rate-timeseries')!.input as { body: Record<string, unknown> };
    expect(series.body).toMatchObject({ providers: null, location: ['US'], interval: 'week' });
    const sources = f.calls.find((c) => c.callId === 'brands.performance.sources-sov')!.input as { body: Record<string, unknown> };
    expect(sources.body.limit).toBe(4);
    const top = f.calls.find((c) => c.callId === 'brands.performance.prompts-ranking')!.input as { body: Record<string, unknown> };
    expect(top.body.limit).toBe(5);
  });

  it('changing the time range refetches with the new window', async () => {
    const f = fakeFetcher(responses);
    renderPage(page, { fetcher: f.fetcher });
    await screen.findAllByTestId('metric-value');
    fireEvent.click(screen.getByRole('combobox', { name: 'Time range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 24 hours' }));
    await waitFor(() => {
      const bodies = f.calls.filter((c) => c.callId === 'brands.performance.mention-rate-timeseries').map((c) => (c.input as { body: { interval: string } }).body.interval);
      expect(bodies).toEqual(['day', 'hour']);
    });
    expect(JSON.parse(localStorage.getItem('overviewPage-filters')!).timeRange).toBe('24h');
  });
});

describe('runtime helpers', () => {
  it('one route per page', () => {
    const routes = pageRoutes();
    expect(routes.map((r) => r.path)).toContain('/app/home');
  });
  it('responsive spans: as given from 1024 px, at least half from 768 px, full below', () => {
    expect(responsiveSpans(3)).toEqual({ lg: 3, md: 6, sm: 12 });
    expect(responsiveSpans(8)).toEqual({ lg: 8, md: 8, sm: 12 });
    expect(responsiveSpans(undefined)).toEqual({ lg: 12, md: 12, sm: 12 });
  });
  it('leading header rows go above the filter bar', () => {
    const { lead, rest } = splitHeaderRows(page);
    expect(lead).toHaveLength(1);
    expect(rest).toHaveLength(page.layout.length - 1);
  });
});

describe('layout tabs and the filter bar', () => {
  const tabbed: PageDefinition = {
    version: 1,
    id: 'tabbed',
    route: '/app/tabbed',
    title: 'Tabbed',
    breadcrumb: [{ label: 'Home', to: '/app/home' }, { label: 'A very long prompt text that goes on', maxLength: 10 } as never],
    filters: { storageKey: 'tabbed-filters', controls: [{ id: 'selectedModels', type: 'providers', default: ['all'] }] },
    widgets: {
      one: { type: 'text', text: 'First tab body' },
      two: { type: 'text', text: 'Second tab body' },
      rate: {
        type: 'metricCard',
        title: 'Rate',
        states: { empty: { title: 'Nothing' }, error: { title: 'Broken' } },
        data: { call: 'x.metric', body: { providers: { $filter: 'selectedModels' } } },
        value: { field: 'v', format: 'integer' },
      },
    },
    layout: [
      { items: [{ widget: 'rate', span: 12 }] },
      { items: [{ span: 12, tabs: [{ label: 'One', layout: [{ items: [{ widget: 'one' }] }] }, { label: 'Two', layout: [{ items: [{ widget: 'two' }] }] }] }] },
    ],
  };

  it('switches tabs and truncates breadcrumb labels', async () => {
    renderPage(tabbed, { fetcher: fakeFetcher({ 'x.metric': { v: 1 } }).fetcher });
    expect(await screen.findByText('First tab body')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(await screen.findByText('Second tab body')).toBeTruthy();
    expect(screen.queryByText('First tab body')).toBeNull();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/app/home');
    expect(within(crumbs).getByText('A very lon…')).toBeTruthy();
  });

  it("picking a provider replaces 'All' and is sent as a list", async () => {
    const f = fakeFetcher({ 'x.metric': { v: 1 } });
    renderPage(tabbed, { fetcher: f.fetcher });
    await screen.findByTestId('metric-value');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'AI providers' }));
    // Fluent's multiselect dropdown lists its options as menu item checkboxes.
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Chat GPT' }));
    await waitFor(() => expect(f.calls.map((c) => (c.input as { body: { providers: unknown } }).body.providers)).toEqual([null, ['openai']]));
    expect(JSON.parse(localStorage.getItem('tabbed-filters')!).selectedModels).toEqual(['openai']);
  });
});

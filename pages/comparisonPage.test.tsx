import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import comparison from './comparison.json';
import metrics from '../widgets/comparisonCard/fixtures/response.json';
import providers from '../widgets/cardGrid/fixtures/response.json';
import type { PageDefinition } from '../engine';
import { fakeFetcher, renderPage } from '../engine/testing';

// The comparison page rendered by the engine with canned API answers: breadcrumb from the brand
// and the route param, four metric cards from one shared request, the two prompt lists (each a
// list the server splits and pages: side and page in the body) and the provider cards, and the
// spec's empty / error copy.
const page = comparison as unknown as PageDefinition;
const prompt = (id: string, competitiveStatus: string, rankingComparison: string) => ({
  promptId: id,
  promptPreview: `Prompt ${id}`,
  provider: 'openai',
  avgBrandRank: 1.5,
  avgCompetitorRank: 2.25,
  brandMentionsCount: 3,
  brandMentionRate: 60,
  competitorMentionRate: 20,
  coMentionsCount: 2,
  competitiveStatus,
  rankingComparison,
});
type PromptRow = ReturnType<typeof prompt>;
/** The call as the server answers it: the rows of the side asked for (the lists' rules), one page of them and their total. */
const promptsServer = (rows: PromptRow[]) => (input: unknown) => {
  const { side, page } = (input as { body: { side?: string; page?: { limit: number; offset?: number } } }).body;
  const leading = (r: PromptRow) =>
    r.competitiveStatus === 'brand_dominant' ||
    (r.competitiveStatus === 'brand_leading' && ['brand_ranks_higher', 'only_brand_ranked'].includes(r.rankingComparison));
  const trailing = (r: PromptRow) =>
    ['competitor_dominant', 'competitor_leading', 'even'].includes(r.competitiveStatus) ||
    (r.competitiveStatus === 'brand_leading' && ['competitor_ranks_higher', 'similar_ranking'].includes(r.rankingComparison)) ||
    ['competitor_ranks_higher', 'only_competitor_ranked'].includes(r.rankingComparison);
  const kept = rows.filter((r) => r.rankingComparison !== 'no_rankings' && (side === 'leading' ? leading(r) : trailing(r)));
  const offset = page?.offset ?? 0;
  return { prompts: kept.slice(offset, offset + (page?.limit ?? kept.length)), total: kept.length };
};
const responses = {
  'competitors.comparison-metrics': metrics,
  'competitors.comparison-prompts': promptsServer([
    prompt('a', 'brand_dominant', 'only_brand_ranked'),
    prompt('b', 'brand_leading', 'similar_ranking'),
    prompt('c', 'even', 'no_rankings'),
    prompt('d', 'competitor_dominant', 'only_competitor_ranked'),
  ]),
  'competitors.provider-ranking': [
    ...providers,
    {
      provider: 'google',
      brandMentionRate: 0,
      competitorMentionRate: 0,
      brandAvgRank: null,
      competitorAvgRank: null,
      mentionPerformance: 'even',
    },
  ],
};
const path = '/app/competitors/comparison/Globex';
const section = (id: string) => document.querySelector(`[data-widget-id="${id}"]`) as HTMLElement;

describe('comparison page', () => {
  it('shows the breadcrumb, metric cards, prompt lists and provider cards', async () => {
    const f = fakeFetcher(responses);
    renderPage(page, { fetcher: f.fetcher, path });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home›Competitors›Acme vs Globex');
    await waitFor(() => expect(screen.getAllByTestId('comparison-yours')).toHaveLength(4));
    expect(screen.getAllByTestId('comparison-yours').map((e) => e.textContent)).toEqual(['42.50%', '20.1%', '1.8', '17']);
    expect(screen.getAllByTestId('comparison-theirs').map((e) => e.textContent)).toEqual(['30.25%', '35.8%', '2.4']);
    expect(screen.getAllByTestId('comparison-badge').map((e) => e.textContent)).toEqual(['Leading', 'Behind', 'Leading']);
    expect(f.calls.filter((c) => c.callId === 'competitors.comparison-metrics')).toHaveLength(1);
    expect((f.calls[0].input as { body: Record<string, unknown> }).body).toMatchObject({ brandId: 'brand-1', competitor: 'Globex' });

    await waitFor(() =>
      expect(
        within(section('leadingPrompts'))
          .getAllByTestId('card-grid-title')
          .map((e) => e.textContent),
      ).toEqual(['Prompt a']),
    );
    const leading = section('leadingPrompts');
    expect(within(leading).getByText('Dominating')).toBeTruthy();
    expect(within(leading).getByText('Only Acme mentioned')).toBeTruthy();
    expect(within(leading).getByText('Chat GPT')).toBeTruthy();
    const trailing = section('trailingPrompts');
    expect(
      within(trailing)
        .getAllByTestId('card-grid-title')
        .map((e) => e.textContent),
    ).toEqual(['Prompt b', 'Prompt d']);
    expect(within(trailing).getByText('Similar ranking')).toBeTruthy();
    expect(within(trailing).getByText('Lagging behind')).toBeTruthy();
    expect(within(trailing).getByText('Only Globex mentioned')).toBeTruthy();
    const asked = f.calls
      .filter((c) => c.callId === 'competitors.comparison-prompts')
      .map((c) => (c.input as { body: { side: string; page: unknown } }).body);
    expect(asked.map((b) => [b.side, b.page])).toEqual(
      expect.arrayContaining([
        ['leading', { limit: 20, offset: 0 }],
        ['trailing', { limit: 20, offset: 0 }],
      ]),
    );

    await waitFor(() =>
      expect(
        within(section('providers'))
          .getAllByTestId('card-grid-title')
          .map((e) => e.textContent),
      ).toEqual(['Chat GPT', 'Perplexity']),
    );
    expect(within(section('providers')).getByText('Favours You')).toBeTruthy();
    expect(within(section('providers')).getByText('Favours Them')).toBeTruthy();
    expect(within(section('providers')).getByText('55.6%')).toBeTruthy();
  });

  it('shows the empty and error copy of the spec', async () => {
    const f = fakeFetcher({
      ...responses,
      'competitors.comparison-prompts': promptsServer([prompt('c', 'even', 'no_rankings')]),
      'competitors.provider-ranking': [],
    });
    renderPage(page, { fetcher: f.fetcher, path });
    expect(await screen.findByText('No leading prompts')).toBeTruthy();
    expect(await screen.findByText('No trailing prompts')).toBeTruthy();
    expect(await screen.findByText('No AI provider data available')).toBeTruthy();

    const failing = fakeFetcher({ ...responses, 'competitors.comparison-prompts': new Error('boom') });
    renderPage(page, { fetcher: failing.fetcher, path });
    await waitFor(() => expect(screen.getAllByText('Failed to load prompts comparison data')).toHaveLength(2));
  });

  it('pages a long list on the server: 20 cards a page, the next page asked for with its offset', async () => {
    const rows = Array.from({ length: 45 }, (_, i) =>
      prompt(String(i + 1).padStart(2, '0'), 'competitor_leading', 'competitor_ranks_higher'),
    );
    const f = fakeFetcher({ ...responses, 'competitors.comparison-prompts': promptsServer(rows) });
    renderPage(page, { fetcher: f.fetcher, path });
    await waitFor(() => expect(within(section('trailingPrompts')).getAllByTestId('card-grid-title')).toHaveLength(20));
    const trailing = section('trailingPrompts');
    expect(within(trailing).getByRole('navigation', { name: 'Trailing prompts pages' }).textContent).toContain('1–20 of 45');
    fireEvent.click(within(trailing).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(
        within(section('trailingPrompts'))
          .getAllByTestId('card-grid-title')
          .map((e) => e.textContent),
      ).toEqual(rows.slice(40).map((r) => r.promptPreview)),
    );
    const last = f.calls.filter((c) => c.callId === 'competitors.comparison-prompts').at(-1)!.input as {
      body: { side: string; page: unknown };
    };
    expect(last.body).toMatchObject({ side: 'trailing', page: { limit: 20, offset: 40 } });
    expect(within(section('trailingPrompts')).getByRole('navigation', { name: 'Trailing prompts pages' }).textContent).toContain(
      '41–45 of 45',
    );
    expect(await within(section('leadingPrompts')).findByText('No leading prompts')).toBeTruthy();
  });

  it('offers the time range as a segmented control and refetches every card on a change', async () => {
    const f = fakeFetcher(responses);
    renderPage(page, { fetcher: f.fetcher, path });
    const group = await screen.findByRole('group', { name: 'Time range' });
    expect(Array.from(group.querySelectorAll('button')).map((b) => b.textContent)).toEqual([
      'Last 24 hours',
      'Last 7 days',
      'Last 30 days',
      'Custom date range',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('comparison-yours')).toHaveLength(4));
    const starts = (call: string) =>
      f.calls.filter((c) => c.callId === call).map((c) => (c.input as { body: { startTime: string } }).body.startTime);
    const before = starts('competitors.comparison-metrics')[0];
    fireEvent.click(within(group).getByRole('button', { name: 'Last 30 days' }));
    // the metric cards share one request, the two prompt lists ask for one each
    for (const [call, perWindow] of [
      ['competitors.comparison-metrics', 1],
      ['competitors.comparison-prompts', 2],
      ['competitors.provider-ranking', 1],
    ] as const) {
      await waitFor(() => expect(starts(call).length).toBe(2 * perWindow));
      const [first, second] = [starts(call)[0], starts(call)[perWindow]];
      expect(new Date(first).getTime() - new Date(second).getTime()).toBe(23 * 86_400_000);
    }
    expect(before).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
  });
});

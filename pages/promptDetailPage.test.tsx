import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { PageDefinition } from '../engine';
import detail from './prompt-detail.json';
import feed from '../widgets/cardFeed/fixtures/response.json';
import citations from '../widgets/treemap/fixtures/response.json';

// The prompt detail page in the engine with a fake API: the page record (prompts.get) fills the
// breadcrumb and header, a 404 shows the not-found copy instead of the page, other failures the
// error copy with Retry, and the ranking's row menu compares or adds an untracked brand.
const page = detail as unknown as PageDefinition;
const PROMPT = {
  id: 'p1', brandId: 'brand-1', prompt: 'which bank account has the lowest fees for freelancers working across several countries in europe',
  state: 'inactive', providers: ['openai'], monitoringCount: 1234, updatedAt: '2025-03-10T08:05:00.000Z', frequencyCron: '0 0 * * 0', runLocation: ['DE'],
};
const rank = (actualRank: number, brandName: string, brandCategory: string, isOwnBrand = false) => ({
  brandName, brandCategory, isOwnBrand, currentMentionRatePercentage: 100 - actualRank * 10, currentAverageRank: actualRank, mentionRateChange: 1.25, actualRank,
});
const notFound = () => Object.assign(new Error('Prompt not found'), { status: 404, code: 'PROMPT_NOT_FOUND' });

function responses(overrides: Record<string, unknown> = {}) {
  return {
    'prompts.get': PROMPT,
    'prompts.metrics.aggregate': [{ mentionRate: 42.123, avgRank: 2.25, netSentiment: 12.4, totalMentions: 7, distinctProviderCount: 1 }],
    'prompts.metrics.ranking-list': { '1': rank(1, 'Globex', 'competitor'), '2': rank(2, 'Acme', 'other', true), '3': rank(3, 'Initech', 'other') },
    'prompts.latest-run': feed,
    'prompts.citations': citations,
    'prompts.metrics.share-of-voice': [],
    'prompts.metrics.mention-rate-series': { data: {} },
    ...overrides,
  };
}

describe('prompt detail page', () => {
  it('fills the breadcrumb (cut at 60) and the header from the prompt', async () => {
    const f = fakeFetcher(responses());
    renderPage(page, { fetcher: f.fetcher, path: '/app/prompts/p1' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(PROMPT.prompt);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/app/home');
    expect(within(crumbs).getByRole('link', { name: 'Prompt Monitor' }).getAttribute('href')).toBe('/app/prompts');
    expect(crumbs.querySelector('[aria-current="page"]')!.textContent).toBe(`${PROMPT.prompt.slice(0, 60)}…`);
    expect(screen.getByTestId('header-badge').textContent).toBe('Stopped');
    const facts = document.querySelector('dl')!.textContent;
    expect(facts).toContain('Total responses:1,234');
    expect(facts).toContain('Last modified:Mar 10, 2025, 8:05 AM UTC');
    expect(facts).toContain('Frequency:At 12:00 AM, only on Sunday');
    expect(facts).not.toContain('(UTC)');
    expect(f.calls.find((c) => c.callId === 'prompts.get')!.input).toEqual({ params: { id: 'p1' } });
    await waitFor(() => expect(document.querySelector('[data-widget-id="mentionRate"]')!.textContent).toContain('42.12%'));
  });

  it('shows Active for an active prompt', async () => {
    renderPage(page, { fetcher: fakeFetcher(responses({ 'prompts.get': { ...PROMPT, state: 'active' } })).fetcher, path: '/app/prompts/p1' });
    await waitFor(() => expect(screen.getByTestId('header-badge').textContent).toBe('Active'));
  });

  it('shows the not-found copy instead of the page for an unknown id, and sends no card request', async () => {
    const f = fakeFetcher(responses({ 'prompts.get': notFound }));
    renderPage(page, { fetcher: f.fetcher, path: '/app/prompts/nope' });
    expect(await screen.findByText('Prompt not found')).toBeTruthy();
    expect(screen.getByText('No prompt found with ID: nope')).toBeTruthy();
    expect(document.querySelector('[data-widget-id]')).toBeNull();
    expect(f.calls.map((c) => c.callId)).toEqual(['prompts.get']);
  });

  it('shows "Failed to load prompt" with the error message and retries', async () => {
    let calls = 0;
    const f = fakeFetcher(responses({ 'prompts.get': () => (++calls === 1 ? new Error('') : PROMPT) }));
    renderPage(page, { fetcher: f.fetcher, path: '/app/prompts/p1' });
    expect(await screen.findByText('Failed to load prompt')).toBeTruthy();
    expect(screen.getByText('Unable to fetch prompt details. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(PROMPT.prompt);
  });

  it('ranking rows carry tags; the row menu compares, and adds an untracked brand, confirms it and revalidates', async () => {
    let tracked = false;
    let rankingLoads = 0;
    const f = fakeFetcher(
      responses({
        'prompts.metrics.ranking-list': () => {
          rankingLoads++;
          return { '1': rank(1, 'Globex', 'competitor'), '2': rank(2, 'Acme', 'other', true), '3': rank(3, 'Initech', tracked ? 'competitor' : 'other') };
        },
        'competitors.create': () => {
          tracked = true;
          return { name: 'Initech' };
        },
      }),
    );
    renderPage(page, { fetcher: f.fetcher, path: '/app/prompts/p1' });
    const table = await screen.findByRole('region', { name: 'Prompt Ranking' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const tags = () => within(table).getAllByRole('row').slice(1).map((r) => r.querySelectorAll('td')[2].textContent);
    expect(tags()).toEqual(['Competitor', 'My Brand', 'Emerging']);

    // a tracked competitor's menu offers only Compare; the own brand has no menu at all (neither
    // action applies to it), never a menu that opens empty
    fireEvent.click(within(table).getByRole('button', { name: 'Actions for Globex' }));
    let menu = await screen.findByRole('group', { name: 'Actions for Globex' });
    expect((await within(menu).findAllByRole('button')).map((b) => b.textContent)).toEqual(['Compare']);
    expect(within(table).queryByRole('button', { name: 'Actions for Acme' })).toBeNull();
    const ownRow = within(table).getAllByRole('row')[2];
    expect(ownRow.textContent).toContain('Acme');
    expect(within(ownRow).queryAllByRole('button')).toHaveLength(0);

    fireEvent.click(within(table).getByRole('button', { name: 'Actions for Initech' }));
    menu = await screen.findByRole('group', { name: 'Actions for Initech' });
    await within(menu).findByRole('button', { name: 'Add as Competitor' });
    expect(within(menu).getAllByRole('button').map((b) => b.textContent)).toEqual(['Compare', 'Add as Competitor']);
    const before = rankingLoads;
    fireEvent.click(within(menu).getByRole('button', { name: 'Add as Competitor' }));
    await waitFor(() => expect(tags()).toEqual(['Competitor', 'My Brand', 'Competitor']));
    expect(rankingLoads).toBeGreaterThan(before);
    // the confirmation outlives the button (which leaves the menu once the brand is tracked), and
    // the menu closes; opened again it offers only Compare
    expect((await screen.findByTestId('notice')).textContent).toBe('Successfully added Initech as a competitor');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Actions for Initech' })).toBeNull());
    fireEvent.click(within(table).getByRole('button', { name: 'Actions for Initech' }));
    menu = await screen.findByRole('group', { name: 'Actions for Initech' });
    expect((await within(menu).findAllByRole('button')).map((b) => b.textContent)).toEqual(['Compare']);
    expect(f.calls.find((c) => c.callId === 'competitors.create')!.input).toEqual({ body: { brandId: 'brand-1', competitorName: 'Initech' } });
  });

  it('Compare opens the competitor comparison page', async () => {
    const f = fakeFetcher(responses());
    renderPage(page, { fetcher: f.fetcher, path: '/app/prompts/p1' });
    const table = await screen.findByRole('region', { name: 'Prompt Ranking' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Actions for Globex' }));
    const menu = await screen.findByRole('group', { name: 'Actions for Globex' });
    fireEvent.click(await within(menu).findByRole('button', { name: 'Compare' }));
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });
});

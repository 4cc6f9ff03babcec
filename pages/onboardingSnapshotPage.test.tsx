import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import snapshotPage from './onboarding-snapshot.json';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { PageDefinition } from '../engine';

// pages/onboarding-snapshot.json: the brand comes from the onboarding progress (the page record),
// every number on screen is the snapshot's, the locked cards make no call and show nothing, and
// the empty, loading and failure copy.
const page = snapshotPage as unknown as PageDefinition;
afterEach(cleanup);

const progress = { id: 'brd_9', name: 'Taskvine', url: 'https://taskvine.com', location: 'US', prompts: [], snapshotGenerated: true, step: 3, accountType: 'individual' };
const mention = (brandName: string, isMentioned: boolean, mentionedRank: number | null) => ({ brandName, isMentioned, mentionedRank });
const snapshot = {
  brandName: 'Taskvine',
  brandUrl: 'https://taskvine.com',
  totalMentions: 137,
  totalCitations: 412,
  prompts: [
    { prompt: 'best project tool for startups', mentions: [mention('Taskvine', true, 1.5), mention('Asana', true, 2)] },
    { prompt: 'Asana alternatives for small teams', mentions: [mention('Taskvine', false, null), mention('Asana', true, 1)] },
  ],
  uniqueDomainsWithCount: [
    { domain: 'verylongdomainname-reviews.com', count: 31 },
    { domain: 'g2.com', count: 12 },
  ],
  brandRankings: [
    { brandName: 'Asana', averageRank: 1.8, discovery: 72.5 },
    { brandName: 'Taskvine', averageRank: 2.25, discovery: 55 },
    { brandName: 'Trello', averageRank: 3, discovery: 40 },
    { brandName: 'Monday', averageRank: 3.5, discovery: 30 },
    { brandName: 'ClickUp', averageRank: 4, discovery: 20 },
    { brandName: 'Notion', averageRank: 4.5, discovery: 10 },
  ],
};

const card = (name: string) => screen.findByRole('region', { name });

describe('onboarding snapshot page', () => {
  it("titles the brand of the onboarding progress and asks the snapshot for that brand's id", async () => {
    const { fetcher, calls } = fakeFetcher({ 'onboarding.progress': progress, 'onboarding.snapshot': snapshot });
    renderPage(page, { fetcher });
    expect(await screen.findByRole('heading', { name: 'Our AI Insights snapshot for Taskvine' })).toBeTruthy();
    await within(await card('Mentions')).findByText(String(snapshot.totalMentions));
    const snapshotCalls = calls.filter((c) => c.callId === 'onboarding.snapshot');
    // all cards share one request for the progress brand
    expect(snapshotCalls).toEqual([{ callId: 'onboarding.snapshot', input: { query: { brandId: 'brd_9' } } }]);
    expect(screen.getByText(/indicative/)).toBeTruthy();
    expect(screen.getByText(/locked until you complete onboarding/)).toBeTruthy();
  });

  it('shows the totals, the top 5 ranking with the own brand highlighted, the sources and the chats', async () => {
    renderPage(page, { fetcher: fakeFetcher({ 'onboarding.progress': progress, 'onboarding.snapshot': snapshot }).fetcher });
    expect(await within(await card('Mentions')).findByText('137')).toBeTruthy();
    expect(within(await card('Citations')).getByText('412')).toBeTruthy();

    const ranking = await screen.findByRole('table', { name: 'Industry Ranking' });
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual(
      snapshot.brandRankings.slice(0, 5).map((b, i) => [String(i + 1), b.brandName, b.averageRank.toFixed(1), `${b.discovery.toFixed(1)}%`]),
    );
    expect(rows.map((r) => r.getAttribute('data-highlighted'))).toEqual([null, 'true', null, null, null]);
    expect(within(await card('Industry Ranking')).getByRole('link', { name: 'view more...' }).getAttribute('href')).toBe('/onboarding/plans');

    const sources = await card('AI Sources');
    expect(within(sources).getByText('verylongdomainn…')).toBeTruthy();
    expect(within(sources).getByText('31')).toBeTruthy();
    expect(within(sources).getByText('g2.com')).toBeTruthy();
    expect(within(sources).getByText('12')).toBeTruthy();

    const chats = await screen.findByRole('table', { name: 'Recent Chats' });
    const headers = within(chats).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Chat', 'Mentioned', 'Rank', '# of Mentions', 'Competition Mention %']);
    const chatRows = within(chats).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(chatRows).toEqual([
      ['best project tool for startups', '✓', '1.5', '00.0', '00.0'],
      ['Asana alternatives for small teams', '✗', '—', '00.0', '00.0'],
    ]);
  });

  it('draws Top Sources, Share of Voice and Sentiment Score locked, without their data', async () => {
    renderPage(page, { fetcher: fakeFetcher({ 'onboarding.progress': progress, 'onboarding.snapshot': snapshot }).fetcher });
    for (const name of ['Top Sources', 'Share of Voice', 'Sentiment Score']) {
      const section = await card(name);
      expect(section.getAttribute('data-locked')).toBe('true');
      expect(within(section).getByRole('img', { name: 'Locked' })).toBeTruthy();
      expect(within(section).queryByText('g2.com')).toBeNull();
    }
  });

  it("says 'No relevant prompts found' and 'No Data' when the snapshot is empty", async () => {
    const empty = { ...snapshot, prompts: [], brandRankings: [], uniqueDomainsWithCount: [] };
    renderPage(page, { fetcher: fakeFetcher({ 'onboarding.progress': progress, 'onboarding.snapshot': empty }).fetcher });
    expect(await screen.findByText('No relevant prompts found')).toBeTruthy();
    expect(within(await card('Industry Ranking')).getByText('No Data')).toBeTruthy();
  });

  it('asks for no snapshot before onboarding has a brand, and leads back to onboarding', async () => {
    const { fetcher, calls } = fakeFetcher({ 'onboarding.progress': { ...progress, id: null, name: null, url: null, location: null }, 'onboarding.snapshot': snapshot });
    renderPage(page, { fetcher });
    expect(await screen.findByText(/Your snapshot appears here once/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue onboarding' }).getAttribute('href')).toBe('/onboarding');
    expect(screen.queryByRole('region', { name: 'Mentions' })).toBeNull();
    expect(calls.map((c) => c.callId)).toEqual(['onboarding.progress']);
  });

  it('shows loading copy, then the snapshot failure message', async () => {
    const pending = renderPage(page, { fetcher: fakeFetcher({ 'onboarding.progress': progress }).fetcher });
    expect((await screen.findAllByRole('progressbar', { name: 'Loading your AI insights snapshot...' })).length).toBeGreaterThan(0);
    pending.unmount();
    renderPage(page, { fetcher: fakeFetcher({ 'onboarding.progress': progress, 'onboarding.snapshot': new Error('boom') }).fetcher });
    expect((await screen.findAllByText('Failed to load snapshot data. Please refresh the page.')).length).toBeGreaterThan(0);
  });
});

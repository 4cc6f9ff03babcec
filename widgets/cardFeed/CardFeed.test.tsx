import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import CardFeed, { type CardFeedConfig } from './CardFeed';
import { chipsOf, feedTabs, groupByDay } from './feed';
import { MotionBehaviourProvider } from '@fluentui/react-motion';
import { renderInPageContext, testHost } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';

// happy-dom's Web Animations reject on cancel: no motion in tests
const show = () => renderInPageContext(<MotionBehaviourProvider value="skip"><CardFeed id="w" config={config} data={structuredClone(response)} /></MotionBehaviourProvider>);
const config = valid as unknown as CardFeedConfig;
type Run = (typeof response)['openai'][number];
const openai = response.openai as Run[];

describe('cardFeed helpers', () => {
  it('makes one tab per key in the answer order, empty ones kept, with provider names', () => {
    expect(feedTabs(response, 'providers', testHost().vocabularies).map((t) => [t.key, t.label, t.rows.length])).toEqual([
      ['openai', 'Chat GPT', 4],
      ['perplexity', 'Perplexity', 3],
      ['google', 'Google', 0],
    ]);
    expect(feedTabs([{ a: 1 }], undefined, testHost().vocabularies).map((t) => t.rows.length)).toEqual([1]);
  });

  it('groups by UTC day, newest day first and newest row first within a day', () => {
    const groups = groupByDay(openai, 'createdAt');
    expect(groups.map((g) => g.key)).toEqual(['2026-11-22', '2026-11-21', '2026-11-20']);
    expect(groups[0].label).toBe('Nov 22, 2026');
    expect(groups[0].rows.map((r) => r.runId)).toEqual(['run_00040203', 'run_same_day_earlier']);
  });

  it('shows up to max chips and counts the rest', () => {
    expect(chipsOf(openai[1], { field: 'citationsList', label: 'domain', max: 3 })).toEqual({
      shown: openai[1].citationsList.slice(0, 3).map((c) => c.domain),
      rest: 2,
    });
  });
});

describe('cardFeed', () => {
  it('opens the newest day, shows card fields, the badge, a 200-character cut and +N more', () => {
    show();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    for (const name of ['Chat GPT', 'Perplexity', 'Google']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    // only the newest day is open: its two cards, newest first
    const cards = screen.getAllByTestId('feed-card');
    expect(cards).toHaveLength(2);
    const [newest, older] = cards;
    expect(within(newest).getByTestId('feed-card-badge').textContent).toBe('Mentioned');
    expect(within(older).getByTestId('feed-card-badge').textContent).toBe('Not mentioned');
    expect(newest.querySelector('[data-field="runLocation"]')!.textContent).toBe('Germany');
    expect(newest.querySelector('[data-field="brandMentionRank"]')!.textContent).toBe(`Rank: ${openai[1].brandMentionRank}`);
    expect(newest.querySelector('[data-field="totalCitations"]')!.textContent).toBe('Citations: 5');
    expect(within(newest).getByTestId('feed-card-text').textContent).toBe(`${openai[1].responseText.slice(0, 200)}…`);
    expect(within(newest).getAllByTestId('feed-card-chip')).toHaveLength(3);
    expect(within(newest).getByTestId('feed-card-more').textContent).toBe('+2 more');
    expect(older.querySelector('[data-field="brandMentionRank"]')!.textContent).toBe('Rank: —');
    expect(screen.getByTestId('feed-list').style.maxHeight).toBe('350px');
  });

  it('expands and collapses every day', async () => {
    show();
    fireEvent.click(screen.getByText('Expand All'));
    await waitFor(() => expect(screen.getAllByTestId('feed-card')).toHaveLength(4));
    fireEvent.click(screen.getByText('Collapse All'));
    await waitFor(() => expect(screen.queryAllByTestId('feed-card')).toHaveLength(0));
  });

  it('switches provider tabs and shows the empty copy for a provider without runs', async () => {
    show();
    fireEvent.click(screen.getByRole('tab', { name: 'Perplexity' }));
    await waitFor(() => expect(screen.getAllByTestId('feed-card')[0].textContent).toContain('Perplexity'));
    fireEvent.click(screen.getByRole('tab', { name: 'Google' }));
    await waitFor(() => expect(screen.getByText('No responses yet')).toBeTruthy());
  });

  it('opens a details dialog titled with the provider name and closes it', async () => {
    show();
    fireEvent.click(screen.getAllByTestId('feed-card')[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Chat GPT Response Details')).toBeTruthy();
    expect(dialog.textContent).toContain(openai[1].responseText);
    expect(within(dialog).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(openai[1].citationsList.map((c) => c.url));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

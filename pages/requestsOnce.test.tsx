import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import overview from './overview.json';
import competitors from './competitors.json';
import metadata from '../widgets/metricCard/fixtures/response.json';
import ranking from '../widgets/table/fixtures/response.json';
import timeseries from '../widgets/chart/fixtures/response.json';
import type { PageDefinition } from '../engine';
import { fakeFetcher, renderPage } from '../engine/testing';

// Each request a screen needs leaves once: on load, while a custom range is being picked (the
// start day alone changes nothing), and when a tab shows widgets whose requests were answered.
vi.mock('../widgets/chart/vegaView', () => import('../widgets/chart/fakeVegaView'));

const overviewAnswers = {
  'brands.performance.metadata': metadata,
  'brands.performance.share-of-voice': [{ provider: 'openai', shareOfVoice: 35.25, deltaShareOfVoice: 2.5, totalMentionCount: 40 }],
  'brands.performance.ranking-list': ranking,
  'brands.performance.sources-sov': [{ topUrlAuthor: null, normalizedDomain: 'example.com', uniqueUrlsCount: 5, citationSov: 50 }],
  'brands.performance.prompts-ranking': [],
  'brands.performance.mention-rate-timeseries': timeseries,
};

/** How many times each request (call and input) was sent. */
function sentTimes(calls: Array<{ callId: string; input: unknown }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of calls) {
    const k = `${c.callId} ${JSON.stringify(c.input)}`;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}
const callIds = (calls: Array<{ callId: string }>) => calls.map((c) => c.callId).sort();
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('requests sent once', () => {
  it('Overview: each of its six calls once on load', async () => {
    const f = fakeFetcher(overviewAnswers);
    renderPage(overview as unknown as PageDefinition, { fetcher: f.fetcher });
    await screen.findByTestId('vega');
    await waitFor(() => expect(screen.getAllByTestId('metric-value')).toHaveLength(5));
    await settle();
    expect(callIds(f.calls)).toEqual(Object.keys(overviewAnswers).sort());
  });

  it('Overview: picking a custom range sends nothing for the start day and each call once for the range', async () => {
    const f = fakeFetcher(overviewAnswers);
    renderPage(overview as unknown as PageDefinition, { fetcher: f.fetcher });
    await waitFor(() => expect(screen.getAllByTestId('metric-value')).toHaveLength(5));
    await settle();
    const onLoad = f.calls.length;
    fireEvent.click(screen.getByRole('combobox', { name: 'Time range' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom date range' }));
    const picker = await screen.findByRole('group', { name: 'Custom date range' });
    // a day of the picker's first or second month, once that month's grid is drawn; hidden: happy-dom
    // can leave aria-hidden from the closed time-range list's focus trap (the browser tests check
    // what is exposed)
    const day = (month: 0 | 1, name: RegExp) =>
      waitFor(() => within(picker.querySelectorAll('table')[month] as HTMLElement).getAllByRole('button', { name, hidden: true })[0]);
    fireEvent.click(await day(0, /^3,/));
    await settle();
    expect(f.calls.length).toBe(onLoad);
    fireEvent.click(await day(1, /^9,/));
    await waitFor(() => expect(f.calls.length).toBe(onLoad + 6));
    await settle();
    const picked = f.calls.slice(onLoad);
    expect(callIds(picked)).toEqual(Object.keys(overviewAnswers).sort());
    expect(new Set(picked.map((c) => (c.input as { body: { startTime: string } }).body.startTime)).size).toBe(1);
    expect(Object.values(sentTimes(f.calls)).every((n) => n === 1)).toBe(true);
  });

  it('Competitors: opening the Emerging Threats tab asks nothing again', async () => {
    const f = fakeFetcher({
      'competitors.insights': [],
      'competitors.emerging-threats': { emergingCompetitors: [] },
    });
    renderPage(competitors as unknown as PageDefinition, { fetcher: f.fetcher });
    await screen.findByText('No competitors added');
    await settle();
    expect(callIds(f.calls)).toEqual(['competitors.emerging-threats', 'competitors.insights']);
    fireEvent.click(screen.getByRole('tab', { name: 'Emerging Threats' }));
    await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'Emerging Threats' })).toBeTruthy());
    await settle();
    fireEvent.click(screen.getByRole('tab', { name: 'Competitors' }));
    await screen.findByText('No competitors added');
    await settle();
    expect(callIds(f.calls)).toEqual(['competitors.emerging-threats', 'competitors.insights']);
  });
});

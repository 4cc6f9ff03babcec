import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import competitors from './competitors.json';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { PageDefinition } from '../engine';

// pages/competitors.json rendered by the engine with a fake API: copy and empty states, the
// 'View All Emerging Threats (N)' button switching tabs, Track ('Already Tracking...' when the
// name is tracked in any letter case, loading while it runs, the list refreshed after), and the
// competitor dialog that cannot be closed while its delete runs.
const page = competitors as unknown as PageDefinition;

function competitor(name: string, mentions: number, extra: Record<string, unknown> = {}) {
  return {
    competitorName: name, coMentions: 3, avgPosition: 2.25, avgPositionGrowthPercentage: null, competitorMentions: mentions,
    deltaCompetitorMentions: 1, uniqueRunsMentioned: mentions, citationsCount: 10, marketShare: 25.04, marketShareGrowthPercentage: 5,
    growthPercentage: 12.34, threatLevel: 'medium', ...extra,
  };
}
function threat(name: string, score: number, assessment: string) {
  return {
    id: name, competitorName: name, firstSeen: '2025-03-01T00:00:00.000Z', lastSeen: '2025-03-14T00:00:00.000Z', generatedAt: '2025-03-15T00:00:00.000Z',
    threatAssessment: assessment, emergenceLevel: 'high_emergence', temporalPattern: 'new_entrant', competitiveRelevanceScore: score,
    totalMentions: 9, uniquePromptsCount: 2, uniqueRunsCount: 9, coMentionsCount: 4, coMentionPercentage: 44.44, avgPosition: 2,
    bestPosition: 1, worstPosition: 4, medianPosition: 2, recentMentions: 5, midMentions: 2, olderMentions: 2, recentActivityTrend: 'increasing',
  };
}

function api(opts: { tracked?: ReturnType<typeof competitor>[] } = {}) {
  const tracked = opts.tracked ?? [competitor('Globex', 5), competitor('Initech', 9, { threatLevel: 'high' })];
  const threats = [
    threat('Umbrella', 55, 'growing_threat'), threat('Hooli', 80, 'immediate_threat'), threat('Vandelay', 20, 'monitoring_required'),
    threat('Soylent', 30, 'emerging_threat'), threat('globex', 10, 'monitoring_required'),
  ];
  return {
    'competitors.insights': () => structuredClone(tracked),
    'competitors.emerging-threats': () => ({ emergingCompetitors: structuredClone(threats) }),
    'competitors.create': (input: { body: { competitorName: string } }) => {
      tracked.push(competitor(input.body.competitorName, 1));
      return { brandId: 'brand-1', competitorName: input.body.competitorName, createdAt: '2025-03-15T00:00:00.000Z' };
    },
    'competitors.delete': (input: { body: { competitorName: string } }) => {
      tracked.splice(tracked.findIndex((c) => c.competitorName === input.body.competitorName), 1);
      return { brandId: 'brand-1', competitorName: input.body.competitorName, createdAt: '2025-03-15T00:00:00.000Z' };
    },
  };
}

/** The fake API, with mutations held until `hold` resolves (to look at the screen while they run). */
function held(responses: Record<string, unknown>, hold: Promise<void>) {
  const base = fakeFetcher(responses);
  const fetcher: typeof base.fetcher = async (callId, input) => {
    if (callId === 'competitors.create' || callId === 'competitors.delete') await hold;
    return base.fetcher(callId, input);
  };
  return { fetcher, calls: base.calls };
}

const cardsOf = (id: string) => within(document.querySelector(`[data-widget-id="${id}"]`) as HTMLElement).getAllByTestId('card-grid-item');

describe('competitors page', () => {
  it('shows the table most mentioned first with co-mentions and threat colours, and the top 3 threats', async () => {
    renderPage(page, { fetcher: fakeFetcher(api()).fetcher });
    const table = await screen.findByRole('table', { name: 'Competitors' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('Initech');
    expect(rows[0].textContent).toContain('3 co-mentions');
    expect(rows[0].textContent).toContain('2.3'); // avg rank, 1 decimal
    expect(rows[0].textContent).toContain('25.0%');
    expect(rows[0].textContent).toContain('+12.3%');
    expect(rows[0].querySelector('[data-color]')!.getAttribute('data-color')).toBe('danger');
    expect(rows[1].querySelector('[data-color]')!.getAttribute('data-color')).toBe('warning');
    await waitFor(() => expect(cardsOf('threatsPreview')).toHaveLength(3));
    expect(cardsOf('threatsPreview').map((c) => within(c).getByTestId('card-grid-title').textContent)).toEqual(['Hooli', 'Umbrella', 'Soylent']);
    expect(within(cardsOf('threatsPreview')[0]).getByText('8.0/10')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'View All Emerging Threats (5)' })).toBeTruthy();
  });

  it("shows 'No competitors added' without competitors, and Track still works", async () => {
    renderPage(page, { fetcher: fakeFetcher(api({ tracked: [] })).fetcher });
    expect(await screen.findByText('No competitors added')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'View All Emerging Threats (5)' }));
    await waitFor(() => expect(cardsOf('threatCards')).toHaveLength(5));
    expect(within(cardsOf('threatCards')[0]).getByRole('button', { name: 'Track' })).toBeTruthy();
  });

  it('opens the Emerging Threats tab with counters, and Track turns into Already Tracking... after the list refreshes', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const f = held(api(), hold);
    renderPage(page, { fetcher: f.fetcher });
    fireEvent.click(await screen.findByRole('button', { name: 'View All Emerging Threats (5)' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Emerging Threats' }).getAttribute('aria-selected')).toBe('true'));
    const counters = await waitFor(() => {
      const el = document.querySelector('[data-widget-id="threatCounters"]') as HTMLElement;
      expect(el.textContent).toContain('High Threat');
      return el;
    });
    expect(counters.textContent).toMatch(/High Threat\s*1/);
    expect(counters.textContent).toMatch(/Medium Threat\s*1/);
    expect(counters.textContent).toMatch(/Emerging\/Monitoring\s*3/);
    await waitFor(() => expect(cardsOf('threatCards')).toHaveLength(5));
    const cards = cardsOf('threatCards');
    expect(cards.map((c) => within(c).getByTestId('card-grid-title').textContent)).toEqual(['Hooli', 'Umbrella', 'Soylent', 'Vandelay', 'globex']);
    // 'globex' is tracked as 'Globex': case-insensitive
    await waitFor(() => expect(within(cards[4]).getByRole('button', { name: 'Already Tracking...' })).toHaveProperty('disabled', true));
    // suggestions: at most 3
    expect(within(cards[0]).getByTestId('card-grid-list').querySelectorAll('li').length).toBe(3);

    const track = within(cards[0]).getByRole('button', { name: 'Track' });
    fireEvent.click(track);
    await waitFor(() => expect(within(cardsOf('threatCards')[0]).getByRole('button', { name: 'Track' })).toHaveProperty('disabled', true));
    release();
    await waitFor(() => expect(within(cardsOf('threatCards')[0]).getByRole('button', { name: 'Already Tracking...' })).toHaveProperty('disabled', true));
    expect(await screen.findByText('Successfully added Hooli as a competitor')).toBeTruthy();
    expect(f.calls.filter((c) => c.callId === 'competitors.create').map((c) => c.input)).toEqual([{ body: { brandId: 'brand-1', competitorName: 'Hooli' } }]);
    // the competitors list was fetched again after tracking
    expect(f.calls.filter((c) => c.callId === 'competitors.insights').length).toBeGreaterThan(1);
  });

  it('shows the error copy with the name when tracking fails', async () => {
    const failing = { ...api(), 'competitors.create': () => Object.assign(new Error('boom'), { status: 500 }) };
    renderPage(page, { fetcher: fakeFetcher(failing).fetcher });
    fireEvent.click(await screen.findByRole('button', { name: 'View All Emerging Threats (5)' }));
    await waitFor(() => expect(cardsOf('threatCards')).toHaveLength(5));
    fireEvent.click(within(cardsOf('threatCards')[0]).getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Failed to add Hooli as a competitor. Please try again.')).toBeTruthy();
  });

  it('search matches the numbers as the table shows them, not their raw values', async () => {
    const tracked = [competitor('Globex', 12345, { avgPosition: 1.6667, marketShare: 12.04 }), competitor('Initech', 9, { avgPosition: 2.25, marketShare: 33.333 })];
    renderPage(page, { fetcher: fakeFetcher(api({ tracked })).fetcher });
    const table = await screen.findByRole('table', { name: 'Competitors' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const names = () => within(table).queryAllByRole('row').slice(1).map((r) => r.querySelector('td')!.textContent!.replace(/\d+ co-mentions$/, ''));
    const box = screen.getByRole('searchbox', { name: /Search competitors/ });
    // Globex's average rank 1.6667 reads '1.7'
    fireEvent.change(box, { target: { value: '1.7' } });
    await waitFor(() => expect(names()).toEqual(['Globex']));
    // a digit run that only the raw value holds matches nothing ('1.66' is not on screen)
    fireEvent.change(box, { target: { value: '1.66' } });
    await waitFor(() => expect(within(table).queryAllByRole('row').slice(1)).toHaveLength(0));
    // mentions read '12,345'; typed with or without the separator
    fireEvent.change(box, { target: { value: '12,345' } });
    await waitFor(() => expect(names()).toEqual(['Globex']));
    fireEvent.change(box, { target: { value: '12345' } });
    await waitFor(() => expect(names()).toEqual(['Globex']));
    // share of voice 33.333 reads '33.3%'
    fireEvent.change(box, { target: { value: '33.3%' } });
    await waitFor(() => expect(names()).toEqual(['Initech']));
  });

  it('the competitor dialog cannot be closed while its delete runs, and closes after it', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    renderPage(page, { fetcher: held(api(), hold).fetcher });
    const table = await screen.findByRole('table', { name: 'Competitors' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    fireEvent.click(within(within(table).getAllByRole('row')[2]).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Competitor' });
    // the form kind (rjsf) loads lazily on first use
    await waitFor(() => expect(dialog.querySelector('input[type="text"]')).toBeTruthy(), { timeout: 15_000 });
    expect((dialog.querySelector('input[type="text"]') as HTMLInputElement).value).toBe('Globex');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Competitor' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Competitor' });
    expect(confirm.textContent).toContain('Stop tracking Globex?');
    // The confirmation stays hidden from the accessibility tree until the dialogs' focus trap has
    // moved to it, which takes longer than findBy's default second on a busy machine.
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Delete' }, { timeout: 10_000 }));
    await waitFor(() => expect(dialog.getAttribute('aria-busy')).toBe('true'));
    // Escape and the form's Cancel are refused while the call runs
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(document.body.contains(dialog)).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Competitor' })).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Competitors' })).getAllByRole('row')).toHaveLength(2));
  });
});

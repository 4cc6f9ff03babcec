import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import CardGrid, { type CardGridConfig } from './CardGrid';
import { runTransforms, type Step } from '../../engine';
import { createPageValidator, fakeFetcher, renderInPageContext, renderWidget, testPageContext } from '../../engine/testing';
import threatsFixture from './fixtures/threats.json';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';

const config = valid as unknown as CardGridConfig;

// The page's competitor (route param) and brand fill the card's labels.
const ctx = testPageContext({ params: { name: 'Globex' }, brand: { id: 'b1', name: 'Acme' } });
const renderGrid = (cfg: CardGridConfig, data: unknown) => renderInPageContext(<CardGrid id="w" config={cfg} data={data} />, ctx);

describe('cardGrid', () => {
  it('renders one card per row with mapped badges, filled labels and formatted fields', () => {
    const rows = runTransforms(response, config.data!.transform as Step[]);
    renderGrid(config, rows);
    const cards = screen.getAllByTestId('card-grid-item');
    expect(cards.map((c) => within(c).getByTestId('card-grid-title').textContent)).toEqual(['openai', 'perplexity']);
    expect(within(cards[0]).getByText('Favours You')).toBeTruthy();
    expect(within(cards[1]).getByText('Favours Them')).toBeTruthy();
    expect(within(cards[0]).getByText('Acme mention rate')).toBeTruthy();
    expect(within(cards[0]).getByText('Globex mention rate')).toBeTruthy();
    expect(cards[0].querySelector('[data-field="brandMentionRate"]')!.textContent).toBe('55.6%');
    expect(cards[1].querySelector('[data-field="competitorMentionRate"]')!.textContent).toBe('40.0%');
  });

  it('fills placeholders in badge labels, maps subtitles and cuts long titles', () => {
    const cfg = {
      type: 'cardGrid',
      card: {
        title: { field: 'text', maxLength: 5 },
        subtitle: { field: 'provider', badge: { map: { openai: { label: 'Chat GPT' } } } },
        badges: [{ field: 'ranking', map: { only_brand_ranked: { label: 'Only {brand} mentioned' } }, default: { label: 'Similar ranking' } }],
      },
      values: { brand: { $brand: 'name' } },
    } as unknown as CardGridConfig;
    renderGrid(cfg, [
      { text: 'A long prompt text', provider: 'openai', ranking: 'only_brand_ranked' },
      { text: 'Short', provider: 'perplexity', ranking: 'similar_ranking' },
    ]);
    const cards = screen.getAllByTestId('card-grid-item');
    expect(within(cards[0]).getByTestId('card-grid-title').textContent).toBe('A lon…');
    expect(within(cards[0]).getByText('Chat GPT')).toBeTruthy();
    expect(within(cards[0]).getByText('Only Acme mentioned')).toBeTruthy();
    expect(within(cards[1]).getByText('perplexity')).toBeTruthy();
    expect(within(cards[1]).getByText('Similar ranking')).toBeTruthy();
  });

  it('scrolls inside the card when maxHeight is set', () => {
    const { container } = renderGrid({ ...config, maxHeight: 300 }, [{ provider: 'openai' }]);
    // the list scrolls in a named, focusable region (keyboard scrolling) of that height
    const region = container.querySelector('[role="region"]') as HTMLElement;
    expect(region.style.maxHeight).toBe('300px');
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('ul')).toBeTruthy();
  });

  it('the threats fixture (list, card actions, export, footer button) is a valid config', () => {
    const { validate } = createPageValidator();
    const pageWith = { version: 1, id: 't', route: '/t', title: 'T', widgets: { w: threatsFixture }, layout: [{ items: [{ widget: 'w' }] }] };
    validate(pageWith);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('lists up to max non-empty list fields, and card actions act on their card (disabled when some data row matches it)', async () => {
    const threats = {
      emergingCompetitors: [
        { competitorName: 'Hooli', threatAssessment: 'immediate_threat', competitiveRelevanceScore: 81, first: 'One', second: null, third: 'Three', fourth: 'Four' },
        { competitorName: 'globex', threatAssessment: 'emerging_threat', competitiveRelevanceScore: 20, first: null, second: '', third: null, fourth: null },
      ],
    };
    const f = fakeFetcher({
      'competitors.emerging-threats': threats,
      'competitors.insights': [{ competitorName: 'Globex' }],
      'competitors.create': { brandId: 'brand-1', competitorName: 'Hooli', createdAt: '2025-03-15T00:00:00.000Z' },
    });
    renderWidget(threatsFixture as never, { fetcher: f.fetcher });
    await waitFor(() => expect(screen.getAllByTestId('card-grid-item')).toHaveLength(2));
    const [hooli, globex] = screen.getAllByTestId('card-grid-item');
    expect(within(hooli).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['One', 'Three', 'Four']);
    expect(within(globex).queryByTestId('card-grid-list')).toBeNull();
    expect(within(hooli).getByText('81.0/100')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    // 'globex' is tracked as 'Globex' (ieq): its button says so and is disabled
    const tracked = await within(globex).findByRole('button', { name: 'Already Tracking...' });
    expect((tracked as HTMLButtonElement).disabled).toBe(true);
    // a button's label never wraps inside it, in a card as narrow as a phone's
    expect(getComputedStyle(tracked).whiteSpace).toBe('nowrap');
    fireEvent.click(await within(hooli).findByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Successfully added Hooli as a competitor')).toBeTruthy();
    expect(f.calls.find((c) => c.callId === 'competitors.create')?.input).toEqual({ body: { brandId: 'brand-1', competitorName: 'Hooli' } });
  });
});

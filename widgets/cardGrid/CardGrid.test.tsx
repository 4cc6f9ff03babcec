import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import CardGrid, { type CardGridConfig } from './CardGrid';
import { renderInPageContext, testPageContext } from '../../engine/runtime/testing';
import { runTransforms } from '../../engine/transforms/run';
import type { Step } from '../../engine/transforms/steps';
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
    const list = container.querySelector('ul') as HTMLElement;
    expect(list.style.maxHeight).toBe('300px');
    expect(list.style.overflowY).toBe('auto');
  });
});

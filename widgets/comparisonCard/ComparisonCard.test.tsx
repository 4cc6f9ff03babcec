import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import ComparisonCard, { type ComparisonCardConfig } from './ComparisonCard';
import { badgeByRule, ruleHolds } from './rule';
import { renderInPageContext, testPageContext } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';

const config = valid as unknown as ComparisonCardConfig;

// The page's competitor (route param) and brand fill the card's labels.
const ctx = testPageContext({ params: { name: 'Globex' }, brand: { id: 'b1', name: 'Acme' } });
const renderCard = (cfg: ComparisonCardConfig, data: unknown) => renderInPageContext(<ComparisonCard id="w" config={cfg} data={data} />, ctx);

describe('badge rules', () => {
  const avgRule = config.badge!;
  it('compares a field with another field of the same row', () => {
    expect(ruleHolds({ a: 2, b: 1 }, [{ field: 'a', op: 'gt', value: { field: 'b' } }])).toBe(true);
    expect(ruleHolds({ a: 1, b: 1 }, [{ field: 'a', op: 'gt', value: { field: 'b' } }])).toBe(false);
  });
  it('average position leads only when both are above 0 and the brand is lower', () => {
    expect(badgeByRule({ yourBrandAvgPosition: 1.5, competitorAvgPosition: 2 }, avgRule).label).toBe('Leading');
    expect(badgeByRule({ yourBrandAvgPosition: 2.5, competitorAvgPosition: 2 }, avgRule).label).toBe('Behind');
    expect(badgeByRule({ yourBrandAvgPosition: 0, competitorAvgPosition: 2 }, avgRule).label).toBe('Behind');
    expect(badgeByRule({ yourBrandAvgPosition: 1, competitorAvgPosition: null }, avgRule).label).toBe('Behind');
    expect(badgeByRule({ yourBrandAvgPosition: null, competitorAvgPosition: 3 }, avgRule).label).toBe('Behind');
  });
});

describe('comparisonCard', () => {
  it('shows both formatted values with names from values and the rule badge', () => {
    renderCard(config, response);
    expect(screen.getByTestId('comparison-yours').textContent).toBe('1.8');
    expect(screen.getByTestId('comparison-theirs').textContent).toBe('2.4');
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByText('Globex')).toBeTruthy();
    expect(screen.getByTestId('comparison-badge').textContent).toBe('Leading');
  });

  it('shows Behind when the rule fails', () => {
    renderCard(config, { ...response, yourBrandAvgPosition: 3 });
    expect(screen.getByTestId('comparison-badge').textContent).toBe('Behind');
  });

  it('shows a single value without theirs or a badge', () => {
    renderCard({ type: 'comparisonCard', yours: { field: 'coMentions', format: 'integer' } } as ComparisonCardConfig, response);
    expect(screen.getByTestId('comparison-yours').textContent).toBe('17');
    expect(screen.queryByTestId('comparison-theirs')).toBeNull();
    expect(screen.queryByTestId('comparison-badge')).toBeNull();
  });
});

describe('comparisonCard significance', () => {
  it('says whether the gap is more than chance, with the answers it rests on', () => {
    const cfg = { ...config, significance: { field: 'gap' } } as ComparisonCardConfig;
    const gap = (significant: boolean, enoughData: boolean) => ({ ...response, gap: { n: 480, previousN: 480, diff: 1.5, low: -4.9, high: 7.8, significant, enoughData } });
    const { unmount } = renderCard(cfg, gap(false, true));
    expect(screen.getByTestId('comparison-significance').textContent).toBe('Not significant: 480 answers');
    unmount();
    renderCard(cfg, gap(true, true));
    expect(screen.getByTestId('comparison-significance').textContent).toBe('Significant gap: 480 answers');
  });
});

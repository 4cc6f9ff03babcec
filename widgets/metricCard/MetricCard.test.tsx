import { describe, expect, it } from 'vitest';
import { screen, fireEvent, waitFor, within } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import { bandFor, trendWord } from './sentiment';
import { directionOf } from './MetricCard';

const sentimentCard = valid as unknown as WidgetConfig;
const mentionRateCard = {
  ...sentimentCard,
  title: 'Mention Rate',
  value: { field: 'mentionRate', format: 'mentionRate' },
  delta: { field: 'pctChangeMentionRate', format: 'growth' },
  message: undefined,
} as WidgetConfig;

describe('metricCard', () => {
  it('shows a loading skeleton while the call is pending', async () => {
    renderWidget(sentimentCard, { fetcher: fakeFetcher({}).fetcher });
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Net Brand Sentiment' })).toBeTruthy();
  });

  it('formats the value and a positive delta with a green up arrow', async () => {
    const { container } = renderWidget(mentionRateCard, { fetcher: fakeFetcher({ 'brands.performance.metadata': response }).fetcher });
    expect((await screen.findByTestId('metric-value')).textContent).toBe('42.17%');
    const delta = screen.getByTestId('metric-delta');
    expect(delta.textContent).toContain('+12.3%');
    expect(delta.getAttribute('data-direction')).toBe('up');
    expect(within(delta).getByLabelText('Increase')).toBeTruthy();
    expect(container.querySelector('[data-widget-id="w"]')).toBeTruthy();
  });

  it('shows sentiment as a signed integer with its band and trend word', async () => {
    renderWidget(sentimentCard, { fetcher: fakeFetcher({ 'brands.performance.metadata': response }).fetcher });
    expect((await screen.findByTestId('metric-value')).textContent).toBe('+36');
    expect(screen.getByTestId('metric-delta').getAttribute('data-direction')).toBe('down');
    expect(screen.getByTestId('metric-delta').textContent).toContain('-16.8%');
    expect(screen.getByTestId('metric-message').textContent).toBe('Strong positive sentiment, declining');
  });

  it('shows the interval after the value and the sample on hover; a change that is not significant is drawn neutral', async () => {
    const withStats = {
      'brand-1': {
        ...response['brand-1'],
        mentionRateStats: { n: 393, low: 37.38, high: 47.07, enoughData: true },
        mentionRateChangeStats: { n: 393, previousN: 385, diff: 4.6, low: -2.3, high: 11.4, significant: false, enoughData: true },
      },
    };
    const card = {
      ...mentionRateCard,
      value: { field: 'mentionRate', format: 'mentionRate', interval: { field: 'mentionRateStats' } },
      delta: { field: 'pctChangeMentionRate', format: 'growth', significance: { field: 'mentionRateChangeStats' } },
    } as WidgetConfig;
    renderWidget(card, { fetcher: fakeFetcher({ 'brands.performance.metadata': withStats }).fetcher });
    expect((await screen.findByTestId('metric-value')).textContent).toBe('42.17%');
    expect(screen.getByTestId('metric-interval').textContent).toBe('±4.8');
    expect(screen.getByTestId('metric-figure').getAttribute('title')).toBe('393 answers · 95% interval 37.38 to 47.07');
    const delta = screen.getByTestId('metric-delta');
    expect(delta.getAttribute('data-direction')).toBe('up');
    expect(delta.getAttribute('data-significance')).toBe('not-significant');
    expect(delta.getAttribute('title')).toBe('Not significant: 393 answers');
    expect(within(delta).getByLabelText('Increase (Not significant: 393 answers)')).toBeTruthy();
  });

  it('draws a significant change in its colour, and one resting on too few answers neutral', async () => {
    const stats = (change: object) => ({ 'brand-1': { ...response['brand-1'], mentionRateChangeStats: change } });
    const card = { ...mentionRateCard, delta: { field: 'pctChangeMentionRate', format: 'growth', significance: { field: 'mentionRateChangeStats' } } } as WidgetConfig;
    const significant = { n: 900, previousN: 880, diff: 6, low: 1.5, high: 10.4, significant: true, enoughData: true };
    const { unmount } = renderWidget(card, { fetcher: fakeFetcher({ 'brands.performance.metadata': stats(significant) }).fetcher });
    const delta = await screen.findByTestId('metric-delta');
    expect(delta.getAttribute('data-significance')).toBe('significant');
    expect(delta.getAttribute('title')).toBeNull();
    unmount();
    const few = { n: 12, previousN: 40, diff: null, low: null, high: null, significant: false, enoughData: false };
    renderWidget(card, { fetcher: fakeFetcher({ 'brands.performance.metadata': stats(few) }).fetcher });
    expect((await screen.findByTestId('metric-delta')).getAttribute('title')).toBe('Not enough data: 12 answers');
  });

  it('shows the error copy with a Retry that refetches', async () => {
    let attempts = 0;
    const { fetcher } = fakeFetcher({
      'brands.performance.metadata': () => (++attempts === 1 ? new Error('boom') : response),
    });
    renderWidget(mentionRateCard, { fetcher });
    expect(await screen.findByText('Failed to load data')).toBeTruthy();
    expect(screen.getByText('An error occurred while loading the data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('metric-value').textContent).toBe('42.17%'));
    expect(attempts).toBe(2);
  });

  it('shows the empty copy when the response has no brand', async () => {
    renderWidget(mentionRateCard, { fetcher: fakeFetcher({ 'brands.performance.metadata': {} }).fetcher });
    expect(await screen.findByText('No data available')).toBeTruthy();
  });

  it('sends the resolved body', async () => {
    const f = fakeFetcher({ 'brands.performance.metadata': response });
    renderWidget(mentionRateCard, { fetcher: f.fetcher });
    await screen.findByTestId('metric-value');
    expect(f.calls[0]).toEqual({
      callId: 'brands.performance.metadata',
      input: {
        body: { brandId: 'brand-1', startTime: '2025-03-08T00:00:00.000Z', deltaStartTime: '2025-03-01T00:00:00.000Z', deltaEndTime: '2025-03-08T00:00:00.000Z' },
      },
    });
  });
});

describe('sentiment bands and trend words', () => {
  it('maps scores to bands at the documented boundaries', () => {
    expect(bandFor(60)).toBe('Excellent sentiment');
    expect(bandFor(59)).toBe('Strong positive sentiment');
    expect(bandFor(30)).toBe('Strong positive sentiment');
    expect(bandFor(29)).toBe('Leaning positive sentiment');
    expect(bandFor(10)).toBe('Leaning positive sentiment');
    expect(bandFor(9)).toBe('Neutral sentiment');
    expect(bandFor(-10)).toBe('Neutral sentiment');
    expect(bandFor(-11)).toBe('Negative sentiment, action recommended');
    expect(bandFor(-30)).toBe('Negative sentiment, action recommended');
    expect(bandFor(-31)).toBe('Critical sentiment');
    expect(bandFor(null)).toBeNull();
  });
  it('trend words', () => {
    expect(trendWord(5.1)).toBe('improving');
    expect(trendWord(5)).toBe('steady');
    expect(trendWord(-5)).toBe('steady');
    expect(trendWord(-5.1)).toBe('declining');
    expect(trendWord(null)).toBe('steady');
  });
  it('direction of a change', () => {
    expect([directionOf(1), directionOf(-1), directionOf(0), directionOf(null)]).toEqual(['up', 'down', 'flat', 'flat']);
  });
});

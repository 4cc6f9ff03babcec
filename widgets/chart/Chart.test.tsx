import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import { buildChartSpec, chartSignals, seriesOf, seriesSlots, toggleSeries, visibleRows, DOMAIN_SIGNAL, HIDDEN_SIGNAL, NAMES_SIGNAL, OWN_SIGNAL, LEGEND_COLUMNS_SIGNAL, legendColumns } from './buildSpec';
import { CHART_PALETTE } from './palette';

// Vega itself is not exercised in happy-dom: a stand-in createVegaView records the spec, the rows
// and signals the chart is drawn with, and hands the widget a view that records later updates.
const embeds: Array<{ spec: Record<string, unknown>; view: FakeView }> = [];
class FakeView {
  data = new Map<string, unknown[]>();
  signals = new Map<string, unknown>();
  listeners: Array<(e: unknown, item: unknown) => void> = [];
  runs = 0;
}
let failDraw: Error | null = null;
vi.mock('./vegaView', () => ({
  createVegaView: async (spec: Record<string, unknown>, el: HTMLElement, inputs: { data: Record<string, unknown[]>; signals: Record<string, unknown> }) => {
    if (failDraw) throw failDraw;
    const fake = new FakeView();
    for (const [n, v] of Object.entries(inputs.data)) fake.data.set(n, v);
    for (const [n, v] of Object.entries(inputs.signals)) fake.signals.set(n, v);
    const view = {
      data: (n: string, v: unknown[]) => (fake.data.set(n, v), view),
      signal: (n: string, v: unknown) => (fake.signals.set(n, v), view),
      runAsync: async () => (fake.runs++, view),
      addEventListener: (_t: string, h: (e: unknown, item: unknown) => void) => fake.listeners.push(h),
      removeEventListener: () => {},
      finalize: () => {},
    };
    const drawn = document.createElement('div');
    drawn.setAttribute('data-testid', 'vega');
    el.replaceChildren(drawn);
    embeds.push({ spec, view: fake });
    return view;
  },
}));

const config = valid as unknown as WidgetConfig;

describe('chart widget', () => {
  it('embeds the spec and feeds the data through the view', async () => {
    embeds.length = 0;
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': response }).fetcher });
    await screen.findByTestId('vega');
    // The stand-in records the embed in an effect, which can run after the element is found.
    await vi.waitFor(() => expect(embeds.length).toBeGreaterThan(0));
    const { spec, view } = embeds[embeds.length - 1];
    expect(spec.height).toBe(400);
    // Series colours follow the series signal; the own brand (the selected brand) comes first.
    expect((spec.encoding as Record<string, { scale?: { domain: unknown } }>).color.scale?.domain).toEqual({ expr: DOMAIN_SIGNAL });
    expect(view.signals.get(NAMES_SIGNAL)).toEqual(['Acme', 'Rival']);
    expect(view.signals.get(DOMAIN_SIGNAL)).toEqual(seriesSlots(['Acme', 'Rival'], 'Acme'));
    expect(view.signals.get(OWN_SIGNAL)).toBe('Acme');
    expect(view.data.get('table')).toHaveLength(3);
    // Drawn once with its data: no second run until something changes.
    expect(view.runs).toBe(0);
    expect(screen.getByRole('button', { name: 'Lines (2/2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();

    // A legend click hides that line: the view gets the rows without it and the hidden signal.
    await vi.waitFor(() => expect(view.listeners.length).toBeGreaterThan(0));
    act(() => view.listeners.forEach((h) => h({}, { mark: { role: 'legend-symbol' }, datum: { value: 'Rival' } })));
    await vi.waitFor(() => expect(view.data.get('table')).toHaveLength(2));
    expect(view.signals.get(HIDDEN_SIGNAL)).toEqual(['Rival']);
    expect(view.runs).toBe(1);
    expect(screen.getByRole('button', { name: 'Lines (1/2)' })).toBeTruthy();
  });

  it('lists lines in a dropdown and toggles them', async () => {
    embeds.length = 0;
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': response }).fetcher });
    fireEvent.click(await screen.findByRole('button', { name: 'Lines (2/2)' }));
    const acme = await screen.findByRole('menuitemcheckbox', { name: 'Acme' });
    expect(acme.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(acme);
    await vi.waitFor(() => expect(embeds[embeds.length - 1].view.data.get('table')).toHaveLength(1));
  });

  it('shows the chart error copy', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': new Error('x') }).fetcher });
    expect(await screen.findByText('Failed to load visibility score trend chart')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('a chart that cannot draw shows the card error copy with the reason, and retries', async () => {
    failDraw = new Error('Unrecognized data set: other');
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': response }).fetcher });
    expect(await screen.findByText('Failed to load visibility score trend chart')).toBeTruthy();
    expect(screen.getByText('Unrecognized data set: other')).toBeTruthy();
    failDraw = null;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('vega');
    expect(screen.queryByText('Unrecognized data set: other')).toBeNull();
  });

  it('has a text alternative: a named figure with its data as a table', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': response }).fetcher });
    await screen.findByTestId('vega');
    const table = screen.getByRole('table');
    expect(table.querySelector('caption')?.textContent).toContain((valid as { title: string }).title);
    // A header row and one row per data row, values as displayed.
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(screen.getByRole('figure').getAttribute('aria-label')).toContain((valid as { title: string }).title);
  });

  it('a never-run prompt (rows of zeros) shows the empty copy, not an empty axis', async () => {
    const zeros = JSON.parse(JSON.stringify(response)) as { data: Record<string, Array<{ mentionRate: number }>> };
    for (const points of Object.values(zeros.data)) for (const p of points) p.mentionRate = 0;
    renderWidget({ ...config, emptyUnless: 'mentionRate' } as WidgetConfig, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': zeros }).fetcher });
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.getByRole('figure', { hidden: true }).hidden).toBe(true);
  });

  it('named data sets: each is the rows of a call, fed to the view by name', async () => {
    embeds.length = 0;
    const withSets = { ...config, datasets: { targets: { call: 'brands.performance.targets' } } } as unknown as WidgetConfig;
    const targets = [{ target: 50 }, { target: 60 }];
    renderWidget(withSets, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': response, 'brands.performance.targets': targets }).fetcher });
    await screen.findByTestId('vega');
    await vi.waitFor(() => expect(embeds[embeds.length - 1]?.view.data.get('targets')).toEqual(targets));
    expect(embeds[embeds.length - 1].view.data.get('table')).toHaveLength(3);
  });

  it("a named data set's failed call shows the card's error copy with Retry", async () => {
    const withSets = { ...config, datasets: { targets: { call: 'brands.performance.targets' } } } as unknown as WidgetConfig;
    renderWidget(withSets, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': response, 'brands.performance.targets': new Error('down') }).fetcher });
    expect(await screen.findByText('Failed to load visibility score trend chart')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the empty copy when there are no series', async () => {
    renderWidget(config, { fetcher: fakeFetcher({ 'brands.performance.mention-rate-timeseries': { data: {} } }).fetcher });
    expect(await screen.findByText('No data available')).toBeTruthy();
  });
});

describe('buildChartSpec', () => {
  const base = (valid as unknown as { spec: Record<string, unknown> }).spec;
  it('names the data, fits the width, defaults the height and gives the own brand width 3', () => {
    const spec = buildChartSpec(base, { seriesField: 'brandName' });
    expect(spec.data).toEqual({ name: 'table' });
    expect(spec.width).toBe('container');
    expect(spec.height).toBe(400);
    const enc = spec.encoding as Record<string, Record<string, unknown>>;
    expect(enc.strokeWidth).toEqual({ condition: { test: `datum["brandName"] === ${OWN_SIGNAL}`, value: 3 }, value: 2 });
    expect((enc.color.scale as { range: string[] }).range).toEqual([...CHART_PALETTE]);
    expect((enc.color.scale as { domain: unknown }).domain).toEqual({ expr: DOMAIN_SIGNAL });
    expect(CHART_PALETTE).toHaveLength(15);
    expect((enc.color.legend as { orient: string }).orient).toBe('bottom');
    expect(spec.params).toEqual([
      { name: HIDDEN_SIGNAL, value: [] },
      { name: DOMAIN_SIGNAL, value: [] },
      { name: NAMES_SIGNAL, value: [] },
      { name: OWN_SIGNAL, value: null },
      { name: LEGEND_COLUMNS_SIGNAL, value: 6 },
    ]);
    expect(chartSignals('brandName', { seriesDomain: ['Acme', 'B'], ownSeries: 'Acme' })).toEqual({
      [DOMAIN_SIGNAL]: seriesSlots(['Acme', 'B'], 'Acme'),
      [NAMES_SIGNAL]: ['Acme', 'B'],
      [LEGEND_COLUMNS_SIGNAL]: 6,
      [OWN_SIGNAL]: 'Acme',
      [HIDDEN_SIGNAL]: [],
    });
    expect(chartSignals(undefined, { seriesDomain: ['Acme'] })).toEqual({});
  });
  it('a series keeps its colour slot when another series is added, on any page', () => {
    const before = seriesSlots(['Acme', 'Rival', 'Other'], 'Acme');
    const after = seriesSlots(['Zeta', 'Acme', 'Newcomer', 'Rival', 'Other'], 'Acme');
    expect(before[0]).toBe('Acme');
    for (const name of ['Acme', 'Rival', 'Other']) expect(after.indexOf(name), name).toBe(before.indexOf(name));
    // The same names in another order (another page) give the same colours.
    expect(seriesSlots(['Other', 'Rival', 'Acme'], 'Acme')).toEqual(before);
    // Without an own series, first-seen order no longer decides the colour.
    expect(seriesSlots(['B', 'A'], null).indexOf('A')).toBe(seriesSlots(['A', 'B'], null).indexOf('A'));
  });
  it('the legend wraps into as many columns as fit the card (a phone gets 2, not 6 off the edge)', () => {
    expect(legendColumns(324)).toBe(2);
    expect(legendColumns(1086)).toBe(8);
    expect(chartSignals('s', { seriesDomain: ['A'], width: 324 })[LEGEND_COLUMNS_SIGNAL]).toBe(2);
  });
  it('series helpers', () => {
    const rows = [{ s: 'B' }, { s: 'A' }, { s: 'B' }];
    expect(seriesOf(rows, 's')).toEqual(['B', 'A']);
    expect(seriesOf(rows, 's', 'A')).toEqual(['A', 'B']);
    expect(visibleRows(rows, 's', ['B'])).toEqual([{ s: 'A' }]);
    expect(toggleSeries(['A'], 'A')).toEqual([]);
    expect(toggleSeries([], 'A')).toEqual(['A']);
  });
});

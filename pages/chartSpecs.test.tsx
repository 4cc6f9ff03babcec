import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { parse, View } from 'vega';
import page from './overview.json';
import response from '../widgets/chart/fixtures/response.json';
import { buildChartSpec, chartSignals, collectingLogger, DATA_NAME, HIDDEN_SIGNAL } from '../widgets/chart/buildSpec';
import { chartTemplates, compileCharts } from '../widgets/chart/precompile';
import { specKey } from '../widgets/chart/buildSpec';
import { runTransforms } from '../engine';

// The embedded spec must compile with Vega-Lite and run in a headless Vega view with the data
// and hidden-series signal the widget feeds it.
describe('overview visibility chart spec', () => {
  it('compiles without warnings and runs headless with data and hidden lines', async () => {
    const widget = (page as unknown as { widgets: Record<string, { spec: Record<string, unknown>; data: { transform: never[] } }> }).widgets.visibility;
    const rows = runTransforms(response, widget.data.transform) as Array<Record<string, unknown>>;
    const { logger, warnings } = collectingLogger();
    const spec = buildChartSpec(widget.spec, { seriesField: 'brandName' });
    const compiled = compile(spec as never, { logger: logger as never }).spec;
    expect(warnings).toEqual([]);
    const view = new View(parse(compiled), { renderer: 'none' });
    for (const [name, value] of Object.entries(chartSignals('brandName', { seriesDomain: ['Acme', 'Rival'], ownSeries: 'Acme' }))) view.signal(name, value);
    view.data(DATA_NAME, rows);
    await view.runAsync();
    expect(view.data(DATA_NAME)).toHaveLength(3);
    view.signal(HIDDEN_SIGNAL, ['Rival']);
    view.data(DATA_NAME, rows.filter((r) => r.brandName !== 'Rival'));
    await view.runAsync();
    expect(view.data(DATA_NAME)).toHaveLength(2);
    // The colour scale follows the series signal and the own line is the thick one.
    expect(view.scale('color').domain().filter((d: string) => !d.startsWith('\u0000'))).toEqual(['Acme', 'Rival']);
    view.finalize();
  });

  it('is compiled at build time under the key the widget looks up', async () => {
    const widget = (page as unknown as { widgets: Record<string, { spec: Record<string, unknown>; height?: number; series: { field: string }; time?: unknown }> }).widgets.visibility;
    const templates = chartTemplates(page);
    expect(templates).toHaveLength(1);
    const compiled = await compileCharts([page]);
    const key = specKey(buildChartSpec(widget.spec, { height: widget.height, seriesField: widget.series.field, timeAxis: !!widget.time }));
    expect(Object.keys(compiled)).toEqual([key]);
    const signals = (compiled[key] as { signals: Array<{ name: string }> }).signals.map((s) => s.name);
    expect(signals).toEqual(expect.arrayContaining([HIDDEN_SIGNAL, 'seriesDomain', 'ownSeries']));
  });
});

/** Whether a page has a time-range filter (a window its charts' time axes must span). */
function hasTimeWindow(page: unknown): boolean {
  const controls = (page as { filters?: { controls?: Array<{ type: string }> } }).filters?.controls ?? [];
  return controls.some((c) => c.type === 'timeRange');
}

describe('page charts tell the data as it is', () => {
  const pages = import.meta.glob('./*.json', { eager: true, import: 'default' }) as Record<string, unknown>;
  const charts = Object.entries(pages).flatMap(([file, p]) =>
    Object.entries((p as { widgets?: Record<string, Record<string, unknown>> }).widgets ?? {})
      .filter(([, w]) => w.type === 'chart')
      .map(([id, w]) => ({ name: `${file}#${id}`, widget: w, windowed: hasTimeWindow(p) })),
  );
  const SMOOTHING = ['basis', 'bundle', 'cardinal', 'catmull-rom', 'monotone', 'natural'];

  it('no line invents values between points: linear or step, never a smoothing curve', () => {
    expect(charts.length).toBeGreaterThan(3);
    for (const { name, widget } of charts) {
      const text = JSON.stringify(widget.spec);
      for (const curve of SMOOTHING) expect(text, name).not.toContain(`"interpolate":"${curve}"`);
    }
  });

  it('every chart over time on a page with a time window has its time axis on that window', () => {
    // A page without one (the operations view's fixed last 24 hours) draws its rows' own range.
    expect(charts.some((c) => c.windowed)).toBe(true);
    for (const { name, widget, windowed } of charts) {
      const x = ((widget.spec as { encoding?: { x?: { type?: string; field?: string } } }).encoding ?? {}).x;
      if (x?.type !== 'temporal' || !windowed) continue;
      expect(widget.time, name).toMatchObject({ field: x.field, start: { $window: 'start' }, end: { $window: 'end' } });
    }
  });

  it('share of voice fits its axis to the data (bars near 25 % are not drawn in a 0-100 frame)', async () => {
    const detail = pages['./prompt-detail.json'] as { widgets: Record<string, { spec: Record<string, unknown> }> };
    const spec = buildChartSpec(detail.widgets.shareOfVoice.spec, {});
    const view = new View(parse(compile(spec as never).spec), { renderer: 'none' });
    view.width(600);
    view.data(DATA_NAME, [
      { entityName: 'Acme', entityType: 'brand', currentSov: 24.6 },
      { entityName: 'Rival', entityType: 'competitor', currentSov: 18.1 },
    ]);
    await view.runAsync();
    const [lo, hi] = view.scale('x').domain();
    expect(lo).toBe(0);
    expect(hi).toBeLessThan(50);
    view.finalize();
  });

  it('a never-run prompt shows the share-of-voice empty state, not an axis with a zero bar', () => {
    const detail = pages['./prompt-detail.json'] as { widgets: Record<string, { emptyUnless?: string }> };
    expect(detail.widgets.shareOfVoice.emptyUnless).toBe('currentMentions');
    expect(detail.widgets.shareOfVoiceByProvider.emptyUnless).toBe('currentMentions');
  });

  it('every chart can be exported as SVG', () => {
    const downloadable = charts.filter(({ widget }) => widget.download);
    expect(downloadable.length).toBeGreaterThan(0);
    for (const { name, widget } of downloadable) expect(widget.download, name).toContain('svg');
  });
});

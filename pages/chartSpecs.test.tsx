import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { parse, View } from 'vega';
import page from './overview.json';
import response from '../widgets/chart/fixtures/response.json';
import { buildChartSpec, chartSignals, DATA_NAME, HIDDEN_SIGNAL } from '../widgets/chart/buildSpec';
import { chartTemplates, compileCharts } from '../widgets/chart/precompile';
import { specKey } from '../widgets/chart/buildSpec';
import { runTransforms } from '../engine';

// The embedded spec must compile with Vega-Lite and run in a headless Vega view with the data
// and hidden-series signal the widget feeds it.
describe('overview visibility chart spec', () => {
  it('compiles without warnings and runs headless with data and hidden lines', async () => {
    const widget = (page as unknown as { widgets: Record<string, { spec: Record<string, unknown>; data: { transform: never[] } }> }).widgets.visibility;
    const rows = runTransforms(response, widget.data.transform) as Array<Record<string, unknown>>;
    const warnings: string[] = [];
    const logger = {
      level: () => logger,
      warn: (...a: unknown[]) => (warnings.push(a.join(' ')), logger),
      info: () => logger,
      debug: () => logger,
      error: (...a: unknown[]) => (warnings.push(a.join(' ')), logger),
    };
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
    expect(view.scale('color').domain()).toEqual(['Acme', 'Rival']);
    view.finalize();
  });

  it('is compiled at build time under the key the widget looks up', async () => {
    const widget = (page as unknown as { widgets: Record<string, { spec: Record<string, unknown>; height?: number; series: { field: string } }> }).widgets.visibility;
    const templates = chartTemplates(page);
    expect(templates).toHaveLength(1);
    const compiled = await compileCharts([page]);
    const key = specKey(buildChartSpec(widget.spec, { height: widget.height, seriesField: widget.series.field }));
    expect(Object.keys(compiled)).toEqual([key]);
    const signals = (compiled[key] as { signals: Array<{ name: string }> }).signals.map((s) => s.name);
    expect(signals).toEqual(expect.arrayContaining([HIDDEN_SIGNAL, 'seriesDomain', 'ownSeries']));
  });
});

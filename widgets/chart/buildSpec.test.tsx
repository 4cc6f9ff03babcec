import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { parse, View } from 'vega';
import page from '../../pages/overview.json';
import response from './fixtures/response.json';
import { buildChartSpec, DATA_NAME, HIDDEN_SIGNAL } from './buildSpec';
import { runTransforms } from '../../engine/transforms/run';

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
    const spec = buildChartSpec(widget.spec, { seriesField: 'brandName', seriesDomain: ['Acme', 'Rival'], ownSeries: 'Acme' });
    const compiled = compile(spec as never, { logger: logger as never }).spec;
    expect(warnings).toEqual([]);
    const view = new View(parse(compiled), { renderer: 'none' });
    view.data(DATA_NAME, rows);
    await view.runAsync();
    expect(view.data(DATA_NAME)).toHaveLength(3);
    view.signal(HIDDEN_SIGNAL, ['Rival']);
    view.data(DATA_NAME, rows.filter((r) => r.brandName !== 'Rival'));
    await view.runAsync();
    expect(view.data(DATA_NAME)).toHaveLength(2);
    view.finalize();
  });
});

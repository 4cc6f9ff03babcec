import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { buildChartSpec, collectingLogger } from './buildSpec';

// The embedded spec compiles without vega-lite dropping anything, for the view kinds pages use.
function compileQuietly(spec: Record<string, unknown>): string[] {
  const { logger, warnings } = collectingLogger();
  compile(spec as never, { logger: logger as never });
  return warnings;
}

const x = { field: 'timePeriod', type: 'temporal' };
const y = { field: 'mentionRate', type: 'quantitative' };

describe('embedded spec: layered with composite marks', () => {
  it('an error band under a series line compiles cleanly with the series colours and widths', () => {
    const spec = buildChartSpec(
      { layer: [{ mark: { type: 'errorband', extent: 'ci' } }, { mark: { type: 'line', point: true } }], encoding: { x, y } },
      { seriesField: 'brandName' },
    );
    expect(compileQuietly(spec)).toEqual([]);
    expect(spec.data).toEqual({ name: 'table' });
    expect(spec.width).toBe('container');
  });

  it('with the time axis on the window: every layer gets the window domain', () => {
    const spec = buildChartSpec(
      { layer: [{ mark: { type: 'errorband', extent: 'ci' }, encoding: { x, y } }, { mark: 'line', encoding: { x, y } }] },
      { seriesField: 'brandName', timeAxis: true },
    );
    expect(compileQuietly(spec)).toEqual([]);
    const layers = spec.layer as Array<{ encoding: { x: { scale: { domain: unknown } } } }>;
    for (const l of layers) expect(l.encoding.x.scale.domain).toEqual([{ expr: 'timeStart' }, { expr: 'timeEnd' }]);
  });

  it('an error band with its own bounds (y, y2) beside a line', () => {
    const spec = buildChartSpec({
      layer: [
        { mark: 'errorband', encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
        { mark: 'line', encoding: { x, y } },
      ],
    });
    expect(compileQuietly(spec)).toEqual([]);
  });
});

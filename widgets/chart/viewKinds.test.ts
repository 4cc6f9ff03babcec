import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { parse, View } from 'vega';
import { buildChartSpec, chartSignals, collectingLogger, dataNames, DATA_NAME, isResponsive, vegaTheme, LIGHT_CHART_COLORS, viewKind } from './buildSpec';
import { ChartCompileError, compileCharts } from './precompile';

// Every kind of Vega-Lite view and every data source form, embedded as the widget embeds it,
// compiled without vega-lite dropping anything and drawn headless by Vega with the widget's rows
// fed the way the widget feeds them (only to a data set the spec reads).

type Spec = Record<string, unknown>;
const rows = [
  { cat: 'A', grp: 'x', v: 3, t: '2026-01-01T00:00:00Z', lo: 1, hi: 4 },
  { cat: 'B', grp: 'x', v: 5, t: '2026-01-02T00:00:00Z', lo: 4, hi: 6 },
  { cat: 'A', grp: 'y', v: 2, t: '2026-01-03T00:00:00Z', lo: 1, hi: 3 },
  { cat: 'B', grp: 'y', v: 7, t: '2026-01-04T00:00:00Z', lo: 6, hi: 9 },
];

async function draw(spec: Spec, options: Parameters<typeof buildChartSpec>[1] = {}) {
  const embedded = buildChartSpec(spec, options);
  const { logger, warnings } = collectingLogger();
  const vega = compile(embedded as never, { logger: logger as never }).spec;
  const view = new View(parse(vega, vegaTheme(LIGHT_CHART_COLORS) as never), { renderer: 'none' });
  for (const [n, v] of Object.entries(chartSignals(options.seriesField, { seriesDomain: ['A', 'B'], ownSeries: 'A' }))) view.signal(n, v);
  if (dataNames(vega).has(DATA_NAME)) view.data(DATA_NAME, rows);
  // A container width, as the card gives it.
  if (isResponsive(spec)) view.width(600);
  await view.runAsync();
  const svg = await view.toSVG();
  const counts: Record<string, number> = {};
  const walk = (node: { marktype?: string; items?: unknown[]; role?: string }) => {
    for (const item of node.items ?? []) {
      const it = item as { items?: unknown[] };
      if (node.marktype && node.marktype !== 'group' && !String(node.role ?? '').match(/axis|legend|title|frame/)) counts[node.marktype] = (counts[node.marktype] ?? 0) + 1;
      walk(it as never);
    }
  };
  walk((view.scenegraph() as unknown as { root: never }).root);
  const size = { width: Number(/width="(\d+)"/.exec(svg)?.[1] ?? 0), height: Number(/height="(\d+)"/.exec(svg)?.[1] ?? 0) };
  view.finalize();
  return { embedded, warnings, svg, counts, size, fedRows: dataNames(vega).has(DATA_NAME) };
}

/** Drawn items of a Vega mark type (rect for bars, symbol for points, line, rule, shape, …). */
const marks = (r: { counts: Record<string, number> }, type: string) => r.counts[type] ?? 0;
const x = { field: 'cat', type: 'nominal' };
const y = { field: 'v', type: 'quantitative' };

describe('chart view kinds', () => {
  it('single view: fills the card width and takes the widget height', async () => {
    const r = await draw({ mark: 'bar', encoding: { x, y } }, { height: 250 });
    expect(viewKind(r.embedded)).toBe('single');
    expect(r.embedded.width).toBe('container');
    expect(r.embedded.height).toBe(250);
    expect(r.warnings).toEqual([]);
    expect(marks(r, 'rect')).toBe(4);
  });

  it('layered view drawing the rows (no top-level data): a line over an error band', async () => {
    const r = await draw(
      { layer: [{ mark: 'errorband', encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } }, { mark: 'line' }], encoding: { x: { field: 't', type: 'temporal' }, y } },
      { seriesField: 'cat' },
    );
    expect(r.warnings).toEqual([]);
    expect(r.fedRows).toBe(true);
    // One item per point: a line and a band over the 4 rows.
    expect(marks(r, 'line')).toBe(4);
    expect(marks(r, 'area')).toBe(4);
  });

  it('layered view whose layers bring their own data: the rows are not forced on it', async () => {
    const r = await draw({
      layer: [
        { data: { values: [{ a: 1, b: 2 }, { a: 2, b: 3 }] }, mark: 'point', encoding: { x: { field: 'a', type: 'quantitative' }, y: { field: 'b', type: 'quantitative' } } },
        { data: { values: [{ r: 2 }] }, mark: 'rule', encoding: { y: { field: 'r', type: 'quantitative' } } },
      ],
    });
    expect(r.warnings).toEqual([]);
    expect(r.fedRows).toBe(false);
    expect(marks(r, 'symbol')).toBe(2);
  });

  it('facet operator: keeps its declared cell size (no container width) and draws a cell per group', async () => {
    const r = await draw({ facet: { field: 'grp', type: 'nominal' }, spec: { mark: 'bar', width: 120, encoding: { x, y } } });
    expect(viewKind(r.embedded)).toBe('facet');
    expect(r.embedded.width).toBeUndefined();
    expect(r.warnings).toEqual([]);
    expect(marks(r, 'rect')).toBe(4);
    expect(r.size.width).toBeGreaterThan(0);
  });

  it('row and column encodings facet a single view: no container width', async () => {
    const r = await draw({ mark: 'bar', encoding: { x, y, column: { field: 'grp', type: 'nominal' } } });
    expect(isResponsive({ mark: 'bar', encoding: { column: {} } })).toBe(false);
    expect(r.embedded.width).toBeUndefined();
    expect(r.warnings).toEqual([]);
    expect(marks(r, 'rect')).toBe(4);
    const row = await draw({ mark: 'bar', encoding: { x, y, row: { field: 'grp', type: 'nominal' } } });
    expect(row.warnings).toEqual([]);
    expect(marks(row, 'rect')).toBe(4);
  });

  it('concatenations (hconcat, vconcat, concat) draw every view', async () => {
    for (const key of ['hconcat', 'vconcat', 'concat']) {
      const r = await draw({ [key]: [{ mark: 'bar', encoding: { x, y } }, { mark: 'point', encoding: { x, y } }] });
      expect(viewKind(r.embedded), key).toBe('concat');
      expect(r.warnings, key).toEqual([]);
      expect(marks(r, 'rect'), key).toBe(4);
      expect(marks(r, 'symbol'), key).toBe(4);
    }
  });

  it('repeat draws a view per repeated field', async () => {
    const r = await draw({ repeat: ['v', 'lo'], spec: { mark: 'bar', encoding: { x, y: { field: { repeat: 'repeat' }, type: 'quantitative' } } } });
    expect(viewKind(r.embedded)).toBe('repeat');
    expect(r.warnings).toEqual([]);
    expect(marks(r, 'rect')).toBe(8);
  });

  it('composite marks: boxplot, errorbar', async () => {
    const box = await draw({ mark: 'boxplot', encoding: { x, y } });
    expect(box.warnings).toEqual([]);
    // A box and a median tick per category.
    expect(marks(box, 'rect')).toBe(4);
    const bar = await draw({ mark: { type: 'errorbar', extent: 'stdev' }, encoding: { x, y } });
    expect(bar.warnings).toEqual([]);
    expect(marks(bar, 'rule')).toBe(2);
  });

  it('geo: a geoshape over inline GeoJSON with a projection', async () => {
    const square = { type: 'Feature', properties: { n: 1 }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]] } };
    const r = await draw({ data: { values: { type: 'FeatureCollection', features: [square] }, format: { type: 'json', property: 'features' } }, projection: { type: 'mercator' }, mark: 'geoshape' });
    expect(r.warnings).toEqual([]);
    expect(marks(r, 'shape')).toBe(1);
  });
});

describe('chart data sources', () => {
  it("the call's rows: a spec without data reads the named set the widget feeds", async () => {
    const r = await draw({ mark: 'bar', encoding: { x, y } });
    expect(r.embedded.data).toEqual({ name: DATA_NAME });
    expect(marks(r, 'rect')).toBe(4);
  });

  it('inline data.values: kept and drawn', async () => {
    const r = await draw({ data: { values: [{ cat: 'Q', v: 1 }] }, mark: 'bar', encoding: { x, y } });
    expect((r.embedded.data as { values: unknown[] }).values).toHaveLength(1);
    expect(r.fedRows).toBe(false);
    expect(marks(r, 'rect')).toBe(1);
  });

  it('named data sets: a view reads the rows by name beside a named set of its own', async () => {
    const r = await draw({
      datasets: { targets: [{ target: 4 }] },
      layer: [
        { data: { name: DATA_NAME }, mark: 'bar', encoding: { x, y } },
        { data: { name: 'targets' }, mark: 'rule', encoding: { y: { field: 'target', type: 'quantitative' } } },
      ],
    });
    expect(r.warnings).toEqual([]);
    expect(r.fedRows).toBe(true);
    expect(marks(r, 'rect')).toBe(4);
    expect(marks(r, 'rule')).toBe(1);
  });
});

describe('build-time precompile', () => {
  it('fails with the page, the widget and the reason', async () => {
    const page = { id: 'p', widgets: { good: { type: 'chart', spec: { mark: 'bar' } }, broken: { type: 'chart', spec: { layer: 5 } } } };
    const error = await compileCharts([{ file: 'pages/p.json', page }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChartCompileError);
    expect((error as ChartCompileError).failures).toEqual(["pages/p.json: widget 'broken': spec.layer.map is not a function"]);
  });
});

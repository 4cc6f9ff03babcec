import { describe, expect, it } from 'vitest';
import type { PageContext, Report } from '../context';
import { vegaLite } from './vegaLite';

// The Vega-Lite rule on small specs of each view kind, run on an in-memory page: what it reports
// and where (the path of the offending key or value).

type Found = Report & { rule: string };

async function lintSpec(spec: unknown, widget: Record<string, unknown> = {}): Promise<Found[]> {
  const found: Found[] = [];
  const ctx = {
    page: { id: 'p', widgets: { w: { type: 'chart', title: 'Chart', ...widget, spec } } },
    report: (rule: string, r: Report) => found.push({ rule, ...r }),
  } as unknown as PageContext;
  await vegaLite.check(ctx);
  return found;
}

const t = { field: 't', type: 'temporal' };
const v = { field: 'v', type: 'quantitative' };

describe('vega-lite rule: composite marks', () => {
  it('accepts errorband, errorbar and boxplot, alone and layered', async () => {
    for (const mark of ['errorband', 'errorbar', 'boxplot']) {
      expect(await lintSpec({ mark, encoding: { x: t, y: v } }), mark).toEqual([]);
      expect(await lintSpec({ mark: { type: mark, extent: 'ci' }, encoding: { x: t, y: v } }), mark).toEqual([]);
    }
    const band = { layer: [{ mark: { type: 'errorband', extent: 'ci' } }, { mark: 'line' }], encoding: { x: t, y: v } };
    expect(await lintSpec(band, { series: { field: 'brandName' } })).toEqual([]);
  });

  it('still refuses a misspelt composite mark, with a suggestion', async () => {
    const found = await lintSpec({ layer: [{ mark: 'errorbnd' }, { mark: 'line' }], encoding: { x: t, y: v } });
    expect(found.map((f) => f.message)).toEqual(["unknown Vega-Lite mark 'errorbnd'; did you mean 'errorband'?"]);
    expect(found[0].path).toEqual(['widgets', 'w', 'spec', 'layer', 0, 'mark']);
  });
});

describe('vega-lite rule: mistakes located at the offending key or value', () => {
  const at = (found: Found[]) => found.map((f) => ({ path: f.path.slice(2).join('.'), message: f.message, key: !!f.key, severity: f.severity ?? 'error' }));

  it('misspelt channels, at the channel key', async () => {
    for (const [typo, fix] of [['colour', 'color'], ['X', 'x'], ['opactiy', 'opacity']]) {
      const found = await lintSpec({ mark: 'bar', encoding: { x: t, y: v, [typo]: { field: 'c', type: 'nominal' } } });
      expect(at(found)).toEqual([{ path: `spec.encoding.${typo}`, message: `unknown Vega-Lite channel '${typo}'; did you mean '${fix}'?`, key: true, severity: 'error' }]);
    }
  });

  it('a misspelt channel inside a layer', async () => {
    const found = await lintSpec({ layer: [{ mark: 'line', encoding: { x: t, y: v, stroek: { value: 'red' } } }] });
    expect(at(found)).toEqual([{ path: 'spec.layer.0.encoding.stroek', message: "unknown Vega-Lite channel 'stroek'; did you mean 'stroke'?", key: true, severity: 'error' }]);
  });

  it('marks and field types, at the value', async () => {
    expect(at(await lintSpec({ mark: 'lnie', encoding: { x: t } }))[0]).toMatchObject({ path: 'spec.mark', message: "unknown Vega-Lite mark 'lnie'; did you mean 'line'?" });
    expect(at(await lintSpec({ mark: { type: 'barr' }, encoding: { x: t } }))[0]).toMatchObject({ path: 'spec.mark.type', message: "unknown Vega-Lite mark 'barr'; did you mean 'bar'?" });
    expect(at(await lintSpec({ mark: 'line', encoding: { x: { field: 't', type: 'temprl' } } }))[0]).toMatchObject({
      path: 'spec.encoding.x.type',
      message: "unknown Vega-Lite field type 'temprl'; did you mean 'temporal'?",
    });
  });

  it('aggregate ops in encodings, including the ones vega-lite only warns about', async () => {
    for (const [typo, fix] of [['sume', 'sum'], ['cnt', 'count'], ['avg', 'mean'], ['meen', 'mean']]) {
      const found = await lintSpec({ mark: 'bar', encoding: { x: { field: 'c', type: 'nominal' }, y: { ...v, aggregate: typo } } });
      expect(at(found), typo).toEqual([{ path: 'spec.encoding.y.aggregate', message: `unknown Vega-Lite aggregate op '${typo}'; did you mean '${fix}'?`, key: false, severity: 'error' }]);
    }
  });

  it('ops inside joinaggregate, aggregate and window transforms', async () => {
    const spec = {
      transform: [
        { joinaggregate: [{ op: 'total', field: 'v', as: 'all' }] },
        { aggregate: [{ op: 'avg', field: 'v', as: 'm' }], groupby: ['c'] },
        { window: [{ op: 'row_numbr', as: 'n' }] },
      ],
      mark: 'bar',
      encoding: { x: t, y: v },
    };
    expect(at(await lintSpec(spec))).toEqual([
      { path: 'spec.transform.0.joinaggregate.0.op', message: "unknown Vega-Lite joinaggregate op 'total'; did you mean 'sum'?", key: false, severity: 'error' },
      { path: 'spec.transform.1.aggregate.0.op', message: "unknown Vega-Lite aggregate op 'avg'; did you mean 'mean'?", key: false, severity: 'error' },
      { path: 'spec.transform.2.window.0.op', message: "unknown Vega-Lite window op 'row_numbr'; did you mean 'row_number'?", key: false, severity: 'error' },
    ]);
  });

  it('an unknown transform, at its key', async () => {
    const found = await lintSpec({ transform: [{ calculat: 'datum.v * 2', as: 'w' }], mark: 'bar', encoding: { x: t, y: v } });
    expect(at(found)).toEqual([{ path: 'spec.transform.0.calculat', message: "unknown Vega-Lite transform 'calculat'; did you mean 'calculate'?", key: true, severity: 'error' }]);
  });

  it('a channel vega-lite drops is an error at that channel', async () => {
    const found = await lintSpec({ mark: 'bar', encoding: { x: { field: 'c', type: 'nominal' }, y: v, shape: { field: 'c', type: 'nominal' } } });
    expect(at(found)).toEqual([{ path: 'spec.encoding.shape', message: 'Vega-Lite: shape dropped as it is incompatible with "bar".', key: true, severity: 'error' }]);
    const empty = await lintSpec({ mark: 'bar', encoding: { x: { field: 'c', type: 'nominal' }, y: { type: 'quantitative' } } });
    expect(at(empty)[0]).toMatchObject({ path: 'spec.encoding.y', severity: 'error' });
  });
});

describe('vega-lite rule: the spec as the widget draws it', () => {
  it("accepts each view kind and data form the widget draws: facets, row/column, concat, repeat, own data", async () => {
    const bar = { mark: 'bar', encoding: { x: { field: 'c', type: 'nominal' }, y: v } };
    const specs = [
      { facet: { field: 'g', type: 'nominal' }, spec: bar },
      { ...bar, encoding: { ...bar.encoding, row: { field: 'g', type: 'nominal' } } },
      { ...bar, encoding: { ...bar.encoding, column: { field: 'g', type: 'nominal' } } },
      { hconcat: [bar, bar] },
      { vconcat: [bar, { layer: [bar] }] },
      { repeat: ['a', 'b'], spec: { mark: 'bar', encoding: { x: { field: { repeat: 'repeat' }, type: 'quantitative' }, y: v } } },
      { data: { values: [{ c: 'a', v: 1 }] }, ...bar },
      { layer: [{ data: { values: [{ c: 'a', v: 1 }] }, ...bar }, { data: { values: [{ r: 1 }] }, mark: 'rule', encoding: { y: { field: 'r', type: 'quantitative' } } }] },
      { datasets: { extra: [{ c: 'a', v: 1 }] }, layer: [bar, { data: { name: 'extra' }, ...bar }] },
    ];
    for (const spec of specs) expect(await lintSpec(spec), JSON.stringify(spec)).toEqual([]);
  });

  it('a step-sized view is accepted: the fitting vega-lite drops for it is the widget\'s container width, not the author\'s', async () => {
    const stepped = { data: { values: [{ c: 'a', v: 1 }] }, height: { step: 17 }, mark: 'bar', encoding: { y: { field: 'c', type: 'nominal' }, x: v } };
    expect(await lintSpec(stepped)).toEqual([]);
    // An author's own fitting that vega-lite drops is still reported.
    const found = await lintSpec({ ...stepped, autosize: { type: 'fit' } });
    expect(found.map((f) => f.message)).toContain('Vega-Lite: Dropping "fit-y" because spec has discrete height.');
  });

  it("a width the widget's view kind does not allow is an error", async () => {
    const found = await lintSpec({ mark: 'bar', width: 'container', encoding: { x: t, y: v, row: { field: 'g', type: 'nominal' } } });
    expect(found.map((f) => [f.message, f.severity ?? 'error'])).toEqual([['Vega-Lite: Width "container" only works for single views and layered views.', 'error']]);
  });
});

describe('vega-lite rule: named data sets', () => {
  const bar = { mark: 'bar', encoding: { x: { field: 'c', type: 'nominal' }, y: v } };
  it("a view may read the widget's rows, the spec's datasets and the widget's datasets (calls) by name", async () => {
    const spec = { datasets: { inline: [{ c: 'a', v: 1 }] }, layer: [{ ...bar, data: { name: 'table' } }, { ...bar, data: { name: 'inline' } }, { ...bar, data: { name: 'previous' } }] };
    expect(await lintSpec(spec, { datasets: { previous: { call: 'x.y' } } })).toEqual([]);
  });

  it('a name on data with rows of its own (values, url, generator) names that source and is not a reference', async () => {
    const spec = { layer: [{ data: { sphere: true }, mark: 'geoshape' }, { ...bar, data: { name: 'world', values: [{ c: 'a', v: 1 }] } }, { ...bar, data: { name: 'more', url: 'data/more.json' } }] };
    expect(await lintSpec(spec)).toEqual([]);
  });

  it('an unknown data set name is an error at the name, with a suggestion', async () => {
    const found = await lintSpec({ layer: [{ ...bar, data: { name: 'previos' } }] }, { datasets: { previous: { call: 'x.y' } } });
    expect(found.map((f) => [f.path.slice(2).join('.'), f.message])).toEqual([
      ['spec.layer.0.data.name', `unknown data set 'previos'; did you mean 'previous'? (name the widget's rows "table", or declare it in the widget's "datasets" or the spec's "datasets")`],
    ]);
  });
});

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

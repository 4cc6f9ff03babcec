import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lintPages } from './lint';
import { VALID_PAGE, fixtureOptions } from './testSupport';

// Widgets nested in widgets (a dialog's content) with their own data are checked against their
// own rows, and copy of widgets opened from another widget may use the opener's row fields.

const base = JSON.parse(readFileSync(VALID_PAGE, 'utf8'));

async function lint(page: unknown) {
  return lintPages([{ file: 'nested.json', text: JSON.stringify(page, null, 2) }], fixtureOptions);
}

describe('nested data widgets', () => {
  it("check their fields against their own call's rows", async () => {
    const page = structuredClone(base);
    // the chart kind's spec is free-form: it stands in for a dialog's content here
    page.widgets.trend.spec = {
      content: {
        type: 'table',
        data: { call: 'brands.performance.ranking-list', body: { brandId: { $brand: 'id' }, startTime: { $window: 'start' } } },
        columns: [{ field: 'brandName', label: 'Brand' }, { field: 'brandNme', label: 'Typo' }],
      },
    };
    const d = await lint(page);
    expect(d.map((x) => `${x.rule} ${x.pointer} ${x.message}`)).toEqual([
      "unknown-field /widgets/trend/spec/content/columns/1/field field 'brandNme' is not in the response of 'brands.performance.ranking-list' here; did you mean 'brandName'?",
    ]);
  });

  it('let widgets opened by another widget use row fields in copy', async () => {
    const page = structuredClone(base);
    page.widgets.details = { type: 'metric', title: 'Details of {brandName}', field: 'x' };
    page.widgets.ranking.rowLink = { to: '/app/x', values: { dialog: 'details' } };
    expect((await lint(page)).map((x) => x.rule)).toEqual([]);
    delete page.widgets.ranking.rowLink.values; // now nobody opens it: unplaced, and its copy is strict
    page.layout[0].items.push({ widget: 'details' });
    expect((await lint(page)).map((x) => `${x.rule} ${x.widget}`)).toEqual(['unknown-placeholder details']);
  });
});

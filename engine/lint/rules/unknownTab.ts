import type { PageRule, Report } from '../context';
import { isObject, walk } from '../pageModel';
import { didYouMean } from '../suggest';

// An action's {"tab": {"tabs": "<id>", "label": "<label>"}} switches a layout tab group: the group
// (a tabs item with that id) and a tab with that label must exist, or the button does nothing.

// A tabs item bound to the query ({"query": {"param", "values", "default"}}) maps query values to
// tab labels: every label must be a tab of that item, and the default one of the values, or the
// address opens nothing (a tab without a value cannot be linked to either).

type TabGroups = Map<string, string[]>;

function checkQueryTabs(rows: unknown, path: Report['path'], report: (r: Report) => void): void {
  if (!Array.isArray(rows)) return;
  rows.forEach((row, r) => {
    if (!isObject(row) || !Array.isArray(row.items)) return;
    row.items.forEach((item, i) => {
      if (!isObject(item) || !Array.isArray(item.tabs)) return;
      const at = [...path, r, 'items', i];
      const labels = item.tabs.map((t) => (isObject(t) && typeof t.label === 'string' ? t.label : '')).filter(Boolean);
      const query = item.query;
      if (isObject(query) && isObject(query.values)) {
        const values = query.values as Record<string, unknown>;
        for (const [key, label] of Object.entries(values)) {
          if (typeof label === 'string' && !labels.includes(label)) {
            report({ path: [...at, 'query', 'values', key], message: `query value '${key}' names no tab '${label}';${didYouMean(label, labels) || ` the tabs are ${labels.join(', ')}`}` });
          }
        }
        const keys = Object.keys(values);
        if (typeof query.default === 'string' && !keys.includes(query.default)) {
          report({ path: [...at, 'query', 'default'], message: `default '${query.default}' is not one of the query values;${didYouMean(query.default, keys) || ` they are ${keys.join(', ')}`}` });
        }
        const named = new Set(Object.values(values));
        for (const label of labels) {
          if (!named.has(label)) report({ path: [...at, 'query', 'values'], message: `tab '${label}' has no query value, so no address opens it` });
        }
      }
      item.tabs.forEach((tab, t) => {
        if (isObject(tab)) checkQueryTabs(tab.layout, [...at, 'tabs', t, 'layout'], report);
      });
    });
  });
}

function tabGroups(rows: unknown, out: TabGroups = new Map()): TabGroups {
  if (!Array.isArray(rows)) return out;
  for (const row of rows) {
    if (!isObject(row) || !Array.isArray(row.items)) continue;
    for (const item of row.items) {
      if (!isObject(item) || !Array.isArray(item.tabs)) continue;
      const labels = item.tabs.map((t) => (isObject(t) && typeof t.label === 'string' ? t.label : '')).filter(Boolean);
      if (typeof item.id === 'string') out.set(item.id, labels);
      for (const tab of item.tabs) if (isObject(tab)) tabGroups(tab.layout, out);
    }
  }
  return out;
}

export const unknownTab: PageRule = {
  id: 'unknown-tab',
  description: "An action's 'tab' names a layout tab group (a tabs item id) or a tab label that does not exist; or a query-bound tabs item maps a value to a missing tab, has a default that is not a value, or leaves a tab without a value.",
  scope: 'page',
  check(ctx) {
    if (!ctx.page) return;
    checkQueryTabs(ctx.page.layout, ['layout'], (r) => ctx.report(this.id, r));
    const groups = tabGroups(ctx.page.layout);
    const ids = [...groups.keys()];
    walk(ctx.page.widgets, ['widgets'], (value, path) => {
      if (path[path.length - 1] !== 'tab' || !isObject(value) || typeof value.tabs !== 'string') return;
      const labels = groups.get(value.tabs);
      if (!labels) {
        const hint = ids.length ? didYouMean(value.tabs, ids) || ` tab groups with an id: ${ids.join(', ')}` : ' no tabs item of the layout has an id';
        ctx.report(this.id, { path: [...path, 'tabs'], message: `unknown tab group '${value.tabs}';${hint}` });
      } else if (typeof value.label === 'string' && !labels.includes(value.label)) {
        ctx.report(this.id, { path: [...path, 'label'], message: `tab group '${value.tabs}' has no tab '${value.label}';${didYouMean(value.label, labels) || ` its tabs: ${labels.join(', ')}`}` });
      }
    });
  },
};

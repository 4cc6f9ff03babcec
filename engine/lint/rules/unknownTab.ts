import type { PageRule } from '../context';
import { isObject, walk } from '../pageModel';
import { didYouMean } from '../suggest';

// An action's {"tab": {"tabs": "<id>", "label": "<label>"}} switches a layout tab group: the group
// (a tabs item with that id) and a tab with that label must exist, or the button does nothing.

type TabGroups = Map<string, string[]>;

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
  description: "An action's 'tab' names a layout tab group (a tabs item id) or a tab label that does not exist.",
  scope: 'page',
  check(ctx) {
    if (!ctx.page) return;
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

import { isObject, walk, widgetsOf, type Obj } from './pageModel';
import type { Path } from './source';

/** Every widget id the layout places (rows → items → tabs → layout, recursively), with its path. */
export function layoutRefs(page: Obj | null): { id: string; path: Path }[] {
  const out: { id: string; path: Path }[] = [];
  const rows = (layout: unknown, path: Path) => {
    if (!Array.isArray(layout)) return;
    layout.forEach((row, r) => {
      if (!isObject(row) || !Array.isArray(row.items)) return;
      row.items.forEach((item, i) => {
        if (!isObject(item)) return;
        const itemPath = [...path, r, 'items', i];
        if (typeof item.widget === 'string') out.push({ id: item.widget, path: [...itemPath, 'widget'] });
        if (Array.isArray(item.tabs)) {
          item.tabs.forEach((tab, t) => isObject(tab) && rows(tab.layout, [...itemPath, 'tabs', t, 'layout']));
        }
      });
    });
  };
  if (page) rows(page.layout, ['layout']);
  return out;
}

// A widget another widget opens by id (a dialog, a drawer): a property whose name mentions widget or
// dialog, such as {"opens": {"dialog": "editPrompt"}} or {"widgets": ["a", "b"]}.
const REFERENCING_KEY = /widget|dialog/i;

/** Ids other widgets refer to (besides the layout). Such widgets also get their opener's row. */
export function openedWidgets(page: Obj | null): Set<string> {
  const opened = new Set<string>();
  for (const [id, widget] of widgetsOf(page)) {
    walk(widget, [], (v, path) => {
      const key = [...path].reverse().find((s) => typeof s === 'string');
      if (typeof v === 'string' && typeof key === 'string' && REFERENCING_KEY.test(key) && v !== id) opened.add(v);
    });
  }
  return opened;
}

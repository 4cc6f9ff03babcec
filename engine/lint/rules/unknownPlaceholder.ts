import type { PageRule } from '../context';
import { widgetRows } from '../dataShape';
import { isNestedDataWidget, isObject, isVegaLiteSpec, walk, widgetsOf, type Obj } from '../pageModel';
import { openedWidgets } from '../layoutRefs';
import { lookup } from '../shape';
import { didYouMean } from '../suggest';

// Display copy fills {name} placeholders from the widget's "values" bindings (page title and
// breadcrumb: the page's "values"); row templates such as link targets fill them from the current
// row (widgets opened from another widget, such as dialogs, get the opener's row). A name that is
// neither would show up literally as "{name}" on screen. Where the rows cannot be known, any name
// could be a row field, so only copy of plain widgets placed in the layout is strict.

const PLACEHOLDER = /\{([A-Za-z_][\w.]*)\}/g;

// Copy a widget kind fills itself (the chip that counts hidden items, a treemap tile's name and
// count), by kind and property path inside the widget.
const KIND_PLACEHOLDERS: Record<string, Record<string, string[]>> = {
  cardFeed: { 'card.chips.more': ['count'] },
  table: { 'selection.allLabel': ['total'] },
  treemap: { tileLabel: ['name', 'count'], 'detail.title': ['name', 'count'] },
  cooldownButton: { cooldownLabel: ['time'], successNote: ['time'] },
  toggleList: { 'save.errors.default': ['key', 'label', 'value'], 'save.errors.fallback': ['key', 'label', 'value'], 'save.success': ['key', 'label', 'value'] },
};

export const unknownPlaceholder: PageRule = {
  id: 'unknown-placeholder',
  description: "A {name} placeholder in copy is neither in the 'values' bindings nor a field of the widget's rows.",
  scope: 'page',
  check(ctx) {
    const page = ctx.page;
    if (!page) return;
    const pageValues = isObject(page.values) ? Object.keys(page.values) : [];
    const check = (text: string, path: (string | number)[], known: string[], isKnown: (name: string) => boolean) => {
      for (const m of text.matchAll(PLACEHOLDER)) {
        const name = m[1].split('.')[0];
        if (known.includes(name) || isKnown(name)) continue;
        if (name === 'message' && path.includes('error')) continue; // error copy names the failure
        ctx.report(this.id, { path, message: `placeholder '{${m[1]}}' has no value;${didYouMean(name, known) || ` add "${name}" to "values"`}` });
      }
    };
    const pageCopy: (string | number)[][] = [['title']];
    if (Array.isArray(page.breadcrumb)) page.breadcrumb.forEach((_, i) => pageCopy.push(['breadcrumb', i, 'label']));
    for (const path of pageCopy) {
      let v: unknown = page;
      for (const seg of path) v = isObject(v) || Array.isArray(v) ? (v as Record<string | number, unknown>)[seg] : undefined;
      if (typeof v === 'string') check(v, path, pageValues, () => false);
    }
    const opened = openedWidgets(page);
    const checkWidget = (widget: Obj, base: (string | number)[], lenient: boolean) => {
      const values = isObject(widget.values) ? Object.keys(widget.values) : [];
      const rows = widgetRows(ctx.catalogue, widget);
      // without checkable rows, a widget with data (or one opened from another widget's row) may
      // name any row field: only copy of a plain widget is strict
      const isRowField = (name: string) => (rows ? lookup(rows.row, name).ok : lenient || 'data' in widget);
      // a nested object (a row link, an action) may carry its own "values" for its copy
      const scoped = (path: (string | number)[]): string[] => {
        const names = [...values];
        let node: unknown = widget;
        for (const seg of path.slice(base.length)) {
          node = isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[seg] : undefined;
          if (isObject(node) && isObject(node.values)) names.push(...Object.keys(node.values));
        }
        return names;
      };
      walk(widget, base, (v, path) => {
        const last = path[path.length - 1];
        if (path.length === base.length + 1 && last === 'data') return false;
        if (last === 'values' && isObject(v)) return false;
        if (path.length > base.length && isVegaLiteSpec(v)) return false;
        if (path.length > base.length && isNestedDataWidget(v, path)) {
          checkWidget(v, path, lenient);
          return false;
        }
        if (typeof v === 'string' && v.includes('{')) {
          const own = KIND_PLACEHOLDERS[String(widget.type)]?.[path.slice(base.length).join('.')] ?? [];
          check(v, path, [...scoped(path), ...own], isRowField);
        }
      });
    };
    for (const [id, widget] of widgetsOf(page)) {
      // a wizard's copy reads its own steps' fields and responses: checked by wizard-reference
      if (widget.type === 'wizard') continue;
      checkWidget(widget, ['widgets', id], opened.has(id));
    }
  },
};

import type { PageRule, PageContext } from '../context';
import { isNestedDataWidget, isObject, isVegaLiteSpec, vegaLiteDerivedFields, walk, widgetsOf, type Obj } from '../pageModel';
import { lookup } from '../shape';
import { widgetRows } from '../dataShape';
import { didYouMean } from '../suggest';
import type { Path } from '../source';

// Field references against the call's response schema: each transform step's fields against the
// shape at that step, then every "field" of the widget (at any depth, Vega-Lite encodings
// included) and every {"$row": ...} against the rows the steps produce. A widget nested in another
// (a dialog's content) with its own data is checked against its own rows. Where the response
// schema cannot tell (see shape.ts) the check passes rather than guess. A widget in a table's
// bulkActions or rowActions (or a card grid's card.actions) acts on the table's rows: its {"$row": ...}s are checked against the
// table's rows, while its other fields (disabledWhen on a plan flag) are checked against its own data.

const RULE = 'unknown-field';

function message(p: { field: string; missing: string; available: string[] }, call: string): string {
  const what = p.field === p.missing ? `field '${p.field}'` : `field '${p.field}' ('${p.missing}')`;
  const hint = didYouMean(p.missing, p.available) || (p.available.length ? ` available: ${p.available.slice(0, 15).join(', ')}` : '');
  return `${what} is not in the response of '${call}' here;${hint}`.replace(/;$/, '');
}

type Rows = ReturnType<typeof widgetRows>;

/** Slots of a widget whose widgets act on its rows (a table's bulk bar and row actions column). */
function isRowActionSlot(rel: Path): boolean {
  return rel[0] === 'bulkActions' || (rel[0] === 'rowActions' && rel[1] === 'widgets') || (rel[0] === 'card' && rel[1] === 'actions');
}

/** rowSource: the rows {"$row": ...} reads when they are not the widget's own (a table's, for its actions). */
function checkWidget(ctx: PageContext, widget: Obj, base: Path, rowSource?: Rows): void {
  const callId = isObject(widget.data) && typeof widget.data.call === 'string' ? widget.data.call : '';
  const rows = widgetRows(ctx.catalogue, widget, (i, problems) => {
    for (const p of problems) ctx.report(RULE, { path: [...base, 'data', 'transform', i, ...p.path], message: message(p, callId) });
  });
  const rowRows = rowSource === undefined ? rows : rowSource;
  const check = (name: string, at: Path, extra: Set<string>, source: Rows = rows) => {
    if (!source || extra.has(name)) return;
    const hit = lookup(source.row, name);
    if (!hit.ok) ctx.report(RULE, { path: at, message: message({ field: name, missing: hit.missing, available: hit.available }, source.call) });
  };
  const visit = (value: unknown, path: Path, extra: Set<string>) => {
    walk(value, path, (v, p) => {
      if (p.length === base.length + 1 && p[p.length - 1] === 'data') return false; // checked step by step above
      if (p.length > base.length && isNestedDataWidget(v, p)) {
        checkWidget(ctx, v, p, isRowActionSlot(p.slice(base.length)) ? rows : undefined);
        return false;
      }
      // a toggle list's save reads the toggle it runs for, not the data: checked by toggle-list-row
      if (widget.type === 'toggleList' && p.length === base.length + 1 && p[p.length - 1] === 'save') return false;
      if (p.length > base.length && isObject(v) && typeof v.call === 'string') {
        // an action's own call: its fields are the call's, but {"$row": ...} still reads this row
        walk(v, p, (x, q) => {
          if (q[q.length - 1] === '$row' && typeof x === 'string') check(x, q, extra, rowRows);
        });
        return false;
      }
      // a view (or a whole spec) with data of its own reads those rows, not the call's
      if (p.length > base.length && isObject(v) && isObject(v.data) && (extra.has('__vl') || isVegaLiteSpec(v))) return false;
      if (p.length > base.length && isVegaLiteSpec(v) && extra.size === 0) {
        // fields a Vega-Lite transform creates (calculate/fold/aggregate "as") are not response fields
        visit(v, p, new Set([...vegaLiteDerivedFields(v), '__vl']));
        return false;
      }
      const last = p[p.length - 1];
      if (last === 'field' && typeof v === 'string') check(v, p, extra);
      if (last === '$row' && typeof v === 'string') check(v, p, extra, rowRows);
    });
  };
  visit(widget, base, new Set());
}

export const unknownField: PageRule = {
  id: RULE,
  description: "A field reference names a field the call's response (after the transform steps) does not have.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) checkWidget(ctx, widget, ['widgets', id]);
  },
};

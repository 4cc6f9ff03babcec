import type { PageRule } from '../context';
import { isObject, walk, widgetsOf } from '../pageModel';
import { lookup, type Shape } from '../shape';
import { widgetRows } from '../dataShape';
import type { Path } from '../source';

// An interval or significance binding (schemas/defs/stats.schema.json) names an object of the
// row that the API fills with a figure's statistics: an interval needs n, low and high (RateStats,
// MeanStats), a significance needs significant, enoughData and n (ChangeStats). Binding the figure
// itself ('mentionRate') or another object would show nothing at run time, so it is reported with
// the row's fields that would fit. Where the response schema cannot tell, the check passes.

const RULE = 'stats-binding';

const NEEDS: Record<string, { props: string[]; what: string }> = {
  interval: { props: ['n', 'low', 'high'], what: "an interval (an object with n, low and high, such as a '…Stats' field)" },
  significance: {
    props: ['significant', 'enoughData', 'n'],
    what: "a change's significance (an object with significant, enoughData and n, such as a '…ChangeStats' field)",
  },
};

const fits = (shape: Shape, props: string[]) => shape.kind === 'object' && props.every((p) => Object.hasOwn(shape.props, p));

export const statsBinding: PageRule = {
  id: RULE,
  description:
    "An 'interval' or 'significance' binding names a field that is not a statistics object (n, low, high / significant, enoughData, n) in the widget's rows.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      const rows = widgetRows(ctx.catalogue, widget);
      if (!rows) continue;
      walk(widget, ['widgets', id], (value, path) => {
        const key = path[path.length - 1];
        if (typeof key !== 'string' || !Object.hasOwn(NEEDS, key) || !isObject(value) || typeof value.field !== 'string') return;
        const hit = lookup(rows.row, value.field);
        if (!hit.ok || hit.shape.kind === 'unknown') return; // unknown-field reports a missing field
        const need = NEEDS[key];
        if (fits(hit.shape, need.props)) return;
        const row = rows.row;
        const candidates =
          row.kind === 'object'
            ? Object.entries(row.props)
                .filter(([, s]) => fits(s, need.props))
                .map(([k]) => k)
            : [];
        const at: Path = [...path, 'field'];
        ctx.report(RULE, {
          path: at,
          message: `'${value.field}' is not ${need.what}${candidates.length ? `; fields that are: ${candidates.join(', ')}` : ''}`,
        });
      });
    }
  },
};

import type { PageRule } from '../context';
import { isObject } from '../pageModel';
import { isNumericFormat } from '../../format/numbers';

// A number column reads by its last digits: its values are right-aligned, and its header must sit
// over them. A table column with a number format and no "align": "end" left its header (and its
// values) left-aligned, away from the figures they name.


export const numericAlign: PageRule = {
  id: 'numeric-align',
  description: 'A table column with a number format has no "align": "end", so its header and values do not line up on the right.',
  scope: 'page',
  check(ctx) {
    const visit = (node: unknown, path: Array<string | number>) => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => visit(n, [...path, i]));
        return;
      }
      if (!isObject(node)) return;
      if (node.type === 'table' && Array.isArray(node.columns)) {
        node.columns.forEach((c, i) => {
          if (!isObject(c) || c.align !== undefined || c.position === true || !isNumericFormat(c.format)) return;
          ctx.report(this.id, {
            path: [...path, 'columns', i, 'format'],
            message: `column '${String(c.header ?? c.label ?? c.field)}' shows numbers: add "align": "end" so its header sits over its values`,
          });
        });
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'columns') visit(v, [...path, k]);
    };
    if (isObject(ctx.page?.widgets)) visit(ctx.page.widgets, ['widgets']);
  },
};

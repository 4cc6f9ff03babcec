import type { PageRule } from '../context';
import { isObject, widgetsOf } from '../pageModel';

// Empty, loading and error copy lives in page config, not widget code: a widget with data must
// say what it shows when the call returns nothing or fails, inline or via a copy block with both.
export const missingStates: PageRule = {
  id: 'missing-states',
  description: 'A data widget has no empty/error copy (inline states or a copy block with both).',
  scope: 'page',
  check(ctx) {
    const copy = ctx.page && isObject(ctx.page.copy) ? ctx.page.copy : {};
    for (const [id, widget] of widgetsOf(ctx.page)) {
      if (!('data' in widget)) continue;
      const states = widget.states;
      if (states === undefined) {
        ctx.report(this.id, { path: ['widgets', id], key: true, message: `data widget '${id}' has no "states": name a copy block or give inline empty and error copy` });
        continue;
      }
      if (typeof states === 'string' && isObject(copy[states])) {
        const block = copy[states] as Record<string, unknown>;
        const lacking = ['empty', 'error'].filter((k) => !isObject(block[k]));
        if (lacking.length) {
          ctx.report(this.id, { path: ['widgets', id, 'states'], message: `copy block '${states}' has no ${lacking.map((l) => `'${l}'`).join(' or ')} copy for this data widget` });
        }
      }
    }
  },
};

import type { PageRule } from '../context';
import { isObject, walk, widgetsOf } from '../pageModel';
import { didYouMean } from '../suggest';

// A toggleList saves one toggle at a time with $row = {key, label, value, patch} plus the current
// value of every item by its key; a {"$row": ...} naming anything else would send nothing. Item
// keys must be unique, or two switches would show and save the same setting.

const RULE = 'toggle-list-row';
const FIXED = ['key', 'label', 'value', 'patch'];

export const toggleListRow: PageRule = {
  id: RULE,
  description: "A toggleList's save reads a $row field other than key, label, value, patch or an item's key; or two items share a key.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      if (widget.type !== 'toggleList') continue;
      const items = Array.isArray(widget.items) ? widget.items.filter(isObject) : [];
      const keys = items.map((i) => i.key).filter((k): k is string => typeof k === 'string');
      items.forEach((item, i) => {
        if (typeof item.key === 'string' && keys.indexOf(item.key) !== i) {
          ctx.report(RULE, { path: ['widgets', id, 'items', i, 'key'], message: `duplicate toggle key '${item.key}'` });
        }
      });
      const known = [...FIXED, ...keys];
      walk(widget.save, ['widgets', id, 'save'], (v, path) => {
        if (path[path.length - 1] !== '$row' || typeof v !== 'string' || known.includes(v)) return;
        ctx.report(RULE, { path, message: `'${v}' is not a field of the toggle being saved;${didYouMean(v, known) || ` fields: ${known.join(', ')}`}` });
      });
    }
  },
};

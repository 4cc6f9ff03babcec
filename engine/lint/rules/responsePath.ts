import type { PageRule } from '../context';
import { isObject, walk, widgetsOf } from '../pageModel';
import { lookup, shapeOf } from '../shape';
import { didYouMean } from '../suggest';

// A widget may read one value from another call's answer by {"call": "<id>", "path": "a.b"} (a
// card grid's logo service reads the logo URL template from the app configuration). The path must
// exist in that call's response, or the widget silently gets nothing.

const RULE = 'response-path';

export const responsePath: PageRule = {
  id: RULE,
  description: "A {call, path} reference reads a path the call's response does not have.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      walk(widget, ['widgets', id], (v, path) => {
        if (!isObject(v) || typeof v.call !== 'string' || typeof v.path !== 'string') return;
        const call = ctx.catalogue.calls.get(v.call);
        if (!call || call.response === undefined) return false; // unknown-call reports unknown ids
        const hit = lookup(shapeOf(ctx.catalogue, { schema: call.response, doc: call.doc }), v.path);
        if (!hit.ok) {
          const hint = didYouMean(hit.missing, hit.available) || (hit.available.length ? ` available: ${hit.available.slice(0, 15).join(', ')}` : '');
          ctx.report(RULE, { path: [...path, 'path'], message: `path '${v.path}' ('${hit.missing}') is not in the response of '${v.call}';${hint}`.replace(/;$/, '') });
        }
        return false;
      });
    }
  },
};

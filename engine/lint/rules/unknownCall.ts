import type { PageRule } from '../context';
import { callSites, walk, widgetsOf } from '../pageModel';
import { didYouMean } from '../suggest';

export const unknownCall: PageRule = {
  id: 'unknown-call',
  description: 'A widget or the page record names a call id that is not in schemas/api/calls.',
  scope: 'page',
  check(ctx) {
    const ids = [...ctx.catalogue.calls.keys()];
    // the page's record (the call a detail page is about)
    const record = ctx.page?.record;
    if (record && typeof record === 'object' && !Array.isArray(record) && typeof (record as { call?: unknown }).call === 'string') {
      const call = (record as { call: string }).call;
      if (!ctx.catalogue.calls.has(call)) ctx.report(this.id, { path: ['record', 'call'], message: `unknown call '${call}';${didYouMean(call, ids) || ' see schemas/api/calls'}` });
    }
    for (const [id, widget] of widgetsOf(ctx.page)) {
      for (const { path, site } of callSites(id, widget)) {
        const call = site.call as string;
        if (ctx.catalogue.calls.has(call)) continue;
        ctx.report(this.id, { path: [...path, 'call'], message: `unknown call '${call}';${didYouMean(call, ids) || ' see schemas/api/calls'}` });
      }
      // an action's "revalidate" list names the calls whose data it refetches
      walk(widget, ['widgets', id], (v, path) => {
        if (path[path.length - 1] !== 'revalidate' || !Array.isArray(v)) return;
        v.forEach((call, i) => {
          if (typeof call === 'string' && !ctx.catalogue.calls.has(call)) {
            ctx.report(this.id, { path: [...path, i], message: `unknown call '${call}' to revalidate;${didYouMean(call, ids) || ' see schemas/api/calls'}` });
          }
        });
      });
    }
  },
};

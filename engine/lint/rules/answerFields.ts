import type { PageRule } from '../context';
import { deref } from '../catalogue';
import { isObject, widgetsOf, type Obj } from '../pageModel';
import type { Path } from '../source';
import { didYouMean } from '../suggest';

// A widget that makes its own one-time call (a statusPanel: "call" at the widget's top level, not
// in "data") reads its answer directly: the address parameters it forwards ('urlQuery') must be
// query fields of the call, and the answer fields its panels read ('outcomes[].when[].field',
// 'messageField', 'facts[].field') must be in the call's response. Responses whose schema lists no
// properties are not checked.

const PANELS = ['missing', 'pending', 'otherwise', 'error'];

function propertiesOf(ctx: Parameters<PageRule['check']>[0], schema: unknown, doc: string): string[] | null {
  const located = deref(ctx.catalogue, { schema, doc });
  if (!located || !isObject(located.schema) || !isObject(located.schema.properties)) return null;
  return Object.keys(located.schema.properties);
}

export const answerFields: PageRule = {
  id: 'answer-fields',
  description: "A widget's own call ('call' beside 'urlQuery' / panels): a 'urlQuery' name that is not a query field of the call, or an answer field a panel reads that is not in its response.",
  scope: 'page',
  check(ctx) {
    for (const [id, widget] of widgetsOf(ctx.page)) {
      if (typeof widget.call !== 'string') continue;
      const call = ctx.catalogue.calls.get(widget.call);
      if (!call) continue; // unknown-call reports it
      const base: Path = ['widgets', id];
      const query = call.query === undefined ? [] : (propertiesOf(ctx, call.query, call.doc) ?? null);
      if (Array.isArray(widget.urlQuery) && query !== null) {
        widget.urlQuery.forEach((name, i) => {
          if (typeof name === 'string' && !query.includes(name)) {
            ctx.report(this.id, { path: [...base, 'urlQuery', i], message: `'${name}' is not a query field of '${call.id}';${didYouMean(name, query) || (query.length ? ` its query fields: ${query.join(', ')}` : ' it takes no query')}` });
          }
        });
      }
      const fields = call.response === undefined ? null : propertiesOf(ctx, call.response, call.doc);
      if (!fields) continue;
      const check = (name: unknown, path: Path) => {
        if (typeof name !== 'string' || fields.includes(name.split('.')[0])) return;
        ctx.report(this.id, { path, message: `field '${name}' is not in the response of '${call.id}';${didYouMean(name, fields) || ` available: ${fields.join(', ')}`}` });
      };
      const checkPanel = (panel: unknown, path: Path) => {
        if (!isObject(panel)) return;
        check(panel.messageField, [...path, 'messageField']);
        if (Array.isArray(panel.facts)) panel.facts.forEach((f, i) => isObject(f) && check(f.field, [...path, 'facts', i, 'field']));
      };
      for (const name of PANELS) checkPanel(widget[name], [...base, name]);
      if (Array.isArray(widget.outcomes)) {
        widget.outcomes.forEach((o, i) => {
          if (!isObject(o)) return;
          if (Array.isArray(o.when)) o.when.forEach((c, j) => isObject(c) && check((c as Obj).field, [...base, 'outcomes', i, 'when', j, 'field']));
          checkPanel(o.panel, [...base, 'outcomes', i, 'panel']);
        });
      }
    }
  },
};

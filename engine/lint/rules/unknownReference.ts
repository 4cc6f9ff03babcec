import type { PageRule } from '../context';
import { BINDING_KEYS, SCHEMA_KEYWORDS, filterControls, isObject, routeParams, walk } from '../pageModel';
import { didYouMean } from '../suggest';
import { widgetRows } from '../dataShape';
import { lookup } from '../shape';

// Bindings name things that must exist on this page: a filter control, a route parameter, the
// time window (needs a timeRange filter), a brand/user field, or a row field (only inside row
// templates, never in a request or transform of the widget's own data). A widget prop named
// "filter" holding a string names a filter control too (e.g. the segmented toggle). A condition
// on a choice filter ({"subject": {"$filter": id}, "op": "eq", "value": ...}: visibleWhen, a
// filter step's when) must compare with one of its options, or it silently never holds.

const WINDOW = ['start', 'end', 'deltaStart', 'deltaEnd', 'interval', 'promptInterval', 'monthAgo', 'days'];
const BRAND = ['id', 'name', 'url', 'lastPromptRun', 'logoUrl'];
const USER = ['id', 'name', 'email', 'role', 'profilePicture'];

export const unknownReference: PageRule = {
  id: 'unknown-reference',
  description: 'A binding refers to a filter, route parameter, window value, brand, user or record field or row that does not exist here.',
  scope: 'page',
  defersToSchema: true,
  check(ctx) {
    if (!ctx.page) return;
    const controls = filterControls(ctx.page);
    const filterIds = controls.map((c) => c.id).filter((id): id is string => typeof id === 'string');
    const hasTimeRange = controls.some((c) => c.type === 'timeRange');
    const params = routeParams(ctx.page);
    // {"$record": "field"} needs a page-level record; its field must be in the record call's response
    const recordSpec = isObject(ctx.page.record) ? ctx.page.record : null;
    const recordRows = recordSpec ? widgetRows(ctx.catalogue, { data: recordSpec }) : null;
    const choiceOptions = new Map<string, string[]>();
    for (const c of controls) {
      if (c.type === 'choice' && typeof c.id === 'string' && Array.isArray(c.options)) {
        choiceOptions.set(c.id, c.options.map((o) => (isObject(o) ? String(o.value) : String(o))));
      }
    }
    walk(ctx.page, [], (value, path) => {
      if (isObject(value) && isObject(value.subject) && typeof value.subject.$filter === 'string' && 'value' in value) {
        const filterId = value.subject.$filter;
        const options = choiceOptions.get(filterId);
        const compared = value.op === 'in' || value.op === 'nin' ? value.value : [value.value];
        if (options && Array.isArray(compared) && ['eq', 'ne', 'in', 'nin'].includes(String(value.op ?? 'eq'))) {
          compared.forEach((v, i) => {
            if (typeof v !== 'string' || options.includes(v)) return;
            const at = value.op === 'in' || value.op === 'nin' ? [...path, 'value', i] : [...path, 'value'];
            ctx.report(this.id, { path: at, message: `'${v}' is not an option of filter '${filterId}';${didYouMean(v, options) || ` its options are ${options.join(', ')}`}` });
          });
        }
      }
      // a widget prop "filter": "<control id>" (a segmented toggle driving a choice filter)
      // (a Vega-Lite spec's {"filter": "datum.x > 1"} transform is not a prop)
      if (typeof value === 'string' && path[0] === 'widgets' && path[2] !== 'data' && !path.includes('spec') && path[path.length - 1] === 'filter' && !filterIds.includes(value)) {
        const hint = filterIds.length ? didYouMean(value, filterIds) || ` this page's filters are ${filterIds.join(', ')}` : ' this page has no filters';
        ctx.report(this.id, { path, message: `unknown filter '${value}';${hint}` });
      }
      if (!isObject(value)) return;
      const inData = path[0] === 'widgets' && path[2] === 'data';
      for (const key of Object.keys(value)) {
        if (!key.startsWith('$') || SCHEMA_KEYWORDS.has(key)) continue;
        const name = value[key];
        const at = [...path, key];
        if (!(BINDING_KEYS as readonly string[]).includes(key)) {
          ctx.report(this.id, { path: at, key: true, message: `unknown binding '${key}';${didYouMean(key, BINDING_KEYS) || ` bindings are ${BINDING_KEYS.join(', ')}`}` });
          continue;
        }
        if (typeof name !== 'string') continue; // the schema reports the type
        switch (key) {
          case '$filter':
            if (!filterIds.includes(name)) {
              const hint = filterIds.length ? didYouMean(name, filterIds) || ` this page's filters are ${filterIds.join(', ')}` : ' this page has no filters';
              ctx.report(this.id, { path: at, message: `unknown filter '${name}';${hint}` });
            }
            break;
          case '$param':
            if (!params.includes(name)) {
              const hint = params.length ? didYouMean(name, params) || ` the route's parameters are ${params.join(', ')}` : ' the route has no parameters';
              ctx.report(this.id, { path: at, message: `unknown route parameter '${name}';${hint}` });
            }
            break;
          case '$window':
            if (!WINDOW.includes(name)) ctx.report(this.id, { path: at, message: `unknown window value '${name}';${didYouMean(name, WINDOW) || ` expected one of ${WINDOW.join(', ')}`}` });
            else if (!hasTimeRange) ctx.report(this.id, { path: at, message: `'$window' needs a timeRange filter on the page` });
            break;
          case '$brand':
            if (!BRAND.includes(name)) ctx.report(this.id, { path: at, message: `unknown brand field '${name}';${didYouMean(name, BRAND) || ` expected one of ${BRAND.join(', ')}`}` });
            break;
          case '$user':
            if (!USER.includes(name)) ctx.report(this.id, { path: at, message: `unknown user field '${name}';${didYouMean(name, USER) || ` expected one of ${USER.join(', ')}`}` });
            break;
          case '$record':
            if (!recordSpec) ctx.report(this.id, { path: at, message: `'$record' needs a page-level "record" (the call the page is about)` });
            else if (path[0] === 'record') ctx.report(this.id, { path: at, message: `'$record' cannot be used in the record's own request` });
            else if (recordRows) {
              const hit = lookup(recordRows.row, name);
              if (!hit.ok) ctx.report(this.id, { path: at, message: `'${name}' is not a field of the record ('${recordRows.call}');${didYouMean(hit.missing, hit.available) || ` its fields: ${hit.available.join(', ')}`}` });
            }
            break;
          case '$row':
            if (path[0] !== 'widgets' || inData) {
              ctx.report(this.id, { path: at, message: `'$row' is only available in row templates (links, actions), not ${inData ? "in the widget's data" : 'outside widgets'}` });
            }
            break;
        }
      }
    });
  },
};

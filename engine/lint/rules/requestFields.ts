import type { PageRule } from '../context';
import { deref, type ApiCall, type Catalogue } from '../catalogue';
import { bindingKeyOf, callSites, filterControls, isObject, widgetsOf, type Obj } from '../pageModel';
import { didYouMean } from '../suggest';
import type { Path } from '../source';

// Request parts (body, params, query) against the call's request schemas: fields the server would
// refuse (bodies are additionalProperties:false), required fields left out, and literal values of
// the wrong type or outside an enum, and bindings whose values cannot fit (an interval that can be
// 'month' for a call taking hour/day/week, a list filter for a string field). $row is not checked.

const PARTS = ['body', 'params', 'query'] as const;

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** What a binding can resolve to: its JSON types and, where fixed, its possible values. */
function bindingOutput(binding: Obj, controls: Obj[]): { types: string[]; values?: string[] } | null {
  if (typeof binding.$window === 'string') {
    if (binding.$window === 'interval') return { types: ['string'], values: ['hour', 'day', 'week', 'month'] };
    if (binding.$window === 'promptInterval') return { types: ['string'], values: ['hour', 'day', 'week'] };
    if (binding.$window === 'days') return { types: ['integer'] };
    return { types: ['string'] };
  }
  if (typeof binding.$filter === 'string') {
    const control = controls.find((c) => c.id === binding.$filter);
    if (!control) return null;
    if (control.type === 'providers' || control.type === 'locations') return { types: binding.as === 'list' ? ['array'] : ['array', 'null'] };
    if (control.type === 'choice') {
      const options = Array.isArray(control.options) ? control.options.map((o) => (isObject(o) ? o.value : o)).filter((o): o is string => typeof o === 'string') : [];
      return { types: ['string'], values: options };
    }
    return null;
  }
  if (typeof binding.$param === 'string' || typeof binding.$user === 'string') return { types: ['string'] };
  if (typeof binding.$brand === 'string') return { types: binding.$brand === 'id' || binding.$brand === 'name' ? ['string'] : ['string', 'null'] };
  return null; // $row / $record: the field could be anything
}

function bindingProblem(catalogue: Catalogue, doc: string, schema: unknown, binding: Obj, controls: Obj[]): string | null {
  const out = bindingOutput(binding, controls);
  const resolved = deref(catalogue, { schema, doc });
  if (!out || !resolved || !isObject(resolved.schema)) return null;
  const s = resolved.schema;
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : [];
  const what = Object.keys(binding).find((k) => k.startsWith('$'));
  const name = `{"${what}": "${String(binding[what as string])}"}`;
  if (types.length) {
    // null is only worth flagging when the binding gives nothing else (a nullable list is common and the
    // server treats null as "all")
    const bad = out.types.filter((t) => t !== 'null' && !(types.includes(t) || (t === 'integer' && types.includes('number'))));
    if (bad.length) return `is ${types.join(' or ')}, but ${name} gives ${out.types.join(' or ')}`;
    if (out.types.includes('null') && !types.includes('null') && out.types.length === 1) return `is ${types.join(' or ')}, but ${name} gives null`;
  }
  if (Array.isArray(s.enum) && !out.values && !s.enum.some((e) => out.types.includes(e === null ? 'null' : typeof e === 'number' ? (Number.isInteger(e) ? 'integer' : 'number') : typeof e))) {
    return `accepts ${(s.enum as unknown[]).map((e) => JSON.stringify(e)).join(', ')}, but ${name} gives ${out.types.join(' or ')}`;
  }
  if (Array.isArray(s.enum) && out.values) {
    const outside = out.values.filter((v) => !(s.enum as unknown[]).includes(v));
    if (outside.length) return `accepts ${(s.enum as unknown[]).map((e) => JSON.stringify(e)).join(', ')}, but ${name} can give ${outside.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return null;
}

function literalProblem(catalogue: Catalogue, doc: string, schema: unknown, value: unknown): string | null {
  if (bindingKeyOf(value)) return null;
  const resolved = deref(catalogue, { schema, doc });
  if (!resolved || !isObject(resolved.schema)) return null;
  const s = resolved.schema;
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    return `must be one of ${s.enum.map((e) => JSON.stringify(e)).join(', ')}`;
  }
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : [];
  if (types.length) {
    const t = jsonType(value);
    const ok = types.includes(t) || (t === 'integer' && types.includes('number'));
    if (!ok) return `must be ${types.join(' or ')}, got ${t}`;
  }
  return null;
}

/** Path parameters a call's path declares (':id'), for calls without a params schema. */
function pathParams(call: ApiCall): string[] {
  return call.path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
}

export const requestFields: PageRule = {
  id: 'request-fields',
  description: "A call's body/params/query has fields its request schema does not know, misses required ones, or has a literal of the wrong type.",
  scope: 'page',
  check(ctx) {
    const controls = filterControls(ctx.page);
    // every widget's call sites, plus the page's record (the call a detail page is about)
    const sites: { path: Path; site: Obj }[] = widgetsOf(ctx.page).flatMap(([id, widget]) => callSites(id, widget));
    if (isObject(ctx.page?.record) && typeof ctx.page.record.call === 'string') sites.push({ path: ['record'], site: ctx.page.record });
    {
      for (const { path, site } of sites) {
        const call = ctx.catalogue.calls.get(site.call as string);
        if (!call) continue;
        for (const part of PARTS) {
          const given = site[part];
          const partPath: Path = [...path, part];
          let schema = call[part] === undefined ? undefined : deref(ctx.catalogue, { schema: call[part], doc: call.doc });
          if (part === 'params' && call.params === undefined && pathParams(call).length) {
            const names = pathParams(call);
            schema = { schema: { type: 'object', required: names, additionalProperties: false, properties: Object.fromEntries(names.map((n) => [n, {}])) }, doc: call.doc };
          }
          if (!schema || !isObject(schema.schema)) {
            if (isObject(given) && Object.keys(given).length > 0) {
              ctx.report(this.id, { path: partPath, key: true, message: `call '${call.id}' takes no ${part}` });
            }
            continue;
          }
          const s = schema.schema as Obj;
          const props = isObject(s.properties) ? s.properties : {};
          const closed = s.additionalProperties === false;
          const values = isObject(given) ? given : {};
          for (const [name, value] of Object.entries(values)) {
            if (!Object.hasOwn(props, name)) {
              if (closed) {
                ctx.report(this.id, {
                  path: [...partPath, name],
                  key: true,
                  message: `'${name}' is not a ${part} field of call '${call.id}';${didYouMean(name, Object.keys(props)) || ` its fields: ${Object.keys(props).join(', ') || 'none'}`}`,
                });
              }
              continue;
            }
            const problem = bindingKeyOf(value)
              ? bindingProblem(ctx.catalogue, schema.doc, props[name], value as Obj, controls)
              : literalProblem(ctx.catalogue, schema.doc, props[name], value);
            if (problem) ctx.report(this.id, { path: [...partPath, name], message: `${part} field '${name}' of call '${call.id}' ${problem}` });
          }
          const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
          const missing = required.filter((r) => !Object.hasOwn(values, r));
          if (missing.length) {
            ctx.report(this.id, {
              path: isObject(given) ? partPath : path,
              key: true,
              message: `call '${call.id}' requires ${part} field${missing.length > 1 ? 's' : ''} ${missing.map((m) => `'${m}'`).join(', ')}`,
            });
          }
        }
      }
    }
  },
};

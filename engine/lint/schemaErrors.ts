import type { ErrorObject } from 'ajv';
import { didYouMean } from './suggest';
import { pathOfPointer, type Path } from './source';
import type { Report } from './context';

// Ajv errors rewritten as located, readable reports. Discriminated unions are if/then chains, so
// only the matching branch reports; the chains' own "must match then schema" echoes are dropped.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function show(value: unknown): string {
  const s = JSON.stringify(value);
  return s === undefined ? String(value) : s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function list(values: unknown[]): string {
  const shown = values.slice(0, 12).map((v) => (typeof v === 'string' ? `'${v}'` : show(v)));
  return shown.join(', ') + (values.length > 12 ? `, … (${values.length - 12} more)` : '');
}

function describe(e: ErrorObject, path: Path): { message: string; path: Path; key?: boolean } {
  const p = e.params as Record<string, unknown>;
  const last = path[path.length - 1];
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const allowed = isObject(e.parentSchema) && isObject(e.parentSchema.properties) ? Object.keys(e.parentSchema.properties) : [];
      return { path: [...path, name], key: true, message: `unknown property '${name}';${didYouMean(name, allowed) || (allowed.length ? ` allowed: ${list(allowed)}` : '')}`.replace(/;$/, '') };
    }
    case 'required':
      return { path, message: `missing required property '${String(p.missingProperty)}'` };
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues : [];
      const hint = typeof e.data === 'string' ? didYouMean(e.data, allowed.filter((a): a is string => typeof a === 'string')) : '';
      const what = last === 'type' ? 'unknown type' : 'unknown value';
      return { path, message: `${what} ${show(e.data)};${hint || ` expected one of ${list(allowed)}`}` };
    }
    case 'const':
      return { path, message: `must be ${show(p.allowedValue)}, got ${show(e.data)}` };
    case 'type':
      return { path, message: `must be ${String(p.type).replace(/,/g, ' or ')}, got ${Array.isArray(e.data) ? 'array' : e.data === null ? 'null' : typeof e.data}` };
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
    case 'maxLength':
    case 'minLength':
    case 'maxItems':
    case 'minItems':
      return { path, message: `${e.message ?? e.keyword}, got ${show(e.data)}` };
    case 'pattern':
      return { path, message: `${show(e.data)} must match ${String(p.pattern)}` };
    default:
      return { path, message: e.message ?? `fails ${e.keyword}` };
  }
}

export function schemaReports(errors: readonly ErrorObject[] | null | undefined): Report[] {
  if (!errors) return [];
  const out: Report[] = [];
  const seen = new Set<string>();
  const push = (r: Report) => {
    const k = JSON.stringify([r.path, r.message]);
    if (seen.has(k)) return;
    seen.add(k);
    out.push(r);
  };
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    if (e.propertyName !== undefined && e.keyword !== 'propertyNames') continue; // merged below
    const path = pathOfPointer(e.instancePath);
    if (e.keyword === 'propertyNames') {
      const name = String((e.params as Record<string, unknown>).propertyName);
      const inner = errors.find((i) => i.propertyName === name && i.instancePath === e.instancePath && i.keyword !== 'propertyNames');
      const allowed = inner?.keyword === 'enum' ? ((inner.params as Record<string, unknown>).allowedValues as unknown[]) : null;
      const message = allowed
        ? `unknown property '${name}';${didYouMean(name, allowed.map(String)) || ` expected one of ${list(allowed)}`}`
        : inner?.keyword === 'pattern'
          ? `property name '${name}' must match ${String((inner.params as Record<string, unknown>).pattern)}`
          : `invalid property name '${name}'`;
      push({ path: [...path, name], key: true, message });
      continue;
    }
    push(describe(e, path));
  }
  return out;
}

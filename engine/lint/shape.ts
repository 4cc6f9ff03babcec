import { deref, type Catalogue, type Located } from './catalogue';

// The shape of a call's response as far as the schema tells, used to check field references.
// Lenient by design: wherever the schema cannot say (no properties listed, an unresolvable $ref,
// a union of unlike branches, a cycle), the shape is 'unknown' and every reference into it passes.

export type Shape =
  | { kind: 'unknown' }
  | { kind: 'scalar' }
  | { kind: 'array'; items: Shape }
  | {
      kind: 'object';
      props: Record<string, Shape>;
      /** value shape of a keyed map (additionalProperties / patternProperties schema) */
      extra: Shape | null;
      /** true when props list every field (no map part) */
      closed: boolean;
    };

export const UNKNOWN: Shape = { kind: 'unknown' };
const SCALAR: Shape = { kind: 'scalar' };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function objectShape(props: Record<string, Shape>, extra: Shape | null = null): Shape {
  return { kind: 'object', props, extra, closed: extra === null };
}

export function merge(a: Shape, b: Shape): Shape {
  if (a.kind === 'unknown' || b.kind === 'unknown') return UNKNOWN;
  if (a.kind === 'scalar' && b.kind === 'scalar') return SCALAR;
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', items: merge(a.items, b.items) };
  if (a.kind === 'object' && b.kind === 'object') {
    const props: Record<string, Shape> = Object.assign(Object.create(null), a.props);
    for (const [k, v] of Object.entries(b.props)) props[k] = Object.hasOwn(props, k) ? merge(props[k], v) : v;
    const extra = a.extra && b.extra ? merge(a.extra, b.extra) : (a.extra ?? b.extra);
    return { kind: 'object', props, extra, closed: a.closed && b.closed };
  }
  return UNKNOWN;
}

function typesOf(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return [];
}

/** Shape of a JSON Schema node (following $refs through the catalogue's documents). */
export function shapeOf(catalogue: Catalogue, located: Located, depth = 0): Shape {
  if (depth > 24) return UNKNOWN;
  const resolved = deref(catalogue, located);
  if (!resolved || !isObject(resolved.schema)) return UNKNOWN;
  const schema = resolved.schema;
  const doc = resolved.doc;
  const sub = (s: unknown) => shapeOf(catalogue, { schema: s, doc }, depth + 1);

  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length) {
      // null branches only make the value nullable; they add no fields
      const shapes = branches
        .filter((b) => !(isObject(b) && b.type === 'null'))
        .map(sub);
      if (shapes.length === 0) return SCALAR;
      return shapes.reduce(merge);
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    // allOf of objects: the fields of every part
    const parts = schema.allOf.map(sub);
    return parts.reduce((a, b) => (a.kind === 'object' && b.kind === 'object' ? mergeAll(a, b) : a.kind === 'unknown' ? b : a));
  }

  const types = typesOf(schema).filter((t) => t !== 'null');
  const hasProps = isObject(schema.properties);
  if (types.includes('array') || (types.length === 0 && 'items' in schema)) {
    return { kind: 'array', items: 'items' in schema && !Array.isArray(schema.items) ? sub(schema.items) : UNKNOWN };
  }
  if (types.includes('object') || hasProps || 'additionalProperties' in schema || 'patternProperties' in schema) {
    const props: Record<string, Shape> = Object.create(null);
    if (hasProps) for (const [k, v] of Object.entries(schema.properties as object)) props[k] = sub(v);
    let extra: Shape | null = null;
    if (isObject(schema.additionalProperties)) extra = sub(schema.additionalProperties);
    if (isObject(schema.patternProperties)) {
      for (const v of Object.values(schema.patternProperties)) extra = extra ? merge(extra, sub(v)) : sub(v);
    }
    // An object that lists no fields and no map part could hold anything.
    if (!hasProps && extra === null) return UNKNOWN;
    return { kind: 'object', props, extra, closed: extra === null };
  }
  if (types.length > 0 && types.every((t) => t !== 'object' && t !== 'array')) return SCALAR;
  if ('const' in schema || 'enum' in schema) return SCALAR;
  return UNKNOWN;
}

function mergeAll(a: Shape & { kind: 'object' }, b: Shape & { kind: 'object' }): Shape {
  return { kind: 'object', props: { ...a.props, ...b.props }, extra: a.extra ?? b.extra, closed: a.closed && b.closed };
}

export type Lookup = { ok: true; shape: Shape } | { ok: false; missing: string; available: string[] };

/** The shape at a dotted path inside a record shape, or which segment is missing. */
export function lookup(shape: Shape, path: string): Lookup {
  let current = shape;
  for (const segment of path.split('.')) {
    if (current.kind === 'unknown') return { ok: true, shape: UNKNOWN };
    if (current.kind === 'array') {
      // a numeric segment indexes a list; anything else cannot be checked
      if (/^\d+$/.test(segment)) {
        current = current.items;
        continue;
      }
      return { ok: true, shape: UNKNOWN };
    }
    if (current.kind === 'scalar') return { ok: false, missing: segment, available: [] };
    if (Object.hasOwn(current.props, segment)) current = current.props[segment];
    else if (current.extra) current = current.extra;
    else if (current.closed) return { ok: false, missing: segment, available: Object.keys(current.props) };
    else return { ok: true, shape: UNKNOWN };
  }
  return { ok: true, shape: current };
}

/** What a row of this data looks like: list items, a map's values, or the record itself. */
export function rowShape(shape: Shape): Shape {
  if (shape.kind === 'array') return shape.items;
  if (shape.kind === 'object' && Object.keys(shape.props).length === 0 && shape.extra) return rowShape(shape.extra);
  return shape;
}

import { lookup, merge, rowShape, objectShape, UNKNOWN, type Shape } from './shape';
import type { Path } from './source';

// Runs the transform steps of docs/page-format.md over a response *shape* instead of data, so field
// references in each step are checked against the fields that exist at that step. Steps the shape
// cannot follow produce 'unknown' and the checks after them pass (lenient, never a false alarm).

export interface FieldProblem {
  /** path inside the step, e.g. ['where', 0, 'field'] */
  path: Path;
  field: string;
  missing: string;
  available: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies fn to each row: the items of a list, or the record itself. */
function mapRows(shape: Shape, fn: (row: Shape) => Shape): Shape {
  if (shape.kind === 'array') return { kind: 'array', items: fn(shape.items) };
  if (shape.kind === 'object') return fn(shape);
  return UNKNOWN;
}

function withField(row: Shape, name: string, value: Shape): Shape {
  if (row.kind !== 'object') return row;
  return { ...row, props: { ...row.props, [name]: value } };
}

function valuesOf(shape: Shape): Shape {
  if (shape.kind === 'array') return shape.items;
  if (shape.kind !== 'object') return UNKNOWN;
  const parts = Object.values(shape.props);
  if (shape.extra) parts.push(shape.extra);
  return parts.length ? parts.reduce(merge) : UNKNOWN;
}

export function applyStep(shape: Shape, step: unknown, problems: FieldProblem[]): Shape {
  if (!isObject(step)) return UNKNOWN;
  const check = (row: Shape, field: unknown, path: Path): Shape => {
    if (typeof field !== 'string') return UNKNOWN;
    const hit = lookup(row, field);
    if (hit.ok) return hit.shape;
    problems.push({ path, field, missing: hit.missing, available: hit.available });
    return UNKNOWN;
  };
  const row = rowShape(shape);
  switch (step.type) {
    case 'get':
      return typeof step.path === 'string' ? check(shape, step.path, ['path']) : UNKNOWN;
    case 'firstValue':
      return valuesOf(shape);
    case 'values':
      return { kind: 'array', items: valuesOf(shape) };
    case 'entries': {
      const value = valuesOf(shape);
      const key = typeof step.keyAs === 'string' ? step.keyAs : null;
      if (value.kind !== 'object' || !key) return { kind: 'array', items: UNKNOWN };
      return { kind: 'array', items: withField(value, key, { kind: 'scalar' }) };
    }
    case 'unnest': {
      const source = typeof step.path === 'string' ? check(shape, step.path, ['path']) : shape;
      const lists = valuesOf(source);
      const key = typeof step.keyAs === 'string' ? step.keyAs : null;
      const item = lists.kind === 'array' ? lists.items : UNKNOWN;
      return { kind: 'array', items: key && item.kind === 'object' ? withField(item, key, { kind: 'scalar' }) : UNKNOWN };
    }
    case 'filter':
      if (Array.isArray(step.where)) step.where.forEach((c, i) => isObject(c) && check(row, c.field, ['where', i, 'field']));
      return shape;
    case 'sort':
      if (Array.isArray(step.by)) step.by.forEach((k, i) => isObject(k) && check(row, k.field, ['by', i, 'field']));
      return shape;
    case 'limit':
      return shape;
    case 'groupBy':
      check(row, step.field, ['field']);
      return shape.kind === 'array' ? objectShape({}, shape) : UNKNOWN;
    case 'rename': {
      if (!isObject(step.fields)) return UNKNOWN;
      const fields = step.fields;
      for (const old of Object.keys(fields)) check(row, old, ['fields', old]);
      return mapRows(shape, (r) => {
        if (r.kind !== 'object') return r;
        const props: Record<string, Shape> = Object.create(null);
        for (const [k, v] of Object.entries(r.props)) props[Object.hasOwn(fields, k) && typeof fields[k] === 'string' ? (fields[k] as string) : k] = v;
        return { ...r, props };
      });
    }
    case 'derive': {
      if (Array.isArray(step.args)) step.args.forEach((a, i) => isObject(a) && 'field' in a && check(row, a.field, ['args', i, 'field']));
      const name = typeof step.field === 'string' ? step.field : null;
      return name ? mapRows(shape, (r) => withField(r, name, { kind: 'scalar' })) : shape;
    }
    case 'pick': {
      if (!Array.isArray(step.fields)) return UNKNOWN;
      const names = step.fields.filter((f): f is string => typeof f === 'string');
      step.fields.forEach((f, i) => check(row, f, ['fields', i]));
      return mapRows(shape, (r) => {
        if (r.kind !== 'object') return r;
        const props: Record<string, Shape> = Object.create(null);
        for (const n of names) props[n] = lookup(r, n).ok ? (lookup(r, n) as { shape: Shape }).shape : UNKNOWN;
        return objectShape(props);
      });
    }
    case 'flatten': {
      // one row per item of the nested list at path, parent fields copied on under new names
      const list = typeof step.path === 'string' ? check(row, step.path, ['path']) : UNKNOWN;
      const parent = isObject(step.parentFields) ? step.parentFields : {};
      const inherited: Record<string, Shape> = Object.create(null);
      for (const [from, to] of Object.entries(parent)) {
        const hit = check(row, from, ['parentFields', from]);
        if (typeof to === 'string') inherited[to] = hit;
      }
      const item = list.kind === 'array' ? list.items : UNKNOWN;
      if (item.kind === 'scalar') return { kind: 'array', items: objectShape({ ...inherited, value: item }) };
      if (item.kind !== 'object') return { kind: 'array', items: UNKNOWN };
      return { kind: 'array', items: { ...item, props: { ...inherited, ...item.props } } };
    }
    case 'count': {
      // one record of counts, each over the rows matching its conditions
      if (!isObject(step.counts)) return UNKNOWN;
      const props: Record<string, Shape> = Object.create(null);
      for (const [name, where] of Object.entries(step.counts)) {
        if (Array.isArray(where)) where.forEach((c, i) => isObject(c) && check(row, c.field, ['counts', name, i, 'field']));
        props[name] = { kind: 'scalar' };
      }
      return objectShape(props);
    }
    default:
      return UNKNOWN;
  }
}

// Transform steps (docs/page-format.md "Transform steps"): pure functions from data to data.
// Bindings inside a step are resolved before it runs, so steps only see literals.
import type { DeriveOp } from '../host/types';

export type Row = Record<string, unknown>;
export type Step = { type: string; [key: string]: unknown };

export function getPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function asList(data: unknown): Row[] {
  if (Array.isArray(data)) return data as Row[];
  if (data && typeof data === 'object') return Object.values(data) as Row[];
  return [];
}

export function get(data: unknown, step: { path?: string }): unknown {
  return getPath(data, step.path);
}

export function firstValue(data: unknown): unknown {
  if (Array.isArray(data)) return data[0] ?? null;
  if (data && typeof data === 'object') return Object.values(data)[0] ?? null;
  return null;
}

export function values(data: unknown): unknown[] {
  return asList(data);
}

export function entries(data: unknown, step: { keyAs?: string }): Row[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return asList(data);
  const keyAs = step.keyAs ?? 'key';
  return Object.entries(data as Record<string, unknown>).map(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? { [keyAs]: key, ...(value as Row) } : { [keyAs]: key, value },
  );
}

export function unnest(data: unknown, step: { path?: string; keyAs?: string }): Row[] {
  const source = getPath(data, step.path);
  if (Array.isArray(source)) return source as Row[];
  if (!source || typeof source !== 'object') return [];
  const keyAs = step.keyAs ?? 'key';
  const out: Row[] = [];
  for (const [key, list] of Object.entries(source as Record<string, unknown>)) {
    for (const item of asList(list)) out.push({ ...item, [keyAs]: key });
  }
  return out;
}

export type Op = 'eq' | 'ieq' | 'ne' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'truthy' | 'falsy';
export interface Condition {
  field: string;
  op?: Op;
  value?: unknown;
}

export function matches(row: Row, cond: Condition): boolean {
  const v = getPath(row, cond.field);
  const target = cond.value;
  switch (cond.op ?? 'eq') {
    case 'eq':
      return v === target;
    case 'ieq':
      // equal ignoring letter case (names: 'Acme' and 'acme' are one competitor)
      return typeof v === 'string' && typeof target === 'string' ? v.toLocaleLowerCase() === target.toLocaleLowerCase() : v === target;
    case 'ne':
      return v !== target;
    case 'in':
      return Array.isArray(target) && target.includes(v);
    case 'nin':
      return !(Array.isArray(target) && target.includes(v));
    case 'gt':
      return typeof v === 'number' && typeof target === 'number' && v > target;
    case 'gte':
      return typeof v === 'number' && typeof target === 'number' && v >= target;
    case 'lt':
      return typeof v === 'number' && typeof target === 'number' && v < target;
    case 'lte':
      return typeof v === 'number' && typeof target === 'number' && v <= target;
    case 'truthy':
      return Boolean(v);
    case 'falsy':
      return !v;
    default:
      return false;
  }
}

/** A step-level condition in the visibleWhen form: a subject (a bound filter value) tested against a value. */
export interface StepCondition {
  subject: unknown;
  op?: Op;
  value?: unknown;
}

/** True when every condition (one or a list) holds; none given holds. Bindings are resolved before steps run. */
export function stepApplies(when: StepCondition | StepCondition[] | undefined): boolean {
  if (when === undefined || when === null) return true;
  const list = Array.isArray(when) ? when : [when];
  return list.every((c) => matches({ subject: c.subject }, { field: 'subject', op: c.op ?? 'eq', value: c.value }));
}

/** Keeps rows matching every condition of where. With when (e.g. the choice filter is 'top'), the
 * step filters only while when holds, and passes every row through otherwise (the filter's 'all'). */
export function filter(data: unknown, step: { where?: Condition[]; when?: StepCondition | StepCondition[] }): Row[] {
  if (!stepApplies(step.when)) return asList(data);
  const where = step.where ?? [];
  return asList(data).filter((row) => where.every((c) => matches(row, c)));
}

export interface SortKey {
  field: string;
  order?: 'asc' | 'desc';
  tolerance?: number;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
}

/** Compares two values for one key; nulls always sort last whatever the order. */
export function compareBy(a: Row, b: Row, key: SortKey): number {
  const va = getPath(a, key.field);
  const vb = getPath(b, key.field);
  if (isBlank(va) && isBlank(vb)) return 0;
  if (isBlank(va)) return 1;
  if (isBlank(vb)) return -1;
  const dir = key.order === 'desc' ? -1 : 1;
  if (typeof va === 'number' && typeof vb === 'number') {
    if (key.tolerance && Math.abs(va - vb) <= key.tolerance) return 0;
    return (va - vb) * dir;
  }
  return String(va).localeCompare(String(vb), undefined, { numeric: true, sensitivity: 'base' }) * dir;
}

export function sort(data: unknown, step: { by?: SortKey[] }): Row[] {
  const by = step.by ?? [];
  // Array.prototype.sort is stable, so equal rows keep their order.
  return [...asList(data)].sort((a, b) => {
    for (const key of by) {
      const c = compareBy(a, b, key);
      if (c !== 0) return c;
    }
    return 0;
  });
}

export function limit(data: unknown, step: { count?: number }): Row[] {
  return asList(data).slice(0, Math.max(0, step.count ?? 0));
}

export function groupBy(data: unknown, step: { field: string }): Record<string, Row[]> {
  const out: Record<string, Row[]> = {};
  for (const row of asList(data)) {
    const key = String(getPath(row, step.field) ?? '');
    (out[key] ??= []).push(row);
  }
  return out;
}

export function rename(data: unknown, step: { fields?: Record<string, string> }): Row[] {
  const fields = step.fields ?? {};
  return asList(data).map((row) => {
    const out: Row = {};
    for (const [k, v] of Object.entries(row)) out[fields[k] ?? k] = v;
    return out;
  });
}

export function pick(data: unknown, step: { fields?: string[] }): Row[] {
  const fields = step.fields ?? [];
  return asList(data).map((row) => Object.fromEntries(fields.map((f) => [f, row[f]])));
}

/** List → one record of counts: each named count = rows matching all its conditions ([] = every row). */
export function count(data: unknown, step: { counts?: Record<string, Condition[]> }): Row {
  const rows = asList(data);
  const out: Row = {};
  for (const [name, where] of Object.entries(step.counts ?? {})) out[name] = rows.filter((row) => (where ?? []).every((c) => matches(row, c))).length;
  return out;
}

type Arg = { field: string } | { value: unknown } | unknown;

function argValue(row: Row, arg: Arg): unknown {
  if (arg && typeof arg === 'object' && 'field' in (arg as object)) return getPath(row, (arg as { field: string }).field);
  if (arg && typeof arg === 'object' && 'value' in (arg as object)) return (arg as { value: unknown }).value;
  return arg;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export interface DeriveStep {
  field: string;
  /** One of the engine's operations below, or a derive operation the host declares. */
  op: string;
  args?: Arg[];
  map?: Record<string, unknown>;
  default?: unknown;
  decimals?: number;
  length?: number;
  separator?: string;
}

function deriveOne(row: Row, step: DeriveStep, hostOps: Record<string, DeriveOp>): unknown {
  const args = (step.args ?? []).map((a) => argValue(row, a));
  const nums = args.map(num);
  switch (step.op) {
    case 'map': {
      const key = String(args[0]);
      return step.map && key in step.map ? step.map[key] : (step.default ?? null);
    }
    case 'multiply':
      return nums.some((n) => n === null) ? null : (nums as number[]).reduce((a, b) => a * b, 1);
    case 'add':
      return nums.some((n) => n === null) ? null : (nums as number[]).reduce((a, b) => a + b, 0);
    case 'subtract':
      return nums[0] === null || nums[1] === null ? null : nums[0]! - nums[1]!;
    case 'divide':
      return nums[0] === null || !nums[1] ? null : nums[0]! / nums[1]!;
    case 'round': {
      if (nums[0] === null) return null;
      const f = 10 ** (step.decimals ?? 0);
      return Math.round(nums[0]! * f) / f;
    }
    case 'abs':
      return nums[0] === null ? null : Math.abs(nums[0]!);
    case 'coalesce':
      return args.find((a) => a !== null && a !== undefined && a !== '') ?? step.default ?? null;
    case 'concat':
      return args.map((a) => (a === null || a === undefined ? '' : String(a))).join(step.separator ?? '');
    case 'truncate': {
      const text = args[0] === null || args[0] === undefined ? '' : String(args[0]);
      const length = step.length ?? 60;
      return text.length > length ? `${text.slice(0, length)}…` : text;
    }
    default:
      return Object.prototype.hasOwnProperty.call(hostOps, step.op) ? hostOps[step.op](args) : null;
  }
}

export function derive(data: unknown, step: DeriveStep, hostOps: Record<string, DeriveOp> = {}): Row[] {
  return asList(data).map((row) => ({ ...row, [step.field]: deriveOne(row, step, hostOps) }));
}

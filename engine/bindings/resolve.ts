import type { FilterControl } from '../runtime/types';
import type { TimeWindow } from '../time/windows';
import { requestValue } from '../filters/rules';

// Structured bindings (docs/page-format.md "Bindings"): any value may be an object such as
// {"$filter": "selectedModels"} that resolves against the page context. A binding whose source is
// not there yet (no brand selected, no route param) is reported as missing so the data layer can
// hold the request back instead of sending a half-filled body.
export interface BindingContext {
  filters?: Record<string, unknown>;
  controls?: FilterControl[];
  window?: TimeWindow | null;
  params?: Record<string, string | undefined>;
  brand?: Record<string, unknown> | null;
  user?: Record<string, unknown> | null;
  row?: Record<string, unknown> | null;
  /** The page's record (page-level `record` call, e.g. the prompt of a detail page) once loaded. */
  record?: Record<string, unknown> | null;
}

export const BINDING_KEYS = ['$filter', '$window', '$param', '$brand', '$user', '$row', '$record'] as const;
export type BindingKey = (typeof BINDING_KEYS)[number];

export interface Resolved<T = unknown> {
  value: T;
  missing: string[];
}

export function bindingKeyOf(value: unknown): BindingKey | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const keys = Object.keys(value).filter((k) => k.startsWith('$'));
  if (keys.length !== 1) return null;
  return (BINDING_KEYS as readonly string[]).includes(keys[0]) ? (keys[0] as BindingKey) : null;
}

function filterValue(binding: Record<string, unknown>, ctx: BindingContext, missing: string[]): unknown {
  const id = String(binding.$filter);
  const control = ctx.controls?.find((c) => c.id === id);
  const raw = ctx.filters?.[id];
  if (!control && raw === undefined) {
    missing.push(`$filter:${id}`);
    return undefined;
  }
  let value: unknown = raw;
  if (control?.list) {
    const list = requestValue(raw, control.list.catchAll.value);
    value = list === null && binding.as === 'list' ? [] : list;
    if (Array.isArray(value) && binding.lowercase) value = value.map((v) => String(v).toLowerCase());
  }
  return value;
}

function fromObject(source: Record<string, unknown> | null | undefined, key: string, name: string, missing: string[]): unknown {
  const value = source?.[key];
  if (value === undefined || value === null || value === '') {
    missing.push(`${name}:${key}`);
    return undefined;
  }
  return value;
}

function resolveOne(binding: Record<string, unknown>, key: BindingKey, ctx: BindingContext, missing: string[]): unknown {
  switch (key) {
    case '$filter':
      return filterValue(binding, ctx, missing);
    case '$window':
      return fromObject(ctx.window as unknown as Record<string, unknown>, String(binding.$window), '$window', missing);
    case '$param':
      return fromObject(ctx.params as Record<string, unknown>, String(binding.$param), '$param', missing);
    case '$brand':
      // lastPromptRun/logoUrl may legitimately be empty: only the brand itself is required.
      if (!ctx.brand) {
        missing.push(`$brand:${String(binding.$brand)}`);
        return undefined;
      }
      return ctx.brand[String(binding.$brand)] ?? null;
    case '$user':
      if (!ctx.user) {
        missing.push(`$user:${String(binding.$user)}`);
        return undefined;
      }
      return ctx.user[String(binding.$user)] ?? null;
    case '$row':
      return ctx.row?.[String(binding.$row)] ?? null;
    case '$record':
      if (!ctx.record) {
        missing.push(`$record:${String(binding.$record)}`);
        return undefined;
      }
      return ctx.record[String(binding.$record)] ?? null;
  }
}

function walk(value: unknown, ctx: BindingContext, missing: string[]): unknown {
  const key = bindingKeyOf(value);
  if (key) return resolveOne(value as Record<string, unknown>, key, ctx, missing);
  if (Array.isArray(value)) return value.map((v) => walk(v, ctx, missing));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = walk(v, ctx, missing);
    return out;
  }
  return value;
}

/** Resolves every binding inside value (deeply); literals pass through unchanged. */
export function resolveBindings<T = unknown>(value: unknown, ctx: BindingContext): Resolved<T> {
  const missing: string[] = [];
  const resolved = walk(value, ctx, missing) as T;
  return { value: resolved, missing };
}

/** Convenience for props where a missing source should just read as null. */
export function resolveValue<T = unknown>(value: unknown, ctx: BindingContext): T | null {
  const { value: v } = resolveBindings<T>(value, ctx);
  return v === undefined ? null : v;
}

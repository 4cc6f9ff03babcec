import type { Path } from './source';

// Read-only helpers over a parsed page of unknown shape: every accessor tolerates garbage, because
// lint runs its rules even on pages that fail the schema.

export type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const BINDING_KEYS = ['$filter', '$window', '$param', '$brand', '$user', '$row', '$record'] as const;

export function widgetsOf(page: Obj | null): [string, Obj][] {
  if (!page || !isObject(page.widgets)) return [];
  return Object.entries(page.widgets).filter((e): e is [string, Obj] => isObject(e[1]));
}

/** The widget id a path lies in (or the layout item placing it), or '-'. */
export function widgetOfPath(path: Path, page: unknown = null): string {
  if (path[0] === 'widgets' && path.length > 1) return String(path[1]);
  if (path[0] !== 'layout') return '-';
  let node: unknown = page;
  let found = '-';
  for (const seg of path) {
    if (Array.isArray(node)) node = node[Number(seg)];
    else if (isObject(node)) node = node[String(seg)];
    else break;
    if (isObject(node) && typeof node.widget === 'string') found = node.widget;
  }
  return found;
}

export function routeParams(page: Obj | null): string[] {
  const route = page && typeof page.route === 'string' ? page.route : '';
  return route
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}

export function filterControls(page: Obj | null): Obj[] {
  if (!page || !isObject(page.filters) || !Array.isArray(page.filters.controls)) return [];
  return page.filters.controls.filter(isObject);
}

export function copyBlockNames(page: Obj | null): string[] {
  return page && isObject(page.copy) ? Object.keys(page.copy) : [];
}

/**
 * Depth-first walk over every value; visit returns false to skip a value's children.
 * Paths are built as it goes, so rules can report exactly where a value is.
 */
export function walk(value: unknown, path: Path, visit: (value: unknown, path: Path) => boolean | void): void {
  if (visit(value, path) === false) return;
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], visit));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k], visit);
}

/** JSON Schema keywords: an inline schema (a form's, a Vega-Lite $schema) is not a binding. */
export const SCHEMA_KEYWORDS = new Set(['$schema', '$ref', '$id', '$defs', '$comment', '$anchor', '$vocabulary', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor']);

/** The binding key of a binding object ({"$filter": ...} etc.), or null. */
export function bindingKeyOf(value: unknown): string | null {
  if (!isObject(value)) return null;
  const keys = Object.keys(value).filter((k) => k.startsWith('$') && !SCHEMA_KEYWORDS.has(k));
  return keys.length >= 1 ? keys[0] : null;
}

/** A Vega-Lite view spec: has a mark, a composition, or a vega-lite $schema. */
export function isVegaLiteSpec(value: unknown): value is Obj {
  if (!isObject(value)) return false;
  if (typeof value.$schema === 'string' && value.$schema.includes('vega-lite')) return true;
  return ['mark', 'layer', 'hconcat', 'vconcat', 'concat'].some((k) => k in value) || ('encoding' in value && ('data' in value || 'transform' in value));
}

/** Every object of a widget that names a call (its data, or an action/form submit), with its path. */
export function callSites(widgetId: string, widget: Obj): { path: Path; site: Obj; isData: boolean }[] {
  const out: { path: Path; site: Obj; isData: boolean }[] = [];
  walk(widget, ['widgets', widgetId], (v, path) => {
    if (isVegaLiteSpec(v)) return false;
    if (isObject(v) && typeof v.call === 'string') {
      out.push({ path, site: v, isData: path.length === 3 && path[2] === 'data' });
    }
  });
  return out;
}

/** Field names a Vega-Lite spec creates itself (transform outputs), so they are not response fields. */
export function vegaLiteDerivedFields(spec: Obj): Set<string> {
  const names = new Set<string>();
  walk(spec, [], (v, path) => {
    const last = path[path.length - 1];
    if (last === 'as') {
      if (typeof v === 'string') names.add(v);
      if (Array.isArray(v)) v.forEach((n) => typeof n === 'string' && names.add(n));
    }
    if (last === 'fold' && isObject(v) === false && path.length) {
      names.add('key');
      names.add('value');
    }
  });
  return names;
}

/** A widget config nested inside another (a dialog's content) that has its own data. */
export function isNestedDataWidget(value: unknown, path: Path): value is Obj {
  return path.length > 2 && isObject(value) && typeof value.type === 'string' && isObject(value.data) && typeof value.data.call === 'string';
}

import { countryOptions } from '../../engine/filters/countries';
import { PROVIDER_OPTIONS } from '../../engine/filters/providers';

// Option lists a form schema can name with "x-options" instead of spelling ~240 countries inline:
// {"type": "string", "x-options": "countries"} becomes a oneOf of {const, title}.
export const OPTION_LISTS: Record<string, () => Array<{ value: string; label: string }>> = {
  countries: () => countryOptions(),
  providers: () => PROVIDER_OPTIONS.filter((p) => p.value !== 'all').map((p) => ({ value: p.value, label: p.label })),
};

type Json = Record<string, unknown>;

/** Replaces every "x-options" reference in a schema (deeply) with the named list. */
export function expandOptionLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(expandOptionLists);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (k === 'x-options') continue;
    out[k] = expandOptionLists(v);
  }
  const name = (schema as Json)['x-options'];
  if (typeof name === 'string' && OPTION_LISTS[name]) {
    out.oneOf = OPTION_LISTS[name]().map((o) => ({ const: o.value, title: o.label }));
  }
  return out;
}

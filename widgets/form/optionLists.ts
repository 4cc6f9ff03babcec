import type { Vocabulary } from '../../engine';

// A form schema can name a host vocabulary with "x-options" instead of spelling ~240 countries
// inline: {"type": "string", "x-options": "countries"} becomes a oneOf of {const, title}.
type Json = Record<string, unknown>;

/** Replaces every "x-options" reference in a schema (deeply) with the named vocabulary's options. */
export function expandOptionLists(schema: unknown, vocabularies: Record<string, Vocabulary>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => expandOptionLists(s, vocabularies));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (k === 'x-options') continue;
    out[k] = expandOptionLists(v, vocabularies);
  }
  const name = (schema as Json)['x-options'];
  if (typeof name === 'string' && Object.prototype.hasOwnProperty.call(vocabularies, name)) {
    out.oneOf = vocabularies[name].options().map((o) => ({ const: o.value, title: o.label }));
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { emptyCatalogue, type Catalogue } from './catalogue';
import { lookup, rowShape, shapeOf, type Shape } from './shape';
import { applyStep, type FieldProblem } from './transformShape';

// The response-shape model behind unknown-field: strict where the schema lists fields, lenient
// (unknown, every reference passes) where it cannot tell.

function catalogueWith(docs: Record<string, unknown>): Catalogue {
  const c = emptyCatalogue();
  for (const [name, doc] of Object.entries(docs)) c.docs.set(name, doc);
  return c;
}

const entities = {
  definitions: {
    Row: { type: 'object', properties: { name: { type: 'string' }, rate: { type: 'number' }, nested: { type: 'object', properties: { deep: { type: 'integer' } } } } },
    Loop: { type: 'object', properties: { self: { $ref: '#/definitions/Loop' }, id: { type: 'string' } } },
  },
};
const catalogue = catalogueWith({ 'entities.schema.json': entities });
const shape = (schema: unknown): Shape => shapeOf(catalogue, { schema, doc: 'call.json' });
const run = (s: Shape, steps: unknown[]) => {
  const problems: FieldProblem[] = [];
  let out = s;
  for (const step of steps) out = applyStep(out, step, problems);
  return { out, problems };
};

describe('response shapes', () => {
  it('follows $refs across documents and reports the missing segment with what exists', () => {
    const rows = shape({ type: 'array', items: { $ref: 'entities.schema.json#/definitions/Row' } });
    const row = rowShape(rows);
    expect(lookup(row, 'nested.deep').ok).toBe(true);
    expect(lookup(row, 'nested.shallow')).toEqual({ ok: false, missing: 'shallow', available: ['deep'] });
    expect(lookup(row, 'rat')).toEqual({ ok: false, missing: 'rat', available: ['name', 'rate', 'nested'] });
  });

  it('is lenient where the schema cannot tell', () => {
    expect(lookup(shape({ type: 'object' }), 'anything').ok).toBe(true); // lists no fields
    expect(lookup(shape({ $ref: 'missing.json#/definitions/X' }), 'anything').ok).toBe(true); // unresolvable
    expect(lookup(shape({ anyOf: [{ type: 'object', properties: { a: {} } }, { type: 'array' }] }), 'b').ok).toBe(true); // unlike branches
    expect(lookup(shape({ $ref: 'entities.schema.json#/definitions/Loop' }), 'self.self.self.id').ok).toBe(true); // cycles end
  });

  it('keeps names such as constructor and __proto__ ordinary field names', () => {
    // JSON.parse, as the catalogue is read: an own "__proto__" property, not a prototype
    const s = shape(JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "object", "properties": {"x": {}}}, "a": {}}}'));
    expect(lookup(s, 'constructor')).toEqual({ ok: false, missing: 'constructor', available: ['__proto__', 'a'] });
    expect(lookup(s, '__proto__.x').ok).toBe(true);
    expect(lookup(s, '__proto__.y').ok).toBe(false);
  });

  it('treats null branches as nullability and merges object branches', () => {
    const s = shape({ anyOf: [{ type: 'null' }, { type: 'object', properties: { a: {} } }, { type: 'object', properties: { b: {} } }] });
    expect(lookup(s, 'a').ok && lookup(s, 'b').ok).toBe(true);
    expect(lookup(s, 'c').ok).toBe(false);
  });
});

describe('transform steps over shapes', () => {
  const keyed = shape({ type: 'object', additionalProperties: { $ref: 'entities.schema.json#/definitions/Row' } });
  const series = shape({ type: 'object', properties: { data: { type: 'object', additionalProperties: { type: 'array', items: { $ref: 'entities.schema.json#/definitions/Row' } } } } });

  it('firstValue, values and entries reach the keyed records', () => {
    expect(lookup(run(keyed, [{ type: 'firstValue' }]).out, 'rate').ok).toBe(true);
    const entries = run(keyed, [{ type: 'entries', keyAs: 'key' }]).out;
    expect(lookup(rowShape(entries), 'key').ok).toBe(true);
    expect(lookup(rowShape(run(keyed, [{ type: 'values' }]).out), 'nope').ok).toBe(false);
  });

  it('unnest tags items with their key; later steps see the new field', () => {
    const { problems } = run(series, [
      { type: 'unnest', path: 'data', keyAs: 'series' },
      { type: 'sort', by: [{ field: 'series' }, { field: 'rte' }] },
    ]);
    expect(problems).toEqual([{ path: ['by', 1, 'field'], field: 'rte', missing: 'rte', available: ['name', 'rate', 'nested', 'series'] }]);
  });

  it('derive adds, rename renames, pick keeps only the picked fields', () => {
    const rows = shape({ type: 'array', items: { $ref: 'entities.schema.json#/definitions/Row' } });
    const { out, problems } = run(rows, [
      { type: 'derive', field: 'label', op: 'map', args: [{ field: 'name' }], map: {} },
      { type: 'rename', fields: { rate: 'mentionRate' } },
      { type: 'pick', fields: ['label', 'mentionRate'] },
      { type: 'filter', where: [{ field: 'rate', op: 'gt', value: 1 }] },
    ]);
    expect(problems.map((p) => p.field)).toEqual(['rate']);
    expect(Object.keys((rowShape(out) as { props: object }).props)).toEqual(['label', 'mentionRate']);
  });

  it('flatten gives one row per nested item with the chosen parent fields', () => {
    const domains = shape({ type: 'array', items: { type: 'object', properties: { tld: {}, urls: { type: 'array', items: { type: 'object', properties: { url: {} } } } } } });
    const { out, problems } = run(domains, [
      { type: 'flatten', path: 'urls', parentFields: { tld: 'domain', nope: 'x' } },
      { type: 'sort', by: [{ field: 'domain' }, { field: 'url' }, { field: 'tld' }] },
    ]);
    expect(problems.map((p) => `${p.path.join('.')} ${p.field}`)).toEqual(['parentFields.nope nope', 'by.2.field tld']);
    expect(Object.keys((rowShape(out) as { props: object }).props).sort()).toEqual(['domain', 'url', 'x']);
  });

  it('groupBy gives an object of lists whose rows are the original rows', () => {
    const rows = shape({ type: 'array', items: { $ref: 'entities.schema.json#/definitions/Row' } });
    const { out, problems } = run(rows, [{ type: 'groupBy', field: 'name' }]);
    expect(problems).toEqual([]);
    expect(lookup(rowShape(out), 'rate').ok).toBe(true);
  });
});

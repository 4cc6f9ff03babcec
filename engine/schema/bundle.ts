import type { ComposedSchema, JsonSchema } from './compose';

// Folds the composed schema files into one self-contained schema (every definition hoisted into
// root `definitions`, every $ref rewritten to a local one), and optionally rewrites it into the
// "types view": json-schema-to-typescript ignores if/then, so discriminated chains become anyOf
// unions of their branches. Validation keeps using the if/then files, which give better errors.

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `file` relative to the folder of `fromRel`, normalised ('a/b.json' + '../c.json' = 'c.json'); no file system, runs in the browser. */
function joinRel(fromRel: string, file: string): string {
  const parts = fromRel.split('/').slice(0, -1);
  for (const seg of file.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

function slug(rel: string): string {
  return rel
    .replace(/\.schema\.json$/, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((p, i) => (i === 0 ? p : p[0].toUpperCase() + p.slice(1)))
    .join('');
}

function localName(rel: string, def: string | null): string {
  return def === null ? slug(rel) : `${slug(rel)}_${def}`;
}

type Files = Map<string, Record<string, unknown>>;

function pointerTarget(files: Files, rel: string, fragment: string): unknown {
  let node: unknown = files.get(rel);
  for (const seg of fragment.split('/').filter(Boolean)) {
    const key = decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function rewriteRefs(node: unknown, fromRel: string, known: Set<string>, files: Files, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, fromRel, known, files, depth));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') {
      const [file, fragment = ''] = v.split('#');
      const rel = file ? joinRel(fromRel, file) : fromRel;
      const m = /^\/definitions\/([^/]+)$/.exec(fragment);
      if (fragment !== '' && !m) {
        // any other pointer (#/properties/x, …): inline the target, it has no name of its own
        const target = pointerTarget(files, rel, fragment);
        if (target === undefined || depth > 8) throw new Error(`${fromRel}: $ref '${v}' points at nothing`);
        const inlined = rewriteRefs(target, rel, known, files, depth + 1);
        Object.assign(out, inlined as object);
        continue;
      }
      const name = localName(rel, m ? m[1] : null);
      if (!known.has(name)) throw new Error(`${fromRel}: $ref '${v}' points at nothing`);
      out[k] = `#/definitions/${name}`;
    } else if (k === 'definitions' || k === '$schema' || k === '$id') {
      continue;
    } else {
      out[k] = rewriteRefs(v, fromRel, known, files, depth);
    }
  }
  return out;
}

/** One schema with only local refs; the page is its root. */
export function bundle(composed: ComposedSchema): JsonSchema {
  const known = new Set<string>();
  const files: Files = new Map(composed.files.map((f) => [f.rel, f.schema]));
  for (const f of composed.files) {
    if (f.rel !== 'page.schema.json') known.add(localName(f.rel, null));
    const defs = isObject(f.schema.definitions) ? f.schema.definitions : {};
    for (const d of Object.keys(defs)) known.add(localName(f.rel, d));
  }
  const definitions: Record<string, unknown> = {};
  let root: JsonSchema = {};
  for (const f of composed.files) {
    const defs = isObject(f.schema.definitions) ? f.schema.definitions : {};
    for (const [d, s] of Object.entries(defs)) definitions[localName(f.rel, d)] = rewriteRefs(s, f.rel, known, files);
    const body = rewriteRefs(f.schema, f.rel, known, files) as JsonSchema;
    if (f.rel === 'page.schema.json') root = body;
    else if (!f.rel.startsWith('defs/')) definitions[localName(f.rel, null)] = body;
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...root, definitions };
}

const META = ['title', 'description'];

/** Rewrites if/then chains into anyOf unions for type generation (see the header comment). */
export function toTypesView(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toTypesView);
  if (!isObject(node)) return node;
  const chain = Array.isArray(node.allOf) && node.allOf.length > 0 && node.allOf.every((e) => isObject(e) && 'if' in e && 'then' in e);
  const n: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    // a chain's entries are {if, then}: keep only the converted branch, not a union of it
    n[k] = chain && k === 'allOf' ? (v as Record<string, unknown>[]).map((e) => ({ then: toTypesView(e.then) })) : toTypesView(v);
  }
  if (chain) {
    // a `type`-discriminated chain: the branches carry every field, so the union is the type
    const props = isObject(n.properties) ? Object.keys(n.properties) : [];
    if (props.every((p) => p === 'type')) return union(n, (n.allOf as Record<string, unknown>[]).map((e) => e.then));
    delete n.allOf;
  }
  if ('if' in n) {
    if (isObject(n.properties)) {
      // a condition refining an object's own fields (e.g. "value required unless op is truthy")
      delete n.if;
      delete n.then;
      delete n.else;
    } else {
      return union(n, [n.then, n.else].filter((b) => b !== undefined));
    }
  }
  return n;
}

function union(n: Record<string, unknown>, branches: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of META) if (k in n) out[k] = n[k];
  out.anyOf = branches;
  return out;
}

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';

// The API call catalogue (schemas/api/calls/*.json, see schemas/api/README.md) as lint sees it:
// calls by id, plus every schema document of schemas/api so "$ref"s such as
// "entities.schema.json#/definitions/Brand" can be followed from any call.

export type JsonSchema = Record<string, unknown>;

export interface ApiCall {
  id: string;
  method: string;
  path: string;
  body?: unknown;
  query?: unknown;
  params?: unknown;
  response?: unknown;
  /** the document name its "$ref"s are relative to */
  doc: string;
}

/** A schema node together with the document it lives in (for resolving its own "$ref"s). */
export interface Located {
  schema: unknown;
  doc: string;
}

export interface Catalogue {
  calls: Map<string, ApiCall>;
  docs: Map<string, unknown>;
  problems: { path: string; message: string }[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readJsonFiles(dir: string, problems: Catalogue['problems']): { name: string; path: string; value: unknown }[] {
  if (!existsSync(dir)) return [];
  const out: { name: string; path: string; value: unknown }[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const path = join(dir, name);
    try {
      out.push({ name, path, value: JSON.parse(readFileSync(path, 'utf8')) });
    } catch (e) {
      problems.push({ path, message: `not valid JSON: ${(e as Error).message}` });
    }
  }
  return out;
}

export function emptyCatalogue(): Catalogue {
  return { calls: new Map(), docs: new Map(), problems: [] };
}

export function loadCatalogue(apiDir: string): Catalogue {
  const catalogue = emptyCatalogue();
  for (const f of readJsonFiles(apiDir, catalogue.problems)) catalogue.docs.set(f.name, f.value);
  for (const f of readJsonFiles(join(apiDir, 'calls'), catalogue.problems)) {
    const v = f.value;
    if (!isObject(v) || typeof v.id !== 'string') {
      catalogue.problems.push({ path: f.path, message: "a call file needs a string 'id'" });
      continue;
    }
    catalogue.docs.set(f.name, v);
    catalogue.calls.set(v.id, {
      id: v.id,
      method: typeof v.method === 'string' ? v.method : 'POST',
      path: typeof v.path === 'string' ? v.path : '',
      body: v.body,
      query: v.query,
      params: v.params,
      response: v.response,
      doc: basename(f.path),
    });
  }
  return catalogue;
}

/** Follows "$ref"s (to a fixed depth, so cycles end) and returns the schema they lead to. */
export function deref(catalogue: Catalogue, located: Located, depth = 0): Located | null {
  const { schema, doc } = located;
  if (!isObject(schema) || typeof schema.$ref !== 'string') return located;
  if (depth > 32) return null;
  const [file, fragment = ''] = schema.$ref.split('#');
  const docName = file ? basename(file) : doc;
  let target: unknown = catalogue.docs.get(docName);
  if (target === undefined) return null;
  for (const seg of fragment.split('/').filter(Boolean)) {
    const key = decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(target) && !Array.isArray(target)) return null;
    target = (target as Record<string, unknown>)[key];
    if (target === undefined) return null;
  }
  return deref(catalogue, { schema: target, doc: docName }, depth + 1);
}

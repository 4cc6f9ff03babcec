// The API call catalogue (schemas/api/calls/*.json, see schemas/api/README.md) as lint sees it:
// calls by id, plus every schema document of schemas/api so "$ref"s such as
// "entities.schema.json#/definitions/Brand" can be followed from any call. No file system here
// (the page studio lints in the browser): catalogueFiles.ts reads the folder from disk.

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

/** A document of the catalogue folder as read: its file name and JSON, or why it has none. */
export interface CatalogueSource {
  name: string;
  path: string;
  value?: unknown;
  error?: string;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function emptyCatalogue(): Catalogue {
  return { calls: new Map(), docs: new Map(), problems: [] };
}

/** The catalogue of schemas/api's documents (`docs`) and of schemas/api/calls' files (`calls`). */
export function catalogueFromSources(docs: readonly CatalogueSource[], calls: readonly CatalogueSource[]): Catalogue {
  const catalogue = emptyCatalogue();
  const parsed = (f: CatalogueSource) => {
    if (f.error === undefined) return true;
    catalogue.problems.push({ path: f.path, message: `not valid JSON: ${f.error}` });
    return false;
  };
  for (const f of docs) if (parsed(f)) catalogue.docs.set(f.name, f.value);
  for (const f of calls) {
    if (!parsed(f)) continue;
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
      doc: f.name,
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

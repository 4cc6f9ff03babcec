import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type JsonSchema = Record<string, unknown>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One call file, schemas/api/calls/<id>.json. */
export interface CatalogueCall {
  id: string;
  method: HttpMethod;
  /** As written in the file; path parameters as `{id}` or `:id`. */
  path: string;
  summary?: string;
  body?: JsonSchema;
  query?: JsonSchema;
  params?: JsonSchema;
  response: JsonSchema;
}

export interface Catalogue {
  calls: Record<string, CatalogueCall>;
  /** Schemas the call files reference by $id (entities.schema.json, error.schema.json). */
  shared: JsonSchema[];
  /** The folder it was read from (schemas/api by default). */
  dir: string;
}

export const DEFAULT_CATALOGUE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/api');
const SHARED_FILES = ['entities.schema.json', 'error.schema.json'];

/**
 * Reads the API call catalogue: every `<dir>/calls/*.json` plus the shared schemas beside them.
 * Throws on a malformed file so a broken contract fails at start and in tests, never at request time.
 */
export function loadCatalogue(dir: string = DEFAULT_CATALOGUE_DIR): Catalogue {
  const callsDir = path.join(dir, 'calls');
  const calls: Record<string, CatalogueCall> = {};
  const routes = new Map<string, string>();
  const files = fs.existsSync(callsDir) ? fs.readdirSync(callsDir).filter((f) => f.endsWith('.json')).sort() : [];
  for (const file of files) {
    const where = path.join(callsDir, file);
    const call = parseCall(JSON.parse(fs.readFileSync(where, 'utf8')), where);
    if (call.id !== file.slice(0, -'.json'.length)) throw new Error(`${where}: id "${call.id}" must match the file name`);
    const key = `${call.method} ${fastifyPath(call.path)}`;
    const clash = routes.get(key);
    if (clash) throw new Error(`${where}: ${key} is already used by call ${clash}`);
    routes.set(key, call.id);
    calls[call.id] = call;
  }
  const shared = SHARED_FILES.map((f) => path.join(dir, f))
    .filter((f) => fs.existsSync(f))
    .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as JsonSchema);
  return { calls, shared, dir };
}

function parseCall(raw: unknown, where: string): CatalogueCall {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${where}: not a JSON object`);
  const c = raw as Record<string, unknown>;
  if (typeof c.id !== 'string' || !c.id) throw new Error(`${where}: missing "id"`);
  if (!HTTP_METHODS.includes(c.method as HttpMethod)) throw new Error(`${where}: "method" must be one of ${HTTP_METHODS.join(', ')}`);
  if (typeof c.path !== 'string' || !c.path.startsWith('/api/')) throw new Error(`${where}: "path" must start with /api/`);
  for (const part of ['body', 'query', 'params', 'response'] as const) {
    if (c[part] !== undefined && (typeof c[part] !== 'object' || c[part] === null || Array.isArray(c[part]))) {
      throw new Error(`${where}: "${part}" must be a JSON Schema object`);
    }
  }
  if (c.response === undefined) throw new Error(`${where}: missing "response" schema`);
  return c as unknown as CatalogueCall;
}

/** `/api/brands/{id}/finalize` -> `/api/brands/:id/finalize` (Fastify's syntax); `:id` passes through. */
export function fastifyPath(p: string): string {
  return p.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

// Looks up a call's method and path in the shared catalogue (schemas/api/calls/<id>.json);
// a looked-up definition is cached for the life of the page.

export interface CallDefinition {
  id: string;
  method: string;
  path: string;
  summary?: string;
}

export type CallLoaders = Record<string, () => Promise<unknown>>;

const CATALOGUE_DIR = '../../schemas/api/calls/';

export function createCallCatalogue(loaders: CallLoaders, dir = CATALOGUE_DIR) {
  const cache = new Map<string, Promise<CallDefinition>>();

  function lookup(callId: string): Promise<CallDefinition> {
    const cached = cache.get(callId);
    if (cached) return cached;
    const load = loaders[`${dir}${callId}.json`];
    if (!load) return Promise.reject(new Error(`Unknown API call '${callId}'`));
    const pending = load().then((mod) => {
      const def = ((mod as { default?: CallDefinition }).default ?? mod) as CallDefinition;
      if (!def || typeof def.method !== 'string' || typeof def.path !== 'string') {
        throw new Error(`API call '${callId}' has no method or path`);
      }
      return def;
    });
    // A failed load (e.g. a chunk that could not be fetched) may be retried later.
    pending.catch(() => cache.delete(callId));
    cache.set(callId, pending);
    return pending;
  }

  return { lookup, ids: () => Object.keys(loaders).map((k) => k.slice(dir.length, -'.json'.length)) };
}

/** Fills `:name` (and `{name}`) path segments from params, URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, colon, brace) => {
    const name = (colon ?? brace) as string;
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter '${name}' for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

// Only the method and path of each call are bundled (JSON named exports, eager): a few KB that
// save a chunk round trip before every first request of a call.
const METHODS = import.meta.glob('../../schemas/api/calls/*.json', { eager: true, import: 'method' }) as Record<string, string>;
const PATHS = import.meta.glob('../../schemas/api/calls/*.json', { eager: true, import: 'path' }) as Record<string, string>;

export const callCatalogue = createCallCatalogue(
  Object.fromEntries(
    Object.keys(PATHS).map((file) => {
      const id = file.slice(CATALOGUE_DIR.length, -'.json'.length);
      return [file, () => Promise.resolve({ id, method: METHODS[file], path: PATHS[file] })];
    }),
  ),
);

import type { PageDefinition } from './types';
export type { PageDefinition } from './types';

// import.meta.glob gives { path: module }; JSON modules expose the object as `default`.
export function pagesFromModules(modules: Record<string, unknown>): PageDefinition[] {
  return Object.keys(modules)
    .sort()
    .map((path) => {
      const mod = modules[path] as { default?: unknown };
      return (mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod) as PageDefinition;
    })
    .filter((page) => page && typeof page.route === 'string');
}

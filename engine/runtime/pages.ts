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
    .filter((page) => page && typeof page.route === 'string')
    .flatMap((page) => (page.standaloneRoute ? [page, standaloneView(page, page.standaloneRoute)] : [page]));
}

/** The page's standalone view: the same definition under its own route, without the app shell. */
function standaloneView(page: PageDefinition, route: string): PageDefinition {
  return { ...page, id: `${page.id}Standalone`, route, shell: false };
}

import { PAGE_MIGRATIONS, migratePage, type Migration, type PageJson } from '../migrations';
import type { PageDefinition } from './types';
export type { PageDefinition } from './types';

// import.meta.glob gives { path: module }; JSON modules expose the object as `default`. A page of
// an older format version is migrated to the current one as it loads.
export function pagesFromModules(modules: Record<string, unknown>, migrations: readonly Migration[] = PAGE_MIGRATIONS): PageDefinition[] {
  return Object.keys(modules)
    .sort()
    .map((path) => {
      const mod = modules[path] as { default?: unknown };
      return (mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod) as PageDefinition;
    })
    .filter((page) => page && typeof page.route === 'string')
    .map((page) => migratePage(page as unknown as PageJson, migrations).page as unknown as PageDefinition)
    .flatMap((page) => (page.standaloneRoute ? [page, standaloneView(page, page.standaloneRoute)] : [page]));
}

/** The page's standalone view: the same definition under its own route, without the app shell. */
function standaloneView(page: PageDefinition, route: string): PageDefinition {
  return { ...page, id: `${page.id}Standalone`, route, shell: false };
}

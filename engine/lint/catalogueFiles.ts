import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueFromSources, type Catalogue, type CatalogueSource } from './catalogue';

// The API call catalogue read from its folder on disk (schemas/api and schemas/api/calls).

function readJsonFiles(dir: string): CatalogueSource[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      try {
        return { name, path, value: JSON.parse(readFileSync(path, 'utf8')) };
      } catch (e) {
        return { name, path, error: (e as Error).message };
      }
    });
}

export function loadCatalogue(apiDir: string): Catalogue {
  return catalogueFromSources(readJsonFiles(apiDir), readJsonFiles(join(apiDir, 'calls')));
}

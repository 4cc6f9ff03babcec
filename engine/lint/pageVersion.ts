import { migratePage, targetVersion, PAGE_MIGRATIONS, type Migration, type PageJson } from '../migrations/index';
import type { Report } from './context';
import { isObject } from './pageModel';

// Rules are written against the current page format, so a page in an older version is linted as
// migrated, and reported once at its "version" with the way to upgrade the file.

export const OUTDATED_VERSION = 'outdated-version';

/** A page whose integer version is older than the one the migrations lead to. */
export function isOutdated(value: unknown, migrations: readonly Migration[]): value is PageJson & { version: number } {
  return isObject(value) && Number.isInteger(value.version) && (value.version as number) < targetVersion(migrations);
}

/** The page as the rules should see it, and the outdated-version report when it had to be migrated. */
export function inCurrentFormat(value: unknown, migrations: readonly Migration[] = PAGE_MIGRATIONS): { value: unknown; outdated?: Report } {
  if (!isOutdated(value, migrations)) return { value };
  const from = `page format version ${value.version} is older than ${targetVersion(migrations)}`;
  try {
    const { page, applied } = migratePage(value, migrations);
    return { value: page, outdated: { path: ['version'], message: `${from}; 'npm run lint:pages -- --fix' migrates the file (${applied.join('; ')})` } };
  } catch (e) {
    // no migration applies: lint the page as written
    return { value, outdated: { path: ['version'], message: `${from} and cannot be migrated: ${(e as Error)?.message ?? String(e)}` } };
  }
}

import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { migratePage, targetVersion, type Migration } from '../migrations/index';
import { isOutdated } from './pageVersion';

/**
 * lint:pages --fix: rewrites each page file in an older format version in the current one (2-space
 * JSON, keys in the order the migrations return them) and says what it applied, one line per file.
 */
export function migrateFiles(files: readonly string[], migrations: readonly Migration[], cwd: string): string[] {
  const done: string[] = [];
  for (const file of files) {
    const result = migrated(file, migrations);
    if (!result) continue;
    writeFileSync(file, JSON.stringify(result.page, null, 2) + '\n');
    done.push(`${relative(cwd, file) || file}: migrated from version ${result.from} to ${targetVersion(migrations)} (${result.applied.join('; ')})`);
  }
  return done;
}

function migrated(file: string, migrations: readonly Migration[]) {
  try {
    const page: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isOutdated(page, migrations)) return null;
    return { from: page.version, ...migratePage(page, migrations) };
  } catch {
    return null; // not JSON, or no migration applies: left as it is for the lint to report
  }
}

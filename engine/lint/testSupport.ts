import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from '../migrations/index';
import { renameKey } from '../migrations/keys';
import type { LintOptions } from './lint';

// Shared by the lint tests: the fixture widget kinds and API catalogue stand in for the real
// schemas/widgets and schemas/api, so the tests do not move when real kinds and calls change.
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const RULE_FIXTURES = join(FIXTURES, 'rules');
/** Valid pages every rule is tested against, instead of a copy in each rule folder. */
export const SHARED_PAGES = join(FIXTURES, 'pages');
export const VALID_PAGE = join(SHARED_PAGES, 'valid-page.json');

/**
 * A test-only format change into the real current version (1), so a migrated page passes the real
 * page schema: version 0 called the title "heading".
 */
export const FIXTURE_MIGRATIONS: readonly Migration[] = [{ from: 0, to: 1, describe: 'renames "heading" to "title"', migrate: (page) => renameKey(page, 'heading', 'title') }];

export const fixtureOptions: LintOptions = {
  widgetsDir: join(FIXTURES, 'widgets'),
  apiDir: join(FIXTURES, 'api'),
  cwd: RULE_FIXTURES,
  migrations: FIXTURE_MIGRATIONS,
};

const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));

const pageId = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')).id;

/**
 * The passing pages of a rule folder: the shared valid pages plus the folder's own pass*.json.
 * An own page replaces the shared page with its id (a variant of it; both would be duplicates).
 */
function passingPages(ownPass: string[]): string[] {
  const ownIds = new Set(ownPass.map(pageId));
  return [...jsonFiles(SHARED_PAGES).filter((f) => !ownIds.has(pageId(f))), ...ownPass];
}

/** Rule fixture dirs and their pass/fail files (absolute paths). */
export function ruleFixtures(): { rule: string; pass: string[]; fail: string[]; dir: string }[] {
  return readdirSync(RULE_FIXTURES)
    .sort()
    .map((rule) => {
      const dir = join(RULE_FIXTURES, rule);
      const files = jsonFiles(dir);
      const own = (prefix: string) => files.filter((f) => f.slice(dir.length + 1).startsWith(prefix));
      return { rule, dir, pass: passingPages(own('pass')), fail: own('fail') };
    });
}

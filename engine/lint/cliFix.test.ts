import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renameKey } from '../migrations/keys';
import { runCli } from './cli';
import { FIXTURES, FIXTURE_MIGRATIONS, SHARED_PAGES, VALID_PAGE } from './testSupport';

// lint:pages --fix on copies of the valid fixture pages in a temp dir, with the fixture chain
// (version 0 called the title "heading") injected as the CLI's migrations.

const KINDS = ['--widgets-dir', join(FIXTURES, 'widgets'), '--api-dir', join(FIXTURES, 'api')];
const DETAIL_PAGE = join(SHARED_PAGES, 'valid-detail-page.json');

let dir: string;
const file = (name: string) => readFileSync(join(dir, name), 'utf8');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lint-fix-'));
  const v0 = renameKey({ ...JSON.parse(readFileSync(VALID_PAGE, 'utf8')), version: 0 }, 'title', 'heading');
  writeFileSync(join(dir, 'old.json'), JSON.stringify(v0, null, 4)); // 4 spaces, no final newline
  writeFileSync(join(dir, 'current.json'), readFileSync(DETAIL_PAGE, 'utf8'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lint:pages --fix', { timeout: 60_000 }, () => {
  it('without --fix reports the outdated page at its version and leaves the files alone', async () => {
    const before = file('old.json');
    const r = await runCli([...KINDS, '.'], dir, { migrations: FIXTURE_MIGRATIONS });
    expect(r.stdout).toBe(`old.json:3:16  outdated-version  -  page format version 0 is older than 1; 'npm run lint:pages -- --fix' migrates the file (0 → 1: renames "heading" to "title")`);
    expect(r.code).toBe(1);
    expect(file('old.json')).toBe(before);
  });

  it('migrates the outdated page on disk, says what it applied, and then lints clean', async () => {
    const r = await runCli(['--fix', ...KINDS, '.'], dir, { migrations: FIXTURE_MIGRATIONS });
    expect(r.stderr).toBe('old.json: migrated from version 0 to 1 (0 → 1: renames "heading" to "title")\n0 errors, 0 warnings in 2 files');
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
    // 2-space JSON with a final newline, "title" back in the place "heading" had
    expect(file('old.json')).toBe(readFileSync(VALID_PAGE, 'utf8'));
    expect(file('current.json')).toBe(readFileSync(DETAIL_PAGE, 'utf8'));

    const again = await runCli(['--fix', ...KINDS, '.'], dir, { migrations: FIXTURE_MIGRATIONS });
    expect(again.stderr).toBe('0 errors, 0 warnings in 2 files');
  });

  it('keeps the report out of json output', async () => {
    const r = await runCli(['--fix', '--format', 'json', ...KINDS, '.'], dir, { migrations: FIXTURE_MIGRATIONS });
    expect(JSON.parse(r.stdout).diagnostics).toEqual([]);
    expect(r.stderr).toBe('old.json: migrated from version 0 to 1 (0 → 1: renames "heading" to "title")');
  });

  it('uses the real migrations by default, which cannot migrate version 0', async () => {
    const before = file('old.json');
    const r = await runCli(['--fix', ...KINDS, 'old.json'], dir);
    expect(r.stdout).toContain('old.json:3:16  outdated-version  -  page format version 0 is older than 1 and cannot be migrated');
    expect(r.code).toBe(1);
    expect(file('old.json')).toBe(before);
  });
});

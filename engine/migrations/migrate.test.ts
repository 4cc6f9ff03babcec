import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENT_PAGE_VERSION, PAGE_MIGRATIONS, migratePage, targetVersion, type Migration, type PageJson } from './index';
import { renameKey } from './keys';

// A test-only chain, 1 → 2 → 3, where the second step needs the first's output, so only the
// right order turns page-v1.json into page-v3.json.
const CHAIN: Migration[] = [
  { from: 1, to: 2, describe: 'renames "name" to "title"', migrate: (page) => renameKey(page, 'name', 'title') },
  {
    from: 2,
    to: 3,
    describe: 'moves "title" into "header"',
    migrate: (page) => Object.fromEntries(Object.entries(page).map(([k, v]) => (k === 'title' ? ['header', { title: v }] : [k, v]))),
  },
];

const FIXTURES = join(import.meta.dirname, 'fixtures');
const text = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const fixture = (name: string): PageJson => JSON.parse(text(name));
/** As lint:pages --fix writes it, so key order and formatting are compared too. */
const written = (page: PageJson) => JSON.stringify(page, null, 2) + '\n';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') for (const v of Object.values(Object.freeze(value))) deepFreeze(v);
  return value;
}

describe('migratePage', () => {
  it('applies the chain in version order, even when listed out of order', () => {
    for (const chain of [CHAIN, [...CHAIN].reverse()]) {
      const { page, applied } = migratePage(fixture('page-v1.json'), chain);
      expect(written(page)).toBe(text('page-v3.json'));
      expect(applied).toEqual(['1 → 2: renames "name" to "title"', '2 → 3: moves "title" into "header"']);
    }
  });

  it('starts from the page version', () => {
    const { page, applied } = migratePage(fixture('page-v2.json'), CHAIN);
    expect(written(page)).toBe(text('page-v3.json'));
    expect(applied).toEqual(['2 → 3: moves "title" into "header"']);
  });

  it('leaves a page already in the current version untouched', () => {
    const current = fixture('page-v3.json');
    const { page, applied } = migratePage(current, CHAIN);
    expect(applied).toEqual([]);
    expect(page).toBe(current);
    expect(written(page)).toBe(text('page-v3.json'));
  });

  it('does not change its input', () => {
    const input = deepFreeze(fixture('page-v1.json'));
    expect(() => migratePage(input, CHAIN)).not.toThrow();
    expect(written(input)).toBe(text('page-v1.json'));
  });

  it('refuses a version newer than the current one', () => {
    expect(() => migratePage({ ...fixture('page-v3.json'), version: 4 }, CHAIN)).toThrow('page version 4 is newer than this engine\'s page format (3)');
  });

  it('refuses a page without an integer version', () => {
    const { version: _, ...unversioned } = fixture('page-v1.json');
    expect(() => migratePage(unversioned, CHAIN)).toThrow('page has no integer "version" (found undefined)');
    expect(() => migratePage({ ...unversioned, version: '1' }, CHAIN)).toThrow('page has no integer "version" (found "1")');
  });

  it('refuses a chain with a gap, and a page older than the chain', () => {
    const gap: Migration[] = [CHAIN[0], { ...CHAIN[1], from: 3, to: 4 }];
    expect(() => migratePage(fixture('page-v1.json'), gap)).toThrow('page migrations have a gap: \'renames "name" to "title"\' ends at version 2 but the next one starts at 3');
    expect(() => migratePage({ ...fixture('page-v1.json'), version: 0 }, CHAIN)).toThrow('no migration from page version 0 to 3; the oldest version the migrations read is 1');
  });
});

describe('the page migrations', () => {
  it('lead to CURRENT_PAGE_VERSION, the version the page schema requires', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/page.schema.json'), 'utf8'));
    expect(targetVersion(PAGE_MIGRATIONS)).toBe(CURRENT_PAGE_VERSION);
    expect(schema.properties.version.const).toBe(CURRENT_PAGE_VERSION);
    if (PAGE_MIGRATIONS.length) expect(Math.min(...PAGE_MIGRATIONS.map((m) => m.from))).toBe(1);
  });
});

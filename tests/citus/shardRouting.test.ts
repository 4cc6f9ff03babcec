import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DATABASE_URL, type TestDb } from '../../server/db/testing';
import { postgresReachable } from '../support/harness';
import { conjuncts, explain, isExplainable, pinnedBrand, routingProblems } from './shardRouting';

describe('reading conditions PostgreSQL prints', () => {
  it('splits top-level AND terms only, outside parentheses and quotes', () => {
    expect(conjuncts(`((brand_id = 'a AND b'::text) AND ((x = 1) OR (y = 2)) AND (created_at >= '2026-11-01'::timestamp))`)).toEqual([
      `brand_id = 'a AND b'::text`,
      `(x = 1) OR (y = 2)`,
      `created_at >= '2026-11-01'::timestamp`,
    ]);
  });

  it('takes brand_id = constant on the scanned alias, in either order, and nothing weaker', () => {
    expect(pinnedBrand(`brand_id = 'brd_a'::text`, 'runs')).toBe('brd_a');
    expect(pinnedBrand(`r.brand_id = 'it''s'::text`, 'r')).toBe("it's");
    expect(pinnedBrand(`'brd_a'::text = m.brand_id`, 'm')).toBe('brd_a');
    expect(pinnedBrand(`x.brand_id = 'brd_a'::text`, 'm')).toBeNull();
    expect(pinnedBrand(`brand_id = ANY ('{brd_a,brd_b}'::text[])`, 'runs')).toBeNull();
    expect(pinnedBrand(`brand_id = r.brand_id`, 'm')).toBeNull();
  });

  it('takes an OR whose every arm pins the same brand, and no other OR', () => {
    const arm = (brand: string, entity: string) => `((brand_id = '${brand}'::text) AND (entity = '${entity}'::text))`;
    expect(pinnedBrand(`${arm('brd_a', 'x')} OR ${arm('brd_a', 'y OR z')}`, 't')).toBe('brd_a');
    expect(pinnedBrand(`${arm('brd_a', 'x')} OR ${arm('brd_b', 'y')}`, 't')).toBeNull();
    expect(pinnedBrand(`${arm('brd_a', 'x')} OR (entity = 'y'::text)`, 't')).toBeNull();
    expect(pinnedBrand(`(brand_id = 'brd_a'::text) OR (x = 1)`, 't')).toBeNull();
  });

  it('plans single statements only', () => {
    expect(isExplainable('SELECT 1')).toBe(true);
    expect(isExplainable("WITH a AS (SELECT ';') SELECT * FROM a")).toBe(true);
    expect(isExplainable('DELETE FROM runs; DELETE FROM mentions')).toBe(false);
    expect(isExplainable('ANALYZE runs')).toBe(false);
  });
});

const reachable = await postgresReachable();
const skipped = reachable ? '' : ` (skipped: PostgreSQL is not reachable at ${TEST_DATABASE_URL})`;

describe.runIf(reachable)(`the single-shard check on PostgreSQL plans${skipped}`, () => {
  let t: TestDb;
  const problemsOf = async (sql: string, params: unknown[] = []) => routingProblems(await explain(t.db, sql, params)).problems;

  beforeAll(async () => {
    t = await openTestDb('postgres');
  });

  afterAll(async () => {
    await t?.dispose();
  });

  it('passes statements that pin every distributed scan to one brand, joins on brand_id included', async () => {
    expect(await problemsOf('SELECT COUNT(*) FROM runs WHERE brand_id = $1 AND prompt_id = $2', ['brd_a', 'prm_1'])).toEqual([]);
    expect(
      await problemsOf(`SELECT r.id FROM runs r JOIN mentions m ON m.brand_id = r.brand_id AND m.run_id = r.id WHERE r.brand_id = $1`, [
        'brd_a',
      ]),
    ).toEqual([]);
    expect(await problemsOf('SELECT p.text FROM prompts p JOIN runs r ON r.brand_id = $1 AND r.prompt_id = p.id', ['brd_a'])).toEqual(
      [],
    );
    expect(await problemsOf(`INSERT INTO runs VALUES ($1, 'run_1', 'prm_1', 'openai', 'US', now(), '', 0)`, ['brd_a'])).toEqual([]);
  });

  it('fails scans found by prompt or run alone, several brands, and coordinator-local tables', async () => {
    expect((await problemsOf('DELETE FROM mentions WHERE prompt_id = $1', ['prm_1']))[0]).toMatch(/on mentions without brand_id/);
    expect((await problemsOf('SELECT * FROM runs WHERE brand_id IN ($1, $2)', ['brd_a', 'brd_b']))[0]).toMatch(
      /on runs without brand_id/,
    );
    expect(
      (await problemsOf(`SELECT r.id FROM runs r JOIN citations c ON c.run_id = r.id WHERE r.brand_id = $1`, ['brd_a']))[0],
    ).toMatch(/on citations c without brand_id/);
    expect(
      await problemsOf(`SELECT r.id FROM runs r JOIN mentions m ON m.run_id = r.id WHERE r.brand_id = $1 AND m.brand_id = $2`, [
        'brd_a',
        'brd_b',
      ]),
    ).toEqual(['scans pin different brands: brd_a, brd_b']);
    expect(await problemsOf(`SELECT 1 FROM runs r JOIN users u ON u.id = r.prompt_id WHERE r.brand_id = $1`, ['brd_a'])).toEqual([
      'joins distributed tables with coordinator-local tables: users',
    ]);
    expect((await problemsOf(`SELECT 1 FROM rollup_runs_daily WHERE brand_id = $1 OR location = $2`, ['brd_a', 'US']))[0]).toMatch(
      /on rollup_runs_daily without brand_id/,
    );
  });
});

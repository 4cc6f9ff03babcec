import { afterEach, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from './migrate';
import { openTestDb, type TestDb } from './testing';
import type { Dialect } from './types';

describe.each<Dialect>(['duckdb', 'postgres'])('migrations on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('applies shared and own-dialect files once, in order, and is idempotent', async () => {
    t = await openTestDb(dialect, { migrated: false });
    const expected = listMigrations(dialect).map((m) => m.id);
    expect(expected).toContain('001_init');
    expect(expected.some((id) => id.endsWith('.postgres'))).toBe(dialect === 'postgres');
    const other = dialect === 'postgres' ? '.duckdb' : '.postgres';
    expect(expected.some((id) => id.endsWith(other))).toBe(false);

    expect(await migrate(t.db)).toEqual(expected);
    expect(await migrate(t.db)).toEqual([]);
    const recorded = await t.db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(recorded.map((r) => r.id)).toEqual(expected);
    const [{ c }] = await t.db.query<{ c: number }>('SELECT count(*) AS c FROM runs');
    expect(c).toBe(0);
  });
});

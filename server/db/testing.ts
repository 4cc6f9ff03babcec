import { randomBytes } from 'node:crypto';
import { migrate } from './migrate';
import { openDuckDb } from './duckdb';
import { openPostgres } from './postgres';
import type { Db, Dialect } from './types';

/** The PostgreSQL the tests use (trust auth on this machine); override with TEST_DATABASE_URL. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

export interface TestDb {
  db: Db;
  /** Closes the database and, on PostgreSQL, drops the throw-away schema. */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: DuckDB in memory, or a new `t_<random>` schema in the
 * PostgreSQL `test` database. `migrated` (default true) applies the migrations.
 */
export async function openTestDb(dialect: Dialect, { migrated = true } = {}): Promise<TestDb> {
  let db: Db;
  let dispose: () => Promise<void>;
  if (dialect === 'postgres') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    db = await openPostgres({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
    dispose = async () => {
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    };
  } else {
    db = await openDuckDb({ file: ':memory:' });
    dispose = () => db.close();
  }
  if (migrated) await migrate(db);
  return { db, dispose };
}

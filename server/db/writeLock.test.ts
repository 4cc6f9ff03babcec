import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { isWriteConflict, retryOnConflict, transactionWithRetry } from './conflicts';
import { migrate } from './migrate';
import { openPostgres } from './postgres';
import { TEST_DATABASE_URL, openTestDb, type TestDb } from './testing';
import type { Db, Dialect } from './types';
import { withWriteLock } from './writeLock';

const LIMIT = 5;

/** A check-then-insert that passes the limit when two of them overlap (the bug the lock prevents). */
async function addIfBelowLimit(tx: Db, owner: string, id: string): Promise<boolean> {
  const [{ n }] = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM items WHERE owner = $1', [owner]);
  // Give the other requests time to read the same count, as a slow request would.
  await new Promise((resolve) => setTimeout(resolve, 25));
  if (Number(n) >= LIMIT) return false;
  await tx.query('INSERT INTO items (id, owner) VALUES ($1, $2)', [id, owner]);
  return true;
}

const countItems = async (db: Db, owner: string) =>
  Number((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM items WHERE owner = $1', [owner]))[0].n);

describe.each<Dialect>(['duckdb', 'postgres'])('write lock and conflict retry on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect, { migrated: false });
    await t.db.exec(`CREATE TABLE items (id TEXT PRIMARY KEY, owner TEXT NOT NULL);
      CREATE TABLE counters (id TEXT PRIMARY KEY, n INTEGER NOT NULL);
      INSERT INTO counters VALUES ('c', 0);`);
  });
  afterAll(() => t.dispose());

  it('20 concurrent check-then-insert calls never pass the limit under the lock (and do without it)', async () => {
    const attempt = (owner: string, i: number, locked: boolean) =>
      locked
        ? withWriteLock(t.db, `plan:${owner}`, (tx) => addIfBelowLimit(tx, owner, `${owner}-${i}`))
        : transactionWithRetry(t.db, (tx) => addIfBelowLimit(tx, owner, `${owner}-${i}`));
    const locked = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt('locked', i, true)));
    expect(locked.filter(Boolean)).toHaveLength(LIMIT);
    expect(await countItems(t.db, 'locked')).toBe(LIMIT);
    // The control: the same work without the lock overshoots, so the assertion above can fail.
    await Promise.all(Array.from({ length: 20 }, (_, i) => attempt('unlocked', i, false)));
    expect(await countItems(t.db, 'unlocked')).toBeGreaterThan(LIMIT);
  });

  it('retries whole transactions that lose a write race; every increment lands', async () => {
    let tries = 0;
    const increment = () =>
      transactionWithRetry(
        t.db,
        async (tx) => {
          tries++;
          const [{ n }] = await tx.query<{ n: number }>(`SELECT n FROM counters WHERE id = 'c'`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          // Only changes the row if no one else did meanwhile; a lost race must start over.
          const changed = await tx.query(`UPDATE counters SET n = $1 WHERE id = 'c' AND n = $2 RETURNING n`, [
            Number(n) + 1,
            Number(n),
          ]);
          if (changed.length === 0) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        },
        { attempts: 100, baseDelayMs: 2 },
      );
    await Promise.all(Array.from({ length: 8 }, increment));
    expect(Number((await t.db.query(`SELECT n FROM counters WHERE id = 'c'`))[0].n)).toBe(8);
    // Some tries lost (DuckDB: "Conflict on update"; PostgreSQL: the guarded update) and ran again.
    expect(tries).toBeGreaterThan(8);
  });

  it('answers 409 CONFLICT once the retries are spent, and passes other errors through at once', async () => {
    let tries = 0;
    const conflict = Object.assign(new Error('TransactionContext Error: Conflict on update!'), {});
    const err = await retryOnConflict(
      async () => {
        tries++;
        throw conflict;
      },
      { attempts: 3, baseDelayMs: 1 },
    ).catch((e: unknown) => e);
    expect(tries).toBe(3);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    let other = 0;
    await expect(
      retryOnConflict(async () => {
        other++;
        throw new Error('syntax error');
      }),
    ).rejects.toThrow('syntax error');
    expect(other).toBe(1);
  });
});

describe('write conflicts', () => {
  it('recognises DuckDB conflicts, PostgreSQL serialization failures, deadlocks and unique violations', () => {
    for (const message of [
      'TransactionContext Error: Conflict on update!',
      'TransactionContext Error: Conflict on tuple deletion!',
      'TransactionContext Error: Failed to commit: PRIMARY KEY or UNIQUE constraint violation: duplicate key "b"',
      'Constraint Error: Duplicate key "id: b" violates primary key constraint.',
      'TransactionContext Error: Catalog write-write conflict on create with "x"',
    ]) {
      expect(isWriteConflict(new Error(message)), message).toBe(true);
    }
    for (const code of ['40001', '40P01', '23505']) expect(isWriteConflict(Object.assign(new Error('pg'), { code }))).toBe(true);
    for (const other of [
      new Error('Binder Error: column x not found'),
      Object.assign(new Error('pg'), { code: '42P01' }),
      null,
      'text',
    ]) {
      expect(isWriteConflict(other)).toBe(false);
    }
  });
});

describe('write lock across API instances (PostgreSQL)', () => {
  it('two connection pools on one database (two instances) never pass a limit together', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const first = await openPostgres({ connectionString: TEST_DATABASE_URL, schema, max: 6 });
    const second = await openPostgres({ connectionString: TEST_DATABASE_URL, schema, max: 6 });
    try {
      await migrate(first);
      await first.exec('CREATE TABLE items (id TEXT PRIMARY KEY, owner TEXT NOT NULL)');
      // Each handle queues only its own callers in-process; only the advisory lock spans both.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          withWriteLock(i % 2 ? first : second, 'plan:shared', (tx) => addIfBelowLimit(tx, 'shared', `shared-${i}`)),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(LIMIT);
      expect(await countItems(first, 'shared')).toBe(LIMIT);
    } finally {
      await first.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await first.close();
      await second.close();
    }
  });
});

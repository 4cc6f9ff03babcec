import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from './testing';
import type { Dialect } from './types';

// The same assertions run against both engines: callers must not be able to tell them apart.
describe.each<Dialect>(['duckdb', 'postgres'])('%s driver', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect, { migrated: false });
    await t.db.exec(`
      CREATE TABLE sample (id TEXT PRIMARY KEY, n INTEGER, big BIGINT, ts TIMESTAMP, d DOUBLE PRECISION, ok BOOLEAN, note TEXT);
      INSERT INTO sample VALUES ('a', 1, 9000000000, '2026-01-01 10:00:00', 1.5, true, 'first');
    `);
  });
  afterAll(() => t.dispose());

  it('normalises counts, decimals, timestamps and booleans to plain JS values', async () => {
    const rows = await t.db.query(
      `SELECT id, n, big, ts, d, ok, count(*) OVER () AS total, CAST(1.25 AS DECIMAL(5,2)) AS dec, CAST(avg(n) OVER () AS DOUBLE PRECISION) AS mean FROM sample`,
    );
    expect(rows).toEqual([
      { id: 'a', n: 1, big: 9000000000, ts: '2026-01-01T10:00:00.000Z', d: 1.5, ok: true, total: 1, dec: 1.25, mean: 1 },
    ]);
  });

  it('binds $n parameters: ISO strings and Dates against TIMESTAMP, numbers, text', async () => {
    const q = `SELECT id FROM sample WHERE ts >= $1 AND ts < $2 AND n <= $3 AND id = $4`;
    expect(await t.db.query(q, ['2026-01-01T09:00:00.000Z', new Date('2026-01-01T11:00:00Z'), 1, 'a'])).toEqual([{ id: 'a' }]);
    expect(await t.db.query(q, ['2026-01-01T10:00:00.001Z', new Date('2026-01-01T11:00:00Z'), 1, 'a'])).toEqual([]);
    expect(await t.db.query(`SELECT id FROM sample WHERE id = ANY($1)`, [['x', 'a']])).toEqual([{ id: 'a' }]);
    expect(await t.db.query(`SELECT id FROM sample ORDER BY id LIMIT $1`, [1])).toEqual([{ id: 'a' }]);
  });

  it('bulk-inserts rows with quotes, commas, newlines, empty strings and NULLs', async () => {
    const rows = [
      ['b', 2, 1, new Date('2026-02-01T00:00:00Z'), 2.25, false, 'He said "hi",\nthen left'],
      ['c', 3, 2, '2026-02-02T12:30:00.000Z', null, null, ''],
      ['d', 4, 3, '2026-02-03 08:00:00', -1, true, '\\N'],
    ];
    await t.db.bulkInsert('sample', ['id', 'n', 'big', 'ts', 'd', 'ok', 'note'], rows);
    const got = await t.db.query(`SELECT id, ts, d, ok, note FROM sample WHERE id <> 'a' ORDER BY id`);
    expect(got).toEqual([
      { id: 'b', ts: '2026-02-01T00:00:00.000Z', d: 2.25, ok: false, note: 'He said "hi",\nthen left' },
      { id: 'c', ts: '2026-02-02T12:30:00.000Z', d: null, ok: null, note: '' },
      { id: 'd', ts: '2026-02-03T08:00:00.000Z', d: -1, ok: true, note: '\\N' },
    ]);
    const [{ c }] = await t.db.query<{ c: number }>(`SELECT count(*) AS c FROM sample`);
    expect(c).toBe(4);
  });

  it('bulk-inserts a large batch', async () => {
    await t.db.exec(`CREATE TABLE many (id TEXT, v INTEGER)`);
    const rows = Array.from({ length: 20_000 }, (_, i) => [`r${i}`, i]);
    await t.db.bulkInsert('many', ['id', 'v'], rows);
    expect(await t.db.query(`SELECT count(*) AS c, sum(v) AS s FROM many`)).toEqual([{ c: 20_000, s: (19_999 * 20_000) / 2 }]);
  });

  it('commits transactions and rolls them back when the callback throws', async () => {
    await t.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO sample (id, n) VALUES ($1, $2)`, ['tx1', 10]);
      await tx.bulkInsert('sample', ['id', 'n'], [['tx2', 11]]);
    });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO sample (id, n) VALUES ($1, $2)`, ['tx3', 12]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const ids = (await t.db.query<{ id: string }>(`SELECT id FROM sample WHERE id LIKE 'tx%' ORDER BY id`)).map((r) => r.id);
    expect(ids).toEqual(['tx1', 'tx2']);
  });

  it('runs concurrent queries', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => t.db.query<{ v: number }>(`SELECT $1 + 1 AS v`, [i])));
    expect(results.map((r) => r[0].v)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('postgres session settings', () => {
  it('every pooled connection runs without JIT, with 64 MB per sort or hash, in UTC', async () => {
    const t = await openTestDb('postgres', { migrated: false });
    try {
      // several connections at once, so more than the pool's first one is checked
      const rows = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.db
            .query(
              `SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem, current_setting('TimeZone') AS tz, pg_sleep(0.05)::text AS s`,
            )
            .then(([r]) => r),
        ),
      );
      for (const r of rows) expect({ jit: r.jit, work_mem: r.work_mem, tz: r.tz }).toEqual({ jit: 'off', work_mem: '64MB', tz: 'UTC' });
    } finally {
      await t.dispose();
    }
  });
});

import { createKeyedQueue } from '../db/keyedQueue';
import type { Db } from '../db/types';

/**
 * The same database with its transactions one at a time in this process. DuckDB resolves
 * concurrent writers optimistically: runs of one brand stored at once add to the same rollup rows
 * and all but one lose, and a lost store would cost the provider call again. Serialising the
 * writes (they take milliseconds) lets the provider calls around them overlap freely.
 */
export function oneTransactionAtATime(db: Db): Db {
  const queue = createKeyedQueue();
  return {
    dialect: db.dialect,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => queue('write', () => db.transaction(fn)),
    bulkInsert: (table, columns, rows) => db.bulkInsert(table, columns, rows),
    close: () => db.close(),
  };
}

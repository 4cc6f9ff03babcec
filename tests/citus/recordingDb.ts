import type { Db } from '../../server/db/types';

/** One statement the app sent to the database, with the parameters it was bound to. */
export interface RecordedStatement {
  /** query: one statement with parameters; exec: a script without (migrations, clears); copy: a bulk load. */
  kind: 'query' | 'exec' | 'copy';
  sql: string;
  params: unknown[];
}

/**
 * `db` with every statement appended to `log` before it runs, inside transactions too. Bulk loads
 * are logged as the COPY they become on PostgreSQL: a COPY into a distributed table is routed row
 * by row on the distribution column, so it needs no filter.
 */
export function recordingDb(db: Db, log: RecordedStatement[]): Db {
  return {
    dialect: db.dialect,
    query(sql, params = []) {
      log.push({ kind: 'query', sql, params: [...params] });
      return db.query(sql, params);
    },
    exec(sql) {
      log.push({ kind: 'exec', sql, params: [] });
      return db.exec(sql);
    },
    transaction(fn) {
      return db.transaction((tx) => fn(recordingDb(tx, log)));
    },
    bulkInsert(table, columns, rows) {
      log.push({ kind: 'copy', sql: `COPY ${table} (${columns.join(', ')}) FROM STDIN`, params: [] });
      return db.bulkInsert(table, columns, rows);
    },
    close: () => db.close(),
  };
}

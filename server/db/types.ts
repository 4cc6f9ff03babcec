/** The one database interface every query and route uses; DuckDB and PostgreSQL implement it. */
export type Dialect = 'duckdb' | 'postgres';

/**
 * A result row. Drivers normalise values so callers never see driver types:
 * integers and BIGINT counts -> number, DOUBLE/DECIMAL -> number, TIMESTAMP -> ISO-8601 UTC string
 * ("2026-11-21T00:00:00.000Z"), BOOLEAN -> boolean, NULL -> null.
 */
export type Row = Record<string, unknown>;

export interface Db {
  readonly dialect: Dialect;
  /** Runs one statement with positional parameters $1, $2, … (same syntax on both engines). */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside a transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Loads many rows fast (DuckDB: appender/COPY from file; PostgreSQL: COPY FROM STDIN or big batches). */
  bulkInsert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
  close(): Promise<void>;
}

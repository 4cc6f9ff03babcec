import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { csvLines } from './csv';
import { quoteIdent } from './names';
import type { Db, Row } from './types';

export interface PostgresOptions {
  connectionString: string;
  /** Schema to create (if missing) and put first on the search_path; tests use a throw-away one. */
  schema?: string;
  max?: number;
}

const OID = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184, date: 1082 } as const;

/** Zone-less TIMESTAMP text from the server is UTC wall-clock time (the session runs in UTC). */
function parseUtcTimestamp(text: string): string {
  if (text === 'infinity' || text === '-infinity') return text;
  return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
}

/** Type parsers scoped to this pool (pg's global registry stays untouched). */
const typeParsers = {
  getTypeParser(oid: number, format?: string) {
    switch (oid) {
      case OID.int8:
        return (v: string) => Number(v);
      case OID.numeric:
        return (v: string) => Number(v);
      case OID.timestamp:
        return parseUtcTimestamp;
      case OID.timestamptz:
        return (v: string) => new Date(v).toISOString();
      case OID.date:
        return (v: string) => v;
      default:
        return pg.types.getTypeParser(oid, format as 'text');
    }
  },
} as pg.CustomTypesConfig;

/** Dates go over the wire as ISO strings so a TIMESTAMP column stores UTC, whatever the process zone. */
function normaliseParams(params: unknown[]): unknown[] {
  return params.map((p) => (p instanceof Date ? p.toISOString() : p));
}

/**
 * Session settings for dashboard reads. No JIT: PostgreSQL compiles a query's expressions once its
 * estimated cost passes jit_above_cost, as a large brand's window scans do, and compiling added about
 * 2 s to a statement over a week of citations at scale 100. 64 MB of work memory per sort or hash
 * (the default is 4 MB): that week's URLs spilled to disk and took about three times as long. Ten
 * pooled connections with a few such nodes each stay within a few GB.
 */
const QUERY_SETTINGS = '-c jit=off -c work_mem=64MB';

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  if (options.schema) quoteIdent(options.schema);
  const searchPath = options.schema ? `-c search_path=${options.schema},public` : '';
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types: typeParsers,
    options: `-c TimeZone=UTC ${QUERY_SETTINGS} ${searchPath}`.trim(),
  });
  pool.on('error', (err) => console.error('PostgreSQL pool error', err));
  if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
  return new PostgresDb(pool, null);
}

type Queryable = pg.Pool | pg.PoolClient;

class PostgresDb implements Db {
  readonly dialect = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly client: pg.PoolClient | null,
  ) {}

  private get target(): Queryable {
    return this.client ?? this.pool;
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.target.query(sql, normaliseParams(params));
    return result.rows as T[];
  }

  async exec(sql: string): Promise<void> {
    await this.target.query(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.client) return fn(this);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(new PostgresDb(this.pool, client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** COPY FROM STDIN in CSV, streamed in slices so a big batch never sits in memory twice. */
  async bulkInsert(table: string, columns: string[], rows: unknown[][]): Promise<void> {
    if (rows.length === 0) return;
    const client = this.client ?? (await this.pool.connect());
    try {
      const cols = columns.map(quoteIdent).join(', ');
      const stream = client.query(
        copyFrom(`COPY ${quoteIdent(table)} (${cols}) FROM STDIN WITH (FORMAT csv, NULL '\\N')`),
      );
      const SLICE = 5000;
      async function* chunks() {
        for (let i = 0; i < rows.length; i += SLICE) yield csvLines(rows.slice(i, i + SLICE));
      }
      await pipeline(Readable.from(chunks()), stream);
    } finally {
      if (!this.client) client.release();
    }
  }

  async close(): Promise<void> {
    if (this.client) throw new Error('close() is not allowed inside a transaction');
    await this.pool.end();
  }
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBConnection,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBInstance,
  DuckDBIntervalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBPreparedStatement,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  DuckDBUUIDValue,
  LIST,
  VARCHAR,
  listValue,
} from '@duckdb/node-api';
import { csvLines } from './csv';
import { quoteIdent } from './names';
import type { Db, Row } from './types';

export interface DuckDbOptions {
  /** Database file, or ':memory:'. */
  file: string;
  /** Where bulk-load CSV files are written for COPY; defaults to the file's folder (or the OS temp dir). */
  tmpDir?: string;
  memoryLimit?: string;
  threads?: number;
  /** Connections for concurrent requests; a transaction holds one for its duration. */
  poolSize?: number;
  /** Open without write access (inspection, and tests of what happens when writes fail). */
  readOnly?: boolean;
}

/** Opens (creating if needed) one DuckDB file behind the Db interface. */
export async function openDuckDb(options: DuckDbOptions): Promise<Db> {
  const inMemory = options.file === ':memory:';
  // Folders the server makes for its data are its own (0700): bulk-load CSVs hold user data.
  if (!inMemory) await fs.mkdir(path.dirname(options.file), { recursive: true, mode: 0o700 });
  const tmpDir = options.tmpDir ?? (inMemory ? os.tmpdir() : path.join(path.dirname(options.file), 'tmp'));
  await fs.mkdir(tmpDir, { recursive: true, mode: 0o700 });
  const instance = await DuckDBInstance.create(options.file, {
    memory_limit: options.memoryLimit ?? '2GB',
    threads: String(options.threads ?? 2),
    ...(options.readOnly ? { access_mode: 'READ_ONLY' } : {}),
  });
  const pool = new ConnectionPool(instance, options.poolSize ?? 4);
  const db = new DuckDb(pool, null, tmpDir, async () => {
    await pool.closeAll();
    instance.closeSync();
  });
  return db;
}

/**
 * Connections handed out to one query or transaction at a time. Closing waits for the ones in use:
 * closing DuckDB under a running query leaves a native thread behind that stops the process from
 * ever exiting (a SIGTERM during a scheduler run hung the server). Once closing, new requests fail.
 */
class ConnectionPool {
  private idle: DuckDBConnection[] = [];
  private created = 0;
  private inUse = 0;
  private closed = false;
  private drained: (() => void) | null = null;
  private waiters: { resolve: (c: DuckDBConnection) => void; reject: (err: Error) => void }[] = [];
  private all: DuckDBConnection[] = [];

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly size: number,
  ) {}

  async acquire(): Promise<DuckDBConnection> {
    if (this.closed) throw new Error('The database is closed');
    const idle = this.idle.pop();
    if (idle) {
      this.inUse++;
      return idle;
    }
    if (this.created < this.size) {
      this.created++;
      this.inUse++;
      try {
        const c = await this.instance.connect();
        this.all.push(c);
        return c;
      } catch (err) {
        this.created--;
        this.release(null);
        throw err;
      }
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Hands the connection to the next waiter, or back to the idle list (null: none was made). */
  release(c: DuckDBConnection | null): void {
    if (c && !this.closed) {
      const waiter = this.waiters.shift();
      if (waiter) {
        waiter.resolve(c); // stays in use
        return;
      }
      this.idle.push(c);
    }
    this.inUse--;
    if (this.closed && this.inUse === 0) this.drained?.();
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new Error('The database is closed'));
    if (this.inUse > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    for (const c of this.all) c.closeSync();
    this.all = [];
    this.idle = [];
  }
}

class DuckDb implements Db {
  readonly dialect = 'duckdb' as const;

  constructor(
    private readonly pool: ConnectionPool,
    /** Set on the Db handed to a transaction callback: every call runs on that one connection. */
    private readonly pinned: DuckDBConnection | null,
    private readonly tmpDir: string,
    private readonly onClose: () => Promise<void>,
  ) {}

  private async withConnection<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.pinned) return fn(this.pinned);
    const c = await this.pool.acquire();
    try {
      return await fn(c);
    } finally {
      this.pool.release(c);
    }
  }

  async query<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.withConnection(async (c) => {
      const prepared = await c.prepare(sql);
      try {
        bindParams(prepared, params);
        const reader = await prepared.runAndReadAll();
        const names = reader.columnNames();
        // Read by column: the driver converts a large result's columns faster than its rows
        // (16,700 rows of 7 columns, in turns on one result: 31 ms against 38-48 ms).
        const columns = reader.getColumns();
        return Array.from({ length: reader.currentRowCount }, (_, r) => {
          const row: Row = {};
          for (let i = 0; i < names.length; i++) row[names[i]] = toJs(columns[i][r]);
          return row as T;
        });
      } finally {
        prepared.destroySync();
      }
    });
  }

  async exec(sql: string): Promise<void> {
    await this.withConnection(async (c) => {
      await c.run(sql);
    });
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.pinned) return fn(this); // already inside one: DuckDB has no nested transactions
    return this.withConnection(async (c) => {
      await c.run('BEGIN TRANSACTION');
      try {
        const result = await fn(new DuckDb(this.pool, c, this.tmpDir, this.onClose));
        await c.run('COMMIT');
        return result;
      } catch (err) {
        await c.run('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }

  /** CSV file + COPY: far faster than row-by-row appends (1.6M runs: 36 s vs 283 s). */
  async bulkInsert(table: string, columns: string[], rows: unknown[][]): Promise<void> {
    if (rows.length === 0) return;
    const file = path.join(this.tmpDir, `bulk-${table}-${randomUUID()}.csv`);
    await fs.writeFile(file, csvLines(rows));
    try {
      const cols = columns.map(quoteIdent).join(', ');
      const escapedFile = file.replace(/'/g, "''");
      await this.exec(
        `COPY ${quoteIdent(table)} (${cols}) FROM '${escapedFile}' ` +
          `(FORMAT csv, HEADER false, DELIMITER ',', QUOTE '"', ESCAPE '"', NULLSTR '\\N', ALLOW_QUOTED_NULLS false)`,
      );
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async close(): Promise<void> {
    if (this.pinned) throw new Error('close() is not allowed inside a transaction');
    await this.onClose();
  }
}

const INTEGER_TYPES = new Set([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
]);
const BIG_INTEGER_TYPES = new Set([DuckDBTypeId.BIGINT, DuckDBTypeId.UBIGINT, DuckDBTypeId.HUGEINT, DuckDBTypeId.UHUGEINT]);
const TIMESTAMP_TYPES = new Set([
  DuckDBTypeId.TIMESTAMP,
  DuckDBTypeId.TIMESTAMP_TZ,
  DuckDBTypeId.TIMESTAMP_MS,
  DuckDBTypeId.TIMESTAMP_S,
  DuckDBTypeId.TIMESTAMP_NS,
]);

/**
 * Binds $1..$n using the type DuckDB inferred for each parameter, so an ISO string compared with
 * a TIMESTAMP column binds as a timestamp (DuckDB does not cast VARCHAR parameters implicitly),
 * the way PostgreSQL infers untyped parameters.
 */
function bindParams(prepared: DuckDBPreparedStatement, params: unknown[]): void {
  const count = prepared.parameterCount;
  if (params.length !== count) {
    throw new Error(`Query expects ${count} parameters, got ${params.length}`);
  }
  for (let i = 1; i <= count; i++) {
    const value = params[i - 1];
    let typeId: DuckDBTypeId;
    try {
      typeId = prepared.parameterTypeId(i);
    } catch {
      typeId = DuckDBTypeId.INVALID;
    }
    if (value === null || value === undefined) {
      prepared.bindNull(i);
    } else if (TIMESTAMP_TYPES.has(typeId) && (typeof value === 'string' || value instanceof Date)) {
      prepared.bindTimestamp(i, new DuckDBTimestampValue(BigInt(toDate(value).getTime()) * 1000n));
    } else if (typeId === DuckDBTypeId.DATE && (typeof value === 'string' || value instanceof Date)) {
      prepared.bindDate(i, new DuckDBDateValue(Math.floor(toDate(value).getTime() / 86_400_000)));
    } else if (value instanceof Date) {
      prepared.bindTimestamp(i, new DuckDBTimestampValue(BigInt(value.getTime()) * 1000n));
    } else if (typeof value === 'boolean') {
      prepared.bindBoolean(i, value);
    } else if (typeof value === 'bigint') {
      prepared.bindBigInt(i, value);
    } else if (typeof value === 'number') {
      if (INTEGER_TYPES.has(typeId) && Number.isInteger(value)) prepared.bindInteger(i, value);
      else if (BIG_INTEGER_TYPES.has(typeId) && Number.isInteger(value)) prepared.bindBigInt(i, BigInt(value));
      else if (typeId === DuckDBTypeId.VARCHAR) prepared.bindVarchar(i, String(value));
      else if ((typeId === DuckDBTypeId.INVALID || typeId === DuckDBTypeId.ANY) && Number.isSafeInteger(value)) {
        prepared.bindBigInt(i, BigInt(value));
      } else prepared.bindDouble(i, value);
    } else if (typeof value === 'string') {
      if (INTEGER_TYPES.has(typeId) && /^-?\d+$/.test(value)) prepared.bindInteger(i, Number(value));
      else if (BIG_INTEGER_TYPES.has(typeId) && /^-?\d+$/.test(value)) prepared.bindBigInt(i, BigInt(value));
      else if ((typeId === DuckDBTypeId.DOUBLE || typeId === DuckDBTypeId.FLOAT) && value.trim() !== '' && !Number.isNaN(Number(value))) {
        prepared.bindDouble(i, Number(value));
      } else prepared.bindVarchar(i, value);
    } else if (Array.isArray(value)) {
      // Lists of text (e.g. `x = ANY($1)` / list_contains); other lists are passed as text too.
      prepared.bindList(i, listValue(value.map((v) => (v === null ? null : String(v)))), LIST(VARCHAR));
    } else {
      prepared.bindVarchar(i, JSON.stringify(value));
    }
  }
}

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  // A zone-less "2026-11-21 10:00:00" is UTC, like every stored time.
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) || /^\d{4}-\d\d-\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new Error(`Not a timestamp: ${value}`);
  return d;
}

function isoFromMicros(micros: bigint): string {
  return new Date(Number(micros / 1000n)).toISOString();
}

/** DuckDB values -> plain JS, as promised in types.ts. */
export function toJs(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'bigint':
      return Number(value);
    case 'number':
    case 'string':
    case 'boolean':
      return value;
  }
  if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue) return isoFromMicros(value.micros);
  if (value instanceof DuckDBTimestampMillisecondsValue) return new Date(Number(value.millis)).toISOString();
  if (value instanceof DuckDBTimestampSecondsValue) return new Date(Number(value.seconds) * 1000).toISOString();
  if (value instanceof DuckDBTimestampNanosecondsValue) return new Date(Number(value.nanos / 1_000_000n)).toISOString();
  if (value instanceof DuckDBDateValue) return new Date(value.days * 86_400_000).toISOString().slice(0, 10);
  if (value instanceof DuckDBDecimalValue) return value.toDouble();
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(toJs);
  if (value instanceof DuckDBStructValue) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value.entries)) out[k] = toJs(v);
    return out;
  }
  if (value instanceof DuckDBMapValue) return value.entries.map((e) => ({ key: toJs(e.key), value: toJs(e.value) }));
  if (value instanceof DuckDBBlobValue) return Buffer.from(value.bytes);
  if (value instanceof DuckDBUUIDValue || value instanceof DuckDBIntervalValue) return value.toString();
  return String(value);
}

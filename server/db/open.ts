import path from 'node:path';
import type { ServerConfig } from '../http/context';
import type { Db } from './types';

export interface OpenDbOptions {
  /** PostgreSQL only: a schema to create and use (tests isolate themselves with one). */
  schema?: string;
  /** DuckDB only: a file other than DATA_DIR/answerscope.duckdb (':memory:' for tests). */
  duckdbFile?: string;
}

export const DUCKDB_FILE_NAME = 'answerscope.duckdb';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded DuckDB file under DATA_DIR. */
export async function openDb(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  options: OpenDbOptions = {},
): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres({ connectionString: config.databaseUrl, schema: options.schema });
  }
  const { openDuckDb } = await import('./duckdb');
  const file = options.duckdbFile ?? path.join(config.dataDir, DUCKDB_FILE_NAME);
  return openDuckDb({ file, tmpDir: path.join(config.dataDir, 'tmp') });
}

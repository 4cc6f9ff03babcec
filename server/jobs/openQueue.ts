import type { Db } from '../db/types';
import type { ServerConfig } from '../http/context';
import { createDuckDbQueue } from './duckdbQueue';
import { createPgBossQueue } from './pgBossQueue';
import type { JobQueue } from './queue';
import { jobSettings } from './settings';

export interface OpenQueueOptions {
  /** PostgreSQL: pg-boss's schema (default `pgboss`); tests use one each. */
  bossSchema?: string;
  /** How often an idle worker looks for jobs, in seconds (default 2 on PostgreSQL, 1 on DuckDB). */
  pollingIntervalSeconds?: number;
  /** PostgreSQL: how often attempts of dead workers are found (default 30 s). */
  superviseIntervalSeconds?: number;
  logError?: (message: string, err: unknown) => void;
}

/** pg-boss with DATABASE_URL, otherwise the jobs table of the DuckDB file; both behave the same. */
export async function openJobQueue(db: Db, config: ServerConfig, options: OpenQueueOptions = {}): Promise<JobQueue> {
  const settings = jobSettings(config);
  if (db.dialect === 'postgres') {
    if (!config.databaseUrl) throw new Error('the PostgreSQL job queue needs DATABASE_URL');
    return createPgBossQueue({
      databaseUrl: config.databaseUrl,
      schema: options.bossSchema,
      retry: settings.retry,
      expireInSeconds: Math.ceil(settings.timeoutMs / 1000),
      superviseIntervalSeconds: options.superviseIntervalSeconds,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      logError: options.logError,
    });
  }
  return createDuckDbQueue(db, {
    retry: settings.retry,
    leaseMs: settings.timeoutMs,
    pollMs: (options.pollingIntervalSeconds ?? 1) * 1000,
    logError: options.logError,
  });
}

import type { Db } from '../db/types';
import type { ServerConfig } from '../http/context';
import { createDuckDbQueue } from './duckdbQueue';
import { createPgBossQueue } from './pgBossQueue';
import type { JobQueue } from './queue';
import { jobSettings } from './settings';

export interface OpenQueueOptions {
  /** PostgreSQL: pg-boss's schema (default `pgboss`); tests use one each. */
  bossSchema?: string;
  /** How often an idle worker looks for jobs, in seconds (default JOB_POLL_MS; at most 1 s on DuckDB, where a look is free). */
  pollingIntervalSeconds?: number;
  /** PostgreSQL: how often attempts of dead workers are found (default JOB_SUPERVISE_SECONDS). */
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
      superviseIntervalSeconds: options.superviseIntervalSeconds ?? Math.ceil(settings.superviseMs / 1000),
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? settings.pollMs / 1000,
      logError: options.logError,
    });
  }
  return createDuckDbQueue(db, {
    retry: settings.retry,
    leaseMs: settings.timeoutMs,
    pollMs: options.pollingIntervalSeconds ? options.pollingIntervalSeconds * 1000 : Math.min(1000, settings.pollMs),
    logError: options.logError,
  });
}

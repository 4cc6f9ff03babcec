import { parseArgs } from 'node:util';
import { loadConfig, StartupError } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import type { ServerContext } from '../http/context';
import { STARTUP_LOCK, withLockSession } from '../scheduler/advisoryLock';
import { jobSettings } from './settings';
import { startJobs } from './startJobs';

/**
 * `npm run worker [-- --concurrency N]`: a process that only runs slot jobs. Start as many as the
 * providers' limits allow, on any machines that reach the database: they share the queue, and a
 * slot runs once whichever takes it. SIGTERM or SIGINT lets running jobs finish (up to 30 s).
 */
async function main() {
  const { values } = parseArgs({ options: { concurrency: { type: 'string' } } });
  const config = loadConfig();
  const concurrency = values.concurrency ? Number(values.concurrency) : undefined;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0)) {
    throw new StartupError(`--concurrency must be a whole number of at least 1, got "${values.concurrency}"`);
  }
  let db;
  try {
    db = await openDb(config);
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    // DuckDB is one process's file: the web server's in-process worker runs its jobs.
    throw new StartupError(`cannot open the database: ${reason}${config.databaseUrl ? '' : ' (with DuckDB the web server runs the jobs itself; separate workers need DATABASE_URL)'}`);
  }
  const applyMigrations = () => migrate(db);
  if (config.databaseUrl) {
    await withLockSession(config.databaseUrl, STARTUP_LOCK, { applicationName: `answerscope worker start-up (pid ${process.pid})` }, applyMigrations);
  } else {
    await applyMigrations();
  }
  const ctx: ServerContext = { db, config, now: () => new Date() };
  const jobs = await startJobs(ctx, { worker: true, concurrency, logError: (message, err) => console.error(message, err) });
  ctx.jobs = jobs.queue;
  console.log(
    `Worker (pid ${process.pid}): taking jobs from the ${jobs.queue.kind === 'pg-boss' ? 'pg-boss queue in PostgreSQL' : 'DuckDB queue'}, ${concurrency ?? jobSettings(config).concurrency} at once.`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Worker (pid ${process.pid}): ${signal}, finishing running jobs…`);
    await jobs.stop(30_000);
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof StartupError) console.error(`Answerscope worker cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});

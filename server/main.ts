import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { createAuthenticate } from './auth/authenticate';
import { loadConfig, loadStartupOptions, StartupError } from './config';
import { prepareDataDir, tightenDataDir } from './dataDir';
import { migrate } from './db/migrate';
import { buildRollupsAfterUpgrade } from './rollups/rebuild';
import { DUCKDB_FILE_NAME, openDb } from './db/open';
import type { Db } from './db/types';
import type { ServerConfig, ServerContext } from './http/context';
import { parseTrustProxy } from './http/rateLimitClientAddress';
import { routes } from './routes/index';
import { startAlertTimer } from './alerts/timer';
import { startEmailRelay } from './email/index';
import { jobSettings } from './jobs/settings';
import { startJobs } from './jobs/startJobs';
import { STARTUP_LOCK, withLockSession } from './scheduler/advisoryLock';
import { startSchedulerOnOneInstance } from './scheduler/oneInstance';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demoAccounts';
import { emptyDatabaseError, prepareInitialData } from './seed/firstRun';

/**
 * Start-up: check the settings and DATA_DIR, open and migrate the database, give an empty one its
 * first data (demo dataset, or the first account in production), serve, schedule.
 */
async function main() {
  // Everything the server creates (database, WAL, uploads, secret, bulk-load files) is private to
  // its user: files 0600, folders 0700.
  process.umask(0o077);
  const config = loadConfig();
  const startup = loadStartupOptions();
  for (const warning of startup.warnings) console.warn(warning);

  prepareDataDir(config.dataDir, { create: !startup.production });
  const tightened = tightenDataDir(config.dataDir);
  if (tightened.changed.length)
    console.log(`Removed group and world access from ${tightened.changed.length} paths under ${config.dataDir}`);
  if (tightened.failed.length) {
    const [first] = tightened.failed;
    console.warn(
      `Warning: ${tightened.failed.length} paths under ${config.dataDir} stay readable by others, e.g. ${first.path} (${first.code})`,
    );
  }

  // Refuse before creating a database file that would stay behind empty.
  const duckdbFile = path.join(config.dataDir, DUCKDB_FILE_NAME);
  if (!config.databaseUrl && !fs.existsSync(duckdbFile) && !startup.demoData && !startup.admin) {
    throw emptyDatabaseError(startup.production);
  }
  const db = await openDatabase(config);
  const initial = await oneStartupAtATime(config, async () => {
    const applied = await migrate(db);
    // A database upgraded to the rollups gets them from its facts before it serves.
    if (await buildRollupsAfterUpgrade(db, applied)) console.log('Built the daily rollups from the stored facts.');
    return prepareInitialData(db, startup, new Date(), (line) => console.log(line));
  }).catch(async (err) => {
    await db.close();
    throw err;
  });

  const ctx: ServerContext = { db, config, now: () => new Date() };
  // Runs are jobs: the scheduler and "start immediately" enqueue them; workers (this process
  // unless WORKER_IN_PROCESS=0, and any `npm run worker`) run them.
  const jobs = await startJobs(ctx, { worker: jobSettings(config).workerInProcess, logError: (message, err) => console.error(message, err) });
  ctx.jobs = jobs.queue;
  const app = await buildApp(ctx, routes, {
    authenticate: createAuthenticate(ctx),
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  });
  if (app.notImplemented.length && !startup.production) {
    app.log.warn(`${app.notImplemented.length} catalogue calls have no route yet (answer 404): ${app.notImplemented.join(', ')}`);
  }
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });

  // With PostgreSQL only the instance holding the scheduler lock runs it; the others take over when it stops.
  const scheduler = startup.scheduler
    ? startSchedulerOnOneInstance(ctx, {
        log: (message, extra) => app.log.info(extra ? { extra } : {}, message),
        logError: (message, err) => app.log.error({ err }, message),
        announce: (line) => console.log(line),
      })
    : null;
  // Alerts and weekly reports by email, from the instance that runs the scheduler.
  const alerts = scheduler ? startAlertTimer(ctx, {
        isLeader: () => scheduler.isLeader(),
        log: (message) => app.log.info(message),
        logError: (message, err) => app.log.error({ err }, message),
      }) : null;
  // Sends the email outbox over SMTP when SMTP_URL is set; without it emails stay in the outbox.
  const emailRelay = startEmailRelay(ctx, { log: (message, extra) => app.log.info(extra ? { extra } : {}, message) });

  console.log(`\nAnswerscope is running at ${config.publicUrl}${startup.production ? ' (production mode)' : ''}`);
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `DuckDB in ${config.dataDir}`}`);
  console.log(
    `Jobs: ${jobs.queue.kind === 'pg-boss' ? 'pg-boss queue in PostgreSQL' : 'queue in the DuckDB file'}; ${jobs.worker ? `this process runs a worker (${jobSettings(config).concurrency} at once)` : 'no worker in this process (WORKER_IN_PROCESS=0): run `npm run worker`'}.`,
  );
  if (initial.demoLogins) {
    console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(22)} ${a.purpose}`);
  }
  if (config.stripe) console.log('Payments: Stripe (STRIPE_* keys).');
  else if (config.localPayments === false) console.log('Payments are off: set the STRIPE_* keys, or LOCAL_PAYMENTS=1 for the built-in test checkout.');

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    alerts?.stop();
    await scheduler?.stop();
    await jobs.stop();
    emailRelay?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * Migrating and filling an empty database, one instance at a time: instances started together on
 * one PostgreSQL database would otherwise create the same tables and load the demo data twice.
 * The next one waits, then finds the work done.
 */
async function oneStartupAtATime<T>(config: ServerConfig, work: () => Promise<T>): Promise<T> {
  if (!config.databaseUrl) return work();
  const onWait = () => console.log('Waiting for another instance to finish migrating or filling the database…');
  return withLockSession(
    config.databaseUrl,
    STARTUP_LOCK,
    { applicationName: `answerscope start-up (pid ${process.pid})`, onWait },
    work,
  );
}

/** The database, or a one-line reason it cannot be opened (locked by another process, corrupt, unreachable). */
async function openDatabase(config: ServerConfig): Promise<Db> {
  try {
    return await openDb(config);
  } catch (err) {
    const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : path.join(config.dataDir, DUCKDB_FILE_NAME);
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new StartupError(`cannot open ${where}: ${reason}`);
  }
}

main().catch((err) => {
  if (err instanceof StartupError) {
    console.error(`Answerscope cannot start: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});

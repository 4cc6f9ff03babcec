import { buildApp } from './app';
import { createAuthenticate } from './auth/authenticate';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDb } from './db/open';
import type { ServerContext } from './http/context';
import { routes } from './routes/index';
import { startEmailRelay } from './email/index';
import { startScheduler } from './scheduler/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demoAccounts';
import { clearData, loadDemo } from './seed/load';

/** Start-up: open and migrate the database, load the demo data on first run, serve, schedule. */
async function main() {
  const config = loadConfig();
  const db = await openDb(config);
  await migrate(db);

  const [{ c: users }] = await db.query<{ c: number }>('SELECT count(*) AS c FROM users');
  if (users === 0) {
    // DEMO_SCALE / DEMO_DAYS shrink the first-run dataset where start-up time matters (e2e runs).
    const scale = Number(process.env.DEMO_SCALE ?? 1);
    const days = process.env.DEMO_DAYS ? Number(process.env.DEMO_DAYS) : undefined;
    console.log(`Empty database: loading the demo dataset (scale ${scale}, seed 42${days ? `, ${days} days` : ''})…`);
    await clearData(db); // a half-finished earlier load leaves rows but no users
    const result = await loadDemo(db, { scale, seed: 42, days, now: new Date() });
    console.log(`Demo data loaded in ${(result.ms / 1000).toFixed(1)} s: ${result.counts.runs.toLocaleString('en-US')} runs, ` +
      `${result.counts.mentions.toLocaleString('en-US')} mentions, ${result.counts.citations.toLocaleString('en-US')} citations`);
  }

  const ctx: ServerContext = { db, config, now: () => new Date() };
  const app = await buildApp(ctx, routes, {
    authenticate: createAuthenticate(ctx),
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustProxy: ['1', 'true'].includes(process.env.TRUST_PROXY ?? ''),
  });
  if (app.notImplemented.length && process.env.NODE_ENV !== 'production') {
    app.log.warn(`${app.notImplemented.length} catalogue calls have no route yet (answer 404): ${app.notImplemented.join(', ')}`);
  }
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });

  const scheduler = startScheduler(ctx, {
    log: (message, extra) => app.log.info(extra ? { extra } : {}, message),
    logError: (message, err) => app.log.error({ err }, message),
  });
  // Sends the email outbox over SMTP when SMTP_URL is set; without it emails stay in the outbox.
  const emailRelay = startEmailRelay(ctx, { log: (message, extra) => app.log.info(extra ? { extra } : {}, message) });

  console.log(`\nAnswerscope is running at ${config.publicUrl}`);
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `DuckDB in ${config.dataDir}`}`);
  console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(22)} ${a.purpose}`);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    scheduler.stop();
    emailRelay?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

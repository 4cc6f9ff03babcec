import { parseArgs } from 'node:util';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import { clearData, countRows, loadDemo, type LoadDemoResult } from './load';

/** npm run seed -- --scale N --seed S [--days D] [--tenants N] [--data-dir DIR] [--force] */
export const USAGE = 'Usage: npm run seed -- [--scale 1] [--seed 42] [--days 90] [--tenants 0] [--data-dir ./data] [--force]';

/**
 * Seeds a fresh database with the demo dataset, and with `--tenants N` as many other accounts with
 * one ordinary brand each (to size a shared install). Refuses a database that holds any rows unless
 * `--force`, which empties it first. PostgreSQL when DATABASE_URL is set, else DuckDB under the data dir.
 */
export async function runSeed(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = (line) => console.log(line),
  now: Date = new Date(),
): Promise<LoadDemoResult | null> {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: '1' },
      seed: { type: 'string', default: '42' },
      days: { type: 'string' },
      tenants: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    print(USAGE);
    return null;
  }
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  const days = values.days === undefined ? undefined : Number(values.days);
  const tenants = Number(values.tenants);
  if (!(scale > 0) || !Number.isInteger(seed) || (days !== undefined && !(Number.isInteger(days) && days > 0)) ||
    !(Number.isInteger(tenants) && tenants >= 0)) {
    throw new Error(`Invalid arguments. ${USAGE}`);
  }
  const config = loadConfig(values['data-dir'] ? { ...env, DATA_DIR: path.resolve(values['data-dir']) } : env);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'answerscope.duckdb');
  const db = await openDb(config);
  try {
    await migrate(db);
    const existing = await countRows(db);
    const total = Object.values(existing).reduce((a, b) => a + b, 0);
    if (total > 0) {
      if (!values.force) throw new Error(`${where} already holds data (${total} rows). Use --force to replace it.`);
      print(`Clearing ${total} existing rows…`);
      await clearData(db);
    }
    print(`Seeding ${where}: scale ${scale}, seed ${seed}${days ? `, ${days} days` : ''}${tenants ? `, ${tenants} more tenants` : ''}`);
    const result = await loadDemo(db, {
      scale,
      seed,
      days,
      tenants,
      now,
      onProgress: (n) => print(`  ${n.toLocaleString('en-US')} runs…`),
    });
    for (const [table, count] of Object.entries(result.counts)) print(`  ${table.padEnd(20)} ${count.toLocaleString('en-US')}`);
    print(`Loaded in ${(result.ms / 1000).toFixed(1)} s, of which ${(result.factWriteMs / 1000).toFixed(1)} s writing facts (demo plan: ${result.plan})`);
    if (tenants) {
      print(`  ${tenants} tenant logins (tenant0001@tenants.example.com, …) have a random password no one knows: they hold data, nobody signs in.`);
    }
    return result;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.umask(0o077); // the database it writes is private to its user, as the server's is
  runSeed(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

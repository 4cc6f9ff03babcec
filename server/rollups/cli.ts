import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open';
import { rebuildRollups } from './rebuild';
import { ROLLUP_TABLES } from './tables';

/**
 * npm run rollups:rebuild [-- --data-dir DIR]: recomputes every rollup from the raw facts of the
 * configured database (PostgreSQL when DATABASE_URL is set, else the DuckDB file under DATA_DIR).
 * Safe while the server runs: the rebuild is one transaction.
 */
export async function runRebuild(argv: string[], env: NodeJS.ProcessEnv = process.env, print = (line: string) => console.log(line)) {
  const i = argv.indexOf('--data-dir');
  const config = loadConfig(i >= 0 && argv[i + 1] ? { ...env, DATA_DIR: path.resolve(argv[i + 1]) } : env);
  const db = await openDb(config);
  try {
    await migrate(db);
    const started = performance.now();
    await rebuildRollups(db);
    print(`Rebuilt rollups in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const t of ROLLUP_TABLES) {
      const [{ n }] = await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`);
      print(`  ${t.padEnd(24)} ${n.toLocaleString('en-US')}`);
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runRebuild(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

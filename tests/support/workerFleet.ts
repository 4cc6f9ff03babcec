// Worker processes (npm run worker) on a throw-away PostgreSQL database, for the scale-out test
// and npm run bench:collect: the database, its brands and prompts, and the processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { TEST_DATABASE_URL } from '../../server/db/testing';
import type { Db } from '../../server/db/types';
import type { SlotJob } from '../../server/jobs/slotJob';
import { insertRows } from '../../server/runs/rows';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface FleetDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own (pg-boss then has the default `pgboss` schema to itself). */
export async function createFleetDatabase(prefix: string): Promise<FleetDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres({ connectionString: url.toString(), max: 4 });
  await migrate(db);
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * `brands` brands with `prompts` prompts spread over them, on openai in `locations`, and the slot
 * jobs of `slots` daily slots for each. Spread as real work is: one brand's runs take turns on
 * its rollup rows.
 */
export async function seedSlots(db: Db, o: { brands: number; prompts: number; locations: string[]; slots: number }): Promise<SlotJob[]> {
  const at = new Date();
  await insertRows(
    db,
    'brands',
    ['id', 'name', 'url', 'location', 'aliases', 'created_by', 'finalized', 'created_at'],
    Array.from({ length: o.brands }, (_, b) => [`brd_${b}`, `Acme ${b}`, 'https://acme.test', 'US', '[]', 'usr_w', true, at]),
  );
  await insertRows(
    db,
    'prompts',
    ['id', 'brand_id', 'text', 'frequency_cron', 'providers', 'locations', 'state', 'created_at', 'updated_at'],
    Array.from({ length: o.prompts }, (_, i) => [`p_${i}`, `brd_${i % o.brands}`, `best tools ${i}`, '0 0 * * *', '["openai"]', JSON.stringify(o.locations), 'active', at, at]),
  );
  const jobs: SlotJob[] = [];
  for (let s = 0; s < o.slots; s++) {
    const slot = new Date(Date.UTC(2026, 10, 20) - s * 86_400_000).toISOString();
    for (let p = 0; p < o.prompts; p++) for (const location of o.locations) jobs.push({ promptId: `p_${p}`, provider: 'openai', location, slot });
  }
  return jobs;
}

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
  /** SIGTERM (running jobs finish), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** One `npm run worker` process with these settings on top of a minimal environment. */
export function spawnWorker(env: Record<string, string>, concurrency: number): WorkerProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answerscope-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/jobs/workerMain.ts', '--concurrency', String(concurrency)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), DATA_DIR: dataDir, COST_CAP_USD_PER_BRAND_DAY: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.once('exit', resolve)).finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    child,
    output: () => out,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

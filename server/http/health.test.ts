import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDuckDb } from '../db/duckdb';
import { migrate } from '../db/migrate';
import { openTestDb } from '../db/testing';
import type { Db } from '../db/types';
import { postgresReachable } from '../../tests/support/harness';
import type { ServerContext } from './context';
import { registerHealthRoutes } from './health';

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
const dbs: Db[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const db of dbs.splice(0)) await db.close().catch(() => undefined);
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-'));
  dirs.push(dir);
  return dir;
}

function contextOver(db: Db): ServerContext {
  return {
    db,
    now: () => new Date(),
    config: { port: 0, dataDir: tempDir(), databaseUrl: null, publicUrl: 'http://localhost:8080', webDir: null, secureCookies: false },
  };
}

/** The whole app (the probes are registered by buildApp). */
async function appOver(db: Db): Promise<FastifyInstance> {
  const app = await buildApp(contextOver(db), []);
  apps.push(app);
  return app;
}

/** A migrated DuckDB file holding one user, closed again so it can be reopened or damaged. */
async function duckdbFile(): Promise<string> {
  const file = path.join(tempDir(), 'answerscope.duckdb');
  const db = await openDuckDb({ file });
  await migrate(db);
  await db.query(
    `INSERT INTO users (id, email, password_hash, name, role, tenant_id, created_at, is_onboarded, is_active)
     VALUES ('usr_1', 'a@example.com', 'x', 'A', 'user', 'ten_1', $1, true, true)`,
    [new Date()],
  );
  await db.exec('CHECKPOINT');
  await db.close();
  return file;
}

async function open(file: string, options: { readOnly?: boolean; poolSize?: number } = {}): Promise<Db> {
  const db = await openDuckDb({ file, ...options });
  dbs.push(db);
  return db;
}

describe('/healthz and /readyz', () => {
  it('both answer 200 on a working database, also under 20 parallel probes', async () => {
    const app = await appOver(await open(await duckdbFile()));
    const live = await app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/readyz' })));
    expect(ready.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(ready[0].json()).toEqual({ ok: true });
    expect(ready[0].headers['cache-control']).toBe('no-store');
  });

  it('readyz answers 503 with the failed check when writes fail (read-only database), while healthz stays 200', async () => {
    const app = await appOver(await open(await duckdbFile(), { readOnly: true }));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Not ready: a write to the database failed',
      code: 'NOT_READY',
      details: { check: 'write' },
    });
  });

  it('readyz answers 503 when the database is closed', async () => {
    const db = await openDuckDb({ file: await duckdbFile() });
    const app = await appOver(db);
    await db.close();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('NOT_READY');
  });

  it('readyz answers 503 when a table has a corrupt block', async () => {
    const file = await duckdbFile();
    const db = await openDuckDb({ file });
    const [{ block_id: block }] = await db.query<{ block_id: number }>(
      `SELECT block_id FROM pragma_storage_info('users') WHERE column_name = 'email' AND block_id >= 0`,
    );
    const [{ block_size: blockSize }] = await db.query<{ block_size: number }>('SELECT block_size FROM pragma_database_size()');
    await db.close();
    // Three 4 KiB headers, then the blocks; each block starts with its 8-byte checksum.
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(1024, 0xab), 0, 1024, 3 * 4096 + block * blockSize + 8);
    fs.closeSync(fd);

    const app = await appOver(await open(file));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Not ready: reading table users failed', code: 'NOT_READY', details: { check: 'read' } });
  });

  it('readyz answers 503 while a migration is not applied', async () => {
    const db = await open(await duckdbFile());
    const app = await appOver(db);
    await db.query(`DELETE FROM schema_migrations WHERE id = '001_init'`);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Not ready: migrations not applied: 001_init',
      code: 'NOT_READY',
      details: { check: 'migrations' },
    });
  });

  it('readyz fails after its time limit when the database does not answer, and recovers', async () => {
    const db = await open(await duckdbFile(), { poolSize: 1 });
    // The health routes alone, with a time limit shorter than the default yet long enough for the
    // check after recovery to pass on a loaded machine (at 300 ms it timed out under load).
    const app = Fastify();
    registerHealthRoutes(app, contextOver(db), { timeoutMs: 1500 });
    apps.push(app);
    let release!: () => void;
    const held = db.transaction(() => new Promise<void>((resolve) => (release = resolve))); // holds the only connection
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().details).toEqual({ check: 'timeout' });
    release();
    await held;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/readyz on PostgreSQL', async () => {
  const reachable = await postgresReachable();
  let t: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    if (reachable) t = await openTestDb('postgres');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it.runIf(reachable)('answers 200, and 503 while a migration is not applied', async () => {
    const app = await appOver(t.db);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await t.db.query(`DELETE FROM schema_migrations WHERE id = '001_init'`);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().details).toEqual({ check: 'migrations' });
  });
});

import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { createAuthenticate } from '../../server/auth/authenticate';
import { openTestDb, TEST_DATABASE_URL } from '../../server/db/testing';
import type { Db, Dialect } from '../../server/db/types';
import type { ServerConfig, ServerContext } from '../../server/http/context';
import type { CallRoute } from '../../server/http/call';
import { routes as allRoutes } from '../../server/routes/index';
import { DEMO_PASSWORD } from '../../server/seed/demoAccounts';
import { loadDemo, type DemoWorld } from '../../server/seed/load';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  ctx: ServerContext;
  dialect: Dialect;
  /** The "now" the demo data and every window were computed from (the clock at start). */
  now: Date;
  /** Moves the server's clock (sessions expiring, cooldowns). */
  setNow(date: Date): void;
  /** Logs in through the API and returns the Cookie header to send with app.inject. */
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dialect: Dialect;
  /** Demo data size; defaults keep a file's setup to a few seconds. */
  scale?: number;
  days?: number;
  seed?: number;
  now?: Date;
  /** A hand-made world instead of the generated demo data. */
  world?: DemoWorld;
  /** Only these routes (default: every route of the API). */
  routes?: CallRoute[];
}

/** A fixed clock: tests compute the same windows every run. */
export const TEST_NOW = new Date('2026-11-20T15:30:00.000Z');

/** Whether the PostgreSQL the contract tests use answers; the suites say so when it does not. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The API over a fresh database holding the demo dataset, driven through app.inject. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const now = options.now ?? TEST_NOW;
  let clock = now;
  const { db, dispose } = await openTestDb(options.dialect);
  await loadDemo(db, { scale: options.scale ?? 1, seed: options.seed ?? 42, now, days: options.days ?? 20, world: options.world });
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-test-'));
  const config: ServerConfig = {
    port: 0,
    dataDir,
    databaseUrl: options.dialect === 'postgres' ? TEST_DATABASE_URL : null,
    publicUrl: 'http://localhost:8080',
    webDir: null,
    secureCookies: false,
  };
  const ctx: ServerContext = { db, config, now: () => clock };
  const app = await buildApp(ctx, options.routes ?? allRoutes, { authenticate: createAuthenticate(ctx), logger: false });
  await app.ready();

  return {
    app,
    db,
    ctx,
    dialect: options.dialect,
    now,
    setNow(date) {
      clock = date;
    },
    async login(email = 'demo@example.com', password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} → ${res.statusCode} ${res.body}`);
      return cookieHeader(res.headers['set-cookie']);
    },
    async close() {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Turns Set-Cookie headers into a Cookie request header, dropping cleared cookies. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((c) => c.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

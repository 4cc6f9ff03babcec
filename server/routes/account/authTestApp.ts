// Test-only: the account API over the tiny world like testSupport's startAccountApp, but built with
// buildApp options the shared harness does not pass (trust proxy, a logger). Not imported by production code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuildAppOptions } from '../../app';
import { createAuthenticate } from '../../auth/authenticate';
import { openTestDb, TEST_DATABASE_URL } from '../../db/testing';
import type { Dialect } from '../../db/types';
import type { ServerConfig, ServerContext } from '../../http/context';
import { loadDemo } from '../../seed/load';
import { accountRoutes } from './index';
import { TEST_NOW, tinyWorld, type AccountTestApp } from './testSupport';

export async function startAuthTestApp(
  dialect: Dialect,
  options: Pick<BuildAppOptions, 'trustProxy' | 'logger'> = {},
): Promise<Omit<AccountTestApp, 'login'>> {
  let clock = TEST_NOW;
  const { db, dispose } = await openTestDb(dialect);
  await loadDemo(db, { scale: 1, seed: 1, now: TEST_NOW, days: 20, world: tinyWorld(TEST_NOW) });
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-auth-test-'));
  const config: ServerConfig = {
    port: 0,
    dataDir,
    databaseUrl: dialect === 'postgres' ? TEST_DATABASE_URL : null,
    publicUrl: 'http://localhost:8080',
    webDir: null,
    secureCookies: false,
  };
  const ctx: ServerContext = { db, config, now: () => clock };
  const app = await buildApp(ctx, accountRoutes, { authenticate: createAuthenticate(ctx), ...options });
  await app.ready();
  return {
    app,
    db,
    ctx,
    setNow(date) {
      clock = date;
    },
    async close() {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

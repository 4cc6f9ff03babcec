// The app over a loaded database, signed in as the demo login, with the ids its first brand's
// calls need: what the API bench scripts time calls through. The app's modules are passed in, not
// imported, because benchAb builds the same client from an older worktree's modules.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_DATABASE_URL } from '../../server/db/testing';
import type { Db, Dialect } from '../../server/db/types';
import type { ServerContext } from '../../server/http/context';
import { DEMO_PASSWORD } from '../../server/seed/demoAccounts';
import { callOf, requestFor, windows, type WalkIds } from '../../tests/contract/requests';

/** What a build exports that the client needs (server/app, server/routes, server/auth). */
export interface AppModules {
  buildApp: typeof import('../../server/app').buildApp;
  routes: typeof import('../../server/routes/index').routes;
  createAuthenticate: typeof import('../../server/auth/authenticate').createAuthenticate;
}

export interface DemoClient {
  inject: (method: string, url: string, payload?: unknown) => Promise<{ statusCode: number; body: string; json: () => any }>;
  /** A request function for one call that fails on any status but 200. */
  request: (id: string, ids: WalkIds) => () => Promise<void>;
  close: () => Promise<void>;
}

/** Signs in the demo login on `modules`' app over `db`; `label` names the build in errors. */
export async function demoClient(modules: AppModules, db: Db, dialect: Dialect, now: Date, label = ''): Promise<DemoClient> {
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-bench-data-'));
  const ctx: ServerContext = {
    db,
    now: () => now,
    config: {
      port: 0,
      dataDir,
      databaseUrl: dialect === 'postgres' ? TEST_DATABASE_URL : null,
      publicUrl: 'http://localhost',
      webDir: null,
      secureCookies: false,
    },
  };
  const app = await modules.buildApp(ctx, modules.routes, { authenticate: modules.createAuthenticate(ctx), logger: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'demo@example.com', password: DEMO_PASSWORD },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const inject = (method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as 'POST', url, headers: { cookie }, payload: payload as object });
  const request = (id: string, ids: WalkIds) => {
    const call = app.catalogue.calls[callOf(id)];
    const req = requestFor(id, ids)!;
    const url = call.path.replace(/[:{]id}?/, req.params?.id ?? '');
    return async () => {
      const res = await inject(call.method, url, req.body);
      if (res.statusCode !== 200) throw new Error(`${label}${label ? ': ' : ''}${id} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
  };
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { inject, request, close };
}

/** The ids the walk's requests need: the demo login's first brand, a prompt with runs in the window, a competitor. */
export async function demoIds(client: DemoClient, now: Date): Promise<WalkIds> {
  const me = (await client.inject('GET', '/api/users/me')).json();
  const brand = me.userBrands[0];
  const w = windows(now);
  const table = (
    await client.inject('POST', '/api/prompts/table', { brandId: brand.id, ...w, providers: null, location: null })
  ).json();
  const prompts = Array.isArray(table) ? table : table.prompts;
  const ranking = (
    await client.inject('POST', '/api/brands/performance/ranking-list', { brandId: brand.id, ...w, providers: null, location: null })
  ).json();
  return {
    brandId: brand.id,
    promptId: prompts.find((p: { currentPeriodRuns: number }) => p.currentPeriodRuns > 0).promptId,
    competitor: ranking.find((r: { brandName: string }) => r.brandName !== brand.name).brandName,
    now,
  };
}

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { openTestDb, type TestDb } from '../../../db/testing';
import type { Dialect } from '../../../db/types';
import type { AuthUser } from '../../../http/call';
import type { ServerContext } from '../../../http/context';
import { insightRoutes } from '../index';
import { NOW, OWNER, STRANGER, type Facts, buildFacts, loadFixture } from './fixture';

export interface InsightTestApp {
  app: FastifyInstance;
  t: TestDb;
  facts: Facts;
  /** POST/PUT/DELETE a JSON body as a user (default the brand owner); returns status and parsed body. */
  call(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, user?: AuthUser): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * The real app factory with the insight routes over the fixture world. Sign-in is replaced by a
 * header naming the user, so these tests cover the insight calls and not the session machinery.
 */
export async function startInsightApp(dialect: Dialect): Promise<InsightTestApp> {
  const t = await openTestDb(dialect);
  const facts = buildFacts();
  await loadFixture(t.db, facts);
  const users = new Map([OWNER, STRANGER].map((u) => [u.id, u]));
  const ctx: ServerContext = {
    db: t.db,
    now: () => NOW,
    config: { port: 0, dataDir: '/tmp', databaseUrl: null, publicUrl: 'http://localhost', webDir: null, secureCookies: false },
  };
  const app = await buildApp(ctx, insightRoutes, {
    authenticate: async (req) => users.get(String(req.headers['x-test-user'] ?? '')) ?? null,
  });
  return {
    app,
    t,
    facts,
    async call(method, url, body, user = OWNER) {
      const res = await app.inject({ method, url, payload: body as object, headers: { 'x-test-user': user.id } });
      return { status: res.statusCode, body: res.body ? res.json() : null };
    },
    async close() {
      await app.close();
      await t.dispose();
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { Db, Dialect } from '../../db/types';
import type { ServerContext } from '../../http/context';
import { startTestServer } from '../../../tests/support/harness';

/** The demo data's clock in the prompt route tests. */
export const TEST_NOW = new Date('2026-11-21T12:00:00.000Z');

/** The demo logins the tests sign in as: a member of every demo brand, and a user with none. */
const EMAILS: Record<string, string> = { usr_demo: 'demo@example.com', usr_new: 'new@example.com' };

export interface PromptsTestApp {
  app: FastifyInstance;
  db: Db;
  ctx: ServerContext;
  /** Headers that sign the request in as the given demo user id (a real login's cookies). */
  as(userId: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * The whole API (shared harness: real auth, every route) over a fresh database holding a small
 * demo dataset, with the demo users logged in.
 */
export async function startPromptsTestApp(dialect: Dialect, options: { scale?: number; days?: number } = {}): Promise<PromptsTestApp> {
  const server = await startTestServer({ dialect, scale: options.scale ?? 0.05, days: options.days ?? 20, now: TEST_NOW });
  const cookies: Record<string, string> = {};
  for (const [id, email] of Object.entries(EMAILS)) cookies[id] = await server.login(email);
  return {
    app: server.app,
    db: server.db,
    ctx: server.ctx,
    as: (userId) => {
      const cookie = cookies[userId];
      if (!cookie) throw new Error(`No test login for ${userId}`);
      return { cookie };
    },
    close: () => server.close(),
  };
}

// Test-only helpers for the account calls: a migrated database with the demo accounts and a tiny
// world, served by the shared test server (tests/support/harness.ts). Not imported by production code.
import type { FastifyInstance } from 'fastify';
import type { Db, Dialect } from '../../db/types';
import type { CallRoute } from '../../http/call';
import type { ServerContext } from '../../http/context';
import type { DemoWorld } from '../../seed/load';
import { cookieHeader, startTestServer } from '../../../tests/support/harness';
import { accountRoutes } from './index';

export const TEST_NOW = new Date('2026-11-20T12:00:00.000Z');
const DAY = 86_400_000;

/** One brand, two prompts in two countries, a few answers that name it and its competitor. */
export function tinyWorld(now: Date = TEST_NOW): DemoWorld {
  const prompts = [
    { key: 'p1', text: 'best project tool for startups', state: 'active' as const, providers: ['openai', 'perplexity'], locations: ['US'], frequencyCron: '0 0 * * *', createdAt: new Date(now.getTime() - 10 * DAY), updatedAt: new Date(now.getTime() - 10 * DAY), stoppedAt: null, neverRun: false },
    { key: 'p2', text: 'Asana alternatives for small teams', state: 'active' as const, providers: ['openai'], locations: ['US', 'GB'], frequencyCron: '0 0 * * *', createdAt: new Date(now.getTime() - 10 * DAY), updatedAt: new Date(now.getTime() - 10 * DAY), stoppedAt: null, neverRun: false },
  ];
  const answers = [
    '1. **Taskvine** - great for small teams.\n2. **Asana** - powerful but pricey.',
    '1. **Asana** - the classic choice.\n2. **Taskvine** - simple and loved.\n3. **Trello** - kanban boards.',
    'Many teams like Asana. Trello is also fine.',
  ];
  return {
    brands: [
      {
        key: 'taskvine', name: 'Taskvine', url: 'https://www.taskvine.com', location: 'US', aliases: [], industry: 'Project management software',
        competitors: [{ name: 'Asana', aliases: [] }], prompts,
      },
    ],
    *runs() {
      let i = 0;
      for (let day = 3; day >= 1; day--) {
        for (const p of prompts) {
          for (const provider of p.providers) {
            for (const location of p.locations) {
              yield {
                brandKey: 'taskvine', promptKey: p.key, provider, location,
                createdAt: new Date(now.getTime() - day * DAY),
                answer: {
                  answerText: answers[i++ % answers.length],
                  citations: [{ url: `https://www.g2.com/review/${i}`, title: 'Review', author: null, publishedAt: null }],
                },
              };
            }
          }
        }
      }
    },
  };
}

export interface AccountTestApp {
  app: FastifyInstance;
  db: Db;
  ctx: ServerContext;
  /** Moves the shared clock. */
  setNow(date: Date): void;
  /** Logs a demo account in and returns its Cookie header (access + refresh). */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** The shared test server over the tiny world (or the given one), with the account routes only by default. */
export async function startAccountApp(
  dialect: Dialect,
  options: { routes?: CallRoute[]; world?: DemoWorld } = {},
): Promise<AccountTestApp> {
  return startTestServer({ dialect, seed: 1, now: TEST_NOW, world: options.world ?? tinyWorld(TEST_NOW), routes: options.routes ?? accountRoutes });
}

export { cookieHeader };

export function cookieValue(setCookie: string | string[] | undefined, name: string): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const c of list) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return null;
}

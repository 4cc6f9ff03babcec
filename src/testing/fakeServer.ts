import { vi } from 'vitest';
import { createApiClient, type ApiClient } from '../api/client';
import type { Brand, User } from '../session/types';

// A scripted backend for component tests: routes "METHOD /path" to handlers, records calls.
export type FakeRoute = (body: unknown, url: URL) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function makeBrand(id: string, name: string, ownerId = 'u1'): Brand {
  return { id, name, url: `https://${id}.example.com`, ownerIds: [ownerId] };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    isOnboarded: true,
    userSubscription: { status: 'active', pricingPlan: { name: 'Pro', maxBrands: 5, maxPrompts: 50, maxLocations: 5 } },
    userBrands: [makeBrand('b1', 'Acme Analytics'), makeBrand('b2', 'Globex Corporation International Holdings')],
    ...overrides,
  };
}

export function fakeServer(routes: Record<string, FakeRoute>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    calls.push(key);
    const handler = routes[key];
    if (!handler) return json(404, { message: `No route ${key}`, code: 'NOT_FOUND' });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler(body, url);
  });
  const client: ApiClient = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  return { client, calls, fetch };
}

/** A signed-in backend: config plus users/me answering with `user` (or 401 when null). */
export function signedInServer(user: User | null, extra: Record<string, FakeRoute> = {}) {
  return fakeServer({
    'GET /api/config': () => json(200, { data: { features: { exports: true }, settings: {}, version: '2.3.4' } }),
    'GET /api/users/me': () => (user ? json(200, user) : json(401, { message: 'Not signed in', code: 'UNAUTHENTICATED' })),
    'POST /api/auth/refresh': () => json(401, { message: 'No session', code: 'UNAUTHENTICATED' }),
    ...extra,
  });
}

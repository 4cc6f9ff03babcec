import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { createCallCatalogue } from './callCatalogue';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake fetch that records calls and answers through a handler. */
function fakeFetch(handler: Handler) {
  const calls: Array<{ method: string; url: string; init: RequestInit }> = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ method: init.method ?? 'GET', url, init });
    return handler(url, init);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('request basics', () => {
  it('sends credentials, JSON bodies and query strings', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true }));
    const client = createApiClient({ fetch });
    const result = await client.request<{ ok: boolean }>('post', '/api/brands', {
      body: { name: 'Acme' },
      query: { brandId: 'b1', providers: ['openai', 'perplexity'], skip: undefined },
    });
    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('/api/brands?brandId=b1&providers=openai&providers=perplexity');
    expect(calls[0].init.credentials).toBe('include');
    expect(calls[0].init.body).toBe('{"name":"Acme"}');
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns undefined for 204', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(createApiClient({ fetch }).request('DELETE', '/api/x')).resolves.toBeUndefined();
  });
});

describe('error mapping', () => {
  it('maps a network failure to status 0 NETWORK_ERROR, retryable', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await caught(createApiClient({ fetch }).request('GET', '/api/config'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
      retryable: true,
    });
  });

  it('maps a timeout to 408 TIMEOUT "Request timeout"', async () => {
    const { fetch } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createApiClient({ fetch, timeoutMs: 20 });
    const err = await caught(client.request('GET', '/api/slow'));
    expect(err).toMatchObject({ status: 408, code: 'TIMEOUT', message: 'Request timeout', retryable: true });
  });

  it('uses status and status text for non-JSON error bodies, code HTTP_ERROR', async () => {
    const { fetch } = fakeFetch(
      () => new Response('<html>nope</html>', { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/html' } }),
    );
    const err = await caught(createApiClient({ fetch }).request('GET', '/api/missing'));
    expect(err).toMatchObject({ status: 404, code: 'HTTP_ERROR', message: '404 Not Found' });
  });

  it('maps 400 containing "deactivated" to the deactivated account error, not retryable', async () => {
    const { fetch } = fakeFetch(() => json(400, { message: 'User account is deactivated', code: 'BAD' }));
    const err = await caught(createApiClient({ fetch }).request('GET', '/api/users/me/x'));
    expect(err).toMatchObject({
      status: 400,
      code: 'ACCOUNT_DEACTIVATED',
      message: 'Your account has been deactivated',
      action: 'Please contact support to reactivate your account',
      retryable: false,
    });
  });

  it('maps 5xx to the generic server message, retryable', async () => {
    const { fetch } = fakeFetch(() => json(503, { message: 'db down', code: 'DB' }));
    const err = await caught(createApiClient({ fetch }).request('GET', '/api/x'));
    expect(err).toMatchObject({ status: 503, message: 'Server error occurred. Please try again.', retryable: true });
  });

  it('passes other server messages, codes and details through', async () => {
    const { fetch } = fakeFetch(() => json(422, { message: 'Name taken', code: 'CONFLICT', details: { field: 'name' } }));
    const err = await caught(createApiClient({ fetch }).request('POST', '/api/brands', { body: {} }));
    expect(err).toMatchObject({ status: 422, code: 'CONFLICT', message: 'Name taken', details: { field: 'name' }, retryable: true });
  });
});

describe('token refresh', () => {
  it('refreshes once on 401 and retries the original request once', async () => {
    let authed = false;
    const { fetch, calls } = fakeFetch((url) => {
      if (url === '/api/auth/refresh') {
        authed = true;
        return json(200, {});
      }
      if (url === '/api/brands') return authed ? json(200, [{ id: 'b1' }]) : json(401, { message: 'expired' });
      return json(404, {});
    });
    const client = createApiClient({ fetch });
    await expect(client.request('GET', '/api/brands')).resolves.toEqual([{ id: 'b1' }]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/brands',
      'POST /api/auth/refresh',
      'GET /api/brands',
    ]);
    expect(calls[1].init.credentials).toBe('include');
  });

  it('shares one refresh across concurrent 401s', async () => {
    let authed = false;
    let refreshes = 0;
    const { fetch } = fakeFetch(async (url) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 5));
        authed = true;
        return json(200, {});
      }
      return authed ? json(200, { url }) : json(401, {});
    });
    const client = createApiClient({ fetch });
    const results = await Promise.all(['/api/a', '/api/b', '/api/c'].map((p) => client.request('GET', p)));
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshes).toBe(1);
  });

  it('falls back to GET /api/users/me when the refresh endpoint fails', async () => {
    let authed = false;
    const { fetch, calls } = fakeFetch((url) => {
      if (url === '/api/auth/refresh') return json(500, {});
      if (url === '/api/users/me') {
        authed = true;
        return json(200, { id: 'u1' });
      }
      return authed ? json(200, 'ok') : json(403, {});
    });
    const client = createApiClient({ fetch });
    await expect(client.request('GET', '/api/x')).resolves.toBe('ok');
    expect(calls.map((c) => c.url)).toEqual(['/api/x', '/api/auth/refresh', '/api/users/me', '/api/x']);
  });

  it('on refresh failure rejects with "Please log in to continue" and announces the expired session', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { message: 'nope' }));
    const client = createApiClient({ fetch });
    const expired = vi.fn();
    client.onSessionExpired(expired);
    const err = await caught(client.request('GET', '/api/x'));
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'Please log in to continue', retryable: false });
    expect(expired).toHaveBeenCalledTimes(1);
    // No second retry of the original request.
    expect(calls.map((c) => c.url)).toEqual(['/api/x', '/api/auth/refresh', '/api/users/me']);
  });

  it('does not refresh again within the 5 s cooldown', async () => {
    let clock = 1_000_000;
    const { fetch, calls } = fakeFetch(() => json(401, {}));
    const client = createApiClient({ fetch, now: () => clock });
    await caught(client.request('GET', '/api/x'));
    clock += 4_000;
    await caught(client.request('GET', '/api/y'));
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    clock += 2_000;
    await caught(client.request('GET', '/api/z'));
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(2);
  });

  it('never refreshes for the auth endpoints (a wrong password shows the server message)', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    const err = await caught(
      createApiClient({ fetch }).request('POST', '/api/auth/login', { body: { email: 'a@b.c', password: 'x' } }),
    );
    expect(err.message).toBe('Invalid email or password');
    expect(calls).toHaveLength(1);
  });

  it('answers 402 SUBSCRIPTION_REQUIRED without refreshing the session, and tells the app once per answer', async () => {
    const body = { message: 'You need an active subscription for this.', code: 'SUBSCRIPTION_REQUIRED', details: null };
    const { fetch, calls } = fakeFetch(() => json(402, body, 'Payment Required'));
    const client = createApiClient({ fetch });
    const told = vi.fn();
    client.onSubscriptionRequired(told);
    const err = await caught(client.request('POST', '/api/brands/performance/metadata', { body: {} }));
    expect([err.status, err.code, err.message, err.retryable]).toEqual([402, 'SUBSCRIPTION_REQUIRED', body.message, false]);
    await expect(client.stream('/api/onboarding/generate-insights', { onChunk: () => undefined })).rejects.toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });
    expect(calls.map((c) => c.url)).toEqual(['/api/brands/performance/metadata', '/api/onboarding/generate-insights']);
    expect(told).toHaveBeenCalledTimes(2);
    // Other 402 codes (a brand charged to someone else's lapsed plan) only show their message.
    const other = fakeFetch(() => json(402, { message: 'Not your plan', code: 'GOVERNING_PLAN_INACTIVE', details: null }));
    const second = createApiClient({ fetch: other.fetch });
    second.onSubscriptionRequired(told);
    expect((await caught(second.request('PUT', '/api/prompts/p1', { body: {} }))).message).toBe('Not your plan');
    expect(told).toHaveBeenCalledTimes(2);
  });

  it('periodic check refreshes only when the last refresh is over 2 hours old', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const client = createApiClient({ fetch });
    const stop = client.startSessionKeepAlive();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000); // 1 h: six checks, no refresh
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(70 * 60 * 1000); // past 2 h
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
    stop();
    expect(Date.now() - start).toBeGreaterThan(2 * 60 * 60 * 1000);
  });
});

describe('callApi', () => {
  it('reads method and path from the catalogue, fills params and caches the lookup', async () => {
    const loader = vi.fn(async () => ({ default: { id: 'brands.finalize', method: 'PUT', path: '/api/brands/:id/finalize' } }));
    const catalogue = createCallCatalogue({ 'calls/brands.finalize.json': loader }, 'calls/');
    const { fetch, calls } = fakeFetch(() => json(200, { done: true }));
    const client = createApiClient({ fetch, lookupCall: catalogue.lookup });
    await client.callApi('brands.finalize', { params: { id: 'a b' }, body: { finalCompetitors: ['X'] } });
    await client.callApi('brands.finalize', { params: { id: 'c' }, body: { finalCompetitors: [] } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/brands/a%20b/finalize', 'PUT /api/brands/c/finalize']);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('rejects unknown call ids and missing params', async () => {
    const catalogue = createCallCatalogue({ 'calls/prompts.get.json': async () => ({ method: 'GET', path: '/api/prompts/:id' }) }, 'calls/');
    const { fetch } = fakeFetch(() => json(200, {}));
    const client = createApiClient({ fetch, lookupCall: catalogue.lookup });
    await expect(client.callApi('nope')).rejects.toThrow("Unknown API call 'nope'");
    await expect(client.callApi('prompts.get')).rejects.toThrow("Missing path parameter 'id'");
  });

  it('with skipAuthRefresh (a request sent before the session is known) a 401 rejects without a refresh', async () => {
    const catalogue = createCallCatalogue({ 'calls/brands.list.json': async () => ({ method: 'POST', path: '/api/brands/list' }) }, 'calls/');
    const { fetch, calls } = fakeFetch((url) => (url === '/api/auth/refresh' ? json(200, {}) : json(401, { message: 'expired' })));
    const client = createApiClient({ fetch, lookupCall: catalogue.lookup });
    expect((await caught(client.callApi('brands.list', { body: {}, skipAuthRefresh: true }))).status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/brands/list']);
    // Without it the same answer is met with a refresh and one retry.
    await caught(client.callApi('brands.list', { body: {} }));
    expect(calls.map((c) => c.url)).toEqual(['/api/brands/list', '/api/brands/list', '/api/auth/refresh', '/api/brands/list']);
  });
});

describe('stream', () => {
  it('delivers decoded chunks in order', async () => {
    const encoder = new TextEncoder();
    const { fetch, calls } = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode('step 1\n'));
              controller.enqueue(encoder.encode('step 2\n'));
              controller.close();
            },
          }),
          { status: 200 },
        ),
    );
    const chunks: string[] = [];
    await createApiClient({ fetch }).stream('/api/onboarding/generate-insights', {
      query: { brandId: 'b1' },
      onChunk: (t) => chunks.push(t),
    });
    expect(chunks.join('')).toBe('step 1\nstep 2\n');
    expect(calls[0].url).toBe('/api/onboarding/generate-insights?brandId=b1');
  });

  it('times out with "Streaming request timeout"', async () => {
    const { fetch } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const err = await caught(createApiClient({ fetch, timeoutMs: 20 }).stream('/api/s', { onChunk: () => {} }));
    expect(err).toMatchObject({ status: 408, code: 'TIMEOUT', message: 'Streaming request timeout' });
  });
});

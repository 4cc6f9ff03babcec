// The one HTTP client of the front end: cookies on every call, JSON bodies, a 70 s timeout,
// one shared token refresh on 401/403, and one mapping from failed responses to user-facing errors.
import {
  ApiError,
  errorFromResponse,
  isSubscriptionRequired,
  loginRequiredError,
  networkError,
  timeoutError,
  type ServerErrorBody,
} from './errors';
import { callCatalogue, fillPath, type CallDefinition } from './callCatalogue';
import {
  API_TIMEOUT_MS,
  AUTH_REFRESH_PATH,
  CURRENT_USER_PATH,
  GENERATE_INSIGHTS_PATH,
  REFRESH_COOLDOWN_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_REFRESH_AFTER_MS,
} from './constants';

export { ApiError, isApiError, ERROR_MESSAGES } from './errors';

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Skip the refresh-and-retry on 401/403 (used by the auth calls themselves). */
  skipAuthRefresh?: boolean;
}

export interface CallOptions {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Query;
  signal?: AbortSignal;
  /** See RequestOptions; also used for requests sent before the session is confirmed. */
  skipAuthRefresh?: boolean;
}

export interface StreamOptions {
  query?: Query;
  signal?: AbortSignal;
  method?: string;
  body?: unknown;
  onChunk: (text: string) => void;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
  now?: () => number;
  lookupCall?: (callId: string) => Promise<CallDefinition>;
}

type SessionExpiredListener = () => void;
type SubscriptionRequiredListener = (error: ApiError) => void;

interface SentRequest {
  res: Response;
  /** Stops the timeout timer. */
  clear: () => void;
  /** Restarts the timeout timer (streams: inactivity timeout). */
  rearm: () => void;
  timedOut: () => boolean;
}

/** Auth endpoints answer 401 for a wrong password; those must never trigger a refresh. */
function isAuthPath(path: string): boolean {
  return path.startsWith('/api/auth/');
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body; // file uploads
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function readErrorBody(res: Response): Promise<ServerErrorBody | null> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ServerErrorBody) : null;
  } catch {
    return null;
  }
}

async function readSuccessBody<T>(res: Response): Promise<T> {
  if (res.status === 204 || res.status === 205) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const now = options.now ?? (() => Date.now());
  const lookupCall = options.lookupCall ?? callCatalogue.lookup;

  let refreshInFlight: Promise<boolean> | null = null;
  let lastRefreshAttempt: { at: number; ok: boolean } | null = null;
  let lastRefreshAt = now();
  let keepAliveTimer: ReturnType<typeof setInterval> | null = null;
  const expiredListeners = new Set<SessionExpiredListener>();
  const subscriptionListeners = new Set<SubscriptionRequiredListener>();

  /** The error for a failed response; a lapsed subscription is also told to the app (Subscription Required). */
  async function failure(res: Response): Promise<ApiError> {
    const error = errorFromResponse(res.status, res.statusText, await readErrorBody(res));
    if (isSubscriptionRequired(error)) subscriptionListeners.forEach((listener) => listener(error));
    return error;
  }

  /** One fetch with timeout; maps transport failures to ApiError, returns any HTTP response. */
  async function send(
    method: string,
    path: string,
    opts: Pick<RequestOptions, 'body' | 'query' | 'signal' | 'headers'>,
    streaming = false,
  ): Promise<SentRequest> {
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const arm = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    const clear = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      opts.signal?.removeEventListener('abort', onOuterAbort);
    };
    const onOuterAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) throw opts.signal.reason ?? new DOMException('Aborted', 'AbortError');
    opts.signal?.addEventListener('abort', onOuterAbort);
    arm();

    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const body = encodeBody(opts.body, headers);
    try {
      const res = await doFetch(buildUrl(baseUrl, path, opts.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      // Streams keep the timer as an inactivity timeout, re-armed on each chunk.
      if (!streaming) clear();
      return { res, clear, rearm: arm, timedOut: () => timedOut };
    } catch (err) {
      clear();
      if (timedOut) throw timeoutError(streaming);
      if (opts.signal?.aborted) throw opts.signal.reason ?? err;
      throw networkError(err);
    }
  }

  async function rawOk(method: string, path: string): Promise<boolean> {
    try {
      const { res } = await send(method, path, { body: method === 'POST' ? {} : undefined });
      await res.text().catch(() => '');
      return res.ok;
    } catch {
      return false;
    }
  }

  /**
   * Refreshes the session once for all concurrent callers: the refresh endpoint first, the
   * current-user endpoint as a fallback. Attempts within the cooldown reuse the last outcome.
   */
  function refreshSession(): Promise<boolean> {
    if (refreshInFlight) return refreshInFlight;
    if (lastRefreshAttempt && now() - lastRefreshAttempt.at < REFRESH_COOLDOWN_MS) {
      return Promise.resolve(lastRefreshAttempt.ok);
    }
    refreshInFlight = (async () => {
      const ok = (await rawOk('POST', AUTH_REFRESH_PATH)) || (await rawOk('GET', CURRENT_USER_PATH));
      lastRefreshAttempt = { at: now(), ok };
      if (ok) lastRefreshAt = now();
      else expiredListeners.forEach((listener) => listener());
      return ok;
    })().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const upper = method.toUpperCase();
    let { res } = await send(upper, path, opts);
    if ((res.status === 401 || res.status === 403) && !opts.skipAuthRefresh && !isAuthPath(path)) {
      const firstStatus = res.status;
      await res.text().catch(() => '');
      if (!(await refreshSession())) throw loginRequiredError(firstStatus);
      ({ res } = await send(upper, path, opts));
      if (res.status === 401) {
        await res.text().catch(() => '');
        throw loginRequiredError(401);
      }
    }
    if (!res.ok) throw await failure(res);
    return readSuccessBody<T>(res);
  }

  /** Calls an API by its catalogue id, filling `:params` in the catalogue's path. */
  async function callApi<T = unknown>(callId: string, opts: CallOptions = {}): Promise<T> {
    const def = await lookupCall(callId);
    return request<T>(def.method, fillPath(def.path, opts.params), {
      body: opts.body,
      query: opts.query,
      signal: opts.signal,
      skipAuthRefresh: opts.skipAuthRefresh,
    });
  }

  /** Reads a streamed response chunk by chunk (decoded text); resolves when the stream ends. */
  async function stream(path: string, opts: StreamOptions): Promise<void> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const open = () =>
      send(method, path, { query: opts.query, signal: opts.signal, body: opts.body, headers: { Accept: '*/*' } }, true);
    let sent = await open();
    if (sent.res.status === 401 || sent.res.status === 403) {
      sent.clear();
      const status = sent.res.status;
      if (!(await refreshSession())) throw loginRequiredError(status);
      sent = await open();
    }
    const { res, clear, timedOut, rearm } = sent;
    try {
      if (!res.ok) throw await failure(res);
      if (!res.body) {
        const text = await res.text();
        if (text) opts.onChunk(text);
        return;
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        rearm();
        const text = decoder.decode(value, { stream: true });
        if (text) opts.onChunk(text);
      }
      const rest = decoder.decode();
      if (rest) opts.onChunk(rest);
    } catch (err) {
      if (timedOut()) throw timeoutError(true);
      if (err instanceof ApiError) throw err;
      if (opts.signal?.aborted) throw opts.signal.reason ?? err;
      throw networkError(err);
    } finally {
      clear();
    }
  }

  /** Records a fresh session (after login or a successful startup) for the periodic check. */
  function markSessionFresh(): void {
    lastRefreshAt = now();
    // A failed refresh before signing in must not block refreshes of the new session.
    lastRefreshAttempt = null;
  }

  /** Every 10 minutes, refreshes when the last refresh is more than 2 hours old. */
  function startSessionKeepAlive(): () => void {
    stopSessionKeepAlive();
    keepAliveTimer = setInterval(() => {
      if (now() - lastRefreshAt > SESSION_REFRESH_AFTER_MS) void refreshSession();
    }, SESSION_CHECK_INTERVAL_MS);
    return stopSessionKeepAlive;
  }

  function stopSessionKeepAlive(): void {
    if (keepAliveTimer) clearInterval(keepAliveTimer);
    keepAliveTimer = null;
  }

  /** Called when a call answers 402 SUBSCRIPTION_REQUIRED: the guarded sections show Subscription Required. */
  function onSubscriptionRequired(listener: SubscriptionRequiredListener): () => void {
    subscriptionListeners.add(listener);
    return () => subscriptionListeners.delete(listener);
  }

  /** Called when a refresh fails: the session shows the Session Expired modal. */
  function onSessionExpired(listener: SessionExpiredListener): () => void {
    expiredListeners.add(listener);
    return () => expiredListeners.delete(listener);
  }

  return {
    request,
    callApi,
    stream,
    refreshSession,
    markSessionFresh,
    startSessionKeepAlive,
    stopSessionKeepAlive,
    onSessionExpired,
    onSubscriptionRequired,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient: ApiClient = createApiClient({
  baseUrl: (import.meta.env?.VITE_API_BASE_URL as string | undefined) ?? '',
});

export const request = apiClient.request;
export const callApi = apiClient.callApi;
export const streamRequest = apiClient.stream;

/** Streams onboarding insight generation for a brand; the chunks are only logged, not shown. */
export function streamOnboardingInsights(
  brandId: string,
  opts: { signal?: AbortSignal; onChunk?: (text: string) => void } = {},
): Promise<void> {
  return apiClient.stream(GENERATE_INSIGHTS_PATH, {
    query: { brandId },
    signal: opts.signal,
    onChunk: opts.onChunk ?? ((text) => console.info('[generate-insights]', text)),
  });
}

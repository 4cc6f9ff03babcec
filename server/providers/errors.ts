/**
 * One error type for every provider failure, so the job queue decides retries from a class and a
 * flag instead of knowing each SDK's error hierarchy.
 */
export type ProviderErrorClass = 'rate_limited' | 'timeout' | 'server_error' | 'bad_response' | 'auth' | 'bad_request' | 'network';

export const PROVIDER_ERROR_CLASSES: readonly ProviderErrorClass[] = [
  'rate_limited', 'timeout', 'server_error', 'bad_response', 'auth', 'bad_request', 'network',
];

/** Retrying cannot fix a refused key or a request the provider rejects; everything else may pass next time. */
const RETRYABLE: Record<ProviderErrorClass, boolean> = {
  rate_limited: true,
  timeout: true,
  server_error: true,
  bad_response: true,
  network: true,
  auth: false,
  bad_request: false,
};

export class ProviderError extends Error {
  readonly errorClass: ProviderErrorClass;
  readonly retryable: boolean;
  /** From Retry-After on a 429 (or 503): how long the provider asked us to wait. */
  readonly retryAfterMs?: number;
  readonly provider: string;
  /** HTTP status when the provider answered with one. */
  readonly status?: number;

  constructor(
    provider: string,
    errorClass: ProviderErrorClass,
    message: string,
    opts: { retryAfterMs?: number; status?: number; cause?: unknown; retryable?: boolean } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.errorClass = errorClass;
    this.retryable = opts.retryable ?? RETRYABLE[errorClass];
    if (opts.retryAfterMs !== undefined) this.retryAfterMs = opts.retryAfterMs;
    if (opts.status !== undefined) this.status = opts.status;
  }
}

type HeaderBag = { get?: (name: string) => string | null | undefined } | Record<string, unknown> | undefined | null;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const v = (headers as { get: (n: string) => string | null | undefined }).get(name);
    return v ?? undefined;
  }
  for (const [k, v] of Object.entries(headers as Record<string, unknown>)) {
    if (k.toLowerCase() === name.toLowerCase()) return Array.isArray(v) ? String(v[0]) : v == null ? undefined : String(v);
  }
  return undefined;
}

/**
 * Retry-After is either delta-seconds or an HTTP date; `retry-after-ms` (sent by OpenAI) wins when
 * present. Returns undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(headers: HeaderBag, now: number = Date.now()): number | undefined {
  const ms = header(headers, 'retry-after-ms');
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms));
  const raw = header(headers, 'retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ERR_STREAM_PREMATURE_CLOSE',
]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ESOCKETTIMEDOUT']);

/** Walks an error and its causes (SDKs wrap fetch errors, fetch wraps socket errors). */
function chain(err: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur && typeof cur === 'object'; i++) {
    out.push(cur as Record<string, unknown>);
    cur = (cur as { cause?: unknown }).cause;
  }
  return out;
}

function classOfStatus(status: number): ProviderErrorClass | undefined {
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  if (status === 401 || status === 403) return 'auth';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'bad_request';
  return undefined;
}

function shortMessage(err: unknown): string {
  const m = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
  const s = (m ?? '').replace(/\s+/g, ' ').trim();
  return (s || 'Unknown provider error').slice(0, 500);
}

/**
 * Classifies anything an adapter may throw: the SDKs' API errors (by HTTP status, with
 * Retry-After), their connection and timeout errors (by name and by the codes of the errors they
 * wrap), aborts, unparseable bodies (SyntaxError / shape errors) and plain values.
 */
export function toProviderError(err: unknown, provider: string): ProviderError {
  if (err instanceof ProviderError) return err;
  const links = chain(err);
  const message = shortMessage(err);
  const top = links[0] ?? {};
  const status = typeof top.status === 'number' ? top.status : typeof top.code === 'number' ? (top.code as number) : undefined;
  if (status !== undefined && status >= 400) {
    const errorClass = classOfStatus(status) ?? 'bad_response';
    const retryAfterMs = errorClass === 'rate_limited' || status === 503 ? parseRetryAfter(top.headers as HeaderBag) : undefined;
    return new ProviderError(provider, errorClass, message, { status, retryAfterMs, cause: err });
  }
  // SDK error classes do not always set `name`, so the constructor's name counts too.
  const names = links.flatMap((l) => [String(l.name ?? ''), String((l.constructor as { name?: string } | undefined)?.name ?? '')]);
  const codes = links.map((l) => String(l.code ?? ''));
  if (names.some((n) => /Timeout/i.test(n)) || codes.some((c) => TIMEOUT_CODES.has(c)) || /timed? ?out/i.test(message)) {
    return new ProviderError(provider, 'timeout', message, { cause: err });
  }
  if (names.some((n) => n === 'AbortError' || n === 'APIUserAbortError') || codes.includes('ABORT_ERR')) {
    return new ProviderError(provider, 'timeout', message, { cause: err });
  }
  if (names.some((n) => n === 'SyntaxError' || n === 'BadResponseError')) {
    return new ProviderError(provider, 'bad_response', message, { cause: err });
  }
  if (names.some((n) => /Connection/i.test(n)) || codes.some((c) => NETWORK_CODES.has(c)) || (names.includes('TypeError') && /fetch failed|network/i.test(message))) {
    return new ProviderError(provider, 'network', message, { cause: err });
  }
  return new ProviderError(provider, 'bad_response', message, { cause: err });
}

/** Thrown by adapters when a 2xx body does not have the documented shape. */
export class BadResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadResponseError';
  }
}

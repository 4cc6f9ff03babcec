// One error type for every failed call, so screens can show `message` and offer retry only when
// `retryable` is true (network failures, time-outs and server errors).

export const ERROR_MESSAGES = {
  timeout: 'Request timeout',
  streamTimeout: 'Streaming request timeout',
  network: 'Network error. Please check your connection.',
  loginRequired: 'Please log in to continue',
  deactivated: 'Your account has been deactivated',
  deactivatedAction: 'Please contact support to reactivate your account',
  server: 'Server error occurred. Please try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

/**
 * The server's answer (HTTP 402) to a call that needs an active or trialing subscription the user
 * no longer has: the app shows its Subscription Required screen, and does not refresh the session
 * (that is for 401/403), so nothing loops.
 */
export const SUBSCRIPTION_REQUIRED_CODE = 'SUBSCRIPTION_REQUIRED';

export type ApiErrorCode =
  | 'TIMEOUT'
  | 'NETWORK_ERROR'
  | 'HTTP_ERROR'
  | 'UNAUTHENTICATED'
  | 'ACCOUNT_DEACTIVATED'
  | 'SERVER_ERROR'
  | 'UNKNOWN_ERROR'
  | (string & {});

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  details?: unknown;
  retryable: boolean;
  /** What the user can do about it, e.g. contact support for a deactivated account. */
  action?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;
  readonly retryable: boolean;
  readonly action?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? null;
    this.retryable = init.retryable;
    this.action = init.action;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The server's error body, `{message, code, details}`, or null when the body is not that JSON. */
export interface ServerErrorBody {
  message?: string;
  code?: string;
  details?: unknown;
}

/**
 * Maps a non-2xx response (other than an auth failure, which the client handles by refreshing)
 * to its user-facing error.
 */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: ServerErrorBody | null,
): ApiError {
  const serverMessage = body?.message;
  if (status === 400 && serverMessage && /deactivated/i.test(serverMessage)) {
    return new ApiError({
      status,
      code: 'ACCOUNT_DEACTIVATED',
      message: ERROR_MESSAGES.deactivated,
      details: body?.details,
      retryable: false,
      action: ERROR_MESSAGES.deactivatedAction,
    });
  }
  if (status === 402) {
    return new ApiError({
      status,
      code: body?.code ?? 'HTTP_ERROR',
      message: serverMessage ?? `${status} ${statusText}`.trim(),
      details: body?.details,
      retryable: false,
    });
  }
  if (status >= 500) {
    return new ApiError({
      status,
      code: body ? (body.code ?? 'SERVER_ERROR') : 'HTTP_ERROR',
      message: ERROR_MESSAGES.server,
      details: body?.details ?? (body ? null : { statusText }),
      retryable: true,
    });
  }
  if (!body) {
    return new ApiError({
      status,
      code: 'HTTP_ERROR',
      message: `${status} ${statusText}`.trim(),
      retryable: true,
    });
  }
  return new ApiError({
    status,
    code: body.code ?? 'HTTP_ERROR',
    message: serverMessage ?? `${status} ${statusText}`.trim(),
    details: body.details,
    retryable: true,
  });
}

export function isSubscriptionRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 402 && error.code === SUBSCRIPTION_REQUIRED_CODE;
}

export function loginRequiredError(status: number, details?: unknown): ApiError {
  return new ApiError({
    status,
    code: 'UNAUTHENTICATED',
    message: ERROR_MESSAGES.loginRequired,
    details,
    retryable: false,
  });
}

export function timeoutError(streaming = false): ApiError {
  return new ApiError({
    status: 408,
    code: 'TIMEOUT',
    message: streaming ? ERROR_MESSAGES.streamTimeout : ERROR_MESSAGES.timeout,
    retryable: true,
  });
}

export function networkError(cause?: unknown): ApiError {
  return new ApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: ERROR_MESSAGES.network,
    details: cause instanceof Error ? { cause: cause.message } : null,
    retryable: true,
  });
}

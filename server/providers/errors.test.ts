import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { BadResponseError, parseRetryAfter, ProviderError, toProviderError } from './errors';

const apiError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message: `status ${status}` } }, undefined, new Headers(headers));

describe('toProviderError', () => {
  it('classifies SDK API errors by status, with Retry-After on 429', () => {
    const limited = toProviderError(apiError(429, { 'retry-after': '2' }), 'openai');
    expect(limited).toBeInstanceOf(ProviderError);
    expect([limited.errorClass, limited.retryable, limited.retryAfterMs, limited.provider, limited.status]).toEqual(['rate_limited', true, 2000, 'openai', 429]);
    expect(toProviderError(apiError(500), 'openai')).toMatchObject({ errorClass: 'server_error', retryable: true });
    expect(toProviderError(apiError(503), 'openai')).toMatchObject({ errorClass: 'server_error', retryable: true });
    expect(toProviderError(apiError(401), 'openai')).toMatchObject({ errorClass: 'auth', retryable: false });
    expect(toProviderError(apiError(403), 'openai')).toMatchObject({ errorClass: 'auth', retryable: false });
    for (const s of [400, 404, 422]) expect(toProviderError(apiError(s), 'openai')).toMatchObject({ errorClass: 'bad_request', retryable: false });
  });

  it('reads Retry-After as seconds, as an HTTP date, and retry-after-ms', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 10:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 09:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter({ 'Retry-After-Ms': '1500', 'retry-after': '9' }, now)).toBe(1500);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('classifies timeouts, aborts, connection failures and bad bodies', () => {
    expect(toProviderError(new APIConnectionTimeoutError(), 'openai').errorClass).toBe('timeout');
    expect(toProviderError(new APIUserAbortError(), 'openai').errorClass).toBe('timeout');
    expect(toProviderError(Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }), 'google').errorClass).toBe('timeout');
    const refused = new APIConnectionError({ cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    expect(toProviderError(refused, 'openai')).toMatchObject({ errorClass: 'network', retryable: true });
    expect(toProviderError(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }), 'google').errorClass).toBe('network');
    expect(toProviderError(new SyntaxError('Unexpected token < in JSON'), 'openai').errorClass).toBe('bad_response');
    expect(toProviderError(new BadResponseError('no output text'), 'openai')).toMatchObject({ errorClass: 'bad_response', retryable: true });
    expect(toProviderError('weird', 'openai')).toMatchObject({ errorClass: 'bad_response', message: 'weird' });
    expect(toProviderError(undefined, 'openai').message).toBe('Unknown provider error');
    const same = new ProviderError('openai', 'auth', 'no key');
    expect(toProviderError(same, 'openai')).toBe(same);
  });
});

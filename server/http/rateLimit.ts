import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { accessSessionId } from '../auth/authenticate';
import { ACCESS_COOKIE } from '../auth/constants';
import { tooManyLoginAttempts } from '../auth/loginThrottle';
import { loadSessionSecret } from '../auth/secret';
import type { ServerContext } from './context';
import { HttpError } from './errors';
import { clientAddressKey, isLoopback } from './rateLimitClientAddress';

/**
 * Request rate limits (@fastify/rate-limit), counted in memory per API instance. They are coarse
 * flood guards checked on every request: a database write per request would cost more than what
 * they protect, and with several instances each simply allows its own share. The limit that must
 * hold across instances (failed logins per email and per address) is counted in the database by
 * the login throttle.
 */

const MINUTE = 60_000;

/**
 * Every /api call: per signed-in session (so colleagues behind one office address do not share a
 * budget), else per client address. Far above what a person clicking through the app sends.
 */
export const API_RATE_LIMIT = { max: 1200, timeWindowMs: MINUTE };

interface RouteLimit {
  max: number;
  timeWindowMs: number;
  /** Login also counts per email, so one address trying one account is held back early. */
  key: 'address' | 'addressAndEmail';
}

/** Stricter limits on the calls that hash passwords, send email or rotate sessions, on top of the API limit. */
export const AUTH_RATE_LIMITS: Record<string, RouteLimit> = {
  'POST /api/auth/login': { max: 20, timeWindowMs: MINUTE, key: 'addressAndEmail' },
  'POST /api/auth/refresh': { max: 30, timeWindowMs: MINUTE, key: 'address' },
  'POST /api/auth/password-reset': { max: 10, timeWindowMs: MINUTE, key: 'address' },
  'POST /api/users/me/request-password-change': { max: 5, timeWindowMs: MINUTE, key: 'address' },
  'POST /api/users/me/test-report': { max: 5, timeWindowMs: MINUTE, key: 'address' },
};

/** Registers the limits; buildApp calls it after the cookie plugin (the API limit reads the session cookie). */
export async function registerRateLimits(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // global: false — the limits below are hooked on the whole app, so they also count requests
  // that end in a 404 or a 401, and run before the per-route auth hook queries the database.
  await app.register(fastifyRateLimit, { global: false });
  // The key checks the access cookie's signature only (no query): a forged cookie counts under its address.
  const sessionOf = (request: FastifyRequest) =>
    request.cookies?.[ACCESS_COOKIE] ? accessSessionId(request, loadSessionSecret(ctx.config), ctx.now()) : null;
  const apiLimit = app.createRateLimit(
    limiterOptions(API_RATE_LIMIT.max, API_RATE_LIMIT.timeWindowMs, (request) => {
      const sessionId = sessionOf(request);
      return sessionId ? `session:${sessionId}` : `address:${clientAddressKey(request.ip)}`;
    }),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const result = await apiLimit(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(reply, result.ttlInSeconds);
  });

  const routeLimits = new Map(
    Object.entries(AUTH_RATE_LIMITS).map(([route, limit]) => [
      route,
      {
        limit,
        check: app.createRateLimit(
          limiterOptions(limit.max, limit.timeWindowMs, (request) => {
            const address = clientAddressKey(request.ip);
            return limit.key === 'addressAndEmail' ? `${address}|${emailOf(request)}` : address;
          }),
        ),
      },
    ]),
  );
  // preHandler: after validation, so login's email is parsed and well-formed.
  app.addHook('preHandler', async (request, reply) => {
    const entry = routeLimits.get(`${request.method} ${request.routeOptions.url}`);
    if (!entry) return;
    const result = await entry.check(request);
    if (result.isAllowed || !result.isExceeded) return;
    if (entry.limit.key === 'addressAndEmail') {
      reply.header('Retry-After', String(result.ttlInSeconds));
      throw tooManyLoginAttempts(result.ttlInSeconds);
    }
    throw tooManyRequests(reply, result.ttlInSeconds);
  });
}

function limiterOptions(max: number, timeWindow: number, keyGenerator: (request: FastifyRequest) => string): RateLimitOptions {
  return {
    max,
    timeWindow,
    keyGenerator,
    // This host itself is not a client address (see isLoopback).
    allowList: (request) => isLoopback(request.ip),
    // A bigger memory than the default 5,000 keys, so a spray of addresses evicts less.
    cache: 20_000,
  };
}

function emailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, retryAfterSeconds);
  reply.header('Retry-After', String(seconds));
  return new HttpError(429, 'TOO_MANY_REQUESTS', `Too many requests. Please try again in ${seconds} second${seconds > 1 ? 's' : ''}.`, {
    retryAfterSeconds: seconds,
  });
}

import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: `https://` means the site is served over TLS (directly or behind a proxy), which turns on HSTS. */
  publicUrl: string;
  /** Extra origins the browser may connect to (the error reporter's ingest host). */
  connectSources?: string[];
  /** Extra origins images may come from (the brand logo service). */
  imageSources?: string[];
  /** Extra origins of scripts, frames and connections (the Stripe pricing table when Stripe is configured). */
  paymentSources?: { script: string[]; frame: string[]; connect: string[] };
}

/** One year: the usual HSTS lifetime once a site is known to stay on https. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Whether answers of this site should carry HSTS: only when its public address is https. */
export const servedOverHttps = (publicUrl: string) => publicUrl.startsWith('https://');

/**
 * The single-page app's policy, which the built front end runs under with no violation (checked on
 * every screen by the browser tests): scripts only from this origin; styles from this origin and
 * inline, because Fluent UI's Griffel and the Vega tooltip insert <style> elements at run time;
 * 'unsafe-eval' because Vega compiles its expressions with Function(). Nothing may frame the app.
 */
export function appContentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[]> {
  const https = servedOverHttps(options.publicUrl);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'", ...(options.paymentSources?.script ?? [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.imageSources ?? [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.connectSources ?? []), ...(options.paymentSources?.connect ?? [])],
    ...(options.paymentSources?.frame.length ? { 'frame-src': options.paymentSources.frame } : {}),
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** What an answer written outside Fastify's hooks carries (low-level 4xx written on the socket). */
export function bareSecurityHeaders(publicUrl: string): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
    ...(servedOverHttps(publicUrl) ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}` } : {}),
  };
}

/**
 * Security headers on every answer (API, HTML pages, static files, errors): CSP, no framing,
 * nosniff, a same-origin Referrer-Policy, HSTS when PUBLIC_URL is https, and `Cache-Control:
 * no-store` on /api answers unless a route chose its own caching (public profile pictures).
 * Server-rendered pages with inline code set their own, stricter CSP (routes/account/html.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(options) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: servedOverHttps(options.publicUrl) ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    // Cross-origin isolation would stop the app from showing images of other sites; not needed.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

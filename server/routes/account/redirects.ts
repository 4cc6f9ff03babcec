import type { FastifyRequest } from 'fastify';

/**
 * A redirect target the API will follow: a same-site path, or an absolute URL on the public
 * origin or the origin the request came in on (the Vite dev server proxies /api). Anything else
 * (other hosts, protocol-relative `//evil`, `javascript:`) falls back, so the API is no open redirect.
 */
export function safeRedirect(target: unknown, request: FastifyRequest, publicUrl: string, fallback: string): string {
  if (typeof target !== 'string' || target === '') return fallback;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return fallback;
  }
  return allowedOrigins(request, publicUrl).has(url.origin) ? url.toString() : fallback;
}

export function allowedOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const origins = new Set<string>();
  try {
    origins.add(new URL(publicUrl).origin);
  } catch {
    /* misconfigured PUBLIC_URL: only the request origin */
  }
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  if (typeof host === 'string' && host) {
    try {
      origins.add(new URL(`${request.protocol}://${host.split(',')[0].trim()}`).origin);
    } catch {
      /* bad Host header */
    }
  }
  return origins;
}

/** Where a redirect goes, as an absolute URL on the request's origin when given a path. */
export function originOf(request: FastifyRequest, publicUrl: string): string {
  const [first] = allowedOrigins(request, publicUrl);
  return first ?? publicUrl;
}

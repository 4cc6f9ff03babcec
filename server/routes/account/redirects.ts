import type { FastifyRequest } from 'fastify';

/**
 * Control characters (tab, CR, LF, NUL, DEL) and backslashes never occur in a link the app makes,
 * but browsers drop or reinterpret them (`/\tevil`, `/\evil` become `//evil`): a target holding
 * one is refused outright rather than normalised.
 */
function suspicious(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * A redirect target the API will follow, as a path on this site. The target is resolved the way a
 * browser resolves a Location (WHATWG URL parser against the public origin), and accepted only when
 * it lands on the public origin or on the origin the request was sent to (the Vite dev server
 * proxies /api); `request.host` honours X-Forwarded-Host only when trust-proxy is on. The answer is
 * the path, query and fragment alone, never an origin, so the browser stays on the host it asked;
 * anything else (other hosts, protocol-relative `//evil`, `javascript:`, userinfo tricks, control
 * characters) gives `fallback`.
 */
export function safeRedirect(target: unknown, request: FastifyRequest, publicUrl: string, fallback: string): string {
  if (typeof target !== 'string' || target === '' || suspicious(target)) return fallback;
  const origins = allowedOrigins(request, publicUrl);
  const [base] = origins;
  if (!base) return fallback;
  let url: URL;
  try {
    url = new URL(target, `${base}/`);
  } catch {
    return fallback;
  }
  if (!origins.has(url.origin) || url.username || url.password) return fallback;
  // A path starting with `//` would read as another host once the origin is dropped.
  if (url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The public origin first, then the origin the request was sent to (when it parses). */
export function allowedOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const origins = new Set<string>();
  const pub = originOfUrl(publicUrl);
  if (pub) origins.add(pub);
  const own = requestOrigin(request);
  if (own) origins.add(own);
  return origins;
}

/** The origin the request was addressed to: its scheme and Host (forwarded ones only behind a trusted proxy). */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (typeof host !== 'string' || host === '' || suspicious(host) || /[/?#@]/.test(host)) return null;
  return originOfUrl(`${request.protocol}://${host}`);
}

function originOfUrl(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

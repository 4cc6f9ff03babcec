import { isIP } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import { StartupError } from '../config';

/**
 * The key every per-address limit counts under. An IPv6 client usually holds a whole /64, so the
 * prefix is the key there; otherwise one machine could mint endless keys.
 */
export function clientAddressKey(ip: string): string {
  return normalizeIP(ip);
}

/**
 * This host itself: health probes, local tools, or a reverse proxy on this host that TRUST_PROXY
 * does not declare. The in-memory request limits skip it, because under an undeclared proxy every
 * user shares that one address and a per-address limit would throttle them all together.
 */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./.test(ip);
}

/**
 * TRUST_PROXY as Fastify's trustProxy setting. The client address is read from X-Forwarded-For
 * only as far as trusted proxies appended it: a hop count ("1" = one proxy in front, which must
 * then be the only way in), or the proxies' addresses/CIDRs ("10.0.0.1,10.0.0.0/8"). "true" means
 * one hop, never "every hop": trusting every entry lets a client write its own address and mint a
 * fresh limit key per request.
 */
export function parseTrustProxy(value: string | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return trustHops(1);
  if (/^\d+$/.test(text)) return trustHops(Number(text));
  const proxies = text.split(',').map((s) => s.trim()).filter(Boolean);
  for (const proxy of proxies) {
    if (!isIP(proxy.split('/')[0]) && !['loopback', 'linklocal', 'uniquelocal'].includes(proxy)) {
      throw new StartupError(`TRUST_PROXY must be a hop count or a list of proxy addresses, got "${value}"`);
    }
  }
  return proxies;
}

/**
 * Hop 0 is the peer that connected; each trusted hop lets the address it forwarded for count.
 * (Fastify reads a bare number as "trust nothing", so the count is given as this function.)
 */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

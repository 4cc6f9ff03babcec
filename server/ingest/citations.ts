import { createHash } from 'node:crypto';
import { getDomain } from 'tldts';
import type { RawCitation } from '../providers/provider';
import type { NormalizedCitation } from './types';

// Query parameters that only track the click; two urls differing in them are the same source.
const TRACKING_PARAM = /^(?:utm_[a-z]+|gclid|fbclid|msclkid|mc_cid|mc_eid|ref|ref_src)$/i;

/** Adds a scheme to bare hosts ("www.g2.com/x", "//cdn.x.com/y") so URL and tldts can read them. */
function withScheme(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  return `https://${url}`;
}

/**
 * The form hashed for citationHash: lower-case scheme and host, no "www.", no fragment, no
 * tracking parameters, remaining parameters sorted, no trailing slash. Unparseable input is
 * hashed as written (trimmed).
 */
export function normalizeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(withScheme(url.trim()));
  } catch {
    return url.trim();
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const params = [...parsed.searchParams.entries()]
    .filter(([k]) => !TRACKING_PARAM.test(k))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = parsed.pathname.replace(/\/+$/, '');
  const port = parsed.port ? `:${parsed.port}` : '';
  const scheme = parsed.protocol === 'http:' ? 'https:' : parsed.protocol;
  return `${scheme}//${host}${port}${path}${query}`;
}

// Citations come from a few hundred hosts; the public-suffix lookup is cached per host.
const domainByHost = new Map<string, string>();
const HOST_LIMIT = 20_000;
const HOST_OF = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i;

/** Registrable domain ("https://blog.example.co.uk/x" -> "example.co.uk"); '' when there is none. */
export function registrableDomain(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  const withProto = withScheme(trimmed);
  const host = HOST_OF.exec(withProto)?.[1]?.toLowerCase();
  if (host === undefined) return (getDomain(withProto) ?? '').toLowerCase();
  let domain = domainByHost.get(host);
  if (domain === undefined) {
    domain = (getDomain(withProto) ?? '').toLowerCase();
    if (domainByHost.size >= HOST_LIMIT) domainByHost.clear();
    domainByHost.set(host, domain);
  }
  return domain;
}

export function citationHash(url: string): string {
  return createHash('sha1').update(normalizeUrl(url)).digest('hex');
}

const clean = (s: string | null | undefined): string | null => {
  const t = typeof s === 'string' ? s.trim() : '';
  return t === '' ? null : t;
};

function isoDate(s: string | null | undefined): string | null {
  const t = clean(s);
  if (t === null) return null;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Citations in list order; entries without a url are dropped and do not take a position. */
export function normalizeCitations(raw: readonly RawCitation[]): NormalizedCitation[] {
  const out: NormalizedCitation[] = [];
  for (const c of raw) {
    const url = clean(c?.url);
    if (url === null) continue;
    out.push({
      position: out.length + 1,
      url,
      domain: registrableDomain(url),
      title: clean(c.title),
      author: clean(c.author),
      publishedAt: isoDate(c.publishedAt),
      citationHash: citationHash(url),
    });
  }
  return out;
}

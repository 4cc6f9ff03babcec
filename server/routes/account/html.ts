import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Minimal HTML for the local provider's hosted pages (checkout, portal, password reset). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Data for inline scripts: JSON with `<` escaped so it cannot close the script tag. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f6f7f2;color:#1b1d17;margin:0;padding:32px 16px}
main{max-width:760px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 8px}.muted{color:#5b5f55}.plans{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:16px;margin:20px 0}
.plan{border:1px solid #d9dccf;border-radius:10px;padding:16px}.price{font-size:1.4rem;font-weight:600}
button,.button{background:#65a30d;color:#fff;border:0;border-radius:8px;padding:10px 16px;font-size:1rem;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:#e5e7df;color:#1b1d17}button:disabled{opacity:.6;cursor:wait}
.error{color:#b91c1c;margin-top:12px}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:6px 4px;border-bottom:1px solid #eee}
input{font-size:1rem;padding:8px;border:1px solid #ccc;border-radius:6px;width:100%;box-sizing:border-box;margin:4px 0 12px}
`;

/** The id of the JSON block a page script reads its data from. */
export const PAGE_DATA_ID = 'page-data';

const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * The policy of a server-rendered page: only its own fixed <style> and <script> run (allowed by
 * hash, so the script must be a constant and takes its data from the page's JSON block), it calls
 * only this origin, and nothing may frame it (a framed checkout or portal invites clickjacking).
 */
export function pageContentSecurityPolicy(script?: string): string {
  return [
    "default-src 'none'",
    `style-src ${hashOf(STYLE)}`,
    `script-src ${script ? hashOf(script) : "'none'"}`,
    "connect-src 'self'",
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface PageOptions {
  /** A constant script (never built from request data): it is allowed by its hash. */
  script?: string;
  /** Values the script reads with JSON.parse(document.getElementById('page-data').textContent). */
  data?: unknown;
}

export function page(title: string, body: string, options: PageOptions = {}): string {
  const data = options.data === undefined ? '' : `\n<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(options.data)}</script>`;
  const script = options.script ? `\n<script>${options.script}</script>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main>${data}${script}</body></html>`;
}

/** Sends a server-rendered page: never cached, with the page's own CSP. */
export function sendPage(reply: FastifyReply, title: string, body: string, options: PageOptions = {}): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', pageContentSecurityPolicy(options.script))
    .send(page(title, body, options));
}

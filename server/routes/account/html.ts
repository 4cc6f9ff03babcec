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

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f6f7f2;color:#1b1d17;margin:0;padding:32px 16px}
main{max-width:760px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:1.5rem;margin:0 0 8px}.muted{color:#5b5f55}.plans{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:16px;margin:20px 0}
.plan{border:1px solid #d9dccf;border-radius:10px;padding:16px}.price{font-size:1.4rem;font-weight:600}
button,.button{background:#65a30d;color:#fff;border:0;border-radius:8px;padding:10px 16px;font-size:1rem;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:#e5e7df;color:#1b1d17}button:disabled{opacity:.6;cursor:wait}
.error{color:#b91c1c;margin-top:12px}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:6px 4px;border-bottom:1px solid #eee}
input{font-size:1rem;padding:8px;border:1px solid #ccc;border-radius:6px;width:100%;box-sizing:border-box;margin:4px 0 12px}
</style></head><body><main>${body}</main></body></html>`;
}

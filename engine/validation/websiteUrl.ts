// The website rule shared by the wizard's 'url' check in the browser and the brand calls on the
// server, so a URL the form accepts is never refused by the server, nor the other way round.

/** http or https followed by a host containing a dot. */
export function isWebsiteUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The example a message shows, built from what was typed when it looks like a host ('acme.com' → 'https://acme.com'). */
export function exampleUrl(typed: string): string {
  const host = typed.trim().replace(/^[a-z]+:\/*/i, '').split(/[/?#\s]/)[0];
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) ? `https://${host.toLowerCase()}` : 'https://www.example.com';
}

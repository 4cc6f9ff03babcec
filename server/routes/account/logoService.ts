// The logo image service behind brand logos on the profile's brand cards: a URL template whose
// {domain} is the brand website's host. LOGO_URL_TEMPLATE overrides it; an empty value turns the
// service off (cards fall back to the brand's logoUrl, then its first letter).

export const DEFAULT_LOGO_URL_TEMPLATE = 'https://logo.clearbit.com/{domain}';

export function logoUrlTemplate(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOGO_URL_TEMPLATE ?? DEFAULT_LOGO_URL_TEMPLATE;
}

/** The origin the browser loads logos from, for the page's img-src policy; none when off or relative. */
export function logoImageOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  try {
    const url = new URL(logoUrlTemplate(env).replace('{domain}', 'example.com'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

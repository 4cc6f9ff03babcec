/** Absolute links to the product's screens (emails are read outside the app). */
export interface ScreenLinks {
  overview: string;
  prompts: string;
  prompt: (id: string) => string;
  competitors: string;
  comparison: (name: string) => string;
  sources: string;
  settings: string;
}

/**
 * The screens of one brand: every link carries `?brand=<brandId>`, which the app reads on any /app
 * address to select that brand (src/session/selectedBrand.ts), so a user with several brands lands
 * on the brand the email is about, not on the one selected last in their browser.
 */
export function screenLinks(publicUrl: string, brandId: string): ScreenLinks {
  const base = publicUrl.replace(/\/+$/, '');
  const brand = `brand=${encodeURIComponent(brandId)}`;
  const at = (path: string) => `${base}/app/${path}?${brand}`;
  return {
    overview: at('home'),
    prompts: at('prompts'),
    prompt: (id) => at(`prompts/${encodeURIComponent(id)}`),
    competitors: at('competitors'),
    comparison: (name) => at(`competitors/comparison/${encodeURIComponent(name)}`),
    sources: at('sources'),
    settings: `${base}/app/settings?tab=notifications&${brand}`,
  };
}

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

export function screenLinks(publicUrl: string): ScreenLinks {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    overview: `${base}/app/home`,
    prompts: `${base}/app/prompts`,
    prompt: (id) => `${base}/app/prompts/${encodeURIComponent(id)}`,
    competitors: `${base}/app/competitors`,
    comparison: (name) => `${base}/app/competitors/comparison/${encodeURIComponent(name)}`,
    sources: `${base}/app/sources`,
    settings: `${base}/app/settings?tab=notifications`,
  };
}

import { DEMO_CATALOGS, type IndustryCatalog } from '../../seed/generator/catalog/index';

export interface SuggestedPrompt {
  prompt: string;
  weightageScore: number;
}

export interface BrandSuggestions {
  industry: string | null;
  suggestedPrompts: SuggestedPrompt[];
  suggestedCompetitors: string[];
}

/** Words that point at an industry when they appear in a brand's name or domain. */
const EXTRA_KEYWORDS: Record<string, string[]> = {
  'Project management software': ['task', 'project', 'plan', 'board', 'kanban', 'sprint', 'team', 'work', 'todo', 'roadmap'],
  'Running shoes': ['run', 'shoe', 'stride', 'sneaker', 'trail', 'marathon', 'foot', 'sport', 'athlet', 'pace'],
  'Digital banking': ['bank', 'pay', 'money', 'fin', 'cash', 'card', 'wallet', 'credit', 'saving', 'account'],
};

const MAX_PROMPTS = 10;
const MAX_COMPETITORS = 8;

function hostOf(website: string): string {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return website.toLowerCase();
  }
}

/**
 * Scores each known industry against the brand: a known brand of that industry named in the
 * brand's name or domain counts most, then industry keywords. Ties keep catalogue order, so the
 * answer is deterministic.
 */
export function matchIndustry(name: string, website: string): IndustryCatalog | null {
  const haystack = `${name} ${hostOf(website)}`.toLowerCase();
  let best: { catalog: IndustryCatalog; score: number } | null = null;
  for (const catalog of DEMO_CATALOGS) {
    let score = 0;
    const known = [catalog.brand, ...catalog.competitors, ...catalog.established, ...catalog.emerging];
    for (const b of known) {
      const names = [b.name, ...b.aliases].map((n) => n.toLowerCase());
      if (names.some((n) => n.length >= 3 && haystack.includes(n)) || haystack.includes(hostOf(b.url))) score += 10;
    }
    const words = new Set([
      ...catalog.industry.toLowerCase().split(/\W+/),
      ...catalog.category.toLowerCase().split(/\W+/),
      ...(EXTRA_KEYWORDS[catalog.industry] ?? []),
    ]);
    for (const w of words) if (w.length >= 3 && !['software', 'tools', 'brands', 'digital'].includes(w) && haystack.includes(w)) score += 1;
    if (score > 0 && (!best || score > best.score)) best = { catalog, score };
  }
  return best?.catalog ?? null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Country name for a two-letter code, or null for codes Intl does not know. */
export function countryName(code: string): string | null {
  try {
    const name = regionNames.of(code.toUpperCase());
    return name && name !== code.toUpperCase() && name !== 'Unknown Region' ? name : null;
  } catch {
    return null;
  }
}

/**
 * Suggestions for a new brand: the matched industry's prompt templates filled deterministically
 * (each template takes the next value of each placeholder list; the brand's country where the
 * template asks for one) and its best-known brands as competitors. The weight is the template's
 * rank turned into a 0-100 relevance score (catalogue templates are ordered most general first).
 * Without a matching industry, brand-centred prompts and no competitor guesses.
 */
export function suggestForBrand(input: { name: string; website: string; location: string }): BrandSuggestions {
  const brandName = input.name.trim();
  const catalog = matchIndustry(brandName, input.website);
  const country = countryName(input.location) ?? input.location.toUpperCase();
  const own = brandName.toLowerCase();
  if (!catalog) {
    const generic = [
      `what is ${brandName}`,
      `${brandName} reviews`,
      `is ${brandName} worth it`,
      `${brandName} alternatives`,
      `best alternatives to ${brandName} in ${country}`,
      `${brandName} pricing compared to competitors`,
      `who are ${brandName}'s main competitors`,
    ];
    return { industry: null, suggestedPrompts: weigh(generic), suggestedCompetitors: [] };
  }

  const competitors = [...catalog.competitors, ...catalog.established]
    .map((c) => c.name)
    .filter((n) => n.toLowerCase() !== own && !own.includes(n.toLowerCase()));
  const cursor = new Map<string, number>();
  const next = (key: string): string => {
    if (key === 'country') return country;
    let values = catalog.fills[key] ?? [];
    if (key.startsWith('competitor')) values = values.filter((v) => v.toLowerCase() !== own);
    if (values.length === 0) return key;
    const i = cursor.get(key) ?? 0;
    cursor.set(key, i + 1);
    return values[i % values.length];
  };
  const prompts: string[] = [];
  for (const template of catalog.promptTemplates) {
    // Within one prompt a value is used once ("Hoka vs Hoka" reads wrong).
    const used = new Set<string>();
    const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
      const tries = Math.max(1, (catalog.fills[key] ?? []).length);
      let value = next(key);
      for (let i = 1; i < tries && used.has(value); i++) value = next(key);
      used.add(value);
      return value;
    });
    if (!prompts.includes(text)) prompts.push(text);
    if (prompts.length >= MAX_PROMPTS) break;
  }
  return {
    industry: catalog.industry,
    suggestedPrompts: weigh(prompts),
    suggestedCompetitors: competitors.slice(0, MAX_COMPETITORS),
  };
}

function weigh(prompts: string[]): SuggestedPrompt[] {
  return prompts.map((prompt, i) => ({ prompt, weightageScore: Math.max(10, 95 - i * 8) }));
}

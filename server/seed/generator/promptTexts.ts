import type { IndustryCatalog } from './catalog/index';
import { shuffled, type Rng } from './prng';

function expand(template: string, fills: IndustryCatalog['fills']): string[] {
  let variants = [template];
  for (const slot of template.match(/\{(\w+)\}/g) ?? []) {
    const values = fills[slot.slice(1, -1)] ?? [];
    variants = variants.flatMap((v) => values.map((value) => v.replace(slot, value)));
  }
  // "{competitor} vs {competitor2}" with the same name twice is not a question anyone asks.
  return variants.filter((v) => !/\b(\S+) vs \1\b/.test(v));
}

/**
 * Every distinct prompt text an industry's templates can produce, in a seeded order that
 * round-robins over the templates, so the first N prompts mix kinds of question.
 */
export function promptTexts(rng: Rng, catalog: IndustryCatalog): string[] {
  const lists = shuffled(rng, catalog.promptTemplates).map((t) => shuffled(rng, expand(t, catalog.fills)));
  const seen = new Set<string>();
  const out: string[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const l of lists) {
      if (i < l.length && !seen.has(l[i])) {
        seen.add(l[i]);
        out.push(l[i]);
      }
    }
  }
  return out;
}

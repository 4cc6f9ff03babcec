import { describe, expect, it } from 'vitest';
import { countryName, matchIndustry, suggestForBrand } from './brandSuggestions';
import { isWebsiteUrl } from '../../../engine/validation/websiteUrl';

describe('brand suggestions', () => {
  it('matches an industry from known brand names or keywords in the name and domain', () => {
    expect(matchIndustry('Asana Clone', 'https://x.io')?.industry).toBe('Project management software');
    expect(matchIndustry('Trailpace', 'https://trailpace.com')?.industry).toBe('Running shoes');
    expect(matchIndustry('Moneyhive', 'https://moneyhive.eu')?.industry).toBe('Digital banking');
    expect(matchIndustry('Zyx', 'https://zyx.com')).toBeNull();
  });

  it('is deterministic and never suggests the brand itself or the same name twice in a prompt', () => {
    const a = suggestForBrand({ name: 'Nike', website: 'https://nike.com', location: 'GB' });
    const b = suggestForBrand({ name: 'Nike', website: 'https://nike.com', location: 'GB' });
    expect(a).toEqual(b);
    expect(a.suggestedCompetitors).not.toContain('Nike');
    for (const { prompt } of a.suggestedPrompts) {
      const vs = /^(.+) vs (.+?) /.exec(prompt);
      if (vs) expect(vs[1]).not.toBe(vs[2]);
    }
    const scores = a.suggestedPrompts.map((p) => p.weightageScore);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(scores.every((s) => s > 0 && s <= 100)).toBe(true);
  });

  it('falls back to brand-centred prompts with the country name and no competitor guesses', () => {
    const s = suggestForBrand({ name: 'Zyx', website: 'https://zyx.com', location: 'de' });
    expect(s.industry).toBeNull();
    expect(s.suggestedCompetitors).toEqual([]);
    expect(s.suggestedPrompts.map((p) => p.prompt)).toContain('best alternatives to Zyx in Germany');
  });

  it('knows country codes and website URLs per the spec rule', () => {
    expect(countryName('fr')).toBe('France');
    expect(countryName('QQ')).toBeNull();
    expect(isWebsiteUrl('https://acme.com')).toBe(true);
    expect(isWebsiteUrl('http://shop.acme.co.uk/path')).toBe(true);
    expect(isWebsiteUrl('acme.com')).toBe(false);
    expect(isWebsiteUrl('https://localhost')).toBe(false);
    expect(isWebsiteUrl('javascript:alert(1)//a.b')).toBe(false);
  });
});

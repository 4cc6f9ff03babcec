import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, countryOptions } from './countries';
import { vocabularies } from './vocabularies';

describe('product vocabularies', () => {
  it('holds about 240 country codes with names', () => {
    expect(Object.keys(COUNTRIES).length).toBeGreaterThanOrEqual(240);
    expect(countryName('us')).toBe('United States');
    expect(countryName('global')).toBe('Global');
    expect(countryOptions()[0].label < countryOptions()[1].label).toBe(true);
  });
  it('names providers and countries, and reads unknown values as themselves', () => {
    expect(vocabularies.providers.label('openai')).toBe('Chat GPT');
    expect(vocabularies.providers.label('google')).toBe('Google');
    expect(vocabularies.providers.label('acme-ai')).toBe('acme-ai');
    expect(vocabularies.providers.options().map((o) => o.label)).toEqual(['Chat GPT', 'Perplexity']);
    expect(vocabularies.countries.label('de')).toBe('Germany');
  });
});

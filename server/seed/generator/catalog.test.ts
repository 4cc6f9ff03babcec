import { describe, expect, it } from 'vitest';
import { afinnScore } from '../../ingest/sentiment';
import { DEMO_CATALOGS } from './catalog/index';
import { promptTexts } from './promptTexts';
import { mulberry32 } from './prng';

// The generator relies on its phrase banks reading the way they are labelled: the extracted
// sentiment trends are only as real as these words.
describe('demo catalogs', () => {
  for (const c of DEMO_CATALOGS) {
    describe(c.brand.name, () => {
      it('has positive, neutral and negative phrases that score that way', () => {
        for (const p of c.phrases.positive) expect(afinnScore(`It ${p}.`), p).toBeGreaterThan(0);
        for (const p of c.phrases.negative) expect(afinnScore(`It ${p}.`), p).toBeLessThan(0);
        for (const p of c.phrases.neutral) expect(afinnScore(`It ${p}.`), p).toBe(0);
      });

      it('has neutral blurbs, 4-6 competitors and 2-4 emerging brands', () => {
        for (const b of [c.brand, ...c.competitors, ...c.established, ...c.emerging, c.surging]) expect(afinnScore(b.blurb), b.blurb).toBe(0);
        expect(c.competitors.length).toBeGreaterThanOrEqual(4);
        expect(c.competitors.length).toBeLessThanOrEqual(6);
        expect(c.emerging.length).toBeGreaterThanOrEqual(2);
        expect(c.emerging.length).toBeLessThanOrEqual(4);
        expect(new Set(c.locations).size).toBeGreaterThanOrEqual(4);
      });

      it('yields enough distinct prompt texts for scale 1 without duplicates', () => {
        const texts = promptTexts(mulberry32(1), c);
        expect(new Set(texts).size).toBe(texts.length);
        expect(texts.length).toBeGreaterThanOrEqual(60);
        expect(texts.every((t) => !t.includes('{'))).toBe(true);
      });
    });
  }
});

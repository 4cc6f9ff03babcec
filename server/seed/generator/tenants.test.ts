import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGS } from './catalog/index';
import { generateTenantWorld, tenantCatalogs, tenantKey } from './tenants';
import type { DemoWorld } from './types';
import { generateDemoWorld } from './world';

const NOW = new Date('2026-11-21T15:30:00Z');

function digest(world: DemoWorld): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(world.brands));
  for (const r of world.runs()) h.update(JSON.stringify(r));
  return h.digest('hex');
}

describe('generateTenantWorld', () => {
  it('gives each tenant one brand of ordinary size under a name of its own', () => {
    const world = generateTenantWorld({ count: 6, seed: 3, now: NOW, days: 2 });
    expect(world.brands.map((b) => b.key)).toEqual([0, 1, 2, 3, 4, 5].map(tenantKey));
    const demoNames = new Set(DEMO_CATALOGS.flatMap((c) => [c.brand, ...c.competitors, ...c.established, ...c.emerging, c.surging]).map((b) => b.name.toLowerCase()));
    const names = world.brands.map((b) => b.name.toLowerCase());
    expect(new Set(names).size).toBe(6);
    for (const name of names) expect(demoNames.has(name)).toBe(false);
    for (const [i, b] of world.brands.entries()) {
      const industry = DEMO_CATALOGS[i % DEMO_CATALOGS.length];
      expect(b.industry).toBe(industry.industry);
      expect(b.prompts).toHaveLength(40);
      expect(b.competitors.map((c) => c.name)).toEqual(industry.competitors.map((c) => c.name));
      expect(b.url).toMatch(new RegExp(`^https://www\\.${b.name.toLowerCase()}\\.`));
    }
    const runBrands = new Set<string>();
    for (const r of world.runs()) runBrands.add(r.brandKey);
    expect([...runBrands].sort()).toEqual(world.brands.map((b) => b.key));
  });

  it('is deterministic from the seed, and no tenant repeats a demo brand’s answers', () => {
    const opts = { count: 3, seed: 5, now: NOW, days: 2 };
    const a = digest(generateTenantWorld(opts));
    expect(digest(generateTenantWorld({ ...opts, now: new Date(NOW.getTime()) }))).toBe(a);
    expect(digest(generateTenantWorld({ ...opts, seed: 6 }))).not.toBe(a);
    // The first tenant shares its industry with the first demo brand but none of its answers.
    const demoTexts = new Set<string>();
    for (const r of generateDemoWorld({ scale: 1, seed: 5, now: NOW, days: 2 }).runs()) demoTexts.add(r.answer.answerText);
    for (const r of generateTenantWorld(opts).runs()) expect(demoTexts.has(r.answer.answerText)).toBe(false);
  });

  it('keeps names unique past the invented syllables', () => {
    const names = tenantCatalogs(500, 1).map((c) => c.brand.name.toLowerCase());
    expect(new Set(names).size).toBe(500);
    expect(() => tenantCatalogs(-1, 1)).toThrow(/whole number/);
  });
});

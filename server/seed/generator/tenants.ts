import { DEMO_CATALOGS, type IndustryCatalog } from './catalog/index';
import { between, mixSeed, mulberry32, pick } from './prng';
import type { DemoWorld } from './types';
import { worldFromCatalogs } from './world';

/**
 * Other tenants' brands, to fill a database the way a shared install is filled: each one brand of
 * ordinary size (about a demo brand at scale 1) in one of the demo industries, under a made-up
 * name of its own. Deterministic: the same seed, count, now and days give the same brands and runs.
 */
export interface TenantWorldOptions {
  /** how many tenant brands */
  count: number;
  seed: number;
  now: Date;
  /** days of history ending today (default 90, as the demo world) */
  days?: number;
}

/** Brand numbers of tenants start here, far from the demo brands' 0-2, so their random streams differ. */
export const TENANT_FIRST_INDEX = 1000;

/** "tenant0001", "tenant0002", …: the brand key of the i-th tenant (from 0). */
export const tenantKey = (i: number) => `tenant${String(i + 1).padStart(4, '0')}`;

// Invented syllables, so a tenant's name never reads as an ordinary word the extractor could find.
const NAME_STARTS = [
  'Zen', 'Quil', 'Brio', 'Vanta', 'Lumo', 'Trel', 'Orbi', 'Kest', 'Mira', 'Pyx', 'Solv', 'Tavi', 'Nexo', 'Fyn', 'Caro',
  'Dax', 'Eldo', 'Gral', 'Hux', 'Ivo', 'Jolt', 'Koda', 'Lyra', 'Moxi', 'Nimo', 'Opra', 'Pell', 'Quor', 'Rivo', 'Sabo',
];
const NAME_ENDS = ['ly', 'io', 'ra', 'wise', 'stack', 'hub', 'loop', 'nest', 'field', 'mint', 'deck', 'bay'];

/** Every name the demo catalogs already use, lower case: a tenant may not take one. */
function takenNames(): Set<string> {
  const taken = new Set<string>();
  for (const c of DEMO_CATALOGS) {
    for (const b of [c.brand, ...c.competitors, ...c.established, ...c.emerging, c.surging]) {
      taken.add(b.name.toLowerCase());
      for (const a of b.aliases) taken.add(a.toLowerCase());
    }
  }
  return taken;
}

/** The i-th tenant's industry catalog: a demo industry (in turn) with the brand renamed. */
function tenantCatalog(i: number, name: string, seed: number): IndustryCatalog {
  const base = DEMO_CATALOGS[i % DEMO_CATALOGS.length];
  const rng = mulberry32(mixSeed(seed, 0x7e4a47, i, 1));
  const demoName = base.brand.name;
  const rename = (s: string) => s.split(demoName).join(name);
  return {
    ...base,
    key: tenantKey(i),
    brand: {
      ...base.brand,
      name,
      aliases: base.brand.aliases.map(rename),
      url: base.brand.url.replace(demoName.toLowerCase(), name.toLowerCase().replace(/[^a-z0-9]+/g, '')),
      strength: base.brand.strength * between(rng, 0.7, 1.3),
      tone: between(rng, -0.2, 0.4),
    },
  };
}

/** The tenants' catalogs, names unique among them and apart from every demo catalog name. */
export function tenantCatalogs(count: number, seed: number): IndustryCatalog[] {
  if (!Number.isInteger(count) || count < 0) throw new Error('tenant count must be a whole number');
  const taken = takenNames();
  const out: IndustryCatalog[] = [];
  for (let i = 0; i < count; i++) {
    const rng = mulberry32(mixSeed(seed, 0x7e4a47, i, 0));
    let name = '';
    for (let attempt = 0; attempt < 12 && (name === '' || taken.has(name.toLowerCase())); attempt++) {
      name = pick(rng, NAME_STARTS) + pick(rng, NAME_ENDS);
    }
    // Past a few hundred tenants the syllables run out: a number keeps the name unique.
    if (taken.has(name.toLowerCase())) name = `${name} ${i + 1}`;
    taken.add(name.toLowerCase());
    out.push(tenantCatalog(i, name, seed));
  }
  return out;
}

/** The tenants' brands (keys from tenantKey) and their runs, oldest day first. */
export function generateTenantWorld(opts: TenantWorldOptions): DemoWorld {
  return worldFromCatalogs({ scale: 1, seed: opts.seed, now: opts.now, days: opts.days }, tenantCatalogs(opts.count, opts.seed), TENANT_FIRST_INDEX);
}

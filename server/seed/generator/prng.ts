/**
 * Seeded randomness for the demo world. Never Math.random: the same options must give
 * byte-identical output. mulberry32 is small, fast and good enough for synthetic data.
 */
export interface Rng {
  /** uniform in [0, 1) */
  (): number;
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one 32-bit seed (murmur3 finalizer per step), so each run gets its own stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** FNV-1a of a string, for seeding from text (prompt texts, provider ids). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
export const intBetween = (rng: Rng, lo: number, hi: number) => lo + Math.floor((hi - lo + 1) * rng());
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
export const chance = (rng: Rng, p: number) => rng() < p;

/** Approximately normal (sum of three uniforms), mean 0, standard deviation sd. */
export const gaussian = (rng: Rng, sd: number) => (rng() + rng() + rng() - 1.5) * 2 * sd;

/** Fisher-Yates on a copy. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Picks one item by weight. */
export function weighted<T>(rng: Rng, items: readonly T[], weightOf: (t: T) => number): T {
  let total = 0;
  for (const it of items) total += weightOf(it);
  let r = rng() * total;
  for (const it of items) {
    r -= weightOf(it);
    if (r < 0) return it;
  }
  return items[items.length - 1];
}

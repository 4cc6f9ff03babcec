// 15 fallback line colours; a series keeps its colour whatever else is drawn (seriesSlots).
export const CHART_PALETTE = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#9333ea',
  '#ea580c',
  '#0891b2',
  '#ca8a04',
  '#db2777',
  '#4f46e5',
  '#65a30d',
  '#0d9488',
  '#c026d3',
  '#b91c1c',
  '#475569',
  '#a16207',
] as const;

export const DEFAULT_CHART_HEIGHT = 400;
export const LINE_WIDTH = 2;
export const OWN_LINE_WIDTH = 3;

function hash(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The colour scale's domain: slot i holds the series drawn in palette colour i (unused slots hold
 * a placeholder). The own series takes slot 0; every other series takes the slot its name hashes
 * to, or the next free one, names taken in alphabetical order. So a brand keeps its colour when
 * a competitor is added and on every page, unless two names share a slot.
 */
export function seriesSlots(names: readonly string[], own: string | null | undefined, size: number = CHART_PALETTE.length): string[] {
  const slots: Array<string | null> = Array.from({ length: size }, () => null);
  const rest = [...new Set(names)].filter((n) => n !== own).sort();
  if (own && names.includes(own)) slots[0] = own;
  const firstOther = own ? 1 : 0;
  const span = size - firstOther;
  const overflow: string[] = [];
  for (const name of rest) {
    const start = hash(name) % span;
    let placed = false;
    for (let k = 0; k < span && !placed; k++) {
      const i = firstOther + ((start + k) % span);
      if (slots[i] === null) {
        slots[i] = name;
        placed = true;
      }
    }
    if (!placed) overflow.push(name);
  }
  // More series than colours: the extra ones repeat the palette (the scale cycles its range).
  return [...slots.map((s, i) => s ?? `\u0000${i}`), ...overflow];
}

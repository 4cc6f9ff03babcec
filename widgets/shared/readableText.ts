// Text on a coloured tile: white or near-black, whichever contrasts more with the fill (WCAG
// relative luminance), so labels stay readable on every palette colour.

const DARK = '#1b1b1b';
const LIGHT = '#ffffff';

function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a) ?? 0;
  const lb = luminance(b) ?? 0;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function readableText(fill: string): string {
  return contrastRatio(fill, LIGHT) >= contrastRatio(fill, DARK) ? LIGHT : DARK;
}

import { distance } from 'fastest-levenshtein';

// "did you mean" hints: the closest candidate within a third of the name's length (rounded up; at
// least 1, at most 3 edits), or a candidate that differs only in case.
export function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    if (c === name) continue;
    if (c.toLowerCase() === lower) return c;
    const d = distance(name, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = Math.min(3, Math.max(1, Math.ceil(name.length / 3)));
  return best !== null && bestDistance <= limit ? best : null;
}

/** " did you mean 'x'?" or '' */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const hit = closest(name, candidates);
  return hit === null ? '' : ` did you mean '${hit}'?`;
}

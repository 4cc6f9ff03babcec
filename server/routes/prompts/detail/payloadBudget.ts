/**
 * JSON bytes one list of runs or citations may take in an answer. Answer texts and citation lists
 * vary in length, so a count alone cannot bound the answer; with this the whole answer stays under
 * 300 kB, leaving room for its keys and wrapper.
 */
export const LIST_BUDGET_BYTES = 250_000;

/** The longest prefix of `items` (already in the order to keep, newest first) whose JSON array fits in `maxBytes`. */
export function keepWithinBytes<T>(items: T[], maxBytes: number = LIST_BUDGET_BYTES): T[] {
  let used = 2; // the brackets
  for (let i = 0; i < items.length; i++) {
    used += Buffer.byteLength(JSON.stringify(items[i])) + (i > 0 ? 1 : 0);
    if (used > maxBytes) return items.slice(0, i);
  }
  return items;
}

/** Each group trimmed to an equal share of the budget, so one busy group cannot crowd out the others. */
export function groupsWithinBytes<T>(groups: Record<string, T[]>, maxBytes: number = LIST_BUDGET_BYTES): Record<string, T[]> {
  const keys = Object.keys(groups);
  const share = Math.floor(maxBytes / Math.max(1, keys.length));
  return Object.fromEntries(keys.map((key) => [key, keepWithinBytes(groups[key], share)]));
}

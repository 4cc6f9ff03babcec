import { getPath, type Row } from './steps';

// Flatten step: a list whose rows each hold a nested list (e.g. a domain's URL details) becomes
// one row per nested item, so a table or chart can show the inner level directly. Fields of the
// parent row can be copied onto each item (optionally renamed) so the item keeps its context.
export interface FlattenStep {
  /** dotted path of the nested list inside each row */
  path: string;
  /** parent field → name it takes on each item; a parent field wins over nothing, never over the item */
  parentFields?: Record<string, string>;
}

function asList(data: unknown): Row[] {
  if (Array.isArray(data)) return data as Row[];
  if (data && typeof data === 'object') return Object.values(data) as Row[];
  return [];
}

export function flatten(data: unknown, step: FlattenStep): Row[] {
  const parentFields = step.parentFields ?? {};
  const out: Row[] = [];
  for (const row of asList(data)) {
    if (!row || typeof row !== 'object') continue;
    const inherited: Row = {};
    for (const [from, to] of Object.entries(parentFields)) inherited[to] = getPath(row, from);
    const nested = getPath(row, step.path);
    if (!Array.isArray(nested)) continue;
    for (const item of nested) {
      // Scalars become {value}; the item's own fields win over inherited ones with the same name.
      const own = item && typeof item === 'object' && !Array.isArray(item) ? (item as Row) : { value: item };
      out.push({ ...inherited, ...own });
    }
  }
  return out;
}

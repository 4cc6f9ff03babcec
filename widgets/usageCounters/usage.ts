import { getPath } from '../../engine';

export interface CounterValue {
  used: number;
  limit: number | null;
  within: boolean;
}

const asNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * One counter read from the record. 'below' is the rule for things one more of must still fit
 * (prompts, brands: used < limit); 'atMost' for things that may sit at the limit (locations).
 * Without a limit nothing can be judged, so the counter is not within it.
 */
export function counterValue(record: unknown, spec: { used: { field: string }; limit: { field: string }; within?: 'below' | 'atMost' }): CounterValue {
  const used = asNumber(getPath(record, spec.used.field)) ?? 0;
  const limit = asNumber(getPath(record, spec.limit.field));
  const within = limit !== null && (spec.within === 'below' ? used < limit : used <= limit);
  return { used, limit, within };
}

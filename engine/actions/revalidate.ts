import type { ScopedMutator } from 'swr';

// Data requests are SWR-keyed as [callId, resolvedRequest] (engine/data/useWidgetData.ts), so
// refreshing "every request of these calls" is a mutate over keys whose first element matches.
export function keyMatchesCalls(key: unknown, callIds: readonly string[]): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && callIds.includes(key[0]);
}

export async function revalidateCalls(mutate: ScopedMutator, callIds: readonly string[] | undefined): Promise<void> {
  if (!callIds || callIds.length === 0) return;
  // Key filter only, no data argument: SWR then refetches and keeps showing the current data
  // (passing `undefined` as data would blank every matching widget, unmounting open dialogs).
  await mutate((key) => keyMatchesCalls(key, callIds));
}

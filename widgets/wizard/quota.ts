import { getPath } from '../../engine';
import type { WizardQuota } from './types';

// How many items a checklist may tick, from the signed-in user (e.g. prompt slots: the plan's
// maxPrompts minus the prompts used across the brands the user owns that have plan governance,
// never below 0). The paths come from the page, so the kind knows nothing of plans.

export interface QuotaState {
  limit: number;
  used: number;
  slots: number;
}

/** The user's quota, or null when the user has no limit (no plan): nothing is cut. */
export function quotaOf(user: Record<string, unknown> | null | undefined, quota: WizardQuota | undefined): QuotaState | null {
  if (!quota || !user) return null;
  const limit = getPath(user, quota.limit);
  if (typeof limit !== 'number') return null;
  const list = getPath(user, quota.list);
  let used = 0;
  for (const item of Array.isArray(list) ? list : []) {
    if (quota.owners) {
      const owners = getPath(item, quota.owners);
      if (!Array.isArray(owners) || !owners.includes(user.id)) continue;
    }
    if (quota.requires) {
      const present = getPath(item, quota.requires);
      if (present === null || present === undefined) continue;
    }
    const value = getPath(item, quota.value);
    if (typeof value === 'number') used += value;
  }
  return { limit, used, slots: Math.max(0, limit - used) };
}

/** A selection cut to the slots, with the copy saying why ('none' at zero slots, else 'cut'); unchanged without a quota or when it fits. */
export function cutToQuota(selected: string[], state: QuotaState | null, quota: WizardQuota | undefined): { selected: string[]; notice: string | null } {
  if (!state || !quota || selected.length <= state.slots) return { selected, notice: null };
  const notice = state.slots === 0 ? quota.messages.none : quota.messages.cut.replace('{n}', String(state.slots));
  return { selected: selected.slice(0, state.slots), notice };
}

/** Next's check: more ticked than slots. */
export function overQuota(selected: string[], state: QuotaState | null, quota: WizardQuota | undefined): string | null {
  if (!state || !quota || selected.length <= state.slots) return null;
  return quota.messages.over.replace('{n}', String(state.slots)).replace('{used}', String(state.used)).replace('{limit}', String(state.limit));
}

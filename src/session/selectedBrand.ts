import type { Brand } from './types';

// The selected brand survives reloads in localStorage; when it no longer belongs to the user
// the first brand is selected instead.
export const SELECTED_BRAND_STORAGE_KEY = 'selectedBrandId';

export function readStoredBrandId(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_BRAND_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeBrandId(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(SELECTED_BRAND_STORAGE_KEY, id);
    else window.localStorage.removeItem(SELECTED_BRAND_STORAGE_KEY);
  } catch {
    // Storage unavailable: the selection lasts for this page only.
  }
}

export function resolveSelectedBrandId(brands: Brand[], wanted: string | null): string | null {
  if (wanted && brands.some((b) => b.id === wanted)) return wanted;
  return brands[0]?.id ?? null;
}

/** The brand selected for a user who has just signed in: the stored one if still theirs, else the first. */
export function storedBrandAmong(brands: Brand[]): Brand | null {
  const id = resolveSelectedBrandId(brands, readStoredBrandId());
  return brands.find((b) => b.id === id) ?? null;
}

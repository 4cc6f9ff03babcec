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

/** The query parameter of an /app address that selects a brand (links from alert emails). */
export const BRAND_PARAM = 'brand';

/** The brand an /app address asks for (`?brand=<id>`), or null. */
export function brandInAddress(location: { pathname: string; search: string }): string | null {
  if (!location.pathname.startsWith('/app')) return null;
  return new URLSearchParams(location.search).get(BRAND_PARAM) || null;
}

/**
 * The brand to select for a user who has just signed in: the one the address asks for if it is
 * theirs, else the stored one if still theirs, else the first.
 */
export function preferredBrandAmong(brands: Brand[], location: { pathname: string; search: string }): Brand | null {
  const asked = brandInAddress(location);
  const id = resolveSelectedBrandId(brands, asked && brands.some((b) => b.id === asked) ? asked : readStoredBrandId());
  return brands.find((b) => b.id === id) ?? null;
}

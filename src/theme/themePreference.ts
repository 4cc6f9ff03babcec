// The light/dark choice lives in localStorage: light, dark or system; light by default.

export type ThemePreference = 'light' | 'dark' | 'system';
export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: ThemePreference = 'light';

export function readThemePreference(storage: Storage | undefined = safeLocalStorage()): ThemePreference {
  const stored = storage?.getItem(THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : DEFAULT_THEME;
}

export function writeThemePreference(value: ThemePreference, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, value);
  } catch {
    // Private mode or a full quota: the choice just does not survive a reload.
  }
}

export function resolveThemeMode(preference: ThemePreference): ThemeMode {
  if (preference !== 'system') return preference;
  const prefersDark = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { FluentProvider, createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components';
import { limeBrandRamp } from './brandRamp';
import {
  readThemePreference,
  resolveThemeMode,
  writeThemePreference,
  type ThemeMode,
  type ThemePreference,
} from './themePreference';

const lightTheme: Theme = createLightTheme(limeBrandRamp);
const darkTheme: Theme = {
  ...createDarkTheme(limeBrandRamp),
  // Brighter foreground accents keep lime readable on dark surfaces.
  colorBrandForeground1: limeBrandRamp[110],
  colorBrandForeground2: limeBrandRamp[120],
};

export interface ThemeContextValue {
  mode: ThemeMode;
  preference: ThemePreference;
  toggleTheme: () => void;
  setThemePreference: (value: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useState<ThemePreference>(() => readThemePreference());
  const mode = resolveThemeMode(preference);

  const setThemePreference = useCallback((value: ThemePreference) => {
    writeThemePreference(value);
    setPreference(value);
  }, []);
  const toggleTheme = useCallback(() => {
    setThemePreference(mode === 'dark' ? 'light' : 'dark');
  }, [mode, setThemePreference]);

  const value = useMemo(
    () => ({ mode, preference, toggleTheme, setThemePreference }),
    [mode, preference, toggleTheme, setThemePreference],
  );

  return (
    <ThemeContext.Provider value={value}>
      <FluentProvider theme={mode === 'dark' ? darkTheme : lightTheme} style={{ minHeight: '100vh' }} data-theme={mode}>
        {children}
      </FluentProvider>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}

export { lightTheme, darkTheme };

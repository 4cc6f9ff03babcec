export { ThemeProvider, useTheme, lightTheme, darkTheme, type ThemeContextValue } from './ThemeProvider';
export { ThemeToggleButton } from './ThemeToggleButton';
export { THEME_STORAGE_KEY, type ThemeMode, type ThemePreference } from './themePreference';

export { ThemeProvider, useTheme, lightTheme, darkTheme, type ThemeContextValue } from './ThemeProvider.js';
export { ThemeToggleButton } from './ThemeToggleButton.js';
export { THEME_STORAGE_KEY, type ThemeMode, type ThemePreference } from './themePreference.js';

import { Button } from '@fluentui/react-components';
import { WeatherMoonRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { useTheme } from './ThemeProvider';

export function ThemeToggleButton() {
  const { mode, toggleTheme } = useTheme();
  const title = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Button
      appearance="subtle"
      title={title}
      aria-label={title}
      icon={mode === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
      onClick={toggleTheme}
    />
  );
}

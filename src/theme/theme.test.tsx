import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { THEME_STORAGE_KEY } from './themePreference';
import { ThemeProvider, useTheme } from './ThemeProvider';
import { ThemeToggleButton } from './ThemeToggleButton';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Mode() {
  return <span data-testid="mode">{useTheme().mode}</span>;
}

const renderToggle = () =>
  render(
    <ThemeProvider>
      <ThemeToggleButton />
      <Mode />
    </ThemeProvider>,
  );

describe('theme toggle', () => {
  it('defaults to light and persists the choice in localStorage', () => {
    renderToggle();
    expect(screen.getByTestId('mode').textContent).toBe('light');
    fireEvent.click(screen.getByTitle('Switch to dark mode'));
    expect(screen.getByTestId('mode').textContent).toBe('dark');
    expect(screen.getByTitle('Switch to light mode')).toBeTruthy();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    cleanup();
    renderToggle();
    expect(screen.getByTestId('mode').textContent).toBe('dark');
    fireEvent.click(screen.getByTitle('Switch to light mode'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByTitle('Switch to dark mode')).toBeTruthy();
  });

  it('ignores unknown stored values', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    renderToggle();
    expect(screen.getByTestId('mode').textContent).toBe('light');
  });
});

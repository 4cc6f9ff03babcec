import { useEffect, useState, type RefObject } from 'react';
import { tokens } from '@fluentui/react-components';
import { LIGHT_CHART_COLORS, vegaTheme, type ChartColors } from './buildSpec';

// The chart's Vega theme comes from the app's Fluent tokens as they resolve where the chart sits
// (CSS variables set by the theme provider), so light and dark follow the app without a theme
// list here. The app marks its theme root with data-theme; a change there redraws the chart.

const cssVar = (token: string) => /var\((--[^,)]+)/.exec(token)?.[1] ?? '';

export function chartColors(element: HTMLElement | null): Record<string, unknown> {
  if (!element || typeof getComputedStyle === 'undefined') return vegaTheme(LIGHT_CHART_COLORS);
  const style = getComputedStyle(element);
  const read = (token: string, fallback: string) => style.getPropertyValue(cssVar(token)).trim() || fallback;
  const colors: ChartColors = {
    text: read(tokens.colorNeutralForeground1, LIGHT_CHART_COLORS.text),
    muted: read(tokens.colorNeutralForeground2, LIGHT_CHART_COLORS.muted),
    grid: read(tokens.colorNeutralStroke2, LIGHT_CHART_COLORS.grid),
    line: read(tokens.colorNeutralStroke1, LIGHT_CHART_COLORS.line),
    font: read(tokens.fontFamilyBase, ''),
  };
  return vegaTheme(colors);
}

/** Changes whenever the app's theme does (the data-theme of the nearest themed ancestor). */
export function useThemeKey(ref: RefObject<HTMLElement | null>): string {
  const [key, setKey] = useState('');
  useEffect(() => {
    const root = ref.current?.closest('[data-theme]');
    if (!root || typeof MutationObserver === 'undefined') return;
    setKey(root.getAttribute('data-theme') ?? '');
    const observer = new MutationObserver(() => setKey(root.getAttribute('data-theme') ?? ''));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [ref]);
  return key;
}

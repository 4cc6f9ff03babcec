// The Vega config that dresses a chart in the app's theme: text, axes, grid and legend colours
// from the app's design tokens, a transparent background (the card paints it), so dark mode has
// no white plot. It is handed to Vega when the view is created, so compiled specs stay theme-free.
export interface ChartColors {
  /** Titles and labels. */
  text: string;
  /** Secondary text (axis and legend labels). */
  muted: string;
  /** Grid lines. */
  grid: string;
  /** Axis lines, ticks and the plot's frame. */
  line: string;
  font?: string;
}

export const LIGHT_CHART_COLORS: ChartColors = { text: '#242424', muted: '#616161', grid: '#e0e0e0', line: '#d1d1d1' };

export function vegaTheme(c: ChartColors): Record<string, unknown> {
  const font = c.font || undefined;
  const guide = { labelColor: c.muted, titleColor: c.text, labelFont: font, titleFont: font };
  return {
    background: null,
    font,
    title: { color: c.text, subtitleColor: c.muted, font },
    axis: { ...guide, domainColor: c.line, tickColor: c.line, gridColor: c.grid },
    legend: { ...guide },
    header: { ...guide },
    style: { 'guide-label': { fill: c.muted, font }, 'guide-title': { fill: c.text, font }, 'group-title': { fill: c.text, font }, cell: { stroke: c.line } },
    text: { fill: c.text },
  };
}

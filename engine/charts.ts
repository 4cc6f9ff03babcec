// Vega-Lite charts as the engine draws and lints them: the spec the chart widget embeds, its time
// axes, stable series colours and theme. Pure and free of React, so the build-time precompile and
// the lint (Node) use exactly what the browser draws.
export {
  DATA_NAME,
  DOMAIN_SIGNAL,
  HIDDEN_SIGNAL,
  LEGEND_COLUMNS_SIGNAL,
  LEGEND_ENTRY_WIDTH,
  legendColumns,
  NAMES_SIGNAL,
  OWN_SIGNAL,
  buildChartSpec,
  chartSignals,
  dataNames,
  hasOwnData,
  isResponsive,
  seriesOf,
  specKey,
  toggleSeries,
  viewKind,
  visibleRows,
  type BuildOptions,
  type ChartInputs,
  type VegaLiteSpec,
  type ViewKind,
} from './charts/embed.ts';
export { CHART_PALETTE, DEFAULT_CHART_HEIGHT, LINE_WIDTH, OWN_LINE_WIDTH, seriesSlots } from './charts/palette.ts';
export { TICK_SPACING, TIME_END, TIME_FORMAT, TIME_FORMAT_SHORT, TIME_START, TIME_TICKS, clampToWindow, timeAxisSignals, timeTicks, type TimeAxisInput } from './charts/timeAxis.ts';
export { LIGHT_CHART_COLORS, vegaTheme, type ChartColors } from './charts/theme.ts';
export { collectingLogger } from './charts/warnings.ts';

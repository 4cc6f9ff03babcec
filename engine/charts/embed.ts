import { CHART_PALETTE, DEFAULT_CHART_HEIGHT, LINE_WIDTH, OWN_LINE_WIDTH, seriesSlots } from './palette.ts';
import { TIME_END, TIME_FORMAT_SHORT, TIME_FORMAT, TIME_START, TIME_TICKS } from './timeAxis.ts';

// Turns a page's Vega-Lite spec into the one the chart widget draws, for every kind of view:
// - data: a spec without top-level data draws the widget's rows, fed by name ("table") through the
//   view API; a spec with its own data (inline values, a named data set, a generator) keeps it;
// - size: single and layered views follow the card's width (Vega-Lite allows "container" width
//   only there) and take the widget's height; facets, concatenations and repeats keep their
//   declared sizes and scroll sideways inside the card when wider;
// - series: a stable colour per series (seriesSlots), the own series drawn thicker, hidden series
//   faded in the legend; time: the x axis spans the window with a tick per interval.
// Everything that depends on the data (rows, series, window) goes through the view as data and
// signals, so the spec depends on the page's config only and is compiled to Vega once, at build
// time, and the lint compiles exactly this spec.
export const DATA_NAME = 'table';
export const HIDDEN_SIGNAL = 'hiddenSeries';
export const DOMAIN_SIGNAL = 'seriesDomain';
export const NAMES_SIGNAL = 'seriesNames';
export const OWN_SIGNAL = 'ownSeries';
export const LEGEND_COLUMNS_SIGNAL = 'legendColumns';
/** Room one legend entry takes, in px: the legend wraps into as many columns as fit the card. */
export const LEGEND_ENTRY_WIDTH = 130;

export type VegaLiteSpec = Record<string, unknown>;
type Obj = Record<string, unknown>;

export type ViewKind = 'single' | 'layer' | 'facet' | 'concat' | 'repeat';

export interface BuildOptions {
  height?: number;
  seriesField?: string;
  palette?: readonly string[];
  /** The x axis is a time axis over the page's window (signals from timeAxisSignals). */
  timeAxis?: boolean;
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** What kind of view a spec is (its outermost composition). */
export function viewKind(spec: VegaLiteSpec): ViewKind {
  if ('facet' in spec && 'spec' in spec) return 'facet';
  if ('repeat' in spec && 'spec' in spec) return 'repeat';
  if ('concat' in spec || 'hconcat' in spec || 'vconcat' in spec) return 'concat';
  if (Array.isArray(spec.layer)) return 'layer';
  return 'single';
}

/** Row, column or facet channels make a single or layered view a facet. */
function hasFacetChannel(spec: Obj): boolean {
  const enc = isObj(spec.encoding) ? spec.encoding : {};
  if ('row' in enc || 'column' in enc || 'facet' in enc) return true;
  return Array.isArray(spec.layer) && spec.layer.some((l) => isObj(l) && hasFacetChannel(l));
}

/** Vega-Lite sizes this view to its container ("container" width) only for unfaceted single or layered views. */
export function isResponsive(spec: VegaLiteSpec): boolean {
  const kind = viewKind(spec);
  return (kind === 'single' || kind === 'layer') && !hasFacetChannel(spec);
}

/** True when a spec has data of its own at the top (inline values, a URL, a named set, a generator). */
export function hasOwnData(spec: VegaLiteSpec): boolean {
  return isObj(spec.data);
}

export interface ChartInputs {
  seriesDomain?: string[];
  ownSeries?: string | null;
  hidden?: string[];
  /** The card's width in px (the legend's columns follow it). */
  width?: number;
}

/** Signal values of a spec built with a series field (none without one). */
export function chartSignals(seriesField: string | undefined, inputs: ChartInputs, palette: readonly string[] = CHART_PALETTE): Record<string, unknown> {
  if (!seriesField) return {};
  const names = inputs.seriesDomain ?? [];
  return {
    [DOMAIN_SIGNAL]: seriesSlots(names, inputs.ownSeries ?? null, palette.length),
    [NAMES_SIGNAL]: names,
    [OWN_SIGNAL]: inputs.ownSeries ?? null,
    [HIDDEN_SIGNAL]: inputs.hidden ?? [],
    [LEGEND_COLUMNS_SIGNAL]: legendColumns(inputs.width),
  };
}

export function legendColumns(width: number | undefined): number {
  return width ? Math.max(1, Math.floor(width / LEGEND_ENTRY_WIDTH)) : 6;
}

/** The spec as a lookup key: specs built from the same config give the same key. */
export function specKey(spec: VegaLiteSpec): string {
  return JSON.stringify(spec);
}

function withTimeAxis(encoding: Obj): Obj {
  const x = encoding.x;
  if (!isObj(x) || x.type !== 'temporal') return encoding;
  const scale = isObj(x.scale) ? x.scale : {};
  const axis = isObj(x.axis) ? x.axis : {};
  return {
    ...encoding,
    x: {
      ...x,
      scale: { ...scale, type: 'utc', domain: [{ expr: TIME_START }, { expr: TIME_END }] },
      axis: {
        labelOverlap: true,
        ...axis,
        values: { expr: TIME_TICKS },
        // The first tick of a new day carries its date on hourly axes.
        labelExpr: `utcFormat(datum.value, utchours(datum.value) === 0 && utcminutes(datum.value) === 0 ? ${TIME_FORMAT} : ${TIME_FORMAT_SHORT})`,
      },
    },
  };
}

export function buildChartSpec(spec: VegaLiteSpec, options: BuildOptions = {}): VegaLiteSpec {
  const responsive = isResponsive(spec);
  const out: VegaLiteSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    // The card paints the background, so the chart follows the app theme.
    background: null,
    ...spec,
  };
  if (!hasOwnData(spec)) out.data = { name: DATA_NAME };
  if (responsive) {
    out.width = 'container';
    out.height = options.height ?? (spec.height as number | undefined) ?? DEFAULT_CHART_HEIGHT;
    out.autosize = { type: 'fit-x', contains: 'padding' };
  }
  // Series colours, widths and time axes apply to views with one shared encoding.
  if (viewKind(spec) !== 'single' && viewKind(spec) !== 'layer') return out;
  let encoding: Obj = { ...(spec.encoding as Obj | undefined) };
  if (options.timeAxis) {
    encoding = withTimeAxis(encoding);
    if (Array.isArray(spec.layer)) {
      out.layer = spec.layer.map((l) => (isObj(l) && isObj(l.encoding) ? { ...l, encoding: withTimeAxis(l.encoding) } : l));
    }
    out.params = [
      ...((out.params as unknown[] | undefined) ?? []),
      { name: TIME_START, value: 0 },
      { name: TIME_END, value: 0 },
      { name: TIME_TICKS, value: [] },
      { name: TIME_FORMAT, value: '%b %d' },
      { name: TIME_FORMAT_SHORT, value: '%b %d' },
    ];
  }
  const field = options.seriesField;
  if (field) {
    const color = (encoding.color as Obj) ?? { field, type: 'nominal' };
    encoding.color = {
      ...color,
      field,
      type: (color.type as string) ?? 'nominal',
      // Slot i of the domain is drawn in colour i, so a series keeps its colour (seriesSlots).
      scale: { domain: { expr: DOMAIN_SIGNAL }, range: [...(options.palette ?? CHART_PALETTE)] },
      legend: {
        orient: 'bottom',
        title: null,
        // Long legends wrap into columns instead of running off narrow cards (legendColumns).
        columns: { expr: LEGEND_COLUMNS_SIGNAL },
        ...(color.legend as Obj | undefined),
        values: { expr: NAMES_SIGNAL },
        symbolType: 'stroke',
        encode: {
          // Legend marks are not interactive in Vega unless asked; clicks toggle lines.
          symbols: { interactive: true, update: { opacity: { signal: `indexof(${HIDDEN_SIGNAL}, datum.value) >= 0 ? 0.25 : 1` }, cursor: { value: 'pointer' } } },
          labels: { interactive: true, update: { opacity: { signal: `indexof(${HIDDEN_SIGNAL}, datum.value) >= 0 ? 0.4 : 1` }, cursor: { value: 'pointer' } } },
        },
      },
    };
    // The own series (null when there is none) is drawn thicker.
    encoding.strokeWidth = {
      condition: { test: `datum[${JSON.stringify(field)}] === ${OWN_SIGNAL}`, value: OWN_LINE_WIDTH },
      value: LINE_WIDTH,
    };
    out.params = [
      ...((out.params as unknown[] | undefined) ?? []),
      { name: HIDDEN_SIGNAL, value: [] },
      { name: DOMAIN_SIGNAL, value: [] },
      { name: NAMES_SIGNAL, value: [] },
      { name: OWN_SIGNAL, value: null },
      { name: LEGEND_COLUMNS_SIGNAL, value: 6 },
    ];
  }
  out.encoding = encoding;
  return out;
}

/** Distinct series names in first-seen order, the own series first. */
export function seriesOf(rows: Array<Record<string, unknown>>, field: string, own?: string | null): string[] {
  const names: string[] = [];
  for (const row of rows) {
    const v = row[field];
    if (v !== null && v !== undefined && !names.includes(String(v))) names.push(String(v));
  }
  if (own && names.includes(own)) return [own, ...names.filter((n) => n !== own)];
  return names;
}

export function visibleRows(rows: Array<Record<string, unknown>>, field: string | undefined, hidden: string[]): Array<Record<string, unknown>> {
  if (!field || hidden.length === 0) return rows;
  return rows.filter((r) => !hidden.includes(String(r[field])));
}

export function toggleSeries(hidden: string[], name: string): string[] {
  return hidden.includes(name) ? hidden.filter((n) => n !== name) : [...hidden, name];
}

/** Names of the data sets a compiled Vega spec declares, at any depth (facets and groups nest them):
 * the widget feeds its rows only to a set the spec reads. */
export function dataNames(vega: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!isObj(node)) return;
    for (const d of (node.data as Array<{ name?: string }> | undefined) ?? []) if (d?.name) names.add(d.name);
    for (const m of (node.marks as unknown[] | undefined) ?? []) visit(m);
  };
  visit(vega);
  return names;
}

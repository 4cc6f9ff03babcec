import { CHART_PALETTE, DEFAULT_CHART_HEIGHT, LINE_WIDTH, OWN_LINE_WIDTH } from './palette.ts';

// Turns a page's Vega-Lite spec into the one embedded: data arrives by name ("table") through the
// view API, the width follows the card, series get a stable colour domain (so hiding a line does
// not recolour the others), the own brand's line is thicker and hidden series fade in the legend.
// Everything that depends on the data (rows, series domain, own series, hidden lines) goes through
// the view as data and signals, so the spec depends on the page's config only and is compiled to
// Vega once, at build time (precompile.ts), instead of in the browser.
export const DATA_NAME = 'table';
export const HIDDEN_SIGNAL = 'hiddenSeries';
export const DOMAIN_SIGNAL = 'seriesDomain';
export const OWN_SIGNAL = 'ownSeries';

export type VegaLiteSpec = Record<string, unknown>;

export interface BuildOptions {
  height?: number;
  seriesField?: string;
  palette?: readonly string[];
}

/** What the chart's view is fed besides the spec: rows and signal values. */
export interface ChartInputs {
  seriesDomain?: string[];
  ownSeries?: string | null;
  hidden?: string[];
}

/** Signal values of a spec built with a series field (none without one). */
export function chartSignals(seriesField: string | undefined, inputs: ChartInputs): Record<string, unknown> {
  if (!seriesField) return {};
  return { [DOMAIN_SIGNAL]: inputs.seriesDomain ?? [], [OWN_SIGNAL]: inputs.ownSeries ?? null, [HIDDEN_SIGNAL]: inputs.hidden ?? [] };
}

/** The spec as a lookup key: specs built from the same config give the same key. */
export function specKey(spec: VegaLiteSpec): string {
  return JSON.stringify(spec);
}

export function buildChartSpec(spec: VegaLiteSpec, options: BuildOptions = {}): VegaLiteSpec {
  const encoding = { ...(spec.encoding as Record<string, unknown> | undefined) };
  const out: VegaLiteSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    ...spec,
    data: { name: DATA_NAME },
    width: 'container',
    height: options.height ?? (spec.height as number | undefined) ?? DEFAULT_CHART_HEIGHT,
    autosize: { type: 'fit-x', contains: 'padding' },
  };
  const field = options.seriesField;
  if (field) {
    const color = (encoding.color as Record<string, unknown>) ?? { field, type: 'nominal' };
    encoding.color = {
      ...color,
      field,
      type: (color.type as string) ?? 'nominal',
      scale: { domain: { expr: DOMAIN_SIGNAL }, range: [...(options.palette ?? CHART_PALETTE)] },
      legend: {
        orient: 'bottom',
        title: null,
        ...(color.legend as Record<string, unknown> | undefined),
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
    const params = Array.isArray(spec.params) ? [...(spec.params as unknown[])] : [];
    params.push({ name: HIDDEN_SIGNAL, value: [] }, { name: DOMAIN_SIGNAL, value: [] }, { name: OWN_SIGNAL, value: null });
    out.params = params;
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

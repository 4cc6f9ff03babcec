import { parse, View, type Spec } from 'vega';
import { Handler } from 'vega-tooltip';
import precompiled from 'virtual:chart-vega-specs';
import { specKey, type VegaLiteSpec } from './buildSpec';

// The chart's Vega view, created straight from Vega: the pages' Vega-Lite specs are compiled at
// build time (precompile.ts), so the chart code the browser loads is Vega alone. A spec that was
// not compiled at build time (a page being edited) is compiled here, loading Vega-Lite on demand.

export interface ChartView {
  data: (name: string, values: unknown[]) => ChartView;
  signal: (name: string, value: unknown) => ChartView;
  runAsync: () => Promise<unknown>;
  addEventListener: (type: string, handler: (event: unknown, item: unknown) => void) => void;
  removeEventListener: (type: string, handler: (event: unknown, item: unknown) => void) => void;
  finalize: () => void;
}

export interface ViewInputs {
  /** Rows by data set name. */
  data: Record<string, unknown[]>;
  /** Signal values the spec declares (series domain, own and hidden series). */
  signals: Record<string, unknown>;
}

export async function toVega(spec: VegaLiteSpec): Promise<Spec> {
  const hit = (precompiled as Record<string, Spec>)[specKey(spec)];
  if (hit) return hit;
  const { compile } = await import('vega-lite');
  return compile(spec as never).spec;
}

/** Draws the spec into `container` as SVG with these rows and signals; resolves once drawn. */
export async function createVegaView(spec: VegaLiteSpec, container: HTMLElement, inputs: ViewInputs): Promise<ChartView> {
  const view = new View(parse(await toVega(spec)), { renderer: 'svg' });
  view.tooltip(new Handler().call);
  for (const [name, value] of Object.entries(inputs.signals)) view.signal(name, value);
  for (const [name, values] of Object.entries(inputs.data)) view.data(name, values);
  view.initialize(container);
  await view.runAsync();
  return view as unknown as ChartView;
}

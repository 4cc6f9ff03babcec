import { parse, View, type Spec } from 'vega';
import { Handler } from 'vega-tooltip';
import precompiled from 'virtual:chart-vega-specs';
import { dataNames, specKey, type VegaLiteSpec } from './buildSpec';

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
  /** Rows by data set name; only sets the spec reads are fed (a spec with its own data reads none). */
  data: Record<string, unknown[]>;
  /** Signal values the spec declares (series domain, own and hidden series, time axis). */
  signals: Record<string, unknown>;
  /** Vega config merged under the spec's own (the theme). */
  config?: Record<string, unknown>;
}

export async function toVega(spec: VegaLiteSpec): Promise<Spec> {
  const hit = (precompiled as Record<string, Spec>)[specKey(spec)];
  if (hit) return hit;
  const { compile } = await import('vega-lite');
  return compile(spec as never).spec;
}

/** Draws the spec into `container` as SVG with these rows and signals; resolves once drawn. */
export async function createVegaView(spec: VegaLiteSpec, container: HTMLElement, inputs: ViewInputs): Promise<ChartView> {
  const vega = await toVega(spec);
  // Errors while drawing (a bad expression, data that cannot load) are logged by Vega, not thrown:
  // they are collected here and reject the draw, so the card can say why.
  const errors: unknown[] = [];
  const logger = {
    level: () => logger,
    error: (...args: unknown[]) => (errors.push(args.find((a) => a instanceof Error) ?? args.map(String).join(' ')), logger),
    warn: () => logger,
    info: () => logger,
    debug: () => logger,
  };
  const view = new View(parse(vega, inputs.config as never), { renderer: 'svg', logger: logger as never });
  view.tooltip(new Handler().call);
  const known = dataNames(vega);
  for (const [name, value] of Object.entries(inputs.signals)) view.signal(name, value);
  for (const [name, values] of Object.entries(inputs.data)) if (known.has(name)) view.data(name, values);
  view.initialize(container);
  try {
    await view.runAsync();
    if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  } catch (error) {
    view.finalize();
    throw error;
  }
  const wrapped = {
    data: (name: string, values: unknown[]) => (known.has(name) && view.data(name, values), wrapped),
    signal: (name: string, value: unknown) => (view.signal(name, value), wrapped),
    runAsync: () => view.runAsync(),
    addEventListener: (type: string, handler: (event: unknown, item: unknown) => void) => view.addEventListener(type, handler as never),
    removeEventListener: (type: string, handler: (event: unknown, item: unknown) => void) => view.removeEventListener(type, handler as never),
    finalize: () => view.finalize(),
  };
  return wrapped;
}

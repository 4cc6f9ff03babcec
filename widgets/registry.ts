import { lazy, type ComponentType } from 'react';
import type { WidgetKind } from './types';

type Loader = () => Promise<{ default: ComponentType<any> }>;
const loaders: Record<string, Loader> = {};

/**
 * A lazily loaded kind whose chunk can also be fetched ahead of rendering (see preloadWidgetKinds).
 * Once loaded, hosts render the component directly: a lazy component suspends for a turn even when
 * its code is there, and React holds back revealing suspended content for up to 300 ms.
 * `eager: false` keeps a kind suspending always: a form rendered at once inside an opening dialog
 * left the dialog's content aria-hidden in Chromium.
 */
function kind(type: string, frame: WidgetKind['frame'], load: Loader, { eager = true } = {}): WidgetKind {
  let loaded: ComponentType<any> | null = null;
  const loadOnce: Loader = () =>
    load().then((mod) => {
      loaded = mod.default;
      return mod;
    });
  loaders[type] = loadOnce;
  return { frame, component: lazy(loadOnce), loaded: () => (eager ? loaded : null) };
}

// Widget kinds by `type`. Registering a kind is one line here plus schemas/widgets/<kind>.schema.json;
// components load lazily so heavy kinds (charts: vega) stay out of the first bundle.
export const widgetRegistry: Record<string, WidgetKind> = {
  metricCard: kind('metricCard', 'card', () => import('./metricCard/MetricCard')),
  chart: kind('chart', 'card', () => import('./chart/Chart')),
  table: kind('table', 'card', () => import('./table/Table')),
  rankedList: kind('rankedList', 'card', () => import('./rankedList/RankedList')),
  segmented: kind('segmented', 'none', () => import('./segmented/Segmented')),
  text: kind('text', 'none', () => import('./text/Text')),
  header: kind('header', 'none', () => import('./header/Header')),
  link: kind('link', 'none', () => import('./link/Link')),
  // a button always shows: empty data (no competitors yet) only feeds its disabledWhen
  actionButton: { ...kind('actionButton', 'none', () => import('./actionButton/ActionButton')), rendersEmpty: true },
  dialog: kind('dialog', 'none', () => import('./dialog/Dialog'), { eager: false }),
  form: kind('form', 'none', () => import('./form/Form'), { eager: false }),
  countdown: kind('countdown', 'none', () => import('./countdown/Countdown')),
  statStrip: kind('statStrip', 'card', () => import('./statStrip/StatStrip')),
  list: kind('list', 'card', () => import('./list/List')),
  comparisonCard: kind('comparisonCard', 'card', () => import('./comparisonCard/ComparisonCard')),
  cardGrid: kind('cardGrid', 'card', () => import('./cardGrid/CardGrid')),
  cardFeed: kind('cardFeed', 'card', () => import('./cardFeed/CardFeed')),
  treemap: kind('treemap', 'card', () => import('./treemap/Treemap')),
};

export function widgetKind(type: string): WidgetKind | undefined {
  return Object.prototype.hasOwnProperty.call(widgetRegistry, type) ? widgetRegistry[type] : undefined;
}

export const WIDGET_KINDS = Object.keys(widgetRegistry);

/**
 * Starts fetching the chunks of these kinds now: a page calls it when it mounts, so a widget's code
 * (vega for charts) downloads while its data is fetched instead of after.
 */
export function preloadWidgetKinds(types: Iterable<string>): void {
  for (const type of new Set(types)) void loaders[type]?.().catch(() => undefined);
}

import type { ListFilterKind } from '../host/types';
// Shapes of a page definition as the engine reads it (docs/page-format.md is the reference).
export type Binding = Record<string, unknown>;

export interface FilterControl {
  id: string;
  /** 'timeRange', 'choice', or a list kind the host declares. */
  type: string;
  /** The host's list kind for this control's type, attached when the page loads (withFilterKinds). */
  list?: ListFilterKind;
  default?: unknown;
  presets?: string[];
  custom?: boolean;
  options?: Array<string | { value: string; label: string }>;
  label?: string;
  inBar?: boolean;
}

export interface CopyBlock {
  empty?: { title: string; message?: string };
  error?: { title: string; message?: string };
  loading?: string;
}

export interface DataSpec {
  call: string;
  body?: Record<string, unknown>;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  transform?: Array<Record<string, unknown>>;
}

export interface WidgetConfig {
  type: string;
  title?: string;
  data?: DataSpec;
  states?: string | CopyBlock;
  [key: string]: unknown;
}

export interface LayoutItem {
  widget?: string;
  span?: number;
  tabs?: Array<{ label: string; layout: LayoutRow[] }>;
  /** names a tab group so an action can switch it */
  id?: string;
  /** binds the selected tab to a query parameter: value → tab label, and the fallback value */
  query?: { param: string; values: Record<string, string>; default: string };
}

export interface LayoutRow {
  items: LayoutItem[];
  /** a section heading: the row becomes one card holding the heading and the row's widgets */
  title?: string;
  /** equal columns at least this wide (px) instead of spans: the items share the width evenly
   * and wrap to a new line where they would be narrower */
  minItemWidth?: number;
}

export interface PageDefinition {
  $schema?: string;
  version: number;
  id: string;
  route: string;
  title: string;
  breadcrumb?: Array<{ label: string; to?: string }>;
  /** Conditions of the host's scope the page needs (EngineHost.requirements), e.g. {"brand": true}. */
  requires?: Record<string, boolean>;
  /** false: a standalone view without the app shell's sidebar and top bar; 'onboarding' /
   * 'pricing': a page outside /app inside the onboarding frame of that name. */
  shell?: boolean | 'onboarding' | 'pricing';
  /** A second route showing this page as a standalone view (see pages.ts). */
  standaloneRoute?: string;
  /** One record the page is about, fetched first; its fields bind as {"$record": "field"}. */
  record?: DataSpec & { notFound: { title: string; message?: string }; error: { title: string; message?: string } };
  values?: Record<string, unknown>;
  filters?: { storageKey: string; controls: FilterControl[] };
  copy?: Record<string, CopyBlock>;
  widgets: Record<string, WidgetConfig>;
  layout: LayoutRow[];
}

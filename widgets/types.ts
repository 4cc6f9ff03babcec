import type { ComponentType, LazyExoticComponent } from 'react';
import type { WidgetConfig } from '../engine/runtime/types';

// What a widget kind's component receives. Data widgets get `data` only once it is ready (the
// host renders loading, error and empty states); frameless kinds render their own box.
export interface WidgetProps<C extends WidgetConfig = WidgetConfig> {
  id: string;
  config: C;
  data: unknown;
}

export interface WidgetKind {
  component: LazyExoticComponent<ComponentType<WidgetProps<any>>> | ComponentType<WidgetProps<any>>;
  /** 'card' wraps the widget in a titled card with the data states; 'none' renders it bare. */
  frame: 'card' | 'none';
  /** Render the component even when its data is empty (a button whose data only conditions it). */
  rendersEmpty?: boolean;
  /** The component itself once its code has loaded (preloaded), so a host can render it without
   * suspending; null before, and always for kinds that must keep suspending (see registry). */
  loaded?: () => ComponentType<WidgetProps<any>> | null;
}

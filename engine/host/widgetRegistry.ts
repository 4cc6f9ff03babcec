import { lazy, type ComponentType } from 'react';
import type { WidgetKind, WidgetProps, WidgetRegistry } from './types';

type Loader = () => Promise<{ default: ComponentType<WidgetProps<any>> }>;

/** How a widget kind declares itself (each kind's folder exports one as its default). */
export interface WidgetKindDefinition {
  /** The `type` that selects this kind in a page, and names its schema
   * (`schemas/widgets/<type>.schema.json`) and fixtures folder. */
  type: string;
  /** 'card' wraps the widget in a titled card with the data states; 'none' renders it bare. */
  frame: WidgetKind['frame'];
  /** Loads the component: kinds load lazily, so heavy ones (charts) stay out of the first bundle. */
  load: Loader;
  /** Render even when the data is empty (a button whose data only conditions it). */
  rendersEmpty?: boolean;
  /** Render with no data when the call fails (see WidgetKind.rendersOnError). */
  rendersOnError?: boolean;
  /** false: keep suspending while loading even once the code is there (see below). */
  eager?: boolean;
}

/** Identity helper that types a kind's declaration. */
export function defineWidgetKind(definition: WidgetKindDefinition): WidgetKindDefinition {
  return definition;
}

/**
 * A registry over these kinds. A kind's code can be fetched ahead of rendering (preload); once it
 * has loaded, hosts render the component directly: a lazy component suspends for a turn even when
 * its code is there, and React holds back revealing suspended content for up to 300 ms.
 * `eager: false` keeps a kind suspending always (a form rendered at once inside an opening dialog
 * left the dialog's content aria-hidden in Chromium).
 */
export function createWidgetRegistry(definitions: Iterable<WidgetKindDefinition>): WidgetRegistry & { types: string[] } {
  const kinds = new Map<string, WidgetKind>();
  const loaders = new Map<string, Loader>();
  for (const { type, frame, load, rendersEmpty, rendersOnError, eager = true } of definitions) {
    if (kinds.has(type)) throw new Error(`Widget kind "${type}" is declared twice`);
    let loaded: ComponentType<WidgetProps<any>> | null = null;
    // A lazy component keeps a failed load forever; after a failure (server unreachable) the kind
    // gets a fresh one, so a widget's Retry loads the code again.
    let component = lazy(() => loadOnce());
    const loadOnce: Loader = () =>
      load().then(
        (mod) => {
          loaded = mod.default;
          return mod;
        },
        (error: unknown) => {
          component = lazy(() => loadOnce());
          throw error;
        },
      );
    loaders.set(type, loadOnce);
    kinds.set(type, {
      frame,
      get component() {
        return component;
      },
      loaded: () => (eager ? loaded : null),
      ...(rendersEmpty ? { rendersEmpty } : {}),
      ...(rendersOnError ? { rendersOnError } : {}),
    });
  }
  return {
    types: [...kinds.keys()],
    kind: (type) => kinds.get(type),
    preload: (types) => {
      for (const type of new Set(types)) void loaders.get(type)?.().catch(() => undefined);
    },
  };
}

import { createWidgetRegistry, type WidgetKindDefinition } from '../engine';

// Every widget kind is a folder with a kind.ts that declares it (type, frame, component loader);
// the registry picks them up by that convention, so adding a kind adds no line here.
const declared = import.meta.glob<{ default: WidgetKindDefinition }>('./*/kind.ts', { eager: true });

export const widgetKinds: WidgetKindDefinition[] = Object.keys(declared)
  .sort()
  .map((path) => declared[path].default);

export const widgetRegistry = createWidgetRegistry(widgetKinds);

/**
 * A starting config per widget kind (its valid fixture: a real call, states and fields), for the
 * page studio's "add widget". Loaded on demand in its own chunk, so the app never carries them.
 */
export const loadWidgetTemplates = (): Promise<Record<string, Record<string, unknown>>> => import('./templates').then((m) => m.widgetTemplates);

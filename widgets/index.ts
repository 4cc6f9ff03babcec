import { createWidgetRegistry, type WidgetKindDefinition } from '../engine';

// Every widget kind is a folder with a kind.ts that declares it (type, frame, component loader);
// the registry picks them up by that convention, so adding a kind adds no line here.
const declared = import.meta.glob<{ default: WidgetKindDefinition }>('./*/kind.ts', { eager: true });

export const widgetKinds: WidgetKindDefinition[] = Object.keys(declared)
  .sort()
  .map((path) => declared[path].default);

export const widgetRegistry = createWidgetRegistry(widgetKinds);

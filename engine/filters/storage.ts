import type { FilterControl } from '../runtime/types';
import type { CustomRange } from '../time/windows';
import { collapseSelection } from './rules';

// Filter values persist per page in localStorage under the page's storageKey as
// {timeRange, selectedModels, selectedLocations, promptPerformance, customRange?} (plus any other
// control ids the page declares), so they survive a reload.
export type FilterValues = Record<string, unknown> & { customRange?: CustomRange | null };

export function defaultValueFor(control: FilterControl): unknown {
  if (control.default !== undefined) return control.default;
  if (control.list) return [control.list.catchAll.value];
  switch (control.type) {
    case 'timeRange':
      return '7d';
    case 'choice': {
      const first = control.options?.[0];
      return typeof first === 'string' ? first : first?.value;
    }
  }
}

export function defaultFilterValues(controls: FilterControl[]): FilterValues {
  const values: FilterValues = {};
  for (const c of controls) values[c.id] = defaultValueFor(c);
  return values;
}

/** Merges stored values over defaults, dropping anything that does not fit its control. */
export function sanitizeFilterValues(controls: FilterControl[], stored: unknown): FilterValues {
  const values = defaultFilterValues(controls);
  if (!stored || typeof stored !== 'object') return values;
  const raw = stored as Record<string, unknown>;
  for (const c of controls) {
    const v = raw[c.id];
    if (v === undefined) continue;
    if (c.type === 'timeRange') {
      const allowed = [...(c.presets ?? ['24h', '7d', '30d']), ...(c.custom === false ? [] : ['custom'])];
      if (typeof v === 'string' && allowed.includes(v)) values[c.id] = v;
    } else if (c.list) {
      values[c.id] = collapseSelection(v, c.list.catchAll.value);
    } else if (c.type === 'choice') {
      const options = (c.options ?? []).map((o) => (typeof o === 'string' ? o : o.value));
      if (typeof v === 'string' && (options.length === 0 || options.includes(v))) values[c.id] = v;
    }
  }
  const custom = raw.customRange as CustomRange | undefined;
  if (custom && typeof custom === 'object') {
    values.customRange = { from: typeof custom.from === 'string' ? custom.from : null, to: typeof custom.to === 'string' ? custom.to : null };
  }
  return values;
}

export function loadFilterValues(storageKey: string, controls: FilterControl[], storage: Storage | undefined = globalThis.localStorage): FilterValues {
  try {
    const text = storage?.getItem(storageKey);
    return sanitizeFilterValues(controls, text ? JSON.parse(text) : null);
  } catch {
    return defaultFilterValues(controls);
  }
}

export function saveFilterValues(storageKey: string, values: FilterValues, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(storageKey, JSON.stringify(values));
  } catch {
    // Storage full or disabled: filters still work for this visit.
  }
}

/** Choosing a preset clears the custom range; picking a custom range selects Custom. */
export function withTimeRange(values: FilterValues, controlId: string, range: string): FilterValues {
  if (range === 'custom') return { ...values, [controlId]: 'custom' };
  const next: FilterValues = { ...values, [controlId]: range };
  delete next.customRange;
  return next;
}

export function withCustomRange(values: FilterValues, controlId: string, custom: CustomRange): FilterValues {
  return { ...values, [controlId]: 'custom', customRange: custom };
}

import { getPath } from '../../engine';
import type { ChecklistOption } from './Checklist';
import type { Row } from './row';
import type { WizardField } from './types';

// A checklist's options: the first non-empty list among its 'from' paths (responses of earlier
// calls, or the starting data), each item's text and relevance score, then the custom entries.

/** The list a checklist's suggestions come from, and which path gave it. */
export function suggestionSource(field: WizardField, responses: Row): { path: string; list: unknown[] } | null {
  for (const path of field.suggestions?.from ?? []) {
    const list = getPath(responses, path);
    if (Array.isArray(list) && list.length > 0) return { path, list };
  }
  return null;
}

/** An item's text: strings are their own, objects give the 'label' field. */
export function itemText(item: unknown, labelKey: string | undefined): string {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && labelKey) {
    const v = (item as Record<string, unknown>)[labelKey];
    return typeof v === 'string' ? v : '';
  }
  return '';
}

export function checklistOptions(field: WizardField, source: unknown[] | null, custom: string[]): ChecklistOption[] {
  const out: ChecklistOption[] = [];
  const seen = new Set<string>();
  for (const item of source ?? []) {
    const label = itemText(item, field.suggestions?.label);
    if (seen.has(label)) continue;
    seen.add(label);
    const w = field.suggestions?.weight && item && typeof item === 'object' ? (item as Record<string, unknown>)[field.suggestions.weight] : null;
    out.push({ label, weight: typeof w === 'number' ? w : null });
  }
  for (const label of custom) {
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ label, weight: null });
  }
  return out;
}

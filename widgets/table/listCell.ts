import { labelIn, type Vocabulary } from '../../engine';

// A cell holding a list (a prompt's locations): the first `max` names, then "+N". `labels` names
// the host vocabulary that turns codes into names.
export interface ListDisplay {
  max?: number;
  labels?: string;
  separator?: string;
}

export function listCellText(value: unknown, spec: ListDisplay, vocabularies: Record<string, Vocabulary>): string {
  const items = Array.isArray(value) ? value.map(String) : value === null || value === undefined || value === '' ? [] : [String(value)];
  const label = (s: string) => labelIn({ vocabularies }, spec.labels, s);
  const max = spec.max ?? items.length;
  const shown = items.slice(0, max).map(label).join(spec.separator ?? ', ');
  const rest = items.length - Math.min(max, items.length);
  return rest > 0 ? `${shown} +${rest}` : shown;
}

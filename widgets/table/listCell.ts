import { countryName } from '../../engine/filters/countries';
import { providerLabel } from '../../engine/filters/providers';

// A cell holding a list (a prompt's locations): the first `max` names, then "+N" (spec §9:
// location column shows up to 2 names, then +N). `labels` names how codes become names.
export interface ListDisplay {
  max?: number;
  labels?: 'countries' | 'providers';
  separator?: string;
}

const LABELS = { countries: countryName, providers: providerLabel };

export function listCellText(value: unknown, spec: ListDisplay): string {
  const items = Array.isArray(value) ? value.map(String) : value === null || value === undefined || value === '' ? [] : [String(value)];
  const label = spec.labels ? LABELS[spec.labels] : (s: string) => s;
  const max = spec.max ?? items.length;
  const shown = items.slice(0, max).map(label).join(spec.separator ?? ', ');
  const rest = items.length - Math.min(max, items.length);
  return rest > 0 ? `${shown} +${rest}` : shown;
}

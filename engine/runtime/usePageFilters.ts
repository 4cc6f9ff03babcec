import { useCallback, useMemo, useRef, useState } from 'react';
import { loadFilterValues, saveFilterValues, defaultFilterValues, type FilterValues } from '../filters/storage';
import type { CustomRange } from '../time/windows';
import { useEngineHost } from '../host/EngineHostProvider';
import { withFilterKinds } from '../filters/kinds';
import { effectiveRange, pageWindow } from './prefetch';
import type { PageDefinition } from './types';

// Filter values of one page, persisted under its storageKey, and the time window they imply. The
// window is computed when the range changes (not on every render) so request keys stay stable.
export function usePageFilters(page: PageDefinition) {
  const { filterKinds } = useEngineHost();
  const controls = useMemo(() => withFilterKinds(page.filters?.controls ?? [], filterKinds), [page, filterKinds]);
  const storageKey = page.filters?.storageKey;
  const [values, setValues] = useState<FilterValues>(() =>
    storageKey ? loadFilterValues(storageKey, controls) : defaultFilterValues(controls),
  );

  const setFilters = useCallback(
    (next: FilterValues) => {
      setValues(next);
      if (storageKey) saveFilterValues(storageKey, next);
    },
    [storageKey],
  );
  const setFilter = useCallback((id: string, value: unknown) => setFilters({ ...values, [id]: value }), [setFilters, values]);

  const timeControl = controls.find((c) => c.type === 'timeRange');
  const chosen = effectiveRange(
    timeControl ? ((values[timeControl.id] as string | undefined) ?? (timeControl.default as string | undefined)) : undefined,
    values.customRange as CustomRange | undefined,
  );
  // Custom with only its start day picked keeps the range shown so far.
  const shown = useRef(chosen);
  if (chosen.range !== undefined || shown.current.range === undefined) shown.current = chosen;
  const { range, custom } = shown.current;
  const window = useMemo(
    () => pageWindow(page, range, custom),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [range, custom?.from, custom?.to, page.id],
  );
  return { controls, values, setFilters, setFilter, window };
}

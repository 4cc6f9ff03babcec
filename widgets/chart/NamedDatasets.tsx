import { useEffect } from 'react';
import { useWidgetData, type BindingContext, type WidgetData } from '../../engine';
import type { ChartConfig } from './config.generated';

// A chart's named data sets (config.datasets): each is the rows of a call, fetched like a widget's
// own data (same request key, so a call shared with another card is sent once) and fed to the
// spec's views that read it by name.
type Binding = NonNullable<ChartConfig['datasets']>[string];

export interface NamedData {
  rows: Record<string, unknown[]>;
  /** The first failed call, with its retry. */
  failed: { name: string; error: unknown; retry: () => void } | null;
}

function Loader({ name, binding, bindings, onChange }: { name: string; binding: Binding; bindings: BindingContext; onChange: (name: string, data: WidgetData) => void }) {
  const data = useWidgetData(binding as never, bindings);
  useEffect(() => onChange(name, data), [name, data.status, data.data, data.error]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

export function DatasetLoaders({ datasets, bindings, onChange }: { datasets: ChartConfig['datasets']; bindings: BindingContext; onChange: (name: string, data: WidgetData) => void }) {
  return (
    <>
      {Object.entries(datasets ?? {}).map(([name, binding]) => (
        <Loader key={name} name={name} binding={binding} bindings={bindings} onChange={onChange} />
      ))}
    </>
  );
}

/** Rows by name from the loaders' latest answers (a set still loading or empty is drawn empty). */
export function namedData(answers: Record<string, WidgetData>): NamedData {
  const rows: Record<string, unknown[]> = {};
  let failed: NamedData['failed'] = null;
  for (const [name, d] of Object.entries(answers)) {
    rows[name] = Array.isArray(d.data) ? (d.data as unknown[]) : [];
    if (d.status === 'error' && !failed) failed = { name, error: d.error, retry: d.retry };
  }
  return { rows, failed };
}

import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { VegaEmbed } from 'react-vega';
import {
  Button,
  Menu,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PageContext } from '../../engine/runtime/PageContext';
import { resolveValue } from '../../engine/bindings/resolve';
import type { WidgetConfig } from '../../engine/runtime/types';
import { exportCsv } from '../../engine/export/csv';
import { exportPng } from '../../engine/export/png';
import type { WidgetProps } from '../types';
import { exportColumns, type ColumnSpec } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import { DATA_NAME, HIDDEN_SIGNAL, buildChartSpec, seriesOf, toggleSeries, visibleRows, type VegaLiteSpec } from './buildSpec';

export interface ChartConfig extends WidgetConfig {
  spec: VegaLiteSpec;
  height?: number;
  series?: { field: string; own?: unknown; picker?: boolean };
  download?: Array<'csv' | 'png'>;
  exportColumns?: ColumnSpec[];
  filename?: string;
}

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  chart: { width: '100%', minWidth: 0, backgroundColor: tokens.colorNeutralBackground1 },
});

type View = {
  data: (name: string, values: unknown[]) => View;
  signal: (name: string, value: unknown) => View;
  runAsync: () => Promise<unknown>;
  addEventListener: (type: string, handler: (event: unknown, item: unknown) => void) => void;
  removeEventListener: (type: string, handler: (event: unknown, item: unknown) => void) => void;
};

export default function Chart({ id, config, data }: WidgetProps<ChartConfig>) {
  const styles = useStyles();
  const page = useContext(PageContext);
  const container = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View | null>(null);
  const [hidden, setHidden] = useState<string[]>([]);
  const rows = useMemo(() => (Array.isArray(data) ? (data as Array<Record<string, unknown>>) : []), [data]);
  const field = config.series?.field;
  const own = config.series?.own !== undefined ? (resolveValue<string>(config.series.own, page?.bindings ?? {}) ?? null) : null;
  const domain = useMemo(() => (field ? seriesOf(rows, field, own) : []), [rows, field, own]);
  const domainKey = domain.join('\u0000');

  // The spec changes only when the set of series does; data and hidden lines go through the view.
  const spec = useMemo(
    () =>
      buildChartSpec(config.spec, { height: config.height, seriesField: field, seriesDomain: domain, ownSeries: own, values: visibleRows(rows, field, hidden) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.spec, config.height, field, domainKey, own],
  );
  const options = useMemo(() => ({ mode: 'vega-lite' as const, actions: false, renderer: 'svg' as const }), []);

  useEffect(() => {
    if (!view) return;
    view.data(DATA_NAME, visibleRows(rows, field, hidden));
    if (field) view.signal(HIDDEN_SIGNAL, hidden);
    void view.runAsync();
  }, [view, rows, field, hidden]);

  // Clicking a legend entry toggles its line.
  useEffect(() => {
    if (!view || !field) return;
    const onClick = (_event: unknown, item: unknown) => {
      const it = item as { mark?: { role?: string }; datum?: { value?: unknown } } | null;
      const role = it?.mark?.role ?? '';
      if (role.startsWith('legend') && it?.datum?.value !== undefined) setHidden((h) => toggleSeries(h, String(it.datum!.value)));
    };
    view.addEventListener('click', onClick);
    return () => view.removeEventListener('click', onClick);
  }, [view, field]);

  const filename = config.filename ?? config.title ?? id;
  const onExport = async (format: string) => {
    if (format === 'png') return exportPng(container.current, filename);
    if (format !== 'csv') return console.warn(`Unsupported export format: ${format}`);
    const columns = config.exportColumns ?? Object.keys(rows[0] ?? {}).map((k) => ({ field: k, header: k }));
    return exportCsv(visibleRows(rows, field, hidden), exportColumns(columns), filename);
  };

  return (
    <>
      <div className={styles.toolbar}>
        {field && config.series?.picker !== false && domain.length > 0 && (
          <Menu
            checkedValues={{ lines: domain.filter((d) => !hidden.includes(d)) }}
            onCheckedValueChange={(_, d) => setHidden(domain.filter((name) => !d.checkedItems.includes(name)))}
          >
            <MenuTrigger disableButtonEnhancement>
              <Button appearance="subtle" size="small">
                Lines ({domain.length - hidden.length}/{domain.length})
              </Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {domain.map((name) => (
                  <MenuItemCheckbox key={name} name="lines" value={name}>
                    {name}
                  </MenuItemCheckbox>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
        {config.download && config.download.length > 0 && <ExportMenu label="Download" formats={config.download} onExport={onExport} />}
      </div>
      <div ref={container} className={styles.chart} role="img" aria-label={config.title ?? id}>
        <VegaEmbed spec={spec as never} options={options} onEmbed={(result) => setView(result.view as unknown as View)} style={{ width: '100%' }} />
      </div>
    </>
  );
}

import { useContext, useEffect, useMemo, useRef, useState } from 'react';
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
import { PageContext, resolveValue, useExports, type WidgetProps } from '../../engine';
import { exportColumns } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import { DATA_NAME, buildChartSpec, chartSignals, seriesOf, toggleSeries, visibleRows } from './buildSpec';
import { createVegaView, type ChartView } from './vegaView';
import type { ChartConfig } from './config.generated';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  chart: { width: '100%', minWidth: 0, backgroundColor: tokens.colorNeutralBackground1 },
  canvas: { display: 'block', width: '100%' },
});

export default function Chart({ id, config, data }: WidgetProps<ChartConfig>) {
  const exports = useExports();
  const styles = useStyles();
  const page = useContext(PageContext);
  const container = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ChartView | null>(null);
  const [hidden, setHidden] = useState<string[]>([]);
  const rows = useMemo(() => (Array.isArray(data) ? (data as Array<Record<string, unknown>>) : []), [data]);
  const field = config.series?.field;
  const own = config.series?.own !== undefined ? (resolveValue<string>(config.series.own, page?.bindings ?? {}) ?? null) : null;
  const domain = useMemo(() => (field ? seriesOf(rows, field, own) : []), [rows, field, own]);
  const domainKey = domain.join('\u0000');

  // The spec depends on the config only; rows, series, the own series and hidden lines go through
  // the view as data and signals.
  const spec = useMemo(() => buildChartSpec(config.spec, { height: config.height, seriesField: field }), [config.spec, config.height, field]);
  const values = useMemo(() => visibleRows(rows, field, hidden), [rows, field, hidden]);
  const signals = useMemo(
    () => chartSignals(field, { seriesDomain: domain, ownSeries: own, hidden }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [field, domainKey, own, hidden],
  );
  // What the view currently shows, so the view is drawn once on arrival and again only on change.
  const inputs = useRef({ values, signals });
  inputs.current = { values, signals };
  const shown = useRef<{ view: ChartView; values: unknown[]; signals: Record<string, unknown> } | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancelled = false;
    let created: ChartView | null = null;
    const { values: v, signals: s } = inputs.current;
    createVegaView(spec, el, { data: { [DATA_NAME]: v }, signals: s }).then(
      (next) => {
        if (cancelled) return next.finalize();
        created = next;
        shown.current = { view: next, values: v, signals: s };
        setView(next);
      },
      (error) => {
        if (!cancelled) console.error('Chart could not be drawn', error);
      },
    );
    return () => {
      cancelled = true;
      created?.finalize();
    };
  }, [spec]);

  useEffect(() => {
    if (!view) return;
    const last = shown.current;
    if (last && last.view === view && last.values === values && last.signals === signals) return;
    view.data(DATA_NAME, values);
    for (const [name, value] of Object.entries(signals)) view.signal(name, value);
    shown.current = { view, values, signals };
    void view.runAsync();
  }, [view, values, signals]);

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
    if (format === 'png') return exports.png(container.current, filename);
    if (format !== 'csv') return console.warn(`Unsupported export format: ${format}`);
    const columns = config.exportColumns ?? Object.keys(rows[0] ?? {}).map((k) => ({ field: k, header: k }));
    return exports.csv(visibleRows(rows, field, hidden), exportColumns(columns), filename);
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
        <div ref={host} className={styles.canvas} />
      </div>
    </>
  );
}

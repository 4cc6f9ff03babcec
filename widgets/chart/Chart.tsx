import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Menu,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { EmptyState, ErrorState, PageContext, getPath, resolveValue, statesFor, useExports, type WidgetProps } from '../../engine';
import { exportColumns } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import {
  DATA_NAME,
  buildChartSpec,
  chartSignals,
  clampToWindow,
  isResponsive,
  seriesOf,
  timeAxisSignals,
  toggleSeries,
  visibleRows,
  TICK_SPACING,
  LEGEND_ENTRY_WIDTH,
  legendColumns,
} from './buildSpec';
import { chartColors, useThemeKey } from './theme';
import { DataTable, tableColumns } from './DataTable';
import { createVegaView, type ChartView } from './vegaView';
import { DatasetLoaders, namedData } from './NamedDatasets';
import type { WidgetData } from '../../engine';
import type { ChartConfig } from './config.generated';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  chart: { position: 'relative', width: '100%', minWidth: 0, backgroundColor: tokens.colorNeutralBackground1 },
  // The drawing never widens the card (contain): a card that grew with its chart would not shrink
  // back when the window narrows.
  canvas: { display: 'block', width: '100%', contain: 'inline-size' },
  // Facets, concatenations and repeats keep their declared size and scroll sideways when wider.
  scroll: { display: 'block', width: '100%', overflowX: 'auto', contain: 'inline-size' },
  reason: { display: 'block', textAlign: 'center', color: tokens.colorNeutralForeground3, paddingBottom: tokens.spacingVerticalM },
});

type Rows = Array<Record<string, unknown>>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'object' && error && 'message' in error ? String((error as { message: unknown }).message) : String(error));

export default function Chart({ id, config, data }: WidgetProps<ChartConfig>) {
  const exports = useExports();
  const styles = useStyles();
  const page = useContext(PageContext);
  const container = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ChartView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [hidden, setHidden] = useState<string[]>([]);
  const [width, setWidth] = useState(0);
  const themeKey = useThemeKey(container);
  const [answers, setAnswers] = useState<Record<string, WidgetData>>({});
  const onDataset = useCallback((name: string, d: WidgetData) => setAnswers((a) => ({ ...a, [name]: d })), []);
  const named = useMemo(() => namedData(answers), [answers]);
  const bindings = page?.bindings ?? {};
  const field = config.series?.field;
  const own = config.series?.own !== undefined ? (resolveValue<string>(config.series.own, bindings) ?? null) : null;
  const time = config.time;
  const windowStart = time ? resolveValue<string>(time.start, bindings) : undefined;
  const windowEnd = time ? resolveValue<string>(time.end, bindings) : undefined;
  const interval = time?.interval !== undefined ? resolveValue<string>(time.interval, bindings) : undefined;
  const rows = useMemo(() => {
    const list = Array.isArray(data) ? (data as Rows) : [];
    return time && windowStart ? clampToWindow(list, time.field, windowStart) : list;
  }, [data, time, windowStart]);
  const domain = useMemo(() => (field ? seriesOf(rows, field, own) : []), [rows, field, own]);
  const domainKey = domain.join('\u0000');

  // The spec depends on the config only; rows, series, the own series, hidden lines and the
  // window go through the view as data and signals.
  const spec = useMemo(
    () => buildChartSpec(config.spec, { height: config.height, seriesField: field, timeAxis: !!time }),
    [config.spec, config.height, field, time],
  );
  const responsive = useMemo(() => isResponsive(config.spec), [config.spec]);
  const values = useMemo(() => visibleRows(rows, field, hidden), [rows, field, hidden]);
  // Ticks depend on the width only in steps of one label's room.
  const tickRoom = Math.max(1, Math.floor(width / TICK_SPACING));
  const legendRoom = legendColumns(width);
  const signals = useMemo(
    () => ({
      ...chartSignals(field, { seriesDomain: domain, ownSeries: own, hidden, width: legendRoom * LEGEND_ENTRY_WIDTH }),
      ...(time && windowStart && windowEnd ? timeAxisSignals({ start: windowStart, end: windowEnd, interval, width: tickRoom * TICK_SPACING }) : {}),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [field, domainKey, own, hidden, time, windowStart, windowEnd, interval, tickRoom, legendRoom],
  );
  // What the view currently shows, so the view is drawn once on arrival and again only on change.
  const sets = useMemo(() => ({ ...named.rows, [DATA_NAME]: values }), [named.rows, values]);
  const inputs = useRef({ sets, signals });
  inputs.current = { sets, signals };
  const shown = useRef<{ view: ChartView; data: Record<string, unknown[]>; signals: Record<string, unknown> } | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancelled = false;
    let created: ChartView | null = null;
    const { sets: v, signals: s } = inputs.current;
    setFailure(null);
    createVegaView(spec, el, { data: v, signals: s, config: chartColors(container.current) }).then(
      (next) => {
        if (cancelled) return next.finalize();
        created = next;
        shown.current = { view: next, data: v, signals: s };
        setView(next);
      },
      (error: unknown) => {
        if (cancelled) return;
        el.replaceChildren();
        setView(null);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
      created?.finalize();
    };
  }, [spec, themeKey, attempt]);

  useEffect(() => {
    if (!view) return;
    const last = shown.current;
    if (last && last.view === view && last.data === sets && last.signals === signals) return;
    for (const [name, rows] of Object.entries(sets)) if (!last || last.view !== view || last.data[name] !== rows) view.data(name, rows);
    for (const [name, value] of Object.entries(signals)) view.signal(name, value);
    shown.current = { view, data: sets, signals };
    view.runAsync().catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [view, sets, signals]);

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
  const columns = useMemo(() => tableColumns(config, rows), [config, rows]);
  const onExport = async (format: string) => {
    if (format === 'png') return exports.png(container.current, filename);
    if (format === 'svg') return exports.svg(container.current, filename);
    if (format !== 'csv') return console.warn(`Unsupported export format: ${format}`);
    return exports.csv(visibleRows(rows, field, hidden), exportColumns(columns), filename);
  };

  const label = [config.title ?? id, config.description].filter(Boolean).join(': ');
  // Rows that are all zeros (a prompt never run) say "no data", not an empty axis.
  const nothing = !!config.emptyUnless && !rows.some((r) => {
    const v = getPath(r, config.emptyUnless!);
    return v !== null && v !== undefined && Number(v) !== 0;
  });
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
      {nothing && <EmptyState copy={statesFor(config, page?.page).empty} />}
      <DatasetLoaders datasets={config.datasets} bindings={bindings} onChange={onDataset} />
      {named.failed && !failure && (
        <ErrorState copy={statesFor(config, page?.page).error} message={errorText(named.failed.error)} onRetry={named.failed.retry} />
      )}
      {failure && (
        <>
          <ErrorState copy={statesFor(config, page?.page).error} message={failure} onRetry={() => setAttempt((n) => n + 1)} />
          <Text size={200} className={styles.reason}>
            {failure}
          </Text>
        </>
      )}
      <figure ref={container} className={styles.chart} style={{ margin: 0 }} aria-label={label} hidden={!!failure || nothing || !!named.failed}>
        {responsive ? (
          <div ref={host} className={styles.canvas} />
        ) : (
          <div ref={host} className={styles.scroll} tabIndex={0} role="group" aria-label={`${label} (scrolls sideways)`} />
        )}
        <DataTable caption={label} rows={values} columns={columns} />
      </figure>
    </>
  );
}

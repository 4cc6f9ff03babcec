import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Tab, TabList, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router-dom';
import type { LayoutItem, LayoutRow, WidgetConfig } from './types';
import { WidgetHost } from './WidgetHost';
import { useCardStyles } from './cardStyles';

// 12-column grid: spans apply at >= 1024 px, items take at least half a row from 768 px, and
// every item is full width below 768 px.
export function responsiveSpans(span: number | undefined): { lg: number; md: number; sm: number } {
  const lg = Math.min(12, Math.max(1, Math.round(span ?? 12)));
  return { lg, md: Math.max(lg, 6), sm: 12 };
}

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  rowTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  // equal columns of at least --min-item px; a phone (narrower than that) gets one column
  fitGrid: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, var(--min-item)), 1fr))' },
  fitItem: { minWidth: 0 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: tokens.spacingHorizontalL },
  item: {
    minWidth: 0,
    gridColumn: 'span 12',
    // Non-overlapping ranges: Griffel does not guarantee the order of media blocks.
    '@media (min-width: 768px) and (max-width: 1023.98px)': { gridColumn: 'span var(--span-md)' },
    '@media (min-width: 1024px)': { gridColumn: 'span var(--span-lg)' },
  },
  tabs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // on a phone the tab labels scroll sideways instead of widening the page
  tabStrip: { overflowX: 'auto', maxWidth: '100%', minWidth: 0 },
});

/** The selected tab of each layout tab group that has an `id`, so an action ({"tab": ...}) can
 * switch it (e.g. 'View All Emerging Threats (N)' opens the Emerging Threats tab). */
export interface LayoutTabsValue {
  selected: Record<string, number>;
  select: (tabsId: string, index: number) => void;
}
export const LayoutTabsContext = createContext<LayoutTabsValue | null>(null);

export function LayoutTabsProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<Record<string, number>>({});
  const select = useCallback((tabsId: string, index: number) => setSelected((s) => ({ ...s, [tabsId]: index })), []);
  const value = useMemo(() => ({ selected, select }), [selected, select]);
  return <LayoutTabsContext.Provider value={value}>{children}</LayoutTabsContext.Provider>;
}

/** Index of the tab labelled `label` in the layout tab group `tabsId` (searched through nested tabs), or -1. */
export function findLayoutTab(rows: LayoutRow[], tabsId: string, label: string): number {
  for (const row of rows) {
    for (const item of row.items) {
      if (!item.tabs) continue;
      if (item.id === tabsId) return item.tabs.findIndex((t) => t.label === label);
      for (const tab of item.tabs) {
        const hit = findLayoutTab(tab.layout ?? [], tabsId, label);
        if (hit >= 0) return hit;
      }
    }
  }
  return -1;
}

export type TabsQuery = NonNullable<LayoutItem['query']>;

/** The tab a query-bound tab group shows: the tab labelled for the query value, else the
 * default's tab (an unknown or missing value falls back), else the first. */
export function tabFromQuery(tabs: Array<{ label: string }>, query: TabsQuery, value: string | null): number {
  const labelOf = (key: string | null) => (key !== null && Object.hasOwn(query.values, key) ? query.values[key] : undefined);
  const label = labelOf(value) ?? labelOf(query.default);
  const index = tabs.findIndex((t) => t.label === label);
  return index >= 0 ? index : 0;
}

/** The query value naming a tab (the first key whose label it is), or null. */
export function queryValueOf(tabs: Array<{ label: string }>, query: TabsQuery, index: number): string | null {
  const label = tabs[index]?.label;
  const hit = Object.entries(query.values).find(([, l]) => l === label);
  return hit ? hit[0] : null;
}

/** Selection kept in the address (?tab=billing): links and reloads open the same tab; choosing a
 * tab replaces the history entry and keeps the other query parameters. */
function useQueryTab(tabs: Array<{ label: string }>, query: TabsQuery): [number, (i: number) => void] {
  const [params, setParams] = useSearchParams();
  const selected = tabFromQuery(tabs, query, params.get(query.param));
  const select = useCallback(
    (i: number) => {
      const value = queryValueOf(tabs, query, i);
      if (value === null) return;
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(query.param, value);
        return next;
      }, { replace: true });
    },
    [tabs, query, setParams],
  );
  return [selected, select];
}

function Tabs({ item, widgets }: { item: LayoutItem; widgets: Record<string, WidgetConfig> }) {
  return item.query ? <QueryTabs item={item} query={item.query} widgets={widgets} /> : <StateTabs item={item} widgets={widgets} />;
}

function QueryTabs({ item, query, widgets }: { item: LayoutItem; query: TabsQuery; widgets: Record<string, WidgetConfig> }) {
  const tabs = item.tabs ?? [];
  const [selected, select] = useQueryTab(tabs, query);
  // an action's {"tab": ...} for this group goes through the address too
  const shared = useContext(LayoutTabsContext);
  const requested = item.id ? shared?.selected[item.id] : undefined;
  const last = useRef(requested);
  useEffect(() => {
    if (requested !== undefined && requested !== last.current) select(requested);
    last.current = requested;
  }, [requested, select]);
  return <TabsView tabs={tabs} selected={selected} onSelect={select} widgets={widgets} />;
}

function StateTabs({ item, widgets }: { item: LayoutItem; widgets: Record<string, WidgetConfig> }) {
  const [local, setLocal] = useState(0);
  const shared = useContext(LayoutTabsContext);
  const tabsId = item.id;
  const selected = tabsId && shared ? shared.selected[tabsId] ?? 0 : local;
  const setSelected = (i: number) => (tabsId && shared ? shared.select(tabsId, i) : setLocal(i));
  return <TabsView tabs={item.tabs ?? []} selected={selected} onSelect={setSelected} widgets={widgets} />;
}

function TabsView({ tabs, selected, onSelect, widgets }: {
  tabs: NonNullable<LayoutItem['tabs']>;
  selected: number;
  onSelect: (i: number) => void;
  widgets: Record<string, WidgetConfig>;
}) {
  const styles = useStyles();
  const setSelected = onSelect;
  return (
    <div className={styles.tabs}>
      <div className={styles.tabStrip}>
        <TabList selectedValue={String(selected)} onTabSelect={(_, d) => setSelected(Number(d.value))}>
          {tabs.map((tab, i) => (
            <Tab key={tab.label} value={String(i)}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
      </div>
      <div role="tabpanel" aria-label={tabs[selected]?.label}>
        <LayoutRows rows={tabs[selected]?.layout ?? []} widgets={widgets} />
      </div>
    </div>
  );
}

export function LayoutRows({ rows, widgets }: { rows: LayoutRow[]; widgets: Record<string, WidgetConfig> }) {
  const styles = useStyles();
  const card = useCardStyles();
  const headingId = useId();
  return (
    <div className={styles.rows}>
      {rows.map((row, r) => {
        const fit = row.minItemWidth ? ({ '--min-item': `${row.minItemWidth}px` } as CSSProperties) : undefined;
        const grid = (
          <div className={mergeClasses(styles.grid, fit && styles.fitGrid)} style={fit}>
            {row.items.map((item, i) => {
              const spans = responsiveSpans(item.span);
              const style = { '--span-lg': String(spans.lg), '--span-md': String(spans.md) } as CSSProperties;
              const key = item.widget ?? `tabs-${i}`;
              return (
                <div key={key} className={fit ? styles.fitItem : styles.item} style={fit ? undefined : style} data-span={fit ? undefined : spans.lg}>
                  {item.tabs ? (
                    <Tabs item={item} widgets={widgets} />
                  ) : item.widget && widgets[item.widget] ? (
                    <WidgetHost id={item.widget} config={widgets[item.widget]} />
                  ) : (
                    <div role="alert">Missing widget "{item.widget}"</div>
                  )}
                </div>
              );
            })}
          </div>
        );
        // a titled row is a section: its heading and widgets sit together in one card
        return row.title ? (
          <section key={r} className={card.card} aria-labelledby={`${headingId}-${r}`} data-section={row.title}>
            <h2 className={styles.rowTitle} id={`${headingId}-${r}`}>{row.title}</h2>
            {grid}
          </section>
        ) : (
          <div key={r}>{grid}</div>
        );
      })}
    </div>
  );
}

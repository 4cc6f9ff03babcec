import { createContext, useCallback, useContext, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { LayoutItem, LayoutRow, WidgetConfig } from './types';
import { WidgetHost } from './WidgetHost';

// 12-column grid: spans apply at >= 1024 px, items take at least half a row from 768 px, and
// every item is full width below 768 px.
export function responsiveSpans(span: number | undefined): { lg: number; md: number; sm: number } {
  const lg = Math.min(12, Math.max(1, Math.round(span ?? 12)));
  return { lg, md: Math.max(lg, 6), sm: 12 };
}

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  rowTitle: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gap: tokens.spacingHorizontalL },
  item: {
    minWidth: 0,
    gridColumn: 'span 12',
    // Non-overlapping ranges: Griffel does not guarantee the order of media blocks.
    '@media (min-width: 768px) and (max-width: 1023.98px)': { gridColumn: 'span var(--span-md)' },
    '@media (min-width: 1024px)': { gridColumn: 'span var(--span-lg)' },
  },
  tabs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
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

function Tabs({ item, widgets }: { item: LayoutItem; widgets: Record<string, WidgetConfig> }) {
  const styles = useStyles();
  const [local, setLocal] = useState(0);
  const shared = useContext(LayoutTabsContext);
  const tabsId = item.id;
  const selected = tabsId && shared ? shared.selected[tabsId] ?? 0 : local;
  const setSelected = (i: number) => (tabsId && shared ? shared.select(tabsId, i) : setLocal(i));
  const tabs = item.tabs ?? [];
  return (
    <div className={styles.tabs}>
      <TabList selectedValue={String(selected)} onTabSelect={(_, d) => setSelected(Number(d.value))}>
        {tabs.map((tab, i) => (
          <Tab key={tab.label} value={String(i)}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={tabs[selected]?.label}>
        <LayoutRows rows={tabs[selected]?.layout ?? []} widgets={widgets} />
      </div>
    </div>
  );
}

export function LayoutRows({ rows, widgets }: { rows: LayoutRow[]; widgets: Record<string, WidgetConfig> }) {
  const styles = useStyles();
  return (
    <div className={styles.rows}>
      {rows.map((row, r) => (
        <div key={r}>
          {(row as LayoutRow & { title?: string }).title && <h2 className={styles.rowTitle}>{(row as LayoutRow & { title?: string }).title}</h2>}
          <div className={styles.grid}>
            {row.items.map((item, i) => {
              const spans = responsiveSpans(item.span);
              const style = { '--span-lg': String(spans.lg), '--span-md': String(spans.md) } as CSSProperties;
              const key = item.widget ?? `tabs-${i}`;
              return (
                <div key={key} className={styles.item} style={style} data-span={spans.lg}>
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
        </div>
      ))}
    </div>
  );
}

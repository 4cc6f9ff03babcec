import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Popover, PopoverSurface, PopoverTrigger, Tab, TabList, TableCell, TableHeaderCell, Text, makeStyles, tokens } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { ActionScope, WidgetHost, fillTemplate, isVisible, type BindingContext } from '../../engine';
import { rowKey, selectAllState, selectedRows, toggleAll, toggleOne, type Row } from './selection';
import { rowsForTab, tabCounts } from './tabs';
import type { TableConfig } from './config.generated';

// One empty list for tables without tabs, so memoised counts keep their inputs across renders.
const NO_TABS: NonNullable<TableConfig['tabs']>[number][] = [];

// The table's interactive parts, kept apart from Table.tsx: tabs with counters, a selection
// column with select-all (indeterminate), a bulk bar of inline actionButtons that see the
// selection, and a row actions column of inline actionButtons that see their row.
export type InteractionConfig = Pick<TableConfig, 'tabs' | 'selection' | 'bulkActions' | 'rowActions'>;

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  count: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, justifyContent: 'flex-end' },
  menu: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalXS },
});

export function useTableInteractions(id: string, config: InteractionConfig, rows: Row[], ctx: BindingContext) {
  const styles = useStyles();
  const [tab, setTab] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const tabs = config.tabs ?? NO_TABS;
  const counts = useMemo(() => tabCounts(rows, tabs, ctx), [rows, tabs, ctx]);
  const visible = useMemo(() => (tabs.length ? rowsForTab(rows, tabs[Math.min(tab, tabs.length - 1)], ctx) : rows), [rows, tabs, tab, ctx]);
  const key = config.selection?.key;
  const chosen = useMemo(() => (key ? selectedRows(visible, selected, key) : []), [visible, selected, key]);
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  // A new tab starts with nothing selected: bulk actions apply to the current tab only.
  useEffect(() => clearSelection(), [tab, clearSelection]);

  const tabsBar = tabs.length ? (
    <TabList selectedValue={String(tab)} onTabSelect={(_, d) => setTab(Number(d.value))} size="small">
      {tabs.map((t, i) => (
        <Tab key={i} value={String(i)} data-count={counts[i]}>{`${t.label} (${counts[i]})`}</Tab>
      ))}
    </TabList>
  ) : null;

  const bulkScope = useMemo(() => ({ selection: chosen, clearSelection }), [chosen, clearSelection]);
  const bulkBar = key && config.bulkActions?.length ? (
    <div className={styles.bar} aria-label="Bulk actions">
      <Text size={200} className={styles.count} data-testid={`${id}-selected-count`}>{`${chosen.length} selected`}</Text>
      <ActionScope.Provider value={bulkScope}>
        {config.bulkActions.map((w, i) => <WidgetHost key={i} id={`${id}.bulkActions.${i}`} config={w} />)}
      </ActionScope.Provider>
    </div>
  ) : null;

  const state = key ? selectAllState(visible, selected, key) : 'none';
  const selectHeader = key ? (
    <TableHeaderCell style={{ width: '44px' }}>
      <Checkbox
        aria-label={config.selection?.label ?? 'Select all'}
        checked={state === 'all' ? true : state === 'some' ? 'mixed' : false}
        disabled={visible.length === 0}
        onChange={() => setSelected((s) => toggleAll(visible, s, key))}
      />
    </TableHeaderCell>
  ) : null;
  const selectCell = (row: Row) =>
    key ? (
      <TableCell onClick={(e) => e.stopPropagation()}>
        <Checkbox aria-label={`Select ${rowKey(row, key)}`} checked={selected.has(rowKey(row, key))} onChange={() => setSelected((s) => toggleOne(s, rowKey(row, key)))} />
      </TableCell>
    ) : null;

  const actionsHeader = config.rowActions ? <TableHeaderCell style={config.rowActions.width ? { width: config.rowActions.width } : undefined}>{config.rowActions.header ?? ''}</TableHeaderCell> : null;
  // compactLabel: on a narrow table the row's actions fold into one "…" menu named by it
  const actionsCell = (row: Row, r: number, compactLabel?: string) => {
    if (!config.rowActions) return null;
    const menuLabel = config.rowActions.menu ? fillTemplate(config.rowActions.menu, row) : compactLabel;
    // Only the actions whose visibleWhen holds for this row: a row none applies to (the own brand
    // in a ranking) gets no menu button rather than a menu that opens empty.
    const applicable = config.rowActions.widgets.map((w, i) => ({ w, i })).filter(({ w }) => isVisible(w.visibleWhen, { ...ctx, row }));
    return (
      <TableCell onClick={(e) => e.stopPropagation()}>
        {applicable.length > 0 && (
          <RowActions id={id} r={r} row={row} widgets={applicable} menuLabel={menuLabel} className={styles.actions} menuClassName={styles.menu} />
        )}
      </TableCell>
    );
  };

  return { rows: visible, tabsBar, bulkBar, selectHeader, selectCell, actionsHeader, actionsCell };
}

type RowActionWidget = NonNullable<TableConfig['rowActions']>['widgets'][number];

/** A row's actions, inline or behind a "…" menu (its accessible name is the menu copy). Their
 * success copy is announced page-wide: the row may change or leave once the action revalidates. */
function RowActions({ id, r, row, widgets, menuLabel, className, menuClassName }: {
  id: string;
  r: number;
  row: Row;
  widgets: Array<{ w: RowActionWidget; i: number }>;
  menuLabel?: string;
  className: string;
  menuClassName: string;
}) {
  const [open, setOpen] = useState(false);
  const scope = useMemo(() => ({ row, announceSuccess: true, close: () => setOpen(false) }), [row]);
  const hosts = widgets.map(({ w, i }) => <WidgetHost key={i} id={`${id}.rowActions.${r}.${i}`} config={w} />);
  return (
    <div className={className}>
      <ActionScope.Provider value={scope}>
        {menuLabel ? (
          <Popover positioning="below-end" open={open} onOpenChange={(_, d) => setOpen(d.open)}>
            <PopoverTrigger disableButtonEnhancement>
              <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={menuLabel} />
            </PopoverTrigger>
            <PopoverSurface role="group" aria-label={menuLabel}>
              <div className={menuClassName}>{hosts}</div>
            </PopoverSurface>
          </Popover>
        ) : (
          hosts
        )}
      </ActionScope.Provider>
    </div>
  );
}

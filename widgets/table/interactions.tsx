import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Tab,
  TabList,
  TableCell,
  TableHeaderCell,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { ActionScope, WidgetHost, fillTemplate, isVisible, useServerPaging, type BindingContext } from '../../engine';
import { remember, rowKey, selectAllState, selectedRows, toggleAll, toggleOne, type Row } from './selection';
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
  menu: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalXS,
  },
});

export function useTableInteractions(id: string, config: InteractionConfig, rows: Row[], ctx: BindingContext) {
  const styles = useStyles();
  // Paged on the server (serverPaging): `rows` are one page of the tab, the server keeps the tab's
  // rows and counts each tab; a selection outlives its page (the rows are kept by key).
  const server = useServerPaging();
  const [localTab, setLocalTab] = useState(0);
  const tab = server ? server.state.tab : localTab;
  const setTab = server ? server.setTab : setLocalTab;
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [known, setKnown] = useState<Map<string, Row>>(() => new Map());
  const tabs = config.tabs ?? NO_TABS;
  const serverCounts = server?.tabCounts;
  const counts = useMemo(() => serverCounts ?? tabCounts(rows, tabs, ctx), [serverCounts, rows, tabs, ctx]);
  const visible = useMemo(
    () => (server || !tabs.length ? rows : rowsForTab(rows, tabs[Math.min(tab, tabs.length - 1)], ctx)),
    [server, rows, tabs, tab, ctx],
  );
  const key = config.selection?.key;
  const chosen = useMemo(() => {
    if (!key) return [];
    if (!server) return selectedRows(visible, selected, key);
    return [...selected].map((k) => known.get(k)).filter((r): r is Row => r !== undefined);
  }, [server, visible, selected, known, key]);
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  // A new tab starts with nothing selected: bulk actions apply to the current tab only. Paged on
  // the server, so do other filters or another search (the rows selected may no longer be kept).
  const selectionScope = server ? server.scope : String(tab);
  useEffect(() => clearSelection(), [selectionScope, clearSelection]);
  const select = useCallback(
    (next: Set<string>, rowsSeen: Row[]) => {
      if (key && server) setKnown((m) => remember(m, rowsSeen, key));
      setSelected(next);
    },
    [key, server],
  );
  // Every row the server keeps for the tab, filters and search (asked page after page).
  const [selectingAll, setSelectingAll] = useState<'idle' | 'busy' | 'failed'>('idle');
  const selectAllMatching = async () => {
    if (!server || !key) return;
    setSelectingAll('busy');
    try {
      const all = (await server.fetchAll()) as Row[];
      setKnown((m) => remember(m, all, key));
      setSelected(new Set(all.map((r) => rowKey(r, key))));
      setSelectingAll('idle');
    } catch {
      setSelectingAll('failed');
    }
  };

  const tabsBar = tabs.length ? (
    <TabList selectedValue={String(tab)} onTabSelect={(_, d) => setTab(Number(d.value))} size="small">
      {tabs.map((t, i) => (
        <Tab key={i} value={String(i)} data-count={counts[i]}>{`${t.label} (${counts[i]})`}</Tab>
      ))}
    </TabList>
  ) : null;

  const bulkScope = useMemo(() => ({ selection: chosen, clearSelection }), [chosen, clearSelection]);
  const pageState = key ? selectAllState(visible, selected, key) : 'none';
  // the whole page is selected and the server keeps more: offer them all (Gmail-like)
  const offerAll = !!server && pageState === 'all' && chosen.length < server.total;
  const bulkBar =
    key && config.bulkActions?.length ? (
      <div className={styles.bar} aria-label="Bulk actions">
        <Text size={200} className={styles.count} data-testid={`${id}-selected-count`} aria-live="polite">
          {server && server.total > visible.length && chosen.length === server.total
            ? `All ${chosen.length} selected`
            : `${chosen.length} selected`}
        </Text>
        {offerAll && (
          <Button appearance="transparent" size="small" disabled={selectingAll === 'busy'} onClick={() => void selectAllMatching()}>
            {selectingAll === 'busy'
              ? 'Selecting…'
              : fillTemplate(config.selection?.allLabel ?? 'Select all {total}', { total: server.total })}
          </Button>
        )}
        {selectingAll === 'failed' && (
          <Text size={200} role="alert">
            Could not select them all. Please try again.
          </Text>
        )}
        {server && chosen.length > 0 && (
          <Button appearance="transparent" size="small" onClick={clearSelection}>
            Clear selection
          </Button>
        )}
        <ActionScope.Provider value={bulkScope}>
          {config.bulkActions.map((w, i) => (
            <WidgetHost key={i} id={`${id}.bulkActions.${i}`} config={w} />
          ))}
        </ActionScope.Provider>
      </div>
    ) : null;

  // the select-all checkbox acts on the rows shown (with serverPaging: this page)
  const selectHeader = key ? (
    <TableHeaderCell style={{ width: '44px' }}>
      <Checkbox
        aria-label={config.selection?.label ?? 'Select all'}
        checked={pageState === 'all' ? true : pageState === 'some' ? 'mixed' : false}
        disabled={visible.length === 0}
        onChange={() => select(toggleAll(visible, selected, key), visible)}
      />
    </TableHeaderCell>
  ) : null;
  const selectCell = (row: Row) =>
    key ? (
      <TableCell onClick={(e) => e.stopPropagation()}>
        <Checkbox
          aria-label={`Select ${rowKey(row, key)}`}
          checked={selected.has(rowKey(row, key))}
          onChange={() => select(toggleOne(selected, rowKey(row, key)), [row])}
        />
      </TableCell>
    ) : null;

  const actionsHeader = config.rowActions ? (
    <TableHeaderCell style={config.rowActions.width ? { width: config.rowActions.width } : undefined}>
      {config.rowActions.header ?? ''}
    </TableHeaderCell>
  ) : null;
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
          <RowActions
            id={id}
            r={r}
            row={row}
            widgets={applicable}
            menuLabel={menuLabel}
            className={styles.actions}
            menuClassName={styles.menu}
          />
        )}
      </TableCell>
    );
  };

  return { rows: visible, tabsBar, bulkBar, selectHeader, selectCell, actionsHeader, actionsCell };
}

type RowActionWidget = NonNullable<TableConfig['rowActions']>['widgets'][number];

/** A row's actions, inline or behind a "…" menu (its accessible name is the menu copy). Their
 * success copy is announced page-wide: the row may change or leave once the action revalidates. */
function RowActions({
  id,
  r,
  row,
  widgets,
  menuLabel,
  className,
  menuClassName,
}: {
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

import { Fragment, useContext, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  Badge,
  Button,
  Table as FluentTable,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, ChevronUpRegular, LockClosedRegular } from '@fluentui/react-icons';
import {
  EmptyState,
  PageContext,
  useServerPaging,
  fillTemplate,
  statesFor,
  getPath,
  matches,
  resolveValue,
  significanceOf,
  useEngineHost,
  useExports,
  type Condition,
  type WidgetProps,
} from '../../engine';
import { badgeFor, cellText, exportColumns, type ColumnSpec } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import { nextSort, sortRows, type SortState } from './sortRows';
import { rowHref } from './rowLink';
import { useSearchAndPages } from './useSearchAndPages';
import { useDebouncedSearch } from './useServerTable';
import { pageCount } from './paginate';
import type { DisplayText } from './searchRows';
import { TableSearch } from './TableSearch';
import { TablePager } from './TablePager';
import { TableSort } from './TableSort';
import { useTableInteractions } from './interactions';
import { listCellText, type ListDisplay } from './listCell';
import type { TableConfig } from './config.generated';
import { DETAILS_BUTTON_WIDTH, columnMinWidth, columnPriority, layoutColumns, type Column } from './responsive';
import { useWidth } from './useWidth';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  tools: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', marginLeft: 'auto' },
  scroll: { overflowX: 'auto' },
  // auto layout: a column is as wide as its content needs (Fluent's fixed layout split the width
  // evenly and let long values run into the next column)
  table: { tableLayout: 'auto' },
  stack: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px', minWidth: 0 },
  secondLine: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  clip: { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 'min(28rem, 60vw)' },
  endHeader: {
    textAlign: 'end',
    justifyContent: 'flex-end',
    '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end', textAlign: 'end' },
  },
  detailsRow: { backgroundColor: tokens.colorNeutralBackground2 },
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    padding: `${tokens.spacingVerticalXS} 0`,
  },
  term: { color: tokens.colorNeutralForeground3 },
  definition: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  search: { display: 'flex', paddingBottom: tokens.spacingVerticalS, maxWidth: '320px' },
  linkRow: { cursor: 'pointer' },
  link: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
  end: { textAlign: 'end', justifyContent: 'flex-end' },
  badge: { whiteSpace: 'nowrap' },
  secondary: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  highlight: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  // a row resting on too few answers (mutedWhen), and a change that is not significant: readable, but grey
  muted: { opacity: 0.55 },
  // the shown page while the next one loads
  loading: { opacity: 0.6 },
  neutral: { color: tokens.colorNeutralForeground3 },
  locked: { display: 'inline-block', filter: 'blur(4px)', userSelect: 'none', color: tokens.colorNeutralForeground3 },
});

/** A small table cell's padding, left and right (Fluent's size="small"). */
const CELL_PADDING = 16;

/** Placeholder text under a locked column's blur: its width hints at a value, the value is not sent. */
const LOCKED_CELL = '00.0';

export default function Table({ id, config, data }: WidgetProps<TableConfig>) {
  const exports = useExports();
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const page = useContext(PageContext);
  const navigate = useNavigate();
  // serverPaging: the engine asks for the page shown; sort, search and page go to the server
  const server = useServerPaging();
  const [localSort, setLocalSort] = useState<SortState | null>(config.defaultSort ?? null);
  const sort = server ? server.state.sort : localSort;
  const setSort = (next: SortState | null) => (server ? server.setSort(next) : setLocalSort(next));
  const changeSort = (field: string) => setSort(nextSort(sort, field));
  const ctx = page?.bindings ?? {};
  const allRows = useMemo(() => (Array.isArray(data) ? (data as Array<Record<string, unknown>>) : []), [data]);
  // Tabs, selection, bulk and row actions (interactions.tsx); `rows` are the current tab's.
  const interactions = useTableInteractions(id, config, allRows, ctx);
  const rows = interactions.rows;
  const sorted = useMemo(() => (server ? rows : sortRows(rows, sort)), [rows, sort, server]);
  // Search and paging (useSearchAndPages.ts): exports write every matched row, not one page.
  const display = useMemo(() => displayText(config.columns, vocabularies), [config.columns, vocabularies]);
  const paged = useSearchAndPages(sorted, server ? undefined : config.search, server ? undefined : config.pagination, display);
  const serverSearch = useDebouncedSearch(server);
  const query = server ? serverSearch.query : paged.query;
  const setQuery = server ? serverSearch.setQuery : paged.setQuery;
  const currentPage = server ? server.state.page : paged.page;
  const pageSize = server ? server.pageSize : (config.pagination?.pageSize ?? 0);
  // a page past the end (the list shrank): the last page
  const lastPage = server ? pageCount(server.total, server.pageSize) : 1;
  useEffect(() => {
    if (server && !server.loading && currentPage > lastPage) server.setPage(lastPage);
  }, [server, currentPage, lastPage]);
  const filename = config.export?.filename ?? config.title ?? id;
  // highlighted rows (the user's own brand): conditions on the row, values may be page bindings
  const highlight = useMemo(
    () => resolveValue<Condition[]>(config.highlightWhen ?? null, page?.bindings ?? {}),
    [config.highlightWhen, page?.bindings],
  );
  const isHighlighted = (row: Record<string, unknown>) => !!highlight && highlight.every((c) => matches(row, c));
  // greyed-out rows (e.g. a rate under the minimum sample), with the reason on hover
  const muted = useMemo(
    () => resolveValue<Condition[]>(config.mutedWhen ?? null, page?.bindings ?? {}),
    [config.mutedWhen, page?.bindings],
  );
  const isMuted = (row: Record<string, unknown>) => !!muted && muted.every((c) => matches(row, c));

  const onExport = async (format: string) => {
    const columns = exportColumns(config.columns);
    // paged on the server: every row the search keeps, asked page after page
    const all = server ? ((await server.fetchAll()) as Array<Record<string, unknown>>) : paged.matched;
    if (format === 'excel') await exports.excel(all, columns, filename);
    else if (format === 'csv') await exports.csv(all, columns, filename);
    else console.warn(`Unsupported export format: ${format}`);
  };

  // Responsive columns (responsive.ts): what fits the table's width shows as columns, the rest
  // folds under the first column or into the row's details.
  const measure = useWidth<HTMLDivElement>();
  // Row actions take their declared width, or about 56 px a button (one "…" menu: 48 px). Where
  // the buttons and the essential columns do not fit, the buttons fold into a "…" menu.
  const actionCount = config.rowActions?.widgets.length ?? 0;
  const actionsWidth = !config.rowActions
    ? 0
    : config.rowActions.menu
      ? 48
      : parseInt(config.rowActions.width ?? '', 10) || 56 * actionCount;
  const fixedWidth = config.selection ? 44 : 0;
  const essentialWidth = config.columns.reduce((sum, c, i) => sum + (columnPriority(c, i) === 1 ? columnMinWidth(c, i) : 0), 0);
  const compactActions =
    !!measure.width && actionCount > 1 && !config.rowActions?.menu && fixedWidth + actionsWidth + essentialWidth > measure.width;
  const reserved = fixedWidth + (compactActions ? 48 : actionsWidth);
  const layout = useMemo(() => layoutColumns(config.columns, measure.width, reserved), [config.columns, measure.width, reserved]);
  // a sortable column folded into the details or a second line has no header to click: the
  // toolbar offers 'Sort by' over every sortable column instead
  const sortable = config.columns.filter((c) => c.sortable !== false && !c.position && !c.locked);
  const foldedSortable = [...layout.details, ...layout.secondLine].some((i) => sortable.includes(config.columns[i]));
  const sortControl = foldedSortable ? (
    <TableSort columns={uniqueFields(sortable)} sort={sort} onSort={setSort} label={config.title ?? id} />
  ) : null;
  // a cut value (a URL) grows past its column's minimum only into the room the shown columns
  // leave (a phone's URL column no longer pushes the next columns out of the card)
  const clipRoom = measure.width
    ? measure.width -
      reserved -
      (layout.details.length ? DETAILS_BUTTON_WIDTH : 0) -
      layout.shown.reduce((sum, j) => sum + columnMinWidth(config.columns[j], j) + CELL_PADDING, 0)
    : null;
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const toggleRow = (r: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(r)) next.delete(r);
      else next.add(r);
      return next;
    });

  const cellContent = (c: Column, i: number, row: Record<string, unknown>, r: number, href: string | null): React.ReactNode => {
    const value = getPath(row, c.field);
    const list = (c as ColumnSpec & { list?: ListDisplay }).list;
    const text = list ? listCellText(value, list, vocabularies) : cellText(c, row);
    if (c.locked) {
      return (
        <span className={styles.locked} aria-hidden="true" data-testid="locked-cell">
          {LOCKED_CELL}
        </span>
      );
    }
    if (c.position) return (currentPage - 1) * pageSize + r + 1;
    if (c.badge) {
      const b = badgeFor(c.badge, value);
      return (
        <Badge appearance="tint" color={b.color ?? 'informative'} className={styles.badge} data-color={b.color ?? 'informative'}>
          {b.label}
        </Badge>
      );
    }
    // a cut value (a URL) stays on one line with an ellipsis; the cell's title holds all of it
    const shown = c.maxLength ? (
      <span
        className={styles.clip}
        style={clipRoom === null ? undefined : { maxWidth: `min(28rem, 60vw, ${Math.max(0, columnMinWidth(c, i) + clipRoom)}px)` }}
        title={String(value ?? '')}
      >
        {text}
      </span>
    ) : (
      text
    );
    if (i === 0 && href) {
      return (
        <RouterLink className={styles.link} to={href} onClick={(e) => e.stopPropagation()}>
          {shown}
        </RouterLink>
      );
    }
    return shown;
  };

  // a search that keeps no row keeps its box (and the empty copy under it); an empty tab keeps
  // the tabs while another one has rows
  const searching = !!server && (query.trim() !== '' || server.state.search !== '');
  const otherTabHasRows = !!server?.tabCounts?.some((n) => n > 0);
  if (allRows.length === 0 && !searching && !otherTabHasRows) {
    return (
      <>
        {config.export && (
          <div className={styles.toolbar}>
            <div className={styles.tools}>
              <ExportMenu formats={config.export.formats} onExport={onExport} />
            </div>
          </div>
        )}
        <EmptyState copy={statesFor(config, page?.page).empty} />
      </>
    );
  }

  return (
    <>
      {(config.export || interactions.tabsBar || interactions.bulkBar || sortControl) && (
        <div className={styles.toolbar}>
          {interactions.tabsBar}
          {interactions.bulkBar}
          <div className={styles.tools}>
            {sortControl}
            {config.export && <ExportMenu formats={config.export.formats} onExport={onExport} />}
          </div>
        </div>
      )}
      {config.search && (
        <div className={styles.search}>
          <TableSearch spec={config.search} value={query} onChange={setQuery} label={config.title ?? id} />
        </div>
      )}
      {server?.loading && (
        <span role="status" className={styles.visuallyHidden}>
          Loading…
        </span>
      )}
      {allRows.length === 0 && <EmptyState copy={statesFor(config, page?.page).empty} />}
      <div
        className={[styles.scroll, server?.loading ? styles.loading : ''].join(' ').trim()}
        ref={measure.ref}
        aria-busy={server?.loading || undefined}
        hidden={allRows.length === 0}
      >
        <FluentTable size="small" aria-label={config.title ?? id} className={styles.table}>
          <TableHeader>
            <TableRow>
              {interactions.selectHeader}
              {layout.shown.map((i) => {
                const c = config.columns[i];
                const sortable = c.sortable !== false;
                const direction = sort?.field === c.field ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <TableHeaderCell
                    key={columnKey(c)}
                    className={c.align === 'end' ? styles.endHeader : undefined}
                    style={{ minWidth: columnMinWidth(c, i), ...(c.width ? { width: c.width } : {}) }}
                    sortable={sortable}
                    sortDirection={direction}
                    onClick={sortable ? () => changeSort(c.field) : undefined}
                    data-align={c.align ?? 'start'}
                  >
                    {c.header}
                    {c.locked && <LockClosedRegular aria-label="Locked" style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />}
                  </TableHeaderCell>
                );
              })}
              {interactions.actionsHeader}
              {layout.details.length > 0 && (
                <TableHeaderCell style={{ width: DETAILS_BUTTON_WIDTH }}>
                  <span className={styles.visuallyHidden}>Details</span>
                </TableHeaderCell>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {paged.visible.map((row, r) => {
              const href = rowHref(config.rowLink, row, ctx);
              const open = expanded.has(r);
              const cell = (i: number) => cellContent(config.columns[i], i, row, r, href);
              const span = layout.shown.length + (interactions.selectHeader ? 1 : 0) + (interactions.actionsHeader ? 1 : 0) + 1;
              return (
                <Fragment key={r}>
                  <TableRow
                    className={
                      [href ? styles.linkRow : '', isHighlighted(row) ? styles.highlight : '', isMuted(row) ? styles.muted : '']
                        .join(' ')
                        .trim() || undefined
                    }
                    onClick={href ? () => navigate(href) : undefined}
                    data-href={href ?? undefined}
                    data-highlighted={isHighlighted(row) || undefined}
                    data-muted={isMuted(row) || undefined}
                    title={isMuted(row) && config.mutedTitle ? fillTemplate(config.mutedTitle, row) : undefined}
                    aria-current={isHighlighted(row) ? 'true' : undefined}
                  >
                    {interactions.selectCell(row)}
                    {layout.shown.map((i, position) => {
                      const c = config.columns[i];
                      const value = getPath(row, c.field);
                      // a second line under the value, copy filled from the row (e.g. '{coMentions} co-mentions')
                      const secondary = (c as ColumnSpec & { secondary?: string }).secondary;
                      const folded = position === 0 ? layout.secondLine : [];
                      // a change that is not significant (or rests on too few answers) is grey, with the reason on hover
                      const significance = significanceOf(row, c.significance);
                      const neutral = significance !== null && significance.state !== 'significant';
                      return (
                        <TableCell
                          key={columnKey(c)}
                          className={[c.align === 'end' ? styles.end : '', neutral ? styles.neutral : ''].join(' ').trim() || undefined}
                          style={{ minWidth: columnMinWidth(c, i) }}
                          title={c.maxLength ? String(value ?? '') : (significance?.title ?? undefined)}
                          data-significance={significance?.state}
                        >
                          {secondary || folded.length ? (
                            <span className={styles.stack}>
                              {cell(i)}
                              {secondary && (
                                <span className={styles.secondary} data-testid="cell-secondary">
                                  {fillTemplate(secondary, row)}
                                </span>
                              )}
                              {folded.map((j) => (
                                <span key={j} className={styles.secondLine} data-testid="cell-second-line">
                                  <span>{config.columns[j].header}:</span> {cell(j)}
                                </span>
                              ))}
                            </span>
                          ) : (
                            cell(i)
                          )}
                        </TableCell>
                      );
                    })}
                    {interactions.actionsCell(
                      row,
                      r,
                      compactActions ? `${config.rowActions?.header || 'Actions'}: ${cellText(config.columns[0], row)}` : undefined,
                    )}
                    {layout.details.length > 0 && (
                      <TableCell onClick={(e) => e.stopPropagation()}>
                        <Button
                          appearance="subtle"
                          size="small"
                          icon={open ? <ChevronUpRegular /> : <ChevronDownRegular />}
                          aria-expanded={open}
                          aria-label={`${open ? 'Hide' : 'Show'} details: ${cellText(config.columns[layout.shown[0] ?? 0], row)}`}
                          onClick={() => toggleRow(r)}
                        />
                      </TableCell>
                    )}
                  </TableRow>
                  {open && layout.details.length > 0 && (
                    <TableRow data-testid="row-details" className={styles.detailsRow}>
                      <TableCell colSpan={span}>
                        <dl className={styles.details}>
                          {layout.details.map((j) => (
                            <Fragment key={j}>
                              <dt className={styles.term}>{config.columns[j].header}</dt>
                              <dd className={styles.definition}>{cell(j)}</dd>
                            </Fragment>
                          ))}
                        </dl>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </FluentTable>
      </div>
      {(server || config.pagination) && allRows.length > 0 && (
        <TablePager
          page={currentPage}
          pageSize={pageSize}
          total={server ? server.total : paged.matched.length}
          onPage={server ? server.setPage : paged.setPage}
          label={config.title ?? id}
        />
      )}
    </>
  );
}

/** One entry a field (a field shown by two columns is sorted once, under its first header). */
function uniqueFields(columns: Column[]): Column[] {
  const seen = new Set<string>();
  return columns.filter((c) => !seen.has(c.field) && seen.add(c.field));
}

/** A column's React key: its field and header (a position or locked column may reuse a field). */
function columnKey(c: { field: string; header: string }): string {
  return `${c.field}\u0000${c.header}`;
}

/** A searched field's text as its column shows it (null: no column shows the field). */
function displayText(columns: Column[], vocabularies: Parameters<typeof listCellText>[2]): DisplayText<Record<string, unknown>> {
  const byField = new Map<string, Column>();
  for (const c of columns) if (!c.position && !c.locked && !byField.has(c.field)) byField.set(c.field, c);
  return (row, field) => {
    const c = byField.get(field);
    if (!c) return null;
    const list = (c as ColumnSpec & { list?: ListDisplay }).list;
    // the whole value, not the cut one: a URL cut at 60 characters still matches its tail
    return list ? listCellText(getPath(row, c.field), list, vocabularies) : cellText({ ...c, maxLength: undefined }, row);
  };
}

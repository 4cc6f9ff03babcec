import { useContext, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  Badge,
  Table as FluentTable,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { PageContext, fillTemplate, getPath, matches, resolveValue, useEngineHost, useExports, type Condition, type WidgetProps } from '../../engine';
import { badgeFor, cellText, exportColumns, type ColumnSpec } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import { nextSort, sortRows, type SortState } from './sortRows';
import { rowHref } from './rowLink';
import { useSearchAndPages } from './useSearchAndPages';
import { TableSearch } from './TableSearch';
import { TablePager } from './TablePager';
import { useTableInteractions } from './interactions';
import { listCellText, type ListDisplay } from './listCell';
import type { TableConfig } from './config.generated';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  tools: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', marginLeft: 'auto' },
  scroll: { overflowX: 'auto' },
  search: { display: 'flex', paddingBottom: tokens.spacingVerticalS, maxWidth: '320px' },
  linkRow: { cursor: 'pointer' },
  link: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
  end: { textAlign: 'end', justifyContent: 'flex-end' },
  badge: { whiteSpace: 'nowrap' },
  secondary: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  highlight: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  locked: { display: 'inline-block', filter: 'blur(4px)', userSelect: 'none', color: tokens.colorNeutralForeground3 },
});

/** Placeholder text under a locked column's blur: its width hints at a value, the value is not sent. */
const LOCKED_CELL = '00.0';

export default function Table({ id, config, data }: WidgetProps<TableConfig>) {
  const exports = useExports();
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const page = useContext(PageContext);
  const navigate = useNavigate();
  const [sort, setSort] = useState<SortState | null>(config.defaultSort ?? null);
  const ctx = page?.bindings ?? {};
  const allRows = useMemo(() => (Array.isArray(data) ? (data as Array<Record<string, unknown>>) : []), [data]);
  // Tabs, selection, bulk and row actions (interactions.tsx); `rows` are the current tab's.
  const interactions = useTableInteractions(id, config, allRows, ctx);
  const rows = interactions.rows;
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  // Search and paging (useSearchAndPages.ts): exports write every matched row, not one page.
  const paged = useSearchAndPages(sorted, config.search, config.pagination);
  const filename = config.export?.filename ?? config.title ?? id;
  // highlighted rows (the user's own brand): conditions on the row, values may be page bindings
  const highlight = useMemo(() => resolveValue<Condition[]>(config.highlightWhen ?? null, page?.bindings ?? {}), [config.highlightWhen, page?.bindings]);
  const isHighlighted = (row: Record<string, unknown>) => !!highlight && highlight.every((c) => matches(row, c));

  const onExport = async (format: string) => {
    const columns = exportColumns(config.columns);
    if (format === 'excel') await exports.excel(paged.matched, columns, filename);
    else if (format === 'csv') await exports.csv(paged.matched, columns, filename);
    else console.warn(`Unsupported export format: ${format}`);
  };

  return (
    <>
      {(config.export || interactions.tabsBar || interactions.bulkBar) && (
        <div className={styles.toolbar}>
          {interactions.tabsBar}
          {interactions.bulkBar}
          <div className={styles.tools}>
            {config.export && <ExportMenu formats={config.export.formats} onExport={onExport} />}
          </div>
        </div>
      )}
      {config.search && (
        <div className={styles.search}>
          <TableSearch spec={config.search} value={paged.query} onChange={paged.setQuery} label={config.title ?? id} />
        </div>
      )}
      <div className={styles.scroll}>
        <FluentTable size="small" aria-label={config.title ?? id}>
          <TableHeader>
            <TableRow>
              {interactions.selectHeader}
              {config.columns.map((c) => {
                const sortable = c.sortable !== false;
                const direction = sort?.field === c.field ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <TableHeaderCell
                    key={columnKey(c)}
                    className={c.align === 'end' ? styles.end : undefined}
                    style={c.width ? { width: c.width } : undefined}
                    sortable={sortable}
                    sortDirection={direction}
                    onClick={sortable ? () => setSort(nextSort(sort, c.field)) : undefined}
                  >
                    {c.header}
                    {c.locked && <LockClosedRegular aria-label="Locked" style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />}
                  </TableHeaderCell>
                );
              })}
              {interactions.actionsHeader}
            </TableRow>
          </TableHeader>
          <TableBody>
            {paged.visible.map((row, r) => {
              const href = rowHref(config.rowLink, row, ctx);
              return (
                <TableRow
                  key={r}
                  className={[href ? styles.linkRow : '', isHighlighted(row) ? styles.highlight : ''].join(' ').trim() || undefined}
                  onClick={href ? () => navigate(href) : undefined}
                  data-href={href ?? undefined}
                  data-highlighted={isHighlighted(row) || undefined}
                  aria-current={isHighlighted(row) ? 'true' : undefined}
                >
                  {interactions.selectCell(row)}
                  {config.columns.map((c, i) => {
                    const value = getPath(row, c.field);
                    const list = (c as ColumnSpec & { list?: ListDisplay }).list;
                    const text = list ? listCellText(value, list, vocabularies) : cellText(c, row);
                    let content: React.ReactNode = text;
                    if (c.locked) {
                      content = (
                        <span className={styles.locked} aria-hidden="true" data-testid="locked-cell">
                          {LOCKED_CELL}
                        </span>
                      );
                    } else if (c.position) {
                      content = (paged.page - 1) * (config.pagination?.pageSize ?? 0) + r + 1;
                    } else if (c.badge) {
                      const b = badgeFor(c.badge, value);
                      content = (
                        <Badge appearance="tint" color={b.color ?? 'informative'} className={styles.badge} data-color={b.color ?? 'informative'}>
                          {b.label}
                        </Badge>
                      );
                    } else if (i === 0 && href) {
                      content = (
                        <RouterLink className={styles.link} to={href} onClick={(e) => e.stopPropagation()}>
                          {text}
                        </RouterLink>
                      );
                    }
                    // a second line under the value, copy filled from the row (e.g. '{coMentions} co-mentions')
                    const secondary = (c as ColumnSpec & { secondary?: string }).secondary;
                    return (
                      <TableCell key={columnKey(c)} className={c.align === 'end' ? styles.end : undefined} title={c.maxLength ? String(value ?? '') : undefined}>
                        {secondary ? (
                          <span>
                            {content}
                            <span className={styles.secondary} data-testid="cell-secondary">{fillTemplate(secondary, row)}</span>
                          </span>
                        ) : (
                          content
                        )}
                      </TableCell>
                    );
                  })}
                  {interactions.actionsCell(row, r)}
                </TableRow>
              );
            })}
          </TableBody>
        </FluentTable>
      </div>
      {config.pagination && (
        <TablePager page={paged.page} pageSize={config.pagination.pageSize} total={paged.matched.length} onPage={paged.setPage} label={config.title ?? id} />
      )}
    </>
  );
}

/** A column's React key: its field and header (a position or locked column may reuse a field). */
function columnKey(c: { field: string; header: string }): string {
  return `${c.field}\u0000${c.header}`;
}

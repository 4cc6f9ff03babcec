import { Badge, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { ActionScope, WidgetHost, formatValue, useExports, getPath, type Row, type WidgetProps, useTemplate, useServerPaging } from '../../engine';
import { badgeFor, exportColumns } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import { ScrollArea } from '../shared/ScrollArea';
import { pageCount } from '../table/paginate';
import { TablePager } from '../table/TablePager';
import type { CardGridConfig } from './config.generated';
import { CardLogo, useLogoTemplate } from './CardLogo';
import { domainOf, lineText } from './cardText';
import { useColumnStyles } from './columns';

export type { CardGridConfig };

// A list of small cards, one per row: a title field, an optional subtitle, badges mapped from
// field values (labels may hold {name} placeholders filled from `values`), labelled fields, a
// bullet list of the non-empty values of some fields (e.g. suggestions) and inline action
// buttons that act on the card's row. Optionally a logo before the title (logo service by the
// website's domain, the row's logo, the first letter), lines of text (a domain, a plan name with a
// suffix, a labelled value with a tooltip) and fixed columns per screen width. With serverPaging the
// rows are one page the server answers, with the table's page controls under the grid.
const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalM },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  badges: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: tokens.spacingVerticalXS, margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginTop: 'auto' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, minWidth: 0 },
  headText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  line: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', alignItems: 'baseline' },
  lineValue: { overflowWrap: 'anywhere' },
  loading: { opacity: 0.6 },
  visuallyHidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  tip: { textDecorationLine: 'underline', textDecorationStyle: 'dotted', textUnderlineOffset: '3px', cursor: 'help' },
});

/** The non-empty values of the list fields, in order, at most `max`. */
export function listItems(row: Row, list: { fields: string[]; max?: number }): string[] {
  const items = list.fields.map((f) => getPath(row, f)).filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return list.max ? items.slice(0, list.max) : items;
}

function cut(text: string, max?: number): string {
  return max && text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The column classes for `columns` (none: the grid auto-fills by minCardWidth). */
function columnClasses(styles: ReturnType<typeof useColumnStyles>, columns: CardGridConfig['columns']): string[] {
  if (!columns) return [];
  const pick = (prefix: 'base' | 'small' | 'large', n: number | undefined) => (n ? styles[`${prefix}${n}` as keyof typeof styles] : '');
  return [pick('base', columns.base ?? 1), pick('small', columns.small), pick('large', columns.large ?? columns.small)];
}

export default function CardGrid({ id, config, data }: WidgetProps<CardGridConfig>) {
  const exports = useExports();
  const styles = useStyles();
  const fill = useTemplate(config);
  const rows = (Array.isArray(data) ? data : []) as Row[];
  const { card } = config;
  const columns = useColumnStyles();
  const logoTemplate = useLogoTemplate(card.logo?.service);
  // serverPaging: the engine asks for the page shown; a list that shrank under it goes to its last page
  const server = useServerPaging();
  const lastPage = server ? pageCount(server.total, server.pageSize) : 1;
  useEffect(() => {
    if (server && !server.loading && server.state.page > lastPage) server.setPage(lastPage);
  }, [server, lastPage]);
  const onExport = async (format: string) => {
    if (!config.export) return;
    const columns = exportColumns(config.export.columns);
    const filename = config.export.filename ?? config.title ?? id;
    // paged on the server: every row, asked page after page
    const all = server ? ((await server.fetchAll()) as Row[]) : rows;
    if (format === 'excel') await exports.excel(all, columns, filename);
    else await exports.csv(all, columns, filename);
  };
  const grid = (
    <ul className={mergeClasses(styles.grid, ...columnClasses(columns, config.columns))} style={{
        ...(config.columns ? {} : { gridTemplateColumns: `repeat(auto-fill, minmax(${config.minCardWidth ?? 240}px, 1fr))` }),
        listStyle: 'none',
        padding: 0,
        margin: 0,
      }}>
      {rows.map((row, i) => {
        const title = String(getPath(row, card.title.field) ?? '');
        return (
          <li key={i} className={styles.card} data-testid="card-grid-item">
            {card.logo ? (
              <div className={styles.head}>
                <CardLogo
                  name={title}
                  domain={card.logo.domain ? domainOf(getPath(row, card.logo.domain.field)) : ''}
                  image={card.logo.image ? (getPath(row, card.logo.image.field) as string | null) ?? null : null}
                  template={logoTemplate}
                />
                <div className={styles.headText}>
                  <h3 className={styles.title} title={title} data-testid="card-grid-title">{cut(title, card.title.maxLength)}</h3>
                </div>
              </div>
            ) : (
              <h3 className={styles.title} title={title} data-testid="card-grid-title">{cut(title, card.title.maxLength)}</h3>
            )}
            {card.subtitle && (
              <Text size={200} className={styles.muted}>
                {card.subtitle.badge ? fill(badgeFor(card.subtitle.badge, getPath(row, card.subtitle.field)).label) : String(getPath(row, card.subtitle.field) ?? '')}
              </Text>
            )}
            {card.lines?.map((line, k) => {
              const value = lineText(row, line);
              return (
                <Text key={k} size={200} className={mergeClasses(styles.line, styles.muted)} data-testid="card-grid-line" data-field={line.field}>
                  {line.label && <span>{fill(line.label)}</span>}
                  {line.tooltip ? (
                    <Tooltip content={fill(line.tooltip)} relationship="description">
                      <span tabIndex={0} className={mergeClasses(styles.lineValue, styles.tip)}>{value}</span>
                    </Tooltip>
                  ) : (
                    <span className={styles.lineValue}>{value}</span>
                  )}
                </Text>
              );
            })}
            {card.badges && card.badges.length > 0 && (
              <div className={styles.badges}>
                {card.badges.map((spec) => {
                  const b = badgeFor(spec, getPath(row, spec.field));
                  return (
                    <Badge key={spec.field} appearance="tint" color={b.color ?? 'informative'} data-field={spec.field}>
                      {fill(b.label)}
                    </Badge>
                  );
                })}
              </div>
            )}
            {card.fields && card.fields.length > 0 && (
              <dl className={styles.fields}>
                {card.fields.map((f) => (
                  <div key={f.field + f.label}>
                    <dt><Text size={200} className={styles.muted}>{fill(f.label)}</Text></dt>
                    <dd className={styles.value} data-field={f.field}>{formatValue(getPath(row, f.field), f.format)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {card.list && listItems(row, card.list).length > 0 && (
              <div>
                {card.list.label && <Text size={200} weight="semibold">{fill(card.list.label)}</Text>}
                <ul className={styles.list} data-testid="card-grid-list">
                  {listItems(row, card.list).map((item, k) => (
                    <li key={k}><Text size={200}>{item}</Text></li>
                  ))}
                </ul>
              </div>
            )}
            {card.actions && card.actions.length > 0 && (
              <div className={styles.actions}>
                <ActionScope.Provider value={{ row }}>
                  {card.actions.map((w, k) => <WidgetHost key={k} id={`${id}.card.actions.${i}.${k}`} config={w} />)}
                </ActionScope.Provider>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
  // long lists scroll inside the card rather than stretching the page, with a cue while more is
  // below; another page starts at its top
  const scrolled = config.maxHeight ? (
    <ScrollArea key={server?.state.page} maxHeight={config.maxHeight} label={fill(config.title) || id}>
      {grid}
    </ScrollArea>
  ) : (
    grid
  );
  const body = server ? (
    <div style={{ display: 'flex', flexDirection: 'column' }}>
      {server.loading && (
        <span role="status" className={styles.visuallyHidden}>
          Loading…
        </span>
      )}
      <div className={server.loading ? styles.loading : undefined} aria-busy={server.loading || undefined}>
        {scrolled}
      </div>
      {server.total > 0 && (
        <TablePager page={server.state.page} pageSize={server.pageSize} total={server.total} onPage={server.setPage} label={fill(config.title) || id} />
      )}
    </div>
  ) : (
    scrolled
  );
  if (!config.export) return body;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ExportMenu formats={config.export.formats} onExport={onExport} />
      </div>
      {body}
    </div>
  );
}

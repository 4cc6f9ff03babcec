import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ActionScope, WidgetHost, formatValue, useExports, getPath, type Row, type WidgetProps, useTemplate } from '../../engine';
import { badgeFor, exportColumns } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import type { CardGridConfig } from './config.generated';

export type { CardGridConfig };

// A list of small cards, one per row: a title field, an optional subtitle, badges mapped from
// field values (labels may hold {name} placeholders filled from `values`), labelled fields, a
// bullet list of the non-empty values of some fields (e.g. suggestions) and inline action
// buttons that act on the card's row.
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
});

/** The non-empty values of the list fields, in order, at most `max`. */
export function listItems(row: Row, list: { fields: string[]; max?: number }): string[] {
  const items = list.fields.map((f) => getPath(row, f)).filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return list.max ? items.slice(0, list.max) : items;
}

function cut(text: string, max?: number): string {
  return max && text.length > max ? `${text.slice(0, max)}…` : text;
}

export default function CardGrid({ id, config, data }: WidgetProps<CardGridConfig>) {
  const exports = useExports();
  const styles = useStyles();
  const fill = useTemplate(config);
  const rows = (Array.isArray(data) ? data : []) as Row[];
  const { card } = config;
  const onExport = async (format: string) => {
    if (!config.export) return;
    const columns = exportColumns(config.export.columns);
    const filename = config.export.filename ?? config.title ?? id;
    if (format === 'excel') await exports.excel(rows, columns, filename);
    else await exports.csv(rows, columns, filename);
  };
  const grid = (
    <ul className={styles.grid} style={{
        gridTemplateColumns: `repeat(auto-fill, minmax(${config.minCardWidth ?? 240}px, 1fr))`,
        listStyle: 'none',
        padding: 0,
        margin: 0,
        // long lists scroll inside the card rather than stretching the page
        ...(config.maxHeight ? { maxHeight: `${config.maxHeight}px`, overflowY: 'auto' as const } : {}),
      }}>
      {rows.map((row, i) => {
        const title = String(getPath(row, card.title.field) ?? '');
        return (
          <li key={i} className={styles.card} data-testid="card-grid-item">
            <h3 className={styles.title} title={title} data-testid="card-grid-title">{cut(title, card.title.maxLength)}</h3>
            {card.subtitle && (
              <Text size={200} className={styles.muted}>
                {card.subtitle.badge ? fill(badgeFor(card.subtitle.badge, getPath(row, card.subtitle.field)).label) : String(getPath(row, card.subtitle.field) ?? '')}
              </Text>
            )}
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
  if (!config.export) return grid;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ExportMenu formats={config.export.formats} onExport={onExport} />
      </div>
      {grid}
    </div>
  );
}

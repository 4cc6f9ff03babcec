import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { getPath, type Row } from '../../engine/transforms/steps';
import { formatValue, type FormatSpec } from '../../engine/format/numbers';
import { useTemplate } from '../../engine/runtime/WidgetHost';
import type { WidgetConfig } from '../../engine/runtime/types';
import { badgeFor, type BadgeSpec } from '../shared/columns';
import type { WidgetProps } from '../types';

// A list of small cards, one per row: a title field, an optional subtitle, badges mapped from
// field values (labels may hold {name} placeholders filled from `values`) and labelled fields.
export interface CardGridField {
  field: string;
  label: string;
  format?: FormatSpec;
}
export interface CardGridConfig extends WidgetConfig {
  card: {
    title: { field: string; maxLength?: number };
    subtitle?: { field: string; badge?: BadgeSpec };
    badges?: Array<{ field: string } & BadgeSpec>;
    fields?: CardGridField[];
  };
  minCardWidth?: number;
  maxHeight?: number;
}

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
});

function cut(text: string, max?: number): string {
  return max && text.length > max ? `${text.slice(0, max)}…` : text;
}

export default function CardGrid({ config, data }: WidgetProps<CardGridConfig>) {
  const styles = useStyles();
  const fill = useTemplate(config);
  const rows = (Array.isArray(data) ? data : []) as Row[];
  const { card } = config;
  return (
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
          </li>
        );
      })}
    </ul>
  );
}

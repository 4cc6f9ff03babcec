import { useContext, useMemo } from 'react';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ActionTrigger, PageContext, allHold, fillTemplate, formatValue, getPath, type FormatSpec, type WidgetProps } from '../../engine';
import { formatMoney } from './money';
import type { DetailCardConfig } from './config.generated';

// One record as a card: a heading, a status badge, a list of facts and the actions that apply
// to it (a subscription with 'Manage Billing' or 'Reactivate Subscription'; the card on file).
// Without data it is a card of copy and actions ('Export my data'). Copy takes {field}
// placeholders of the record, formatted per 'formats' (money in minor units, dates…).

type BadgeColor = 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  headingRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
    gap: tokens.spacingVerticalS,
    margin: 0,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0 },
  factLabel: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: 0 },
  factValue: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  body: { margin: 0, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

type FieldFormat = NonNullable<DetailCardConfig['formats']>[string];

function formatField(value: unknown, format: FieldFormat | undefined): string {
  if (format && typeof format === 'object' && 'money' in format) {
    return formatMoney(value, format.money.currency ?? 'USD', format.money.minorUnits ?? true) ?? '';
  }
  if (format && typeof format === 'object' && 'map' in format) {
    const key = value === null || value === undefined ? '' : String(value);
    return Object.hasOwn(format.map, key) ? format.map[key] : format.default ?? key;
  }
  if (format && typeof format === 'object' && 'pad' in format) {
    return value === null || value === undefined ? '' : String(value).padStart(format.pad, '0');
  }
  return formatValue(value, format as FormatSpec | undefined);
}

/** The record's fields formatted for copy (every top-level field; dotted paths read the raw record). */
export function formattedRecord(record: Record<string, unknown>, formats: DetailCardConfig['formats']): Record<string, unknown> {
  const out: Record<string, unknown> = { ...record };
  for (const [field, format] of Object.entries(formats ?? {})) out[field] = formatField(getPath(record, field), format);
  return out;
}

export default function DetailCard({ config, data }: WidgetProps<DetailCardConfig>) {
  const styles = useStyles();
  const page = useContext(PageContext);
  // a one-row list (after derive steps) is that row
  const record = useMemo(() => {
    const one = Array.isArray(data) ? data[0] : data;
    return one && typeof one === 'object' ? (one as Record<string, unknown>) : {};
  }, [data]);
  const values = useMemo(() => formattedRecord(record, config.formats), [record, config.formats]);
  const fill = (s: string) => fillTemplate(s, values);
  const ctx = page?.bindings ?? {};

  let badge: { label: string; color?: BadgeColor } | undefined;
  if (config.badge) {
    const raw = getPath(record, config.badge.field);
    const key = raw === null || raw === undefined ? '' : String(raw);
    badge = (Object.hasOwn(config.badge.map ?? {}, key) ? config.badge.map?.[key] : undefined) ?? config.badge.default;
  }
  const actions = (config.actions ?? []).filter((a) => !a.when || allHold(a.when, record, ctx));

  return (
    <div className={styles.root}>
      {(config.heading || badge) && (
        <div className={styles.headingRow}>
          {config.heading && <Text as="h3" size={500} weight="semibold" style={{ margin: 0 }} data-testid="detail-heading">{fill(config.heading)}</Text>}
          {badge && (
            <Badge appearance="filled" color={badge.color ?? 'informative'} data-testid="detail-badge">
              {fill(badge.label)}
            </Badge>
          )}
        </div>
      )}
      {config.body && <Text as="p" className={styles.body}>{fill(config.body)}</Text>}
      {config.facts && (
        <dl className={styles.facts}>
          {config.facts.map((fact) => (
            <div key={fact.label} className={styles.fact}>
              <dt className={styles.factLabel}>{fact.label}</dt>
              <dd className={styles.factValue} data-fact={fact.label}>{fill(fact.value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions.length > 0 && (
        <div className={styles.actions}>
          {actions.map((a) => (
            <ActionTrigger key={a.label} action={a.action} label={a.label} appearance={a.appearance ?? 'secondary'} row={record} />
          ))}
        </div>
      )}
    </div>
  );
}

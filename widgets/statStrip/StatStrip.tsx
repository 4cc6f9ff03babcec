import { useContext } from 'react';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { PageContext, allHold, useEngineHost, fillTemplate, formatValue, getPath, type WidgetProps } from '../../engine';
import { listCellText } from '../table/listCell';
import type { StatStripConfig } from './config.generated';

// A strip of small facts from one record (the prompts monitor's facts and insights). An item may
// carry an alert: a badge shown only when its condition holds (provider gap over 5 points).
const useStyles = makeStyles({
  strip: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: tokens.spacingHorizontalM },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  caption: { color: tokens.colorNeutralForeground3 },
});

export default function StatStrip({ config, data }: WidgetProps<StatStripConfig>) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const page = useContext(PageContext);
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return (
    <div className={styles.strip} role="list">
      {config.items.map((item) => {
        const raw = getPath(record, item.field);
        const shown = raw === null || raw === undefined ? '—' : item.format ? formatValue(raw, item.format) : item.labels ? listCellText(raw, { labels: item.labels }, vocabularies) : String(raw);
        const alert = item.alert && allHold(item.alert.when, record, page?.bindings ?? {});
        return (
          <div key={item.field + item.label} className={styles.item} role="listitem" data-field={item.field}>
            <Text size={200} className={styles.label}>{item.label}</Text>
            <span className={styles.value} data-testid={`stat-${item.field}`}>{shown}</span>
            {item.caption && <Text size={200} className={styles.caption}>{fillTemplate(item.caption, record)}</Text>}
            {alert && item.alert && (
              <Badge appearance="tint" color={item.alert.color ?? 'warning'} role="status">{fillTemplate(item.alert.text, record)}</Badge>
            )}
          </div>
        );
      })}
    </div>
  );
}

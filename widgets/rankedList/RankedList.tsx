import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { formatValue, useExports, getPath, type WidgetProps } from '../../engine';
import { exportColumns, type ColumnSpec } from '../shared/columns';
import { ExportMenu } from '../shared/ExportMenu';
import type { RankedListConfig } from './config.generated';

// A ranked list with a share bar per item (Source Breakdown: domain, share of citations, URLs).

const useStyles = makeStyles({
  tools: { display: 'flex', justifyContent: 'flex-end' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'grid', gridTemplateColumns: 'auto 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  rank: { color: tokens.colorNeutralForeground3, minWidth: '1.5em' },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  secondary: { gridColumn: '2 / span 2', color: tokens.colorNeutralForeground3, display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  track: { gridColumn: '2 / span 2', height: '6px', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorNeutralBackground4, overflow: 'hidden' },
  fill: { height: '100%', backgroundColor: tokens.colorBrandBackground },
});

export default function RankedList({ id, config, data }: WidgetProps<RankedListConfig>) {
  const exports = useExports();
  const styles = useStyles();
  const rows = Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
  const filename = config.export?.filename ?? config.title ?? id;
  const columns: ColumnSpec[] = config.export?.columns ?? [
    { field: config.label.field, header: 'Name' },
    { field: config.value.field, header: 'Value', format: config.value.format },
    ...(config.secondary ?? []).map((s) => ({ field: s.field, header: s.label ?? s.field, format: s.format })),
  ];
  const onExport = async (format: string) => {
    if (format === 'excel') await exports.excel(rows, exportColumns(columns), filename);
    else if (format === 'csv') await exports.csv(rows, exportColumns(columns), filename);
    else console.warn(`Unsupported export format: ${format}`);
  };
  return (
    <>
      {config.export && (
        <div className={styles.tools}>
          <ExportMenu formats={config.export.formats} onExport={onExport} />
        </div>
      )}
      <ol className={styles.list} aria-label={config.title ?? id}>
        {rows.map((row, i) => {
          const barValue = config.bar ? Number(getPath(row, config.bar.field)) : NaN;
          const width = Number.isFinite(barValue) ? Math.max(0, Math.min(100, (barValue / (config.bar?.max ?? 100)) * 100)) : 0;
          return (
            <li key={i} className={styles.item}>
              <Text className={styles.rank}>{i + 1}</Text>
              <Text className={styles.label} title={formatValue(getPath(row, config.label.field), 'text')}>{formatValue(getPath(row, config.label.field), 'text')}</Text>
              <Text weight="semibold">{formatValue(getPath(row, config.value.field), config.value.format)}</Text>
              {config.secondary && (
                <span className={styles.secondary}>
                  {config.secondary.map((s) => (
                    <Text key={s.field} size={200}>
                      {s.label ? `${s.label}: ` : ''}
                      {formatValue(getPath(row, s.field), s.format)}
                    </Text>
                  ))}
                </span>
              )}
              {config.bar && (
                <span className={styles.track} aria-hidden="true">
                  <span className={mergeClasses(styles.fill)} style={{ width: `${width}%`, display: 'block' }} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

import { Button, ProgressBar, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissCircleFilled, InfoRegular } from '@fluentui/react-icons';
import { formatValue, type WidgetProps, useTemplate } from '../../engine';
import { counterValue } from './usage';
import type { UsageCountersConfig } from './config.generated';

// Usage against limits from one record: each counter shows 'used / limit', a bar and a mark (a
// green check within the limit, a red cross otherwise, both with a text alternative). With no
// limit at all (no plan) the counters mean nothing, so the widget says so instead.

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalL, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  label: { fontWeight: tokens.fontWeightSemibold, flexGrow: 1 },
  numbers: { fontVariantNumeric: 'tabular-nums' },
  ok: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px', display: 'inline-flex' },
  over: { color: tokens.colorPaletteRedForeground1, fontSize: '20px', display: 'inline-flex' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function UsageCounters({ config, data }: WidgetProps<UsageCountersConfig>) {
  const styles = useStyles();
  const fill = useTemplate(config);
  const counters = config.counters.map((c) => ({ spec: c, value: counterValue(data, c) }));
  if (counters.every((c) => c.value.limit === null)) {
    return <Text className={styles.muted} data-testid="usage-no-limit">{fill(config.noLimitText)}</Text>;
  }
  return (
    <ul className={styles.list}>
      {counters.map(({ spec, value }) => {
        const label = fill(spec.label);
        const share = value.limit ? Math.min(1, value.used / value.limit) : 1;
        return (
          <li key={spec.label} className={styles.item} data-testid="usage-counter" data-within={value.within}>
            <div className={styles.head}>
              <Text className={styles.label}>{label}</Text>
              {spec.tooltip && (
                <Tooltip content={fill(spec.tooltip)} relationship="description">
                  <Button appearance="transparent" size="small" icon={<InfoRegular />} aria-label={`About ${label}`} />
                </Tooltip>
              )}
              <Text className={styles.numbers} data-testid="usage-numbers">
                {formatValue(value.used, 'integer')} / {value.limit === null ? '–' : formatValue(value.limit, 'integer')}
              </Text>
              {value.within ? (
                <span className={styles.ok} role="img" aria-label="Within limit"><CheckmarkCircleFilled /></span>
              ) : (
                <span className={styles.over} role="img" aria-label="Limit reached"><DismissCircleFilled /></span>
              )}
            </div>
            <ProgressBar value={share} max={1} color={value.within ? 'brand' : 'error'} aria-label={`${label}: ${value.used} of ${value.limit ?? 'no limit'}`} />
          </li>
        );
      })}
    </ul>
  );
}

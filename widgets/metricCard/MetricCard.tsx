import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, SubtractRegular } from '@fluentui/react-icons';
import { formatValue, getPath, intervalOf, significanceOf, type WidgetProps } from '../../engine';
import { bandFor, trendWord, SENTIMENT_BANDS, SENTIMENT_TREND } from './sentiment';
import type { MetricCardConfig } from './config.generated';

// A single number with its change against the delta window: green arrow up, red arrow down,
// grey when flat or unknown. `invert` flips the colours where lower is better (ranks). With an
// interval binding the value shows '±' half its 95% interval and its sample on hover; with a
// significance binding a change that is not significant (or rests on too few answers) is grey,
// with the reason on hover.

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  value: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
  // the change and its label wrap as two units: 'vs previous period' never breaks inside
  delta: { display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXXS, fontWeight: tokens.fontWeightSemibold },
  nowrap: { whiteSpace: 'nowrap' },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
  flat: { color: tokens.colorNeutralForeground3 },
  muted: { color: tokens.colorNeutralForeground3 },
  interval: { marginInlineStart: tokens.spacingHorizontalXS, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3 },
});

export type Direction = 'up' | 'down' | 'flat';

export function directionOf(change: unknown): Direction {
  if (typeof change !== 'number' || !Number.isFinite(change) || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}

export default function MetricCard({ config, data }: WidgetProps<MetricCardConfig>) {
  const styles = useStyles();
  const value = getPath(data, config.value.field);
  const change = config.delta ? getPath(data, config.delta.field) : undefined;
  const direction = directionOf(change);
  const interval = intervalOf(data, config.value.interval);
  const significance = significanceOf(data, config.delta?.significance);
  const neutral = significance !== null && significance.state !== 'significant';
  const good = neutral ? 'flat' : config.delta?.invert ? (direction === 'up' ? 'down' : direction === 'down' ? 'up' : 'flat') : direction;
  const directionWord = direction === 'up' ? 'Increase' : direction === 'down' ? 'Decrease' : 'No change';
  const Icon = direction === 'up' ? ArrowUpRegular : direction === 'down' ? ArrowDownRegular : SubtractRegular;

  let message: string | null = null;
  if (config.message) {
    const band = bandFor(getPath(data, config.message.field) as number | null, config.message.bands ?? SENTIMENT_BANDS);
    const trend = config.message.trend
      ? trendWord(getPath(data, config.message.trend.field) as number | null, { ...SENTIMENT_TREND, ...config.message.trend, words: { ...SENTIMENT_TREND.words, ...config.message.trend.words } })
      : null;
    message = band ? (trend ? `${band}, ${trend}` : band) : null;
  }

  return (
    <div className={styles.root}>
      <span title={interval.title ?? undefined} data-testid="metric-figure">
        <span className={styles.value} data-testid="metric-value">
          {formatValue(value, config.value.format)}
        </span>
        {interval.text && (
          <span className={styles.interval} data-testid="metric-interval">
            {interval.text}
          </span>
        )}
      </span>
      {config.delta && (
        <span
          className={mergeClasses(styles.delta, styles[good])}
          data-testid="metric-delta"
          data-direction={direction}
          data-significance={significance?.state}
          title={significance?.title ?? undefined}
        >
          <span className={mergeClasses(styles.delta, styles.nowrap)}>
            <Icon aria-label={significance?.title ? `${directionWord} (${significance.title})` : directionWord} />
            {formatValue(change, config.delta.format ?? 'growth')}
          </span>
          {config.delta.label && <Text size={200} className={mergeClasses(styles.muted, styles.nowrap)}>{config.delta.label}</Text>}
        </span>
      )}
      {config.caption && (
        <Text size={200} className={styles.muted}>
          {config.caption.label} {formatValue(getPath(data, config.caption.field), config.caption.format)}
        </Text>
      )}
      {message && (
        <Text size={200} className={styles.muted} data-testid="metric-message">
          {message}
        </Text>
      )}
    </div>
  );
}

import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatValue, getPath, type Row, type WidgetProps, useTemplate, sampleText, significanceOf } from '../../engine';
import { badgeByRule } from './rule';
import type { ComparisonCardConfig } from './config.generated';

export type { ComparisonCardConfig };

// Two values side by side (yours vs theirs) with a badge picked by a rule over the row, e.g.
// Leading / Behind. `theirs` and `badge` are optional so a single shared number fits the same row.
const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sides: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  side: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  theirs: { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, color: tokens.colorNeutralForeground2 },
  muted: { color: tokens.colorNeutralForeground3 },
  vs: { color: tokens.colorNeutralForeground3, paddingBottom: tokens.spacingVerticalXS },
});

export default function ComparisonCard({ config, data }: WidgetProps<ComparisonCardConfig>) {
  const styles = useStyles();
  const fill = useTemplate(config);
  const row = (data && typeof data === 'object' ? data : {}) as Row;
  const badge = config.badge ? badgeByRule(row, config.badge) : null;
  // whether the gap is more than chance (a ChangeStats of the row, e.g. mentionRateGapStats)
  const significance = significanceOf(row, config.significance);
  const gapText = significance?.state === 'significant' ? `Significant gap: ${sampleText(getPath(getPath(row, config.significance!.field), 'n'), config.significance!.noun) ?? ''}` : significance?.title;
  return (
    <div className={styles.root}>
      <div className={styles.sides}>
        <div className={styles.side}>
          {config.yours.label && <Text size={200} className={styles.muted}>{fill(config.yours.label)}</Text>}
          <span className={styles.value} data-testid="comparison-yours">{formatValue(getPath(row, config.yours.field), config.yours.format)}</span>
        </div>
        {config.theirs && (
          <>
            <span className={styles.vs} aria-hidden="true">vs</span>
            <div className={styles.side}>
              {config.theirs.label && <Text size={200} className={styles.muted}>{fill(config.theirs.label)}</Text>}
              <span className={styles.theirs} data-testid="comparison-theirs">{formatValue(getPath(row, config.theirs.field), config.theirs.format)}</span>
            </div>
          </>
        )}
      </div>
      {badge && (
        <div>
          <Badge appearance="tint" color={badge.color ?? 'informative'} data-testid="comparison-badge">{fill(badge.label)}</Badge>
        </div>
      )}
      {gapText && (
        <Text size={200} className={styles.muted} data-testid="comparison-significance" data-significance={significance?.state}>
          {gapText}
        </Text>
      )}
    </div>
  );
}

import { useContext } from 'react';
import { ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { PageContext, type WidgetProps } from '../../engine';
import type { SegmentedConfig } from './config.generated';

// A segmented toggle bound to a page filter, e.g. Top Performing / Needs Attention →
// promptPerformance top / worst. The value persists with the page's other filters.

const useStyles = makeStyles({
  group: {
    display: 'inline-flex',
    gap: tokens.spacingHorizontalXXS,
    padding: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

export default function Segmented({ id, config }: WidgetProps<SegmentedConfig>) {
  const styles = useStyles();
  const page = useContext(PageContext);
  const current = page?.filters[config.filter];
  return (
    <div className={styles.group} role="group" aria-label={config.label ?? config.title ?? id}>
      {config.options.map((o) => (
        <ToggleButton
          key={o.value}
          size="small"
          appearance={current === o.value ? 'primary' : 'subtle'}
          checked={current === o.value}
          onClick={() => page?.setFilter(config.filter, o.value)}
        >
          {o.label}
        </ToggleButton>
      ))}
    </div>
  );
}

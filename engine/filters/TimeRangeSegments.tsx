import { forwardRef } from 'react';
import { ToggleButton, makeStyles, tokens } from '@fluentui/react-components';

// The time range as a segmented control (one button per preset plus Custom date range), the
// `presentation: "segmented"` form of the timeRange filter; the dropdown is the default form.
const useStyles = makeStyles({
  group: {
    display: 'inline-flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXS,
    padding: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

export interface TimeRangeSegmentsProps {
  label: string;
  options: Array<{ value: string; label: string }>;
  value: string;
  onSelect: (value: string) => void;
}

export const TimeRangeSegments = forwardRef<HTMLDivElement, TimeRangeSegmentsProps>(function TimeRangeSegments({ label, options, value, onSelect }, ref) {
  const styles = useStyles();
  return (
    <div ref={ref} className={styles.group} role="group" aria-label={label}>
      {options.map((o) => (
        <ToggleButton
          key={o.value}
          size="small"
          appearance={value === o.value ? 'primary' : 'subtle'}
          checked={value === o.value}
          aria-pressed={value === o.value}
          onClick={() => onSelect(o.value)}
        >
          {o.label}
        </ToggleButton>
      ))}
    </div>
  );
});

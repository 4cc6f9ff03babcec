import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Calendar } from '@fluentui/react-calendar-compat';
import type { CustomRange } from '../time/windows';
import { formatDay, parseDay } from '../time/windows';
import { useMediaQuery } from './useMediaQuery';

// Custom date range: one calendar month under 640 px (clicks alternate start/end), otherwise two
// calendars side by side (start, end). Calendar dates are local; they are stored as calendar days.
export const CALENDAR_MOBILE_BREAKPOINT = 640;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  months: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  month: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

function toDay(date: Date): string {
  return formatDay(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
}

function toLocalDate(day: string | null | undefined): Date | undefined {
  const ms = parseDay(day);
  if (ms === null) return undefined;
  const d = new Date(ms);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

export interface DateRangePickerProps {
  value: CustomRange | null | undefined;
  onChange: (range: CustomRange) => void;
  onDone?: () => void;
}

export function DateRangePicker({ value, onChange, onDone }: DateRangePickerProps) {
  const styles = useStyles();
  const narrow = useMediaQuery(`(max-width: ${CALENDAR_MOBILE_BREAKPOINT - 1}px)`);
  const [range, setRange] = useState<CustomRange>(value ?? {});
  const today = new Date();

  const update = (next: CustomRange) => {
    // Keep from <= to whichever end was picked last.
    if (next.from && next.to && next.from > next.to) next = { from: next.to, to: next.from };
    setRange(next);
    onChange(next);
  };

  const pickSingle = (date: Date) => {
    const day = toDay(date);
    if (!range.from || range.to) update({ from: day, to: null });
    else update({ from: range.from, to: day });
  };

  return (
    <div className={styles.root} role="group" aria-label="Custom date range">
      <Text size={200}>
        {range.from ?? 'Start date'} – {range.to ?? 'End date'}
      </Text>
      {narrow ? (
        <Calendar value={toLocalDate(range.to ?? range.from)} onSelectDate={pickSingle} maxDate={today} showGoToToday={false} isMonthPickerVisible={false} />
      ) : (
        <div className={styles.months}>
          <div className={styles.month}>
            <Text weight="semibold">Start date</Text>
            <Calendar value={toLocalDate(range.from)} onSelectDate={(d) => update({ ...range, from: toDay(d) })} maxDate={today} showGoToToday={false} isMonthPickerVisible={false} />
          </div>
          <div className={styles.month}>
            <Text weight="semibold">End date</Text>
            <Calendar value={toLocalDate(range.to)} onSelectDate={(d) => update({ ...range, to: toDay(d) })} maxDate={today} showGoToToday={false} isMonthPickerVisible={false} />
          </div>
        </div>
      )}
      {onDone && (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={onDone} disabled={!range.from || !range.to}>Apply</Button>
        </div>
      )}
    </div>
  );
}

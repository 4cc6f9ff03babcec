import { useEffect, useState } from 'react';
import { Badge } from '@fluentui/react-components';
import { ClockRegular } from '@fluentui/react-icons';
import type { WidgetProps } from '../../engine';
import { countdownText } from './nextMidnight';
import type { CountdownConfig } from './config.generated';

/** A badge counting down to the next UTC midnight; re-renders every 30 s. */
export default function Countdown({ config }: WidgetProps<CountdownConfig>) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 30000);
    return () => clearInterval(t);
  }, []);
  const { text, soon } = countdownText(now, { label: config.label, soonText: config.soonText, soonUnderMinutes: config.soonUnderMinutes ?? 120 });
  return (
    <Badge appearance="tint" color={soon ? 'warning' : 'brand'} icon={<ClockRegular />} size="large" data-soon={soon}>
      {text}
    </Badge>
  );
}

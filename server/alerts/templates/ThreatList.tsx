import { Link, Section, Text } from '@react-email/components';
import { changeText, rateWithInterval } from './format';
import { COLORS, body, muted } from './Layout';
import type { ThreatLine } from './types';

/** Emerging brands that passed the baseline test: name, this week's rate against its baseline, the label. */
export function ThreatList({ threats, link }: { threats: ThreatLine[]; link: (t: ThreatLine) => string }) {
  return (
    <Section>
      {threats.map((t) => (
        <Section key={t.id} style={{ borderTop: `1px solid ${COLORS.line}`, padding: '8px 0' }}>
          <Text style={{ ...body, fontWeight: 600 }}>
            <Link href={link(t)} style={{ color: COLORS.ink, textDecoration: 'underline' }}>
              {t.name}
            </Link>
            <span style={{ color: COLORS.down, fontSize: 12, fontWeight: 600 }}>{`  ${t.label}`}</span>
          </Text>
          <Text style={muted}>{`Mention rate ${rateWithInterval(t.current)} · baseline ${rateWithInterval(t.baseline)}`}</Text>
          <Text style={muted}>
            <span style={{ color: COLORS.down, fontWeight: 600 }}>▲ {changeText(t.change)}</span>
          </Text>
        </Section>
      ))}
    </Section>
  );
}

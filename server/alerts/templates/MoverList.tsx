import { Link, Section, Text } from '@react-email/components';
import type { Mover } from '../signals';
import { changeText, percent } from './format';
import { COLORS, body, muted } from './Layout';

/** Rows of significant movers: what moved, from what to what, the change with its interval, a link to its screen. */
export function MoverList({ movers, link, unit }: { movers: Mover[]; link: (m: Mover) => string; unit: string }) {
  return (
    <Section>
      {movers.map((m) => {
        const up = (m.change.diff ?? 0) > 0;
        return (
          <Section key={m.id} style={{ borderTop: `1px solid ${COLORS.line}`, padding: '8px 0' }}>
            <Text style={{ ...body, fontWeight: 600 }}>
              <Link href={link(m)} style={{ color: COLORS.ink, textDecoration: 'underline' }}>
                {m.label}
              </Link>
            </Text>
            <Text style={muted}>
              <span style={{ color: up ? COLORS.up : COLORS.down, fontWeight: 600 }}>
                {up ? '▲' : '▼'} {changeText(m.change)}
              </span>
              {` · ${percent(m.previous.rate)} → ${percent(m.current.rate)} of ${m.current.n.toLocaleString('en-US')} ${unit}`}
            </Text>
          </Section>
        );
      })}
    </Section>
  );
}

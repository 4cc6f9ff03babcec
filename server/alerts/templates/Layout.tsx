import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** Colours and type shared by every email (the product's light theme; email clients ignore CSS variables). */
export const COLORS = {
  ink: '#1b1d17',
  muted: '#5b5f55',
  line: '#e3e5dc',
  brand: '#4d7c0f',
  up: '#15803d',
  down: '#b91c1c',
  page: '#f6f7f2',
};
const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export interface LayoutProps {
  preview: string;
  children: ReactNode;
  /** Why the reader gets this email: the Settings → Notifications toggle's name. */
  toggleLabel: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

/** Header, content and the footer every alert and report carries (why, unsubscribe, settings). */
export function Layout({ preview, children, toggleLabel, unsubscribeUrl, settingsUrl }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: COLORS.page, color: COLORS.ink, fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 600, padding: '24px 28px' }}>
          <Text style={{ color: COLORS.brand, fontSize: 15, fontWeight: 700, letterSpacing: 0.2, margin: '0 0 12px' }}>
            Answerscope
          </Text>
          {children}
          <Hr style={{ borderColor: COLORS.line, margin: '28px 0 12px' }} />
          <Section>
            <Text style={{ color: COLORS.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>
              You receive this email because “{toggleLabel}” is on in your notification settings. Intervals are 95% confidence
              intervals; a change is shown as significant only when its interval excludes zero.
            </Text>
            <Text style={{ color: COLORS.muted, fontSize: 12, lineHeight: '18px', margin: '8px 0 0' }}>
              <Link href={unsubscribeUrl} style={{ color: COLORS.muted, textDecoration: 'underline' }}>
                Unsubscribe from {toggleLabel.toLowerCase()}
              </Link>
              {' · '}
              <Link href={settingsUrl} style={{ color: COLORS.muted, textDecoration: 'underline' }}>
                Notification settings
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const h1 = { fontSize: 22, lineHeight: '28px', margin: '0 0 4px', color: COLORS.ink } as const;
export const h2 = { fontSize: 16, lineHeight: '22px', margin: '24px 0 8px', color: COLORS.ink } as const;
export const muted = { color: COLORS.muted, fontSize: 13, lineHeight: '19px', margin: '0 0 4px' } as const;
export const body = { fontSize: 14, lineHeight: '21px', margin: '0 0 4px' } as const;
export const button = {
  backgroundColor: COLORS.brand,
  borderRadius: 8,
  color: '#ffffff',
  display: 'inline-block',
  fontSize: 14,
  fontWeight: 600,
  padding: '10px 16px',
  textDecoration: 'none',
} as const;

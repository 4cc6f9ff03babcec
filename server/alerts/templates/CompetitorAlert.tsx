import { Button, Heading, Text } from '@react-email/components';
import { Layout, body, button, h1, muted } from './Layout';
import type { ScreenLinks } from './links';
import { ThreatList } from './ThreatList';
import type { ThreatLine } from './types';

export interface CompetitorAlertProps {
  brandName: string;
  threats: ThreatLine[];
  links: ScreenLinks;
  unsubscribeUrl: string;
}

/** A brand the user does not track is named significantly more often than before. */
export function CompetitorAlert({ brandName, threats, links, unsubscribeUrl }: CompetitorAlertProps) {
  const names = threats.map((t) => t.name).join(', ');
  return (
    <Layout
      preview={`${names} ${threats.length === 1 ? 'is' : 'are'} rising in AI answers about ${brandName}`}
      toggleLabel="Competitor intelligence"
      unsubscribeUrl={unsubscribeUrl}
      settingsUrl={links.settings}
    >
      <Heading as="h1" style={h1}>
        {threats.length === 1 ? `New emerging threat: ${names}` : `${threats.length} new emerging threats`}
      </Heading>
      <Text style={muted}>
        AI answers about {brandName}'s prompts named {threats.length === 1 ? 'this brand' : 'these brands'} significantly more often in
        the last 7 days than in {threats.length === 1 ? 'its' : 'their'} own baseline. You do not track{' '}
        {threats.length === 1 ? 'it' : 'them'} yet.
      </Text>
      <ThreatList threats={threats} link={() => links.competitors} />
      <Text style={{ ...body, margin: '12px 0' }}>Track a brand as a competitor to follow its mention rate, rank and sentiment beside yours.</Text>
      <Button href={links.competitors} style={button}>
        See emerging threats
      </Button>
    </Layout>
  );
}

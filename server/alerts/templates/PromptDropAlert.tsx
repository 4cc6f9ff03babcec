import { Button, Heading, Text } from '@react-email/components';
import type { Mover } from '../signals';
import { dateRange } from './format';
import { Layout, button, h1, muted } from './Layout';
import type { ScreenLinks } from './links';
import { MoverList } from './MoverList';

export interface PromptDropAlertProps {
  brandName: string;
  prompts: Mover[];
  current: { start: Date; end: Date };
  previous: { start: Date; end: Date };
  links: ScreenLinks;
  unsubscribeUrl: string;
}

/** Prompts whose answers name the brand significantly less often than in the week before. */
export function PromptDropAlert({ brandName, prompts, current, previous, links, unsubscribeUrl }: PromptDropAlertProps) {
  const title =
    prompts.length === 1
      ? `${brandName}'s mention rate dropped on a prompt`
      : `${brandName}'s mention rate dropped on ${prompts.length} prompts`;
  return (
    <Layout
      preview={`${title}: ${prompts[0]?.label ?? ''}`}
      toggleLabel="Prompt monitoring"
      unsubscribeUrl={unsubscribeUrl}
      settingsUrl={links.settings}
    >
      <Heading as="h1" style={h1}>
        {title}
      </Heading>
      <Text style={muted}>
        {dateRange(current.start, current.end)} compared with {dateRange(previous.start, previous.end)}. Each drop below is larger than
        chance would explain (95% interval of the change below zero).
      </Text>
      <MoverList movers={prompts} link={(m) => links.prompt(m.id)} unit="answers" />
      <Button href={links.prompts} style={button}>
        Open Prompts Monitor
      </Button>
    </Layout>
  );
}

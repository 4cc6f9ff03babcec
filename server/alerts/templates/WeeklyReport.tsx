import { Button, Column, Heading, Row, Section, Text } from '@react-email/components';
import type { Headline, Mover } from '../signals';
import type { ChangeEstimate } from '../../stats/index';
import { changeText, countDelta, dateRange, intervalLine, meanLine, percent, rateWithInterval, signedNumber } from './format';
import { COLORS, Layout, body, button, h1, h2, muted } from './Layout';
import type { ScreenLinks } from './links';
import { MoverList } from './MoverList';
import { ThreatList } from './ThreatList';
import type { ThreatLine } from './types';

export interface WeeklyReportProps {
  userName: string;
  brandName: string;
  current: { start: Date; end: Date };
  previous: { start: Date; end: Date };
  headline: Headline;
  prompts: Mover[];
  sources: Mover[];
  threats: ThreatLine[];
  links: ScreenLinks;
  unsubscribeUrl: string;
  /** Sent from Settings on request rather than on Monday. */
  test?: boolean;
}

function Metric({
  label,
  value,
  detail,
  change,
  changeUnit = ' pts',
}: {
  label: string;
  value: string;
  detail: string;
  change?: ChangeEstimate;
  changeUnit?: string;
}) {
  return (
    <Section style={{ border: `1px solid ${COLORS.line}`, borderRadius: 10, margin: '0 0 8px', padding: '10px 14px' }}>
      <Text style={{ ...muted, fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.4 }}>{label}</Text>
      <Text style={{ ...body, fontSize: 20, fontWeight: 700, margin: '2px 0' }}>{value}</Text>
      <Text style={muted}>{detail}</Text>
      {change ? (
        <Text
          style={{ ...muted, color: changeColor(change), fontWeight: change.significant ? 600 : 400 }}
        >{`vs previous week: ${changeText(change, changeUnit)}`}</Text>
      ) : null}
    </Section>
  );
}

/** Significant changes in colour, the rest in grey: the dashboard's neutral delta. */
const changeColor = (c: ChangeEstimate) => (!c.significant ? COLORS.muted : (c.diff ?? 0) > 0 ? COLORS.up : COLORS.down);

/** The Monday email: last week's headline numbers with intervals, what moved significantly, new emerging threats. */
export function WeeklyReport(props: WeeklyReportProps) {
  const { headline: h, links } = props;
  const period = dateRange(props.current.start, props.current.end);
  const versus = dateRange(props.previous.start, props.previous.end);
  const noMovers = props.prompts.length + h.competitors.length + props.sources.length === 0;
  return (
    <Layout
      preview={`${props.brandName}: mention rate ${rateWithInterval(h.mentionRate.current)} in ${period}`}
      toggleLabel="Weekly reports"
      unsubscribeUrl={props.unsubscribeUrl}
      settingsUrl={links.settings}
    >
      {props.test ? <Text style={{ ...muted, color: COLORS.brand, fontWeight: 600 }}>Test report, sent at your request</Text> : null}
      <Heading as="h1" style={h1}>
        Weekly report: {props.brandName}
      </Heading>
      <Text style={muted}>
        {period}, compared with {versus}. Hi {props.userName}, here is how AI assistants talked about {props.brandName} last week.
      </Text>

      <Heading as="h2" style={h2}>
        Headline metrics
      </Heading>
      <Row>
        <Column>
          <Metric
            label="Mention rate"
            value={percent(h.mentionRate.current.rate)}
            detail={intervalLine(h.mentionRate.current)}
            change={h.mentionRate.change}
          />
          <Metric
            label="Share of voice"
            value={percent(h.shareOfVoice.current.rate)}
            detail={intervalLine(h.shareOfVoice.current, 'mentions of tracked brands')}
            change={h.shareOfVoice.change}
          />
          <Metric
            label="Net sentiment"
            value={h.netSentiment.current.mean === null ? '–' : signedNumber(h.netSentiment.current.mean * 100)}
            detail={`−100 to 100 · ${meanLine(h.netSentiment.current)}`}
            change={h.netSentiment.change}
            changeUnit=""
          />
          <Metric
            label="Citations"
            value={h.citations.cur.toLocaleString('en-US')}
            detail={`${countDelta(h.citations.cur, h.citations.prev)} vs previous week · ${h.domains.cur.toLocaleString('en-US')} unique sources (${countDelta(h.domains.cur, h.domains.prev)})`}
          />
        </Column>
      </Row>
      <Button href={links.overview} style={button}>
        Open the overview
      </Button>

      <Heading as="h2" style={h2}>
        Significant movers
      </Heading>
      {noMovers ? <Text style={body}>No prompt, competitor or source moved more than chance would explain this week.</Text> : null}
      {props.prompts.length ? (
        <>
          <Text style={{ ...body, fontWeight: 600 }}>Prompts (your mention rate)</Text>
          <MoverList movers={props.prompts} link={(m) => links.prompt(m.id)} unit="answers" />
        </>
      ) : null}
      {h.competitors.length ? (
        <>
          <Text style={{ ...body, fontWeight: 600, marginTop: 12 }}>Competitors (their mention rate)</Text>
          <MoverList movers={h.competitors} link={(m) => links.comparison(m.label)} unit="answers" />
        </>
      ) : null}
      {props.sources.length ? (
        <>
          <Text style={{ ...body, fontWeight: 600, marginTop: 12 }}>Sources (share of citations)</Text>
          <MoverList movers={props.sources} link={() => links.sources} unit="citations" />
        </>
      ) : null}

      <Heading as="h2" style={h2}>
        Emerging threats
      </Heading>
      {props.threats.length ? (
        <ThreatList threats={props.threats} link={() => links.competitors} />
      ) : (
        <Text style={body}>No untracked brand rose significantly above its baseline.</Text>
      )}
    </Layout>
  );
}

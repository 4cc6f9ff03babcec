import { useEffect, useMemo, useState } from 'react';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Link,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { fillTemplate, getPath, useEngineHost, type WidgetProps } from '../../engine';
import { DetailDialog as DetailDialogFrame } from '../shared/DetailDialog';
import { Markdown } from '../shared/Markdown';
import { markdownText } from '../shared/markdownText';
import { badgeFor } from '../shared/columns';
import { chipsOf, cut, displayRow, feedTabs, fieldText, groupByDay, type FeedField, type Row } from './feed';
import type { CardFeedConfig } from './config.generated';

export type { CardFeedConfig };

// A feed of cards (the prompt's latest AI responses): one tab per key of a keyed answer, cards
// grouped by day (newest first, the newest day open, Expand All / Collapse All), each card with a
// title, meta fields, a badge, a cut text and source chips; a click opens a details dialog.

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM },
  list: { overflowY: 'auto', display: 'flex', flexDirection: 'column' },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    textAlign: 'start',
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    color: 'inherit',
    font: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  meta: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  chips: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  detailText: { whiteSpace: 'pre-wrap' },
  detailList: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center' },
});

function Meta({ row, fields }: { row: Row; fields: FeedField[] }) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  return (
    <span className={styles.meta}>
      {fields.map((f) => (
        <span key={f.field} data-field={f.field}>
          {f.label ? `${f.label}: ` : ''}
          {fieldText(row, f, vocabularies)}
        </span>
      ))}
    </span>
  );
}

/** A card's text before it is cut: markdown reads as its words (no stray '**' at a cut). */
function textFieldPreview(row: Row, spec: { field: string; format?: 'plain' | 'markdown' }): string {
  const raw = String(getPath(row, spec.field) ?? '');
  return spec.format === 'markdown' ? markdownText(raw) : raw;
}

function FeedCard({ row, config, onOpen }: { row: Row; config: CardFeedConfig; onOpen: () => void }) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const { card } = config;
  const badge = card.badge ? badgeFor(card.badge, getPath(row, card.badge.field)) : null;
  const text = card.text ? cut(textFieldPreview(row, card.text), card.text.maxLength) : '';
  const chips = card.chips ? chipsOf(row, card.chips) : null;
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="feed-card">
      <span className={styles.top}>
        {card.title && <Text weight="semibold" data-field={card.title.field}>{fieldText(row, card.title, vocabularies)}</Text>}
        {badge && (
          <Badge appearance="tint" color={badge.color ?? 'informative'} data-testid="feed-card-badge">
            {badge.label}
          </Badge>
        )}
      </span>
      {card.meta && <Meta row={row} fields={card.meta} />}
      {card.text && <Text size={300} data-testid="feed-card-text">{text}</Text>}
      {chips && chips.shown.length > 0 && (
        <span className={styles.chips}>
          {chips.shown.map((c, i) => (
            <Badge key={i} appearance="outline" color="informative" data-testid="feed-card-chip">{c}</Badge>
          ))}
          {chips.rest > 0 && <Badge appearance="outline" color="informative" data-testid="feed-card-more">{fillTemplate(card.chips?.more ?? '+{count} more', { count: chips.rest })}</Badge>}
        </span>
      )}
    </button>
  );
}

function DetailDialog({ row, config, onClose }: { row: Row; config: CardFeedConfig; onClose: () => void }) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const detail = config.detail!;
  const labelled = [config.card.title, ...(config.card.meta ?? []), ...(detail.fields ?? [])].filter((f): f is NonNullable<typeof f> => !!f);
  const title = fillTemplate(detail.title, displayRow(row, labelled, vocabularies));
  const links = detail.links ? getPath(row, detail.links.field) : null;
  return (
    <DetailDialogFrame title={title} closeLabel={detail.closeLabel} contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }} onClose={onClose}>
      {detail.fields && <Meta row={row} fields={detail.fields} />}
      {detail.text &&
        (detail.text.format === 'markdown' ? (
          <Markdown text={String(getPath(row, detail.text.field) ?? '')} testId="feed-detail-text" />
        ) : (
          <Text className={styles.detailText} data-testid="feed-detail-text">{String(getPath(row, detail.text.field) ?? '')}</Text>
        ))}
      {Array.isArray(links) && links.length > 0 && detail.links && (
        <ul className={styles.detailList}>
          {(links as Row[]).map((item, i) => {
            const href = String(getPath(item, detail.links!.href) ?? '');
            const label = detail.links!.label ? String(getPath(item, detail.links!.label) ?? href) : href;
            return (
              <li key={i}>
                <Link href={href} target="_blank" rel="noopener noreferrer">{label || href}</Link>
              </li>
            );
          })}
        </ul>
      )}
    </DetailDialogFrame>
  );
}

export default function CardFeed({ config, data }: WidgetProps<CardFeedConfig>) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const tabs = useMemo(() => feedTabs(data, config.tabs?.labels, vocabularies), [data, config.tabs?.labels, vocabularies]);
  const [tabKey, setTabKey] = useState<string | null>(null);
  const tab = tabs.find((t) => t.key === tabKey) ?? tabs[0];
  const groups = useMemo(() => groupByDay(tab?.rows ?? [], config.groupBy.field), [tab, config.groupBy.field]);
  const [open, setOpen] = useState<string[]>([]);
  // the newest day starts open, per tab and whenever the data changes
  useEffect(() => setOpen(groups.length ? [groups[0].key] : []), [groups]);
  const [selected, setSelected] = useState<Row | null>(null);

  return (
    <div className={styles.root}>
      {config.tabs && tabs.length > 0 && (
        <TabList selectedValue={tab?.key} onTabSelect={(_, d) => setTabKey(String(d.value))} size="small">
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key}>{t.label}</Tab>
          ))}
        </TabList>
      )}
      {groups.length === 0 ? (
        <div className={styles.empty} role="status">
          <Text weight="semibold">{config.tabEmpty?.title ?? 'No data available'}</Text>
          {config.tabEmpty?.message && <Text size={200} className={styles.muted}>{config.tabEmpty.message}</Text>}
        </div>
      ) : (
        <>
          <div className={styles.bar}>
            <Link as="button" onClick={() => setOpen(groups.map((g) => g.key))}>{config.expandAllLabel ?? 'Expand All'}</Link>
            <Link as="button" onClick={() => setOpen([])}>{config.collapseAllLabel ?? 'Collapse All'}</Link>
          </div>
          <div className={styles.list} style={config.maxHeight ? { maxHeight: `${config.maxHeight}px` } : undefined} data-testid="feed-list">
            <Accordion multiple collapsible openItems={open} onToggle={(_, d) => setOpen(d.openItems.map(String))}>
              {groups.map((g) => (
                <AccordionItem key={g.key} value={g.key} data-testid="feed-group">
                  <AccordionHeader>{`${g.label} (${g.rows.length})`}</AccordionHeader>
                  <AccordionPanel>
                    <div className={styles.cards}>
                      {g.rows.map((row, i) => (
                        <FeedCard key={i} row={row} config={config} onOpen={() => config.detail && setSelected(row)} />
                      ))}
                    </div>
                  </AccordionPanel>
                </AccordionItem>
              ))}
            </Accordion>
          </div>
        </>
      )}
      {selected && config.detail && <DetailDialog row={selected} config={config} onClose={() => setSelected(null)} />}
    </div>
  );
}

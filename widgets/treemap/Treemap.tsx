import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { fillTemplate, getPath, useEngineHost, type WidgetProps } from '../../engine';
import { DetailDialog as DetailDialogFrame } from '../shared/DetailDialog';
import { CHART_PALETTE as PALETTE } from '../chart/palette';
import { readableText } from '../shared/readableText';
import { cut, fieldText } from '../cardFeed/feed';
import { countBy, squarify, type Group } from './squarify';
import type { TreemapConfig } from './config.generated';

export type { TreemapConfig };

// A treemap of row counts per value of a field (citations per author, 'Unknown' when empty); a
// tile click opens a dialog listing that tile's rows (title or fallback, subtitle, cut URL, meta
// fields and an Open button).
type Row = Record<string, unknown>;

const useStyles = makeStyles({
  box: { position: 'relative', width: '100%', overflow: 'hidden', borderRadius: tokens.borderRadiusMedium },
  tile: {
    position: 'absolute',
    boxSizing: 'border-box',
    border: `1px solid ${tokens.colorNeutralBackground1}`,
    padding: tokens.spacingHorizontalXS,
    overflow: 'hidden',
    cursor: 'pointer',
    textAlign: 'start',
    font: 'inherit',
    fontSize: tokens.fontSizeBase200,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    justifyContent: 'flex-start',
    ':hover': { filter: 'brightness(1.1)' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  tileName: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxHeight: '60vh', overflowY: 'auto' },
  item: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalS },
  itemBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
  meta: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const text = (row: Row, spec: { field: string; empty?: string }) => {
  const v = getPath(row, spec.field);
  return v === null || v === undefined || String(v).trim() === '' ? spec.empty ?? '' : String(v);
};

function DetailDialog({ group, config, onClose }: { group: Group<Row>; config: TreemapConfig; onClose: () => void }) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const detail = config.detail!;
  const { item } = detail;
  return (
    <DetailDialogFrame title={fillTemplate(detail.title, { name: group.name, count: group.count })} closeLabel={detail.closeLabel} onClose={onClose}>
      <ul className={styles.list}>
        {group.rows.map((row, i) => {
          const href = item.open ? String(getPath(row, item.open.field) ?? '') : '';
          return (
            <li key={i} className={styles.item} data-testid="treemap-detail-item">
              <div className={styles.itemBody}>
                <Text weight="semibold">{text(row, item.title)}</Text>
                {item.subtitle && <Text size={200}>{text(row, item.subtitle)}</Text>}
                {item.url && <Text size={200} className={styles.muted}>{cut(text(row, item.url), item.url.maxLength)}</Text>}
                {item.meta && (
                  <span className={styles.meta}>
                    {item.meta.map((f) => (
                      <span key={f.field} data-field={f.field}>{f.label ? `${f.label}: ` : ''}{fieldText(row, f, vocabularies)}</span>
                    ))}
                  </span>
                )}
              </div>
              {item.open && href && (
                <Button as="a" size="small" appearance="secondary" icon={<OpenRegular />} href={href} target="_blank" rel="noopener noreferrer">
                  {item.open.label ?? 'Open'}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </DetailDialogFrame>
  );
}

export default function Treemap({ config, data }: WidgetProps<TreemapConfig>) {
  const styles = useStyles();
  const height = config.height ?? 300;
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry.contentRect.width > 0 && setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const rows = useMemo(() => (Array.isArray(data) ? (data as Row[]) : []), [data]);
  const groups = useMemo(() => countBy(rows, config.group.field, config.group.emptyLabel ?? 'Unknown'), [rows, config.group.field, config.group.emptyLabel]);
  const tiles = useMemo(() => squarify(groups.map((g) => ({ item: g, value: g.count })), width, height), [groups, width, height]);
  const [selected, setSelected] = useState<Group<Row> | null>(null);
  const label = config.tileLabel ?? '{name}: {count}';

  return (
    <>
      <div ref={ref} className={styles.box} style={{ height: `${height}px` }} role="group" aria-label={config.title ?? 'Treemap'}>
        {tiles.map((t, i) => (
          <button
            key={t.item.name}
            type="button"
            className={styles.tile}
            data-testid="treemap-tile"
            data-name={t.item.name}
            data-count={t.item.count}
            aria-label={fillTemplate(label, { name: t.item.name, count: t.item.count })}
            title={fillTemplate(label, { name: t.item.name, count: t.item.count })}
            style={{
              left: `${(t.x / width) * 100}%`,
              top: `${(t.y / height) * 100}%`,
              width: `${(t.w / width) * 100}%`,
              height: `${(t.h / height) * 100}%`,
              backgroundColor: PALETTE[i % PALETTE.length],
              color: readableText(PALETTE[i % PALETTE.length]),
            }}
            onClick={() => config.detail && setSelected(t.item)}
          >
            {t.w > 40 && t.h > 24 && <span className={styles.tileName}>{t.item.name}</span>}
            {t.w > 40 && t.h > 40 && <span>{t.item.count}</span>}
          </button>
        ))}
      </div>
      {selected && config.detail && <DetailDialog group={selected} config={config} onClose={() => setSelected(null)} />}
    </>
  );
}

import { useContext } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ActionTrigger, PageContext, fillTemplate, getPath, type WidgetProps } from '../../engine';
import { ICONS } from '../actionButton/ActionButton';
import type { ListConfig } from './config.generated';

// A plain list of items from the widget's rows: a text field, optionally a secondary line, and an
// optional per-item action (e.g. "Track" a suggested prompt: opens the New Prompt dialog with
// $row = the suggestion). `limit` caps how many show (the call may fetch more).

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2, '& > button': { flexShrink: 0 } },
  texts: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  secondary: { color: tokens.colorNeutralForeground3 },
});

export default function List({ config, data }: WidgetProps<ListConfig>) {
  const styles = useStyles();
  useContext(PageContext);
  const rows = (Array.isArray(data) ? data : []) as Array<Record<string, unknown>>;
  const shown = config.limit ? rows.slice(0, config.limit) : rows;
  return (
    <ul className={styles.list}>
      {shown.map((row, i) => (
        <li key={i} className={styles.item}>
          <span className={styles.texts}>
            <Text>{String(getPath(row, config.text) ?? '')}</Text>
            {config.secondary && <Text size={200} className={styles.secondary}>{fillTemplate(config.secondary, row)}</Text>}
          </span>
          {config.itemAction && (
            <ActionTrigger
              action={config.itemAction.action}
              label={config.itemAction.label}
              appearance={config.itemAction.appearance ?? 'subtle'}
              size="small"
              icon={config.itemAction.icon ? ICONS[config.itemAction.icon] : undefined}
              row={row}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

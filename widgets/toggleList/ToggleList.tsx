import { useEffect, useId, useMemo, useState } from 'react';
import { Badge, MessageBar, MessageBarBody, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAction, type WidgetProps } from '../../engine';
import { toggleValues } from './toggleValues';
import type { ToggleListConfig } from './config.generated';

// On/off settings saved one at a time (notification kinds, privacy choices). A change shows at
// once and is saved with the page's action, whose request binds {"$row": "key"}, {"$row":
// "value"}, {"$row": "patch"} ({key: value}) or any item's key (its value after the change); every switch is disabled while it saves, and a
// refused save puts the switch back and says so. Locked items are always on.

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none' },
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  description: { color: tokens.colorNeutralForeground3 },
  error: { marginBottom: tokens.spacingVerticalS },
});

export default function ToggleList({ config, data }: WidgetProps<ToggleListConfig>) {
  const styles = useStyles();
  const baseId = useId();
  const save = useAction(config.save);
  const stored = useMemo(() => toggleValues(config.items, data, config.stored?.field), [config.items, config.stored?.field, data]);
  const [values, setValues] = useState(stored);
  const [saving, setSaving] = useState<string | null>(null);
  // fresher stored values (a revalidation) replace the shown ones, except while a save runs
  useEffect(() => {
    if (saving === null) setValues(stored);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);

  const change = async (key: string, label: string, next: boolean) => {
    const previous = values[key];
    setValues((v) => ({ ...v, [key]: next }));
    setSaving(key);
    // every item's current value by its key (a body may send the whole set), then the change itself
    const ok = await save.run({ row: { ...values, [key]: next, key, label, value: next, patch: { [key]: next } } });
    if (!ok) setValues((v) => ({ ...v, [key]: previous }));
    setSaving(null);
  };

  return (
    <div>
      {save.error && (
        <MessageBar intent="error" role="alert" className={styles.error}>
          <MessageBarBody>{save.error}</MessageBarBody>
        </MessageBar>
      )}
      <ul className={styles.list}>
        {config.items.map((item) => {
          const labelId = `${baseId}-${item.key}`;
          const descriptionId = `${labelId}-d`;
          return (
            <li key={item.key} className={styles.item} data-toggle={item.key}>
              <div className={styles.text}>
                <span className={styles.heading}>
                  <Text id={labelId} weight="semibold">{item.label}</Text>
                  {item.badge && (
                    <Badge appearance="tint" size="small" color={item.badge.color ?? 'informative'}>
                      {item.badge.label}
                    </Badge>
                  )}
                </span>
                {item.description && <Text id={descriptionId} size={200} className={styles.description}>{item.description}</Text>}
              </div>
              <Switch
                checked={values[item.key] ?? false}
                disabled={item.locked || saving !== null}
                aria-labelledby={labelId}
                aria-describedby={item.description ? descriptionId : undefined}
                onChange={(_, d) => void change(item.key, item.label, d.checked)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

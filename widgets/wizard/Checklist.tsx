import { useId, useState } from 'react';
import { Badge, Button, Checkbox, Field, Input, Label, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { WizardField } from './types';

// A list of suggestions to tick (prompts, competitors), each with its relevance score when above 0,
// and an 'Add New' box for custom entries. With a quota, unticked boxes are disabled once the
// slots are used, and Add New is disabled with no slots at all.

export interface ChecklistOption {
  label: string;
  weight: number | null;
}

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxHeight: '360px', overflowY: 'auto', paddingRight: tokens.spacingHorizontalXS },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    paddingRight: tokens.spacingHorizontalS,
  },
  label: { flexGrow: 1, minWidth: 0 },
  score: { flexShrink: 0, whiteSpace: 'nowrap' },
  empty: { color: tokens.colorNeutralForeground3 },
  add: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', marginTop: tokens.spacingVerticalS },
  addInput: { flexGrow: 1, minWidth: '180px' },
  count: { color: tokens.colorNeutralForeground3 },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface ChecklistProps {
  field: WizardField;
  options: ChecklistOption[];
  selected: string[];
  /** ticks allowed (null: no limit) */
  slots: number | null;
  notice: string | null;
  error: string | null;
  disabled: boolean;
  onToggle: (label: string, checked: boolean) => void;
  /** adds a custom entry; answers an error message when it is refused */
  onAdd: (text: string) => string | null;
}

export function Checklist({ field, options, selected, slots, notice, error, disabled, onToggle, onAdd }: ChecklistProps) {
  const styles = useStyles();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const full = slots !== null && selected.length >= slots;
  const weightLabel = field.suggestions?.weightLabel ?? 'Relevance Score';
  const add = () => {
    const refused = onAdd(draft);
    setAddError(refused);
    if (!refused) {
      setDraft('');
      setNote('');
    }
  };
  return (
    // not a Fluent Field: its context would give every checkbox inside the same id
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className={styles.group}>
        <Label id={`${id}-label`} weight="semibold">
          {field.label}
        </Label>
        <Text size={200} className={styles.count}>
          {selected.length} selected{slots !== null ? ` (up to ${slots})` : ''}
        </Text>
        {notice && (
          <MessageBar intent="warning">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        )}
        {options.length === 0 && (
          <Text className={styles.empty}>No suggestions for this brand yet.{field.addNew ? ' Add your own below.' : ''}</Text>
        )}
        <div className={styles.list}>
          {options.map((o) => {
            const checked = selected.includes(o.label);
            return (
              <div key={o.label} className={styles.row}>
                <Checkbox
                  className={styles.label}
                  checked={checked}
                  disabled={disabled || (!checked && full)}
                  label={o.label || '(blank)'}
                  onChange={(_e, d) => onToggle(o.label, d.checked === true)}
                />
                {o.weight !== null && o.weight > 0 && (
                  <Badge className={styles.score} appearance="tint" color="brand" title={weightLabel}>
                    {weightLabel}: {Math.round(o.weight)}
                  </Badge>
                )}
              </div>
            );
          })}
        </div>
        {field.addNew && (
          <div className={styles.add}>
            <Field className={styles.addInput} label={field.addNew.placeholder ?? field.addNew.label} {...(addError ? { validationState: 'error' as const, validationMessage: addError } : {})}>
              <Input
                value={draft}
                disabled={disabled || slots === 0}
                onChange={(_e, d) => setDraft(d.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
              />
            </Field>
            {field.addNew.note && (
              <Field className={styles.addInput} label={field.addNew.note}>
                <Input value={note} disabled={disabled || slots === 0} onChange={(_e, d) => setNote(d.value)} />
              </Field>
            )}
            <Button icon={<AddRegular />} disabled={disabled || slots === 0} onClick={add}>
              {field.addNew.label}
            </Button>
          </div>
        )}
        {error && (
          <Text id={`${id}-error`} className={styles.error}>
            {error}
          </Text>
        )}
    </div>
  );
}

import { Checkbox, Dropdown, Field, Input, Option, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEngineHost } from '../../engine';
import type { WizardField } from './types';

// The simple inputs of a step: text and URL boxes, a dropdown of a host vocabulary (countries),
// radio cards (an option may be disabled, e.g. coming soon) and a consent checkbox. Each shows its
// validation message under it; Checklist.tsx draws the suggestion lists.

const useStyles = makeStyles({
  choices: { display: 'grid', gap: tokens.spacingVerticalS },
  choice: {
    display: 'flex',
    flexDirection: 'column',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  choiceDisabled: { opacity: 0.6 },
  choiceHint: { color: tokens.colorNeutralForeground3, paddingLeft: '32px' },
});

export interface FieldProps {
  field: WizardField;
  value: unknown;
  error: string | null;
  disabled: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

const validation = (error: string | null, hint?: string) =>
  error ? { validationState: 'error' as const, validationMessage: error } : hint ? { hint } : {};

export function TextField({ field, value, error, disabled, onChange, onBlur }: FieldProps) {
  return (
    <Field label={field.label} {...validation(error, field.hint)}>
      <Input
        name={field.name}
        type={field.input === 'url' ? 'url' : 'text'}
        value={typeof value === 'string' ? value : ''}
        placeholder={field.placeholder}
        disabled={disabled}
        onChange={(_e, d) => onChange(d.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

export function SelectField({ field, value, error, disabled, onChange, onBlur }: FieldProps) {
  const { vocabularies } = useEngineHost();
  const vocabulary = field.vocabulary ? vocabularies[field.vocabulary] : undefined;
  const options = vocabulary?.options() ?? [];
  const selected = typeof value === 'string' && value ? value.toUpperCase() : '';
  const match = options.find((o) => o.value.toUpperCase() === selected);
  return (
    <Field label={field.label} {...validation(error, field.hint)}>
      <Dropdown
        aria-label={field.label}
        placeholder={field.placeholder}
        value={match?.label ?? ''}
        selectedOptions={match ? [match.value] : []}
        disabled={disabled}
        onOptionSelect={(_e, d) => onChange(d.optionValue ?? '')}
        onBlur={onBlur}
        listbox={{ style: { maxHeight: '280px' } }}
      >
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

export function ChoiceField({ field, value, error, disabled, onChange, onBlur }: FieldProps) {
  const styles = useStyles();
  return (
    <Field label={field.label} {...validation(error, field.hint)}>
      <RadioGroup value={typeof value === 'string' ? value : ''} onChange={(_e, d) => onChange(d.value)} onBlur={onBlur} disabled={disabled}>
        <div className={styles.choices}>
          {(field.options ?? []).map((o) => (
            <div key={o.value} className={`${styles.choice} ${o.disabled ? styles.choiceDisabled : ''}`}>
              <Radio value={o.value} label={o.label} disabled={disabled || o.disabled} />
              {o.description && (
                <Text size={200} className={styles.choiceHint}>
                  {o.description}
                </Text>
              )}
            </div>
          ))}
        </div>
      </RadioGroup>
    </Field>
  );
}

export function ConsentField({ field, value, error, disabled, onChange, onBlur }: FieldProps) {
  return (
    <Field {...validation(error, field.hint)}>
      <Checkbox name={field.name} checked={value === true} label={field.label} disabled={disabled} onChange={(_e, d) => onChange(d.checked === true)} onBlur={onBlur} />
    </Field>
  );
}

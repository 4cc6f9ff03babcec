import { Field, Textarea, Text, tokens } from '@fluentui/react-components';
import type { WidgetProps as RjsfWidgetProps } from '@rjsf/utils';

/** Textarea with a length/max counter under it (uiSchema "ui:widget": "counterTextarea"); the
 * maximum is the schema's maxLength, and typing stops there. */
export function CounterTextarea(props: RjsfWidgetProps) {
  const { id, value, label, required, disabled, readonly, onChange, onBlur, onFocus, schema, options, placeholder, rawErrors = [] } = props;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const text = typeof value === 'string' ? value : '';
  return (
    <Field label={label} required={required} validationState={rawErrors.length ? 'error' : undefined}>
      <Textarea
        id={id}
        name={id}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        maxLength={max}
        rows={typeof options.rows === 'number' ? options.rows : 4}
        onChange={(_, d) => onChange(d.value === '' ? options.emptyValue : d.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {max !== undefined && !readonly && (
        <Text size={200} data-testid={`${id}-counter`} style={{ color: tokens.colorNeutralForeground3, alignSelf: 'flex-end' }}>
          {text.length}/{max}
        </Text>
      )}
    </Field>
  );
}

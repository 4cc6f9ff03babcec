import { useContext, useMemo, useState } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import RjsfForm from '@rjsf/fluentui-rc';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { PageContext, useEngineHost, type WidgetProps, useAction, useActionScope } from '../../engine';
import { CounterTextarea } from './CounterTextarea';
import { initialValues } from './initialValues';
import { expandOptionLists } from './optionLists';
import type { FormConfig } from './config.generated';

// A form from an inline JSON Schema (rjsf, Fluent UI theme, Ajv validation). Submit runs an
// action whose `$row` is the opened row overlaid with the form values; the submit button stays
// disabled while the values do not validate or the action runs. Loaded lazily with its kind.

const useStyles = makeStyles({
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
});

const widgets = { counterTextarea: CounterTextarea };

export default function Form({ config }: WidgetProps<FormConfig>) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const page = useContext(PageContext);
  const scope = useActionScope();
  const action = useAction(config.submit);
  const schema = useMemo(() => expandOptionLists(config.schema, vocabularies) as RJSFSchema, [config.schema, vocabularies]);
  const uiSchema = useMemo(
    () => ({ ...config.uiSchema, 'ui:submitButtonOptions': { norender: true } }) as UiSchema,
    [config.uiSchema],
  );
  const [formData, setFormData] = useState<Record<string, unknown>>(() =>
    initialValues(config.initial, config.valueMaps, page?.bindings ?? {}, scope.row, config.upperCase),
  );
  const valid = useMemo(() => validator.validateFormData(formData, schema).errors.length === 0, [formData, schema]);

  const submit = async () => {
    if (!valid || action.busy) return;
    scope.setBusy?.(true);
    const ok = await action.run({ row: { ...scope.row, ...formData } });
    scope.setBusy?.(false);
    if (ok) scope.close?.();
  };

  return (
    <RjsfForm
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={widgets}
      disabled={action.busy}
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => setFormData((e.formData ?? {}) as Record<string, unknown>)}
      onSubmit={() => void submit()}
    >
      {action.error && (
        <MessageBar intent="error">
          <MessageBarBody>{action.error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {scope.close && (
          <Button appearance="secondary" disabled={action.busy} onClick={() => scope.close?.()}>
            {config.cancelLabel ?? 'Cancel'}
          </Button>
        )}
        <Button appearance="primary" type="submit" disabled={!valid || action.busy} icon={action.busy ? <Spinner size="tiny" /> : undefined}>
          {config.submitLabel}
        </Button>
      </div>
    </RjsfForm>
  );
}

import { useContext, useEffect, useMemo, useState } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import RjsfForm from '@rjsf/fluentui-rc';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { PageContext, useCardStyles, useEngineHost, type WidgetProps, useAction, useActionScope, useTemplate } from '../../engine';
import { CounterTextarea } from './CounterTextarea';
import { ReadOnlyValues } from './ReadOnlyValues';
import { withMessages } from './errorMessages';
import { initialValues } from './initialValues';
import { expandOptionLists } from './optionLists';
import type { FormConfig } from './config.generated';

// A form from an inline JSON Schema (rjsf, Fluent UI theme, Ajv validation). Submit runs an
// action whose `$row` is the opened row overlaid with the form values; the submit button stays
// disabled while the values do not validate or the action runs. Loaded lazily with its kind.
//
// With its own `data` (one record) the form starts from that record ({"$row": field} reads it)
// and stands on a page in its own card. With `modes.view` it opens showing the values as text: Edit
// switches to the inputs, a successful save returns to viewing, Cancel puts the record's values back. While
// viewing it follows the record, so a save's refetched answer is what it shows.

const useStyles = makeStyles({
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM, flexWrap: 'wrap' },
});

const widgets = { counterTextarea: CounterTextarea };

const recordOf = (data: unknown) => (data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null);

export default function Form({ id, config, data }: WidgetProps<FormConfig>) {
  const { vocabularies } = useEngineHost();
  const styles = useStyles();
  const card = useCardStyles();
  const fill = useTemplate(config);
  const page = useContext(PageContext);
  const scope = useActionScope();
  const action = useAction(config.submit);
  const viewFirst = config.modes?.view === true;
  const [editing, setEditing] = useState(!viewFirst);
  const schema = useMemo(() => expandOptionLists(config.schema, vocabularies) as RJSFSchema, [config.schema, vocabularies]);
  const uiSchema = useMemo(
    () => ({ ...config.uiSchema, 'ui:submitButtonOptions': { norender: true } }) as UiSchema,
    [config.uiSchema],
  );
  const row = scope.row ?? recordOf(data);
  const bindings = page?.bindings;
  const start = useMemo(
    () => initialValues(config.initial, config.valueMaps, bindings ?? {}, row, config.upperCase),
    [config.initial, config.valueMaps, config.upperCase, bindings, row],
  );
  const [formData, setFormData] = useState<Record<string, unknown>>(start);
  // While viewing, the form shows the record as it is now (e.g. refetched after a save).
  useEffect(() => {
    if (viewFirst && !editing) setFormData(start);
  }, [viewFirst, editing, start]);
  const valid = useMemo(() => validator.validateFormData(formData, schema).errors.length === 0, [formData, schema]);

  const submit = async () => {
    if (!editing || !valid || action.busy) return;
    scope.setBusy?.(true);
    const ok = await action.run({ row: { ...scope.row, ...formData } });
    scope.setBusy?.(false);
    if (ok && viewFirst) setEditing(false);
    else if (ok && config.keepOpen) setFormData(start);
    else if (ok) scope.close?.();
  };
  const cancel = () => {
    if (viewFirst) {
      setFormData(start);
      setEditing(false);
      action.reset();
    } else scope.close?.();
  };

  const form = (
    <RjsfForm
      idPrefix={id}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={widgets}
      disabled={action.busy}
      showErrorList={false}
      liveValidate={viewFirst && editing}
      transformErrors={(errors) => withMessages(errors, config.errorMessages)}
      noHtml5Validate
      onChange={(e) => setFormData((e.formData ?? {}) as Record<string, unknown>)}
      onSubmit={() => void submit()}
    >
      {action.error && (
        <MessageBar intent="error">
          <MessageBarBody>{action.error}</MessageBarBody>
        </MessageBar>
      )}
      {config.keepOpen && action.success && (
        <MessageBar intent="success">
          <MessageBarBody>{action.success}</MessageBarBody>
        </MessageBar>
      )}
      {editing && (
        <div className={styles.actions}>
          {(scope.close || viewFirst) && (
            <Button appearance="secondary" disabled={action.busy} onClick={cancel}>
              {config.cancelLabel ?? 'Cancel'}
            </Button>
          )}
          <Button appearance="primary" type="submit" disabled={!valid || action.busy} icon={action.busy ? <Spinner size="tiny" /> : undefined}>
            {config.submitLabel}
          </Button>
        </div>
      )}
    </RjsfForm>
  );

  if (!viewFirst && !config.data) return form;
  const hidden = Object.entries((config.uiSchema ?? {}) as Record<string, { 'ui:widget'?: string }>)
    .filter(([, ui]) => ui && ui['ui:widget'] === 'hidden')
    .map(([key]) => key);
  const title = fill(config.title);
  return (
    <section className={card.card} aria-label={title || id}>
      <div className={card.header}>
        {title && <h2 className={card.title}>{title}</h2>}
        {viewFirst && !editing && (
          <Button appearance="primary" icon={<EditRegular />} onClick={() => { action.reset(); setEditing(true); }}>
            {config.modes?.editLabel ?? 'Edit'}
          </Button>
        )}
      </div>
      {editing ? form : (
        <>
          <ReadOnlyValues schema={schema as { properties?: Record<string, unknown> }} values={formData} hidden={hidden} />
          {action.success && (
            <MessageBar intent="success">
              <MessageBarBody>{action.success}</MessageBarBody>
            </MessageBar>
          )}
        </>
      )}
    </section>
  );
}

import { useContext } from 'react';
import { Tooltip } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, PlayRegular, StopRegular } from '@fluentui/react-icons';
import { ActionTrigger, PageContext, allHold, fillTemplate, type FieldCondition, type WidgetProps, useActionScope, useTemplate } from '../../engine';
import type { ActionButtonConfig } from './config.generated';

// A button bound to an action: on the page (New Prompt), in a table's bulk bar (it sees the
// selection), on a row or a card (it sees the row). Its optional data feeds disabledWhen and the
// {name} placeholders of its label (fields of a one-record answer, e.g. a count). disabledWhen is
// one condition or a list on that data, or {"some": [...]}: some row of the data matches them all,
// where {"$row": ...} values read the row the button sits on (e.g. 'already tracked').
export type DisabledWhen = FieldCondition | FieldCondition[] | { some: FieldCondition[] };

export const ICONS = { add: <AddRegular />, play: <PlayRegular />, stop: <StopRegular />, edit: <EditRegular />, delete: <DeleteRegular /> };

export function isDisabled(when: DisabledWhen | undefined, data: unknown, ctx: Parameters<typeof allHold>[2]): boolean {
  if (!when) return false;
  if (!Array.isArray(when) && 'some' in when) {
    const rows = Array.isArray(data) ? data : [];
    return rows.some((r) => allHold(when.some, r, ctx));
  }
  return allHold(when as FieldCondition | FieldCondition[], data, ctx);
}

export default function ActionButton({ config, data }: WidgetProps<ActionButtonConfig>) {
  const page = useContext(PageContext);
  const scope = useActionScope();
  const fill = useTemplate(config);
  // data undefined while the button has a call: that call failed, so nothing is known to disable it
  const unknown = config.data !== undefined && data === undefined;
  const disabled = !unknown && isDisabled(config.disabledWhen, data, { ...page?.bindings, row: scope.row ?? null });
  const record = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const label = fillTemplate(fill(disabled && config.disabledLabel ? config.disabledLabel : config.label), record);
  const trigger = (
      <ActionTrigger
        action={config.action}
        label={label}
        appearance={config.appearance}
        icon={config.icon ? ICONS[config.icon] : undefined}
        disabled={disabled}
        disabledTooltip={config.disabledTooltip}
        size={config.size}
        row={scope.row}
        selection={scope.selection}
        clearSelection={scope.clearSelection}
      />
  );
  return (
    <div style={{ display: 'flex', justifyContent: config.align === 'end' ? 'flex-end' : 'flex-start', alignItems: 'center', gap: 8 }}>
      {/* the enabled button's explanation; a disabled one shows disabledTooltip instead */}
      {config.tooltip && !disabled ? (
        <Tooltip content={fill(config.tooltip)} relationship="description">
          <span>{trigger}</span>
        </Tooltip>
      ) : (
        trigger
      )}
    </div>
  );
}

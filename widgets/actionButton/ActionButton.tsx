import { useContext } from 'react';
import { AddRegular, EditRegular, PlayRegular, StopRegular } from '@fluentui/react-icons';
import { useActionScope } from '../../engine/actions/ActionScope';
import { ActionTrigger } from '../../engine/actions/ActionTrigger';
import { allHold, type FieldCondition } from '../../engine/actions/conditions';
import type { ActionSpec } from '../../engine/actions/types';
import { PageContext } from '../../engine/runtime/PageContext';
import type { WidgetConfig } from '../../engine/runtime/types';
import type { WidgetProps } from '../types';

// A button bound to an action: on the page (New Prompt), in a table's bulk bar (it sees the
// selection) or on a row (it sees the row). Its optional data feeds disabledWhen.
export interface ActionButtonConfig extends WidgetConfig {
  label: string;
  action: ActionSpec;
  appearance?: 'primary' | 'secondary' | 'outline' | 'subtle' | 'transparent';
  icon?: keyof typeof ICONS;
  disabledWhen?: FieldCondition | FieldCondition[];
  disabledTooltip?: string;
  align?: 'start' | 'end';
  size?: 'small' | 'medium';
}

export const ICONS = { add: <AddRegular />, play: <PlayRegular />, stop: <StopRegular />, edit: <EditRegular /> };

export default function ActionButton({ config, data }: WidgetProps<ActionButtonConfig>) {
  const page = useContext(PageContext);
  const scope = useActionScope();
  const disabled = allHold(config.disabledWhen, data, page?.bindings ?? {});
  return (
    <div style={{ display: 'flex', justifyContent: config.align === 'end' ? 'flex-end' : 'flex-start', alignItems: 'center', gap: 8 }}>
      <ActionTrigger
        action={config.action}
        label={config.label}
        appearance={config.appearance}
        icon={config.icon ? ICONS[config.icon] : undefined}
        disabled={disabled}
        disabledTooltip={config.disabledTooltip}
        size={config.size}
        row={scope.row}
        selection={scope.selection}
        clearSelection={scope.clearSelection}
      />
    </div>
  );
}

import { useContext, useMemo, useState, type JSX } from 'react';
import { Button, Spinner, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { PageContext } from '../runtime/PageContext';
import { WidgetHost } from '../runtime/WidgetHost';
import { fillPath, fillTemplate } from '../format/template';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { ActionScope, useActionScope } from './ActionScope';
import { LayoutTabsContext, findLayoutTab } from '../runtime/Layout';
import { ConfirmDialog } from './ConfirmDialog';
import { useAction } from './useAction';
import { useNotices } from './Notices';
import type { ActionSpec, Row } from './types';

// A button's label stays on one line ('Already Tracking...' in a narrow card): the button keeps
// its width and the row around it wraps instead.
const useStyles = makeStyles({ button: { whiteSpace: 'nowrap', flexShrink: 0 } });

export interface ActionTriggerProps {
  action: ActionSpec;
  label: string;
  appearance?: 'primary' | 'secondary' | 'outline' | 'subtle' | 'transparent';
  size?: 'small' | 'medium';
  icon?: JSX.Element;
  disabled?: boolean;
  /** Shown on hover while disabled (e.g. the plan-limit explanation). */
  disabledTooltip?: string;
  row?: Row | null;
  selection?: Row[];
  clearSelection?: () => void;
}

/** A button that runs an action: opens its dialog widget, or asks its confirmation, or calls the
 * mutation at once. Copy may use {count} (rows the action applies to). */
export function ActionTrigger({ action, label, appearance = 'secondary', size = 'medium', icon, disabled, disabledTooltip, row, selection, clearSelection }: ActionTriggerProps) {
  const page = useContext(PageContext);
  const styles = useStyles();
  const outer = useActionScope();
  const notices = useNotices();
  const state = useAction(action, { announce: outer.announceSuccess ? notices : null });
  const [open, setOpen] = useState(false);
  const count = action.forEach === 'selection' ? selection?.length ?? 0 : 1;
  // copy may use {count} and fields of the row the action runs on ('Stop tracking {competitorName}?')
  const text = (s: string | undefined) => (s ? fillTemplate(s, { ...row, count }) : '');
  const noRows = action.forEach === 'selection' && count === 0;
  const dialogConfig = action.dialog ? page?.page.widgets[action.dialog] : undefined;

  const navigator = useContext(UNSAFE_NavigationContext)?.navigator;
  const tabs = useContext(LayoutTabsContext);
  const execute = async () => {
    // inside a dialog, the dialog cannot be closed while this call runs, and closes after it
    if (action.call) outer.setBusy?.(true);
    const ok = await state.run({ row, selection });
    if (action.call) outer.setBusy?.(false);
    if (ok) {
      setOpen(false);
      clearSelection?.();
      if (action.call) outer.close?.();
      const to = action.navigate ? fillPath(action.navigate, row ?? {}) : null;
      if (to) navigator?.push(to);
      if (action.tab && page) {
        const index = findLayoutTab(page.page.layout, action.tab.tabs, action.tab.label);
        if (index >= 0) tabs?.select(action.tab.tabs, index);
      }
    }
  };
  const onClick = () => {
    state.reset();
    if (action.dialog || action.confirm) setOpen(true);
    else void execute();
  };

  const scope = useMemo(() => ({ row: row ?? null, selection, clearSelection, close: () => setOpen(false) }), [row, selection, clearSelection]);

  let button = (
    <Button className={styles.button} appearance={appearance} size={size} icon={state.busy && !open ? <Spinner size="tiny" /> : icon} disabled={disabled || noRows || state.busy} onClick={onClick}>
      {text(state.busy && action.busyLabel ? action.busyLabel : label)}
    </Button>
  );
  if (disabled && disabledTooltip) {
    // A disabled button fires no pointer events: the tooltip hangs on a wrapper.
    button = (
      <Tooltip content={disabledTooltip} relationship="description">
        <span tabIndex={0} aria-label={disabledTooltip}>{button}</span>
      </Tooltip>
    );
  }

  return (
    <>
      {button}
      {!open && !action.confirm && state.error && (
        <Text role="alert" size={200} style={{ color: tokens.colorPaletteRedForeground1 }}>{state.error}</Text>
      )}
      {!open && state.success && (
        <Text role="status" size={200} style={{ color: tokens.colorPaletteGreenForeground1 }}>{state.success}</Text>
      )}
      {/* stays mounted: unmounting an open Fluent dialog can leave the page aria-hidden */}
      {action.confirm && !action.dialog && (
        <ConfirmDialog spec={action.confirm} open={open} busy={state.busy} error={state.error} onConfirm={() => void execute()} onCancel={() => { setOpen(false); state.reset(); }} text={text} />
      )}
      {open && action.dialog && dialogConfig && (
        <ActionScope.Provider value={scope}>
          <WidgetHost id={action.dialog} config={dialogConfig} />
        </ActionScope.Provider>
      )}
    </>
  );
}

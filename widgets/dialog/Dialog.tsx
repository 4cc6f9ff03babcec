import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Dialog as FluentDialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { ActionScope, WidgetHost, type WidgetProps, useActionScope, useTemplate } from '../../engine';
import type { DialogConfig } from './config.generated';

// A modal opened by an action. Content widgets see the action's row; a submitting form marks the
// dialog busy (so does an action button's running call), and a busy dialog ignores Escape, the backdrop, its Close button and a form's Cancel (modalType stays fixed: changing it remounts the content).

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  large: { maxWidth: '900px', width: '90vw' },
});

export default function Dialog({ id, config }: WidgetProps<DialogConfig>) {
  const styles = useStyles();
  const outer = useActionScope();
  const fill = useTemplate(config);
  const [busy, setBusyState] = useState(false);
  // a ref as well, so a close right after the call ends (same tick) is not refused
  const busyRef = useRef(false);
  const setBusy = useCallback((next: boolean) => {
    busyRef.current = next;
    setBusyState(next);
  }, []);
  // every way out (Escape, backdrop, Close, a form's Cancel) is refused while a call runs
  const close = useCallback(() => {
    if (!busyRef.current) outer.close?.();
  }, [outer]);
  const scope = useMemo(() => ({ ...outer, setBusy, close }), [outer, setBusy, close]);
  return (
    <FluentDialog open modalType="modal" onOpenChange={(_, d) => { if (!d.open) close(); }}>
      <DialogSurface className={config.size === 'large' ? styles.large : undefined} aria-busy={busy}>
        <DialogBody>
          <DialogTitle>{fill(config.title)}</DialogTitle>
          <DialogContent className={styles.content}>
            <ActionScope.Provider value={scope}>
              {config.content.map((w, i) => (
                <WidgetHost key={i} id={`${id}.content.${i}`} config={w} />
              ))}
            </ActionScope.Provider>
          </DialogContent>
          {config.closeLabel && (
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={close}>{config.closeLabel}</Button>
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </FluentDialog>
  );
}

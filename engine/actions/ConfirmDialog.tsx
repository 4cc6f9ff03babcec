import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { ConfirmSpec } from './types';

/** The confirmation of an action; it cannot be dismissed while the action runs. */
export function ConfirmDialog({ spec, open, busy, error, onConfirm, onCancel, text }: {
  spec: ConfirmSpec;
  open: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  text: (s: string | undefined) => string;
}) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, d) => { if (!d.open && !busy) onCancel(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{text(spec.title)}</DialogTitle>
          <DialogContent>
            {spec.message && <p>{text(spec.message)}</p>}
            {error && (
              <MessageBar intent="error">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>{spec.cancelLabel ?? 'Cancel'}</Button>
            <Button appearance="primary" disabled={busy} onClick={onConfirm} icon={busy ? <Spinner size="tiny" /> : undefined}>
              {text(spec.confirmLabel ?? 'Confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

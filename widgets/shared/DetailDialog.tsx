import type { CSSProperties, ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

/** The modal a card or tile opens to show its details: a title, the content and a Close button. */
export function DetailDialog({ title, closeLabel, contentStyle, onClose, children }: {
  title: ReactNode;
  closeLabel?: string;
  contentStyle?: CSSProperties;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent style={contentStyle}>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>{closeLabel ?? 'Close'}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

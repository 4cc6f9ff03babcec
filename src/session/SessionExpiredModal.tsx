import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { ERROR_MESSAGES } from '../api/errors';
import { loginUrlFor } from './loginUrl';

/** Non-dismissable: the only way out is signing in again, coming back to this exact address. */
export function SessionExpiredModal({ open }: { open: boolean }) {
  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Session Expired</DialogTitle>
          <DialogContent>{ERROR_MESSAGES.sessionExpired}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => window.location.assign(loginUrlFor(window.location.href))}>
              Log In Again
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

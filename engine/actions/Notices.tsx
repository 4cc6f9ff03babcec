import { createContext, useCallback, useContext, useId, type ReactNode } from 'react';
import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';

// Page-level confirmations (toasts). An action started from a table row reports its success here
// rather than beside its button: the revalidation that follows may change the row (an untracked
// brand becomes a competitor, so Add as Competitor leaves its menu) or remove it, and a message
// drawn beside the button would leave with it.

export type Announce = (message: string) => void;

const NoticesContext = createContext<Announce | null>(null);

/** The page's announcer, or null outside a page (a widget rendered on its own). */
export function useNotices(): Announce | null {
  return useContext(NoticesContext);
}

/** How long a confirmation stays; it pauses while hovered and while the window is in the background. */
const NOTICE_TIMEOUT_MS = 6000;

export function NoticesProvider({ children }: { children: ReactNode }) {
  const toasterId = useId();
  const { dispatchToast } = useToastController(toasterId);
  const announce = useCallback<Announce>(
    (message) =>
      dispatchToast(
        <Toast data-testid="notice">
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent: 'success', timeout: NOTICE_TIMEOUT_MS, politeness: 'polite' },
      ),
    [dispatchToast],
  );
  return (
    <NoticesContext.Provider value={announce}>
      {children}
      <Toaster toasterId={toasterId} position="bottom-end" pauseOnHover pauseOnWindowBlur />
    </NoticesContext.Provider>
  );
}

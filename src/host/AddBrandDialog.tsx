import { useCallback, useMemo, useRef, useState } from 'react';
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { ActionScope, EngineHostProvider, PageContext, WidgetHost, type EngineHost, type PageContextValue } from '../../engine';
import { useSession } from '../session/SessionContext';
import { loadedPages } from './pageRoutes';
import { appServices, productHost } from './services';

// The brand switcher's 'Add Brand': the wizard widget of the add-brand page (pages/add-brand.json)
// in a dialog, so the wizard is declared once. Loaded lazily by the switcher, so neither the
// wizard nor the pages enter the initial bundle. Each opening mounts it afresh (step 1); Cancel
// closes it; the last step's Close calls onSuccess once the wizard has added the brand (it
// refreshes the session after its final call, which is how this dialog knows).

export const ADD_BRAND_PAGE_ID = 'add-brand';

const useStyles = makeStyles({ surface: { maxWidth: '760px', width: '92vw' } });

export interface AddBrandDialogProps {
  onClose: () => void;
  onSuccess: () => void;
}

export default function AddBrandDialog({ onClose, onSuccess }: AddBrandDialogProps) {
  const styles = useStyles();
  const { user, selectedBrand, refresh } = useSession();
  const page = loadedPages().find((p) => p.id === ADD_BRAND_PAGE_ID);
  const [widgetId, config] = Object.entries(page?.widgets ?? {}).find(([, w]) => w.type === 'wizard') ?? [];
  const added = useRef(false);
  const busyRef = useRef(false);
  const [busy, setBusyState] = useState(false);

  const host = useMemo<EngineHost>(
    () => ({
      ...productHost,
      ...appServices,
      scope: {
        user: user as Record<string, unknown> | null,
        brand: selectedBrand as Record<string, unknown> | null,
        refresh: () => {
          added.current = true;
          return refresh();
        },
      },
    }),
    [user, selectedBrand, refresh],
  );
  const context = useMemo<PageContextValue | null>(
    () =>
      page
        ? { page, filters: {}, setFilters: () => {}, setFilter: () => {}, bindings: { filters: {}, controls: [], params: {}, user: host.scope.user, brand: host.scope.brand } }
        : null,
    [page, host],
  );
  // Escape, the backdrop and Cancel are refused while a step's call runs
  const close = useCallback(() => {
    if (busyRef.current) return;
    if (added.current) onSuccess();
    onClose();
  }, [onClose, onSuccess]);
  const scope = useMemo(
    () => ({
      close,
      setBusy: (next: boolean) => {
        busyRef.current = next;
        setBusyState(next);
      },
    }),
    [close],
  );

  return (
    <Dialog open modalType="modal" onOpenChange={(_e, d) => !d.open && close()}>
      <DialogSurface className={styles.surface} aria-busy={busy}>
        <DialogBody>
          <DialogTitle>{config?.title ?? 'Add Brand'}</DialogTitle>
          <DialogContent>
            {widgetId && config && context ? (
              <EngineHostProvider host={host}>
                <PageContext.Provider value={context}>
                  <ActionScope.Provider value={scope}>
                    <WidgetHost id={widgetId} config={config} />
                  </ActionScope.Provider>
                </PageContext.Provider>
              </EngineHostProvider>
            ) : null}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

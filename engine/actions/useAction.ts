import { useCallback, useContext, useState } from 'react';
import { useSWRConfig } from 'swr';
import { PageContext } from '../runtime/PageContext';
import { useEngineHost } from '../host/EngineHostProvider';
import { fillTemplate } from '../format/template';
import { errorCopy } from './errorCopy';
import { revalidateCalls } from './revalidate';
import { runAction } from './runAction';
import { NoUrlError, closePendingTab, downloadJson, openPendingTab, openUrl, urlToOpen } from './effects';
import type { ActionSpec, Row } from './types';

export interface ActionState {
  busy: boolean;
  error: string | null;
  success: string | null;
}

export interface UseAction extends ActionState {
  /** Runs the action; resolves true on success. */
  run: (scope: { row?: Row | null; selection?: Row[] }) => Promise<boolean>;
  reset: () => void;
}

export interface UseActionOptions {
  /** Reports the success copy (a page toast) instead of keeping it in `success`; called before
   * the revalidation, which may unmount the component that started the action. */
  announce?: ((message: string) => void) | null;
}

/** Runs an action's mutation with the page's bindings, maps errors to the spec copy and
 * revalidates the calls it names. */
export function useAction(spec: ActionSpec | undefined, options: UseActionOptions = {}): UseAction {
  const { announce } = options;
  const page = useContext(PageContext);
  const { mutate } = useSWRConfig();
  const { api: fetcher, scope: hostScope, signOut } = useEngineHost();
  const [state, setState] = useState<ActionState>({ busy: false, error: null, success: null });

  const run = useCallback(
    async (scope: { row?: Row | null; selection?: Row[] }) => {
      if (!spec) return true;
      // synchronously, while the click still counts as a user gesture (see effects.ts)
      const pending = openPendingTab(spec);
      setState({ busy: true, error: null, success: null });
      try {
        const results = await runAction(spec, { fetcher, ctx: page?.bindings ?? {}, row: scope.row, selection: scope.selection });
        if (spec.open) {
          const url = urlToOpen(spec, results, scope.row);
          if (!url) throw new NoUrlError(spec.open.field);
          openUrl(url, spec.open.target ?? 'new-tab', pending);
        }
        if (spec.download) downloadJson(results[0], spec.download.filename);
        const success = spec.success ? fillTemplate(spec.success, { ...scope.row, count: results.length }) : null;
        if (success && announce) announce(success);
        await revalidateCalls(mutate, spec.revalidate);
        // Plan usage and brands live in the session (e.g. after a prompt is created or started).
        if (spec.refreshSession) await hostScope.refresh().catch(() => null);
        if (spec.then === 'signOut') {
          // The browser leaves the app: stay busy so nothing can be clicked meanwhile.
          signOut?.();
          return true;
        }
        setState({ busy: false, error: null, success: announce ? null : success });
        return true;
      } catch (error) {
        closePendingTab(pending);
        // Partial bulk runs still changed data: refresh what depends on it.
        await revalidateCalls(mutate, spec.revalidate).catch(() => {});
        // error copy may name the row it ran on ('Failed to add {competitorName} as a competitor…')
        setState({ busy: false, error: fillTemplate(errorCopy(spec, error), scope.row ?? {}), success: null });
        return false;
      }
    },
    [spec, fetcher, page?.bindings, mutate, hostScope, signOut, announce],
  );
  const reset = useCallback(() => setState({ busy: false, error: null, success: null }), []);
  return { ...state, run, reset };
}

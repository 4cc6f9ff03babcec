import { useCallback, useEffect, useState } from 'react';
import { useEngineHost } from '../../engine';

export interface CheckoutSession {
  clientSecret: string;
  customerId: string;
  url?: string;
}

export const DEFAULT_REFRESH_MINUTES = 25;

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown };

/**
 * The checkout session from `call`, asked on mount and again every `refreshMinutes` (a pricing
 * table's client secret expires; a fresh one is fetched before it does). A failed refresh keeps the
 * session shown; a failed first load is an error with `retry`.
 */
export function useCheckoutSession(call: string, refreshMinutes: number): Loaded<CheckoutSession> & { retry: () => void } {
  const { api } = useEngineHost();
  const [state, setState] = useState<Loaded<CheckoutSession>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () =>
      api(call, {}).then(
        (value) => live && setState({ status: 'ready', value: value as CheckoutSession }),
        (error: unknown) => live && setState((prev) => (prev.status === 'ready' ? prev : { status: 'error', error })),
      );
    void load();
    const minutes = refreshMinutes > 0 ? refreshMinutes : DEFAULT_REFRESH_MINUTES;
    const timer = setInterval(load, minutes * 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, call, refreshMinutes, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}

/** One answer of `call` (the plans), asked once while mounted; `enabled` false asks nothing. */
export function useAnswer<T>(call: string, enabled: boolean): Loaded<T> & { retry: () => void } {
  const { api } = useEngineHost();
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api(call, {}).then(
      (value) => live && setState({ status: 'ready', value: value as T }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [api, call, enabled, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}

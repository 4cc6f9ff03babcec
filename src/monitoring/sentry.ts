// Error reporting is optional: with VITE_SENTRY_DSN set, @sentry/react is loaded after the first
// render (its own chunk), so it never weighs on the first screen.

export const SENTRY_SAMPLE_RATES = {
  tracesSampleRate: 0.2,
  replaysSessionSampleRate: 0.05,
  replaysOnErrorSampleRate: 1.0,
} as const;

type SentryModule = typeof import('@sentry/react');

let sentry: Promise<SentryModule | null> | null = null;

export function sentryDsn(): string | undefined {
  const dsn = import.meta.env.VITE_SENTRY_DSN as string | undefined;
  return dsn && dsn.trim() ? dsn.trim() : undefined;
}

/** Loads and initialises Sentry once when a DSN is configured; resolves to null otherwise. */
export function initErrorReporting(): Promise<SentryModule | null> {
  if (sentry) return sentry;
  const dsn = sentryDsn();
  if (!dsn) {
    sentry = Promise.resolve(null);
    return sentry;
  }
  sentry = import('@sentry/react')
    .then((Sentry) => {
      Sentry.init({
        dsn,
        environment: import.meta.env.MODE,
        integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
        ...SENTRY_SAMPLE_RATES,
      });
      return Sentry;
    })
    .catch((error) => {
      console.warn('Error reporting could not be loaded', error);
      return null;
    });
  return sentry;
}

/** Reports an error when error reporting is on; always logs it. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error(error);
  void initErrorReporting().then((Sentry) => Sentry?.captureException(error, context ? { extra: context } : undefined));
}

/** Opens the feedback form when error reporting is on; returns false when it is not. */
export async function openFeedback(): Promise<boolean> {
  const Sentry = await initErrorReporting();
  if (!Sentry) return false;
  const feedback = Sentry.getFeedback?.();
  if (feedback) {
    const form = await feedback.createForm();
    form.appendToDom();
    form.open();
    return true;
  }
  Sentry.showReportDialog?.();
  return true;
}

import type { ServerContext } from '../http/context';
import { runAlertJobs, type JobResult } from './jobs';

export interface AlertTimerOptions {
  /** Whether this instance runs scheduled work now (the scheduler's leader); checked at every tick. */
  isLeader: () => boolean;
  /** Time between checks (default 15 minutes): alerts are due at most this late after midnight. */
  intervalMs?: number;
  /** Wait before the first check, so start-up work finishes first (default 1 minute). */
  firstDelayMs?: number;
  log?: (message: string, extra?: unknown) => void;
  logError?: (message: string, error: unknown) => void;
}

export interface AlertTimer {
  /** Runs the jobs now (if leader); resolves with what they sent. */
  tick(): Promise<JobResult[]>;
  stop(): void;
}

/** Runs the alert and report jobs at start and then every interval, on the leader instance only. */
export function startAlertTimer(ctx: ServerContext, options: AlertTimerOptions): AlertTimer {
  const log = options.log ?? (() => undefined);
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  let running: Promise<unknown> = Promise.resolve();

  async function tick(): Promise<JobResult[]> {
    if (!options.isLeader()) return [];
    const results = await runAlertJobs(ctx);
    const sent = results.filter((r) => r.sent > 0);
    if (sent.length) log(`alerts: queued ${sent.map((r) => `${r.sent} ${r.kind}`).join(', ')}`);
    return results;
  }
  const queue = () => {
    const next = running.then(tick);
    running = next.catch((err) => logError('alert jobs failed', err));
    return next;
  };
  let interval: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    void queue().catch(() => undefined);
    interval = setInterval(() => void queue().catch(() => undefined), options.intervalMs ?? 15 * 60_000);
    interval.unref();
  }, options.firstDelayMs ?? 60_000);
  first.unref();
  return {
    tick: queue,
    stop: () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    },
  };
}

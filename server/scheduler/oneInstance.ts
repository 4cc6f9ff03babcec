import type { ServerContext } from '../http/context';
import { openLockSession, SCHEDULER_LOCK, type LockSession } from './advisoryLock';
import { startScheduler, type Scheduler, type SchedulerOptions } from './index';
import { LEADERSHIP_RETRY_MS, startLeaderElection } from './leadership';

export interface OneInstanceOptions extends SchedulerOptions {
  /** Leadership changes, one line each (the server prints them whatever the log level). */
  announce: (line: string) => void;
  /** How often a waiting instance tries the lock, and the leader checks its connection. */
  retryMs?: number;
  /** Another way to the lock's connection (tests); default: a new connection to DATABASE_URL. */
  openSession?: () => Promise<LockSession>;
}

export interface RunningScheduler {
  /** Whether this instance runs the scheduled prompts right now. */
  isLeader(): boolean;
  /** Stops scheduling and, on PostgreSQL, releases the lock so another instance takes over at once. */
  stop(): Promise<void>;
}

/**
 * Runs the scheduler in exactly one instance. On DuckDB the server is a single process and always
 * runs it. On PostgreSQL several instances may share the database and each would run every due
 * prompt, so only the holder of the scheduler's advisory lock runs it; the others retry and take
 * over when the holder stops or dies.
 */
export function startSchedulerOnOneInstance(ctx: ServerContext, options: OneInstanceOptions): RunningScheduler {
  const databaseUrl = ctx.config.databaseUrl;
  if (!databaseUrl && !options.openSession) {
    const scheduler = startScheduler(ctx, options);
    return { isLeader: () => true, stop: async () => scheduler.stop() };
  }

  const retryMs = options.retryMs ?? LEADERSHIP_RETRY_MS;
  const openSession =
    options.openSession ??
    (() => openLockSession(databaseUrl!, SCHEDULER_LOCK, { applicationName: `answerscope scheduler (pid ${process.pid})` }));
  let scheduler: Scheduler | null = null;
  const election = startLeaderElection({
    openSession,
    retryMs,
    onLead() {
      options.announce('Scheduler: this instance runs the scheduled prompts (it holds the scheduler lock in PostgreSQL).');
      scheduler = startScheduler(ctx, options);
    },
    onLose(reason) {
      scheduler?.stop();
      scheduler = null;
      options.announce(
        `Scheduler: stopped; the connection holding the scheduler lock failed (${messageOf(reason)}). Trying again every ${retryMs / 1000} s.`,
      );
    },
    onFollow() {
      options.announce(
        `Scheduler: another instance runs the scheduled prompts; this one takes over if it stops (checked every ${retryMs / 1000} s).`,
      );
    },
    onError(err) {
      options.logError?.('scheduler lock: cannot reach PostgreSQL, trying again', err);
    },
  });
  return {
    isLeader: () => election.isLeader(),
    async stop() {
      scheduler?.stop();
      scheduler = null;
      await election.stop();
    },
  };
}

function messageOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0];
}

import type { LockSession } from './advisoryLock';

/**
 * Leader election over one lock: the instance whose session holds the lock leads; the others try
 * again every `retryMs`. A leader pings its session as often, so a connection that died or hangs
 * ends its leadership (onLose) before PostgreSQL gives the lock to someone else.
 */

/** Default time between a follower's attempts and a leader's pings. */
export const LEADERSHIP_RETRY_MS = 5_000;

export interface LeaderElectionOptions {
  openSession: () => Promise<LockSession>;
  retryMs?: number;
  /** This instance now holds the lock. */
  onLead: () => void;
  /** This instance no longer holds it (its connection failed); not called by stop(). */
  onLose: (reason: unknown) => void;
  /** An attempt found the lock held elsewhere (said once per spell of following, not at every retry). */
  onFollow?: () => void;
  /** Opening a session or trying the lock failed; the next round tries again. */
  onError?: (err: unknown) => void;
}

export interface LeaderElection {
  isLeader(): boolean;
  /** Stops trying and closes the session, which hands the lock to the next instance at once. */
  stop(): Promise<void>;
  /** Resolves after the round in progress (tests step through rounds with it). */
  settled(): Promise<void>;
}

export function startLeaderElection(options: LeaderElectionOptions): LeaderElection {
  const retryMs = options.retryMs ?? LEADERSHIP_RETRY_MS;
  let session: LockSession | null = null;
  let leading = false;
  let followed = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();

  function drop(reason: unknown) {
    const old = session;
    session = null;
    if (leading) {
      leading = false;
      options.onLose(reason);
    }
    void old?.close();
  }

  async function round() {
    if (stopped) return;
    try {
      if (!session) {
        const opened = await options.openSession();
        if (stopped) {
          await opened.close();
          return;
        }
        session = opened;
        opened.onLost((err) => {
          if (session === opened) drop(err);
        });
      }
      if (leading) {
        await session.ping();
      } else if (await session.tryLock()) {
        leading = true;
        followed = false; // following again after a loss is announced again
        options.onLead();
      } else if (!followed) {
        followed = true;
        options.onFollow?.();
      }
    } catch (err) {
      if (leading) drop(err);
      else {
        options.onError?.(err);
        drop(err);
      }
    }
  }

  function loop() {
    current = round().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, retryMs);
      timer.unref();
    });
  }
  loop();

  return {
    isLeader: () => leading,
    settled: () => current,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current.catch(() => undefined);
      const old = session;
      session = null;
      leading = false;
      await old?.close();
    },
  };
}

import pg from 'pg';

/**
 * PostgreSQL session-level advisory locks, each held on a connection of its own: the lock lasts
 * exactly as long as that connection, so an instance that dies (even by kill -9) releases it as
 * soon as PostgreSQL sees the connection close. Connection poolers in transaction mode
 * (PgBouncer's default) would hand the session to someone else: DATABASE_URL must reach
 * PostgreSQL directly or through a session-mode pooler.
 */

/** A lock's two-part key (pg_try_advisory_lock(int, int)); shows in pg_locks as classid/objid. */
export interface AdvisoryLockKey {
  classId: number;
  objId: number;
}

/** "ASCP": every lock of this product shares this first half of its key. */
const PRODUCT_CLASS_ID = 0x41534350;

/** Held by the one instance that runs scheduled prompts. */
export const SCHEDULER_LOCK: AdvisoryLockKey = { classId: PRODUCT_CLASS_ID, objId: 1 };
/** Held while an instance migrates and fills an empty database, so instances starting together take turns. */
export const STARTUP_LOCK: AdvisoryLockKey = { classId: PRODUCT_CLASS_ID, objId: 2 };

/** One connection that can take a lock; the lock goes when the connection goes. */
export interface LockSession {
  /** Takes the lock if it is free; false when another session holds it. */
  tryLock(): Promise<boolean>;
  /** Waits until the lock is free, then takes it. */
  lock(): Promise<void>;
  /** Resolves while the connection answers; rejects when it is lost or does not answer in time. */
  ping(): Promise<void>;
  /** Called once if the connection fails or ends other than by close(). */
  onLost(listener: (err: unknown) => void): void;
  /** Ends the connection, which releases the lock. */
  close(): Promise<void>;
}

export interface LockSessionOptions {
  /** Shown in pg_stat_activity.application_name, so an operator can see who holds the lock. */
  applicationName: string;
  /** A ping or tryLock that takes longer counts as a lost connection (default 10 s). */
  queryTimeoutMs?: number;
}

/**
 * Opens the dedicated connection for one lock. TCP keepalives run both ways: the client notices a
 * dead server, and PostgreSQL ends the session of a holder whose host vanished (power loss,
 * network cut) within about a minute instead of the system default of hours, which frees the lock.
 */
export async function openLockSession(databaseUrl: string, key: AdvisoryLockKey, options: LockSessionOptions): Promise<LockSession> {
  const queryTimeout = options.queryTimeoutMs ?? 10_000;
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: options.applicationName,
    connectionTimeoutMillis: queryTimeout,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  let closing = false;
  let lost: ((err: unknown) => void) | null = null;
  let lostReported = false;
  const reportLost = (err: unknown) => {
    if (closing || lostReported) return;
    lostReported = true;
    lost?.(err);
  };
  // Without an 'error' listener a dropped idle connection would crash the process.
  client.on('error', reportLost);
  client.on('end', () => reportLost(new Error('the connection ended')));
  await client.connect();
  try {
    // Server side keepalives (idle 30 s, then 3 probes 10 s apart); ignored on Unix sockets.
    await client.query('SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3');
  } catch {
    /* a server that refuses these settings still works, with its own keepalive defaults */
  }

  const timed = <T extends pg.QueryResultRow>(text: string, values: unknown[], timeout: number | undefined) =>
    client.query<T>({ text, values, ...(timeout ? { query_timeout: timeout } : {}) } as pg.QueryConfig);

  return {
    async tryLock() {
      const { rows } = await timed<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, $2) AS locked',
        [key.classId, key.objId],
        queryTimeout,
      );
      return rows[0]?.locked === true;
    },
    async lock() {
      // No time limit: waiting for another instance's start-up is the point.
      await timed('SELECT pg_advisory_lock($1, $2)', [key.classId, key.objId], undefined);
    },
    async ping() {
      await timed('SELECT 1', [], queryTimeout);
    },
    onLost(listener) {
      lost = listener;
    },
    async close() {
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * Runs `work` while holding `key`, waiting first if another session holds it (on PostgreSQL);
 * `onWait` is told once when it has to wait.
 */
export async function withLockSession<T>(
  databaseUrl: string,
  key: AdvisoryLockKey,
  options: LockSessionOptions & { onWait?: () => void },
  work: () => Promise<T>,
): Promise<T> {
  const session = await openLockSession(databaseUrl, key, options);
  try {
    if (!(await session.tryLock())) {
      options.onWait?.();
      await session.lock();
    }
    return await work();
  } finally {
    await session.close();
  }
}

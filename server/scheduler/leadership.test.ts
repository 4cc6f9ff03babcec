import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresReachable } from '../../tests/support/harness';
import { openTestDb, TEST_DATABASE_URL as url } from '../db/testing';
import type { ServerContext } from '../http/context';
import { openLockSession, type AdvisoryLockKey, type LockSession } from './advisoryLock';
import { startLeaderElection, type LeaderElection } from './leadership';
import { startSchedulerOnOneInstance } from './oneInstance';

/** One lock shared by fake sessions, as PostgreSQL would hold it: a session that ends frees it. */
function fakeLock() {
  let holder: object | null = null;
  const sessions: Array<LockSession & { drop(): void; failPings(): void }> = [];
  let refuseConnections = 0;
  return {
    holder: () => holder,
    sessions,
    refuseNext(n: number) {
      refuseConnections = n;
    },
    async open(): Promise<LockSession & { drop(): void; failPings(): void }> {
      if (refuseConnections > 0) {
        refuseConnections--;
        throw new Error('connection refused');
      }
      let lost: ((err: unknown) => void) | null = null;
      let pingsFail = false;
      const session = {
        async tryLock() {
          if (holder && holder !== session) return false;
          holder = session;
          return true;
        },
        async lock() {
          throw new Error('not used');
        },
        async ping() {
          if (pingsFail) throw new Error('query timeout');
        },
        onLost(listener: (err: unknown) => void) {
          lost = listener;
        },
        async close() {
          if (holder === session) holder = null;
        },
        /** The connection breaks: the server frees the lock and the client is told. */
        drop() {
          if (holder === session) holder = null;
          lost?.(new Error('connection terminated'));
        },
        /** The connection hangs: pings time out, the server still holds the lock for now. */
        failPings() {
          pingsFail = true;
        },
      };
      sessions.push(session);
      return session;
    },
  };
}

function recorder() {
  const events: string[] = [];
  return {
    events,
    options: (name: string) => ({
      onLead: () => events.push(`${name} leads`),
      onLose: () => events.push(`${name} lost`),
      onFollow: () => events.push(`${name} follows`),
      onError: () => events.push(`${name} error`),
    }),
  };
}

const elections: LeaderElection[] = [];
afterEach(async () => {
  await Promise.all(elections.splice(0).map((e) => e.stop()));
});

function elect(lock: ReturnType<typeof fakeLock>, options: ReturnType<ReturnType<typeof recorder>['options']>): LeaderElection {
  const election = startLeaderElection({ openSession: () => lock.open(), retryMs: 5, ...options });
  elections.push(election);
  return election;
}

/** Instance A started first and leads; B started next and follows. */
async function leaderAndFollower() {
  const lock = fakeLock();
  const r = recorder();
  const a = elect(lock, r.options('A'));
  await a.settled();
  const b = elect(lock, r.options('B'));
  await b.settled();
  return { lock, r, a, b };
}

describe('leader election', () => {
  it("one instance leads, the other follows and takes over when the leader's connection breaks", async () => {
    const { lock, r, a, b } = await leaderAndFollower();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(r.events).toEqual(['A leads', 'B follows']);

    // A's network goes: its connection breaks and it cannot reconnect for now.
    lock.refuseNext(Infinity);
    lock.sessions[0].drop();
    expect(a.isLeader()).toBe(false);
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
    // Back on the network, A waits its turn.
    lock.refuseNext(0);
    await vi.waitFor(() => expect(r.events).toContain('A follows'));
    expect(r.events.filter((e) => e !== 'A error')).toEqual(['A leads', 'B follows', 'A lost', 'B leads', 'A follows']);
    expect(a.isLeader()).toBe(false);
  });

  it('a leader whose connection stops answering steps down; the lock passes once the server drops that session', async () => {
    const { lock, r, a, b } = await leaderAndFollower();
    lock.refuseNext(Infinity); // and A cannot reconnect for now
    lock.sessions[0].failPings();
    await vi.waitFor(() => expect(r.events).toContain('A lost'));
    expect(a.isLeader()).toBe(false);
    // Closing the hung session is what lets the server free the lock.
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
    expect(r.events.indexOf('A lost')).toBeLessThan(r.events.indexOf('B leads'));
  });

  it('stop() hands the lock over without reporting a loss', async () => {
    const { lock, r, a, b } = await leaderAndFollower();
    await a.stop();
    expect(lock.holder()).toBeNull();
    await vi.waitFor(() => expect(b.isLeader()).toBe(true));
    expect(r.events).toEqual(['A leads', 'B follows', 'B leads']);
  });

  it('keeps trying while the database is unreachable', async () => {
    const lock = fakeLock();
    lock.refuseNext(2);
    const r = recorder();
    const a = elect(lock, r.options('A'));
    await vi.waitFor(() => expect(a.isLeader()).toBe(true));
    expect(r.events).toEqual(['A error', 'A error', 'A leads']);
  });
});

describe('the scheduler on one instance', () => {
  it('runs only while this instance leads, and says so', async () => {
    const t = await openTestDb('duckdb');
    try {
      const ctx: ServerContext = { db: t.db, config: { databaseUrl: null } as ServerContext['config'], now: () => new Date() };
      const lock = fakeLock();
      const lines: string[] = [];
      const other = await lock.open();
      await other.tryLock(); // another instance leads
      const scheduler = startSchedulerOnOneInstance(ctx, {
        announce: (l) => lines.push(l),
        retryMs: 5,
        openSession: () => lock.open(),
      });
      try {
        await vi.waitFor(() => expect(lines).toHaveLength(1));
        expect(scheduler.isLeader()).toBe(false);
        expect(lines[0]).toMatch(/^Scheduler: another instance runs the scheduled prompts/);
        other.drop();
        await vi.waitFor(() => expect(scheduler.isLeader()).toBe(true));
        expect(lines[1]).toMatch(/^Scheduler: this instance runs the scheduled prompts/);
        lock.sessions[1].drop();
        expect(scheduler.isLeader()).toBe(false);
        expect(lines[2]).toMatch(/^Scheduler: stopped; the connection holding the scheduler lock failed \(connection terminated\)/);
      } finally {
        await scheduler.stop();
      }
    } finally {
      await t.dispose();
    }
  });

  it('always runs on DuckDB (a single process)', async () => {
    const t = await openTestDb('duckdb');
    try {
      const ctx: ServerContext = { db: t.db, config: { databaseUrl: null } as ServerContext['config'], now: () => new Date() };
      const lines: string[] = [];
      const scheduler = startSchedulerOnOneInstance(ctx, { announce: (l) => lines.push(l) });
      expect(scheduler.isLeader()).toBe(true);
      await scheduler.stop();
      expect(lines).toEqual([]);
    } finally {
      await t.dispose();
    }
  });
});

const reachable = await postgresReachable();
describe(`advisory lock sessions on PostgreSQL${reachable ? '' : ` (skipped: PostgreSQL is not reachable at ${url})`}`, () => {
  // A key of its own, so a server or another test on the same database is not disturbed.
  const key: AdvisoryLockKey = { classId: randomInt(1, 2 ** 31 - 1), objId: randomInt(1, 2 ** 31 - 1) };

  it.runIf(reachable)('one session holds the lock; closing it, or PostgreSQL ending it, frees it and tells the holder', async () => {
    const first = await openLockSession(url, key, { applicationName: 'lock test 1' });
    const second = await openLockSession(url, key, { applicationName: 'lock test 2' });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect(await first.tryLock()).toBe(true);
      expect(await second.tryLock()).toBe(false);
      await first.close();
      expect(await second.tryLock()).toBe(true);

      // The server ends the holder's connection (as when it restarts): the holder hears of it.
      const lost = new Promise((resolve) => second.onLost(resolve));
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lock test 2' AND datname = current_database()`,
      );
      await expect(lost).resolves.toBeInstanceOf(Error);
      const third = await openLockSession(url, key, { applicationName: 'lock test 3' });
      expect(await third.tryLock()).toBe(true);
      await third.ping();
      await third.close();
    } finally {
      await first.close();
      await second.close();
      await admin.end();
    }
  });
});

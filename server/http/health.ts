import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listMigrations } from '../db/migrate';
import { quoteIdent } from '../db/names';
import type { Db } from '../db/types';
import type { ServerContext } from './context';

/** A readiness probe that takes longer than this counts as failed (a hung or locked database). */
export const READINESS_TIMEOUT_MS = 5000;
/** The scratch table the probe writes to and reads back; rows live only for the probe. */
export const HEALTH_PROBE_TABLE = 'health_probe';

export type ReadinessCheckName = 'migrations' | 'write' | 'read' | 'timeout';

export type Readiness = { ok: true } | { ok: false; check: ReadinessCheckName; reason: string; error?: unknown };

class ProbeFailure extends Error {
  constructor(
    readonly check: ReadinessCheckName,
    readonly reason: string,
    readonly error: unknown = null,
  ) {
    super(reason);
  }
}

async function step<T>(check: ReadinessCheckName, reason: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw err instanceof ProbeFailure ? err : new ProbeFailure(check, reason, err);
  }
}

/**
 * Whether this instance can serve: every migration file is recorded as applied, a row written to
 * a scratch table commits and reads back, and the first row of every table reads (a cheap sample
 * that meets a corrupt block at the start of a table; it is not a scan of the whole file).
 */
export async function probeReadiness(db: Db): Promise<Readiness> {
  try {
    const applied = await step('read', 'the database cannot be read', () =>
      db.query<{ id: string }>('SELECT id FROM schema_migrations'),
    );
    const done = new Set(applied.map((r) => r.id));
    const pending = listMigrations(db.dialect).filter((m) => !done.has(m.id));
    if (pending.length) throw new ProbeFailure('migrations', `migrations not applied: ${pending.map((m) => m.id).join(', ')}`);

    const id = `probe_${process.pid}_${randomBytes(6).toString('hex')}`;
    await step('write', 'a write to the database failed', async () => {
      await db
        .exec(`CREATE TABLE IF NOT EXISTS ${HEALTH_PROBE_TABLE} (id TEXT PRIMARY KEY, checked_at TIMESTAMP NOT NULL)`)
        .catch(() => undefined); // another instance may create it at the same moment; the insert decides
      await db.query(`INSERT INTO ${HEALTH_PROBE_TABLE} (id, checked_at) VALUES ($1, $2)`, [id, new Date()]);
      const back = await db.query<{ id: string }>(`SELECT id FROM ${HEALTH_PROBE_TABLE} WHERE id = $1`, [id]);
      if (back[0]?.id !== id) throw new ProbeFailure('write', 'a written row did not read back');
      await db.query(`DELETE FROM ${HEALTH_PROBE_TABLE} WHERE id = $1`, [id]);
    });

    const tables = await step('read', 'the database cannot be read', () =>
      db.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    );
    for (const { name } of tables) {
      await step('read', `reading table ${name} failed`, () => db.query(`SELECT * FROM ${quoteIdent(name)} LIMIT 1`));
    }
    return { ok: true };
  } catch (err) {
    if (err instanceof ProbeFailure) return { ok: false, check: err.check, reason: err.reason, error: err.error };
    return { ok: false, check: 'read', reason: 'the database cannot be read', error: err };
  }
}

/**
 * Probes that arrive while one runs share it (a burst of load-balancer checks costs one write),
 * and a probe past the time limit fails without waiting for a database that does not answer.
 */
export function createReadinessCheck(db: Db, timeoutMs = READINESS_TIMEOUT_MS): () => Promise<Readiness> {
  let running: Promise<Readiness> | null = null;
  const start = () => {
    const started = probeReadiness(db).finally(() => {
      if (running === started) running = null;
    });
    running = started;
    return started;
  };
  return async () => {
    const probe = running ?? start();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => {
        if (running === probe) running = null; // the next probe starts afresh instead of joining a hung one
        resolve({ ok: false, check: 'timeout', reason: `the database did not answer within ${timeoutMs} ms` });
      }, timeoutMs);
    });
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * /healthz is liveness: the process answers HTTP (it does not touch the database, so a database
 * outage does not get healthy processes restarted). /readyz is readiness: 200 only when the
 * database takes a real write and read and its migrations are current, else 503 with the failed
 * check. Both sit outside /api and the catalogue, and outside the rate limits, for load balancers.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: ServerContext, options: { timeoutMs?: number } = {}): void {
  const readiness = createReadinessCheck(ctx.db, options.timeoutMs);
  const config = { rateLimit: false };

  app.get('/healthz', { config }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/readyz', { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const result = await readiness();
    if (result.ok) return { ok: true };
    // The reason names the failed check; the database's own error (paths, SQL) goes to the log only.
    request.log.warn({ err: result.error, check: result.check }, `readiness: ${result.reason}`);
    return reply.code(503).send({ message: `Not ready: ${result.reason}`, code: 'NOT_READY', details: { check: result.check } });
  });
}

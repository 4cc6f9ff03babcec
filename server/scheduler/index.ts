import type { ServerContext } from '../http/context';
import { enqueuePrompt } from '../jobs/enqueue';
import { latestSlot, nextSlot } from './cron';
import { runPromptNow, type PromptRunResult, type RunPromptDeps } from './runPrompt';

export { runPromptNow, type PromptRunResult, type RunPromptDeps } from './runPrompt';
export { FREQUENCY_CRON, isValidCron, latestSlot, nextSlot } from './cron';

interface ActivePrompt {
  id: string;
  frequency_cron: string;
  created_at: string;
  last_run: string | null;
}

/**
 * Active prompts whose runs are charged to a plan that is active or trialing: the newest
 * subscription of the brand's creator (the user whose plan governs the brand). Prompts of a lapsed
 * or never-paid account stay in place but do not run until the subscription is live again.
 */
async function activePrompts(ctx: ServerContext): Promise<ActivePrompt[]> {
  return ctx.db.query<ActivePrompt>(`
    SELECT p.id, p.frequency_cron, p.created_at,
           (SELECT max(r.created_at) FROM runs r WHERE r.prompt_id = p.id) AS last_run
    FROM prompts p JOIN brands b ON b.id = p.brand_id
    WHERE p.state = 'active'
      AND (SELECT s.status FROM subscriptions s WHERE s.user_id = b.created_by
            ORDER BY s.created_at DESC, s.id DESC LIMIT 1) IN ('active', 'trialing')
    ORDER BY p.id`);
}

/**
 * A prompt is due when its latest scheduled slot has passed, the prompt already existed then, and
 * it has not run since. A server that was down over midnight therefore catches up once, and a
 * prompt created today waits for its first midnight (unless started immediately).
 */
export async function findDuePrompts(ctx: ServerContext, now: Date = ctx.now()): Promise<string[]> {
  return (await findDueSlots(ctx, now)).map((d) => d.promptId);
}

/** The due prompts, each with the slot it is due for. */
export async function findDueSlots(ctx: ServerContext, now: Date = ctx.now()): Promise<{ promptId: string; slot: Date }[]> {
  const due: { promptId: string; slot: Date }[] = [];
  for (const p of await activePrompts(ctx)) {
    const slot = latestSlot(p.frequency_cron, now);
    if (new Date(p.created_at) > slot) continue;
    if (p.last_run && new Date(p.last_run) >= slot) continue;
    due.push({ promptId: p.id, slot });
  }
  return due;
}

export interface SchedulerOptions extends RunPromptDeps {
  /** Longest sleep between checks, so new or edited prompts are picked up (default 1 hour). */
  maxSleepMs?: number;
  /** Progress goes to `log`; failures to `logError`. */
  log?: (message: string, extra?: unknown) => void;
  logError?: (message: string, error: unknown) => void;
}

export interface Scheduler {
  /**
   * Enqueues every due prompt's slot jobs (with a job queue; `results` then stays empty and the
   * workers run them), or runs them now; resolves with what was enqueued or ran.
   */
  tick(): Promise<{ promptId: string; results: PromptRunResult[]; enqueued?: number }[]>;
  stop(): void;
}

/** Runs due prompts at start, then again at each next scheduled slot (checking at least hourly). */
export function startScheduler(ctx: ServerContext, options: SchedulerOptions = {}): Scheduler {
  const log = options.log ?? (() => undefined);
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const maxSleep = options.maxSleepMs ?? 3_600_000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  async function tick() {
    const done: { promptId: string; results: PromptRunResult[]; enqueued?: number }[] = [];
    for (const { promptId, slot } of await findDueSlots(ctx)) {
      if (stopped) break;
      if (ctx.jobs) {
        // Enqueueing is idempotent by slot key: a prompt still due at the next tick adds nothing.
        done.push({ promptId, results: [], enqueued: await enqueuePrompt(ctx.db, ctx.jobs, promptId, slot) });
        continue;
      }
      const results = await runPromptNow(ctx, promptId, options);
      const failed = results.filter((r) => r.error);
      if (failed.length) logError(`prompt ${promptId}: ${failed.length} of ${results.length} runs failed`, failed);
      done.push({ promptId, results });
    }
    const enqueued = done.reduce((n, d) => n + (d.enqueued ?? 0), 0);
    if (ctx.jobs && enqueued) log(`scheduler enqueued ${enqueued} runs of ${done.length} due prompts`);
    else if (!ctx.jobs && done.length) log(`scheduler ran ${done.length} prompts`);
    return done;
  }

  async function sleepMs(): Promise<number> {
    const now = ctx.now();
    let next = now.getTime() + maxSleep;
    for (const p of await activePrompts(ctx)) next = Math.min(next, nextSlot(p.frequency_cron, now).getTime());
    return Math.max(1000, next - now.getTime());
  }

  function loop() {
    running = tick()
      .catch((err) => logError('scheduler tick failed', err))
      .then(() => (stopped ? 0 : sleepMs()))
      .catch(() => maxSleep)
      .then((ms) => {
        if (stopped) return;
        timer = setTimeout(loop, ms);
        timer.unref();
      });
  }
  loop();

  return {
    tick: () => {
      const next = running.then(() => tick());
      running = next.catch(() => undefined);
      return next;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

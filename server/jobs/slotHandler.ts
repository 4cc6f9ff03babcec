import type { Db } from '../db/types';
import { costCapStatus } from './costCap';
import type { ProviderGates } from './providerLimits';
import { JobFailure, type SlotHandler } from './queue';
import type { SlotJob } from './slotJob';

/** What running one slot needs from the rest of the server (the run storage, in production). */
export interface SlotRunner {
  /** The brand a prompt belongs to; null once the prompt is deleted (its jobs then have nothing to do). */
  brandOf(promptId: string): Promise<string | null>;
  /** Asks the provider and stores the run; repeated for a slot already stored, stores nothing new. */
  run(job: SlotJob, signal: AbortSignal): Promise<{ runId: string; tokens: number | null }>;
  /** Stores the slot's failure after its last try, so it shows on Prompt detail. */
  recordFailure(job: SlotJob, err: unknown, attempts: number): Promise<void>;
}

export interface SlotHandlerOptions {
  db: Db;
  runner: SlotRunner;
  gates: ProviderGates;
  /** US dollars per brand and UTC day; 0 = no cap. */
  costCapUsd: number;
  now?: () => Date;
  /** A Retry-After up to this long is waited out inside the attempt (default 60 s); longer ones reschedule the job. */
  maxInlineRetryAfterMs?: number;
  /** How many Retry-After waits one attempt makes before it counts as failed (default 5). */
  rateLimitWaits?: number;
}

/** The fields of a provider error the queue decides on; other errors (a database outage) are retried. */
interface FailureFacts {
  message: string;
  errorClass: string;
  retryable: boolean;
  retryAfterMs?: number;
}

function factsOf(err: unknown): FailureFacts {
  const e = (err && typeof err === 'object' ? err : {}) as Record<string, unknown>;
  const message = err instanceof Error ? err.message : String(err);
  return {
    message,
    errorClass: typeof e.errorClass === 'string' ? e.errorClass : 'internal',
    retryable: typeof e.retryable === 'boolean' ? e.retryable : true,
    retryAfterMs: typeof e.retryAfterMs === 'number' && e.retryAfterMs >= 0 ? e.retryAfterMs : undefined,
  };
}

/**
 * Runs one slot job: skips prompts that are gone, defers a brand that reached its daily cost cap
 * to the next UTC day (the job waits; nothing is lost), asks the provider through its rate-limit
 * gate, waits out a short Retry-After in place, and on the last try stores the failure.
 */
export function createSlotHandler(options: SlotHandlerOptions): SlotHandler {
  const now = options.now ?? (() => new Date());
  const maxInline = options.maxInlineRetryAfterMs ?? 60_000;
  const rateLimitWaits = options.rateLimitWaits ?? 5;

  return async (job, info) => {
    const brandId = await options.runner.brandOf(job.promptId);
    if (!brandId) return { done: true, runId: null };
    if (options.costCapUsd > 0) {
      const cap = await costCapStatus(options.db, brandId, options.costCapUsd, now());
      if (cap.paused) {
        return { deferUntil: new Date(cap.resumesAt!), reason: `daily cost cap of $${options.costCapUsd} reached ($${cap.spentUsd} spent)` };
      }
    }
    const gate = options.gates.gate(job.provider);
    for (let waits = 0; ; waits++) {
      try {
        const result = await gate.run(
          () => options.runner.run(job, info.signal),
          (r) => r.tokens,
        );
        return { done: true, runId: result.runId };
      } catch (err) {
        const facts = factsOf(err);
        if (facts.errorClass === 'rate_limited' && facts.retryAfterMs !== undefined) {
          // Every call of this process to the provider waits, not only this one.
          gate.pauseFor(facts.retryAfterMs);
          if (facts.retryAfterMs <= maxInline && waits < rateLimitWaits && !info.signal.aborted) continue;
        }
        const last = !facts.retryable || info.attempt >= info.maxAttempts;
        if (last) await options.runner.recordFailure(job, err, info.attempt);
        throw new JobFailure(`${facts.errorClass}: ${facts.message}`, facts.retryable && !last, facts.retryAfterMs);
      }
    }
  };
}

import type { ServerContext } from '../http/context';
import { realProviderIds } from '../providers/registry';
import { readProviderSettings } from '../providers/settings';
import { createProviderGates, type ProviderLimit } from './providerLimits';
import type { JobQueue } from './queue';
import { jobSettings } from './settings';
import { createSlotHandler, type SlotRunner } from './slotHandler';

export interface Worker {
  /** Stops taking jobs and waits up to `graceMs` for the running ones. */
  stop(graceMs?: number): Promise<void>;
}

export interface WorkerOptions {
  runner: SlotRunner;
  /** Overrides the configured jobs at once (WORKER_CONCURRENCY). */
  concurrency?: number;
  /** Overrides the configured limits of a provider. */
  limits?: (provider: string) => ProviderLimit;
}

const UNLISTED_PROVIDER: ProviderLimit = { concurrency: 4, requestsPerMinute: 60, tokensPerMinute: 0 };
/** The simulated provider calls nobody: only the worker's own concurrency bounds it. */
const SIMULATED: ProviderLimit = { concurrency: 1_000, requestsPerMinute: 0, tokensPerMinute: 0 };

/** Takes slot jobs from the queue in this process and runs them within each provider's limits. */
export async function startWorker(ctx: ServerContext, queue: JobQueue, options: WorkerOptions): Promise<Worker> {
  const settings = jobSettings(ctx.config);
  const real = new Set<string>(realProviderIds(ctx.config.providers ?? readProviderSettings(process.env)));
  const configured = (provider: string) => (real.has(provider) ? (settings.providerLimits[provider] ?? UNLISTED_PROVIDER) : SIMULATED);
  const gates = createProviderGates(options.limits ?? configured);
  const handler = createSlotHandler({ db: ctx.db, runner: options.runner, gates, costCapUsd: settings.costCapUsdPerBrandDay, now: ctx.now });
  await queue.work(handler, { concurrency: options.concurrency ?? settings.concurrency });
  return {
    async stop(graceMs) {
      await queue.stop(graceMs);
      await gates.stop();
    },
  };
}

import type { Db } from '../db/types';
import type { JobQueue, RetryPolicy } from '../jobs/queue';
import type { ProviderLimit } from '../jobs/providerLimits';
import type { StripeSettings } from '../payments/stripeSettings';
import type { ProviderSettings } from '../providers/settings';

export interface ServerConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  /** Public origin used in redirects and printed at start. */
  publicUrl: string;
  /** Directory of the built front end; null when the API runs alone (tests). */
  webDir: string | null;
  /** Cookies get `Secure` only behind https. */
  secureCookies: boolean;
  /** The built-in checkout (no real payment); false switches it off (production default). Unset = on. */
  localPayments?: boolean;
  /** Stripe is the payment provider when set (STRIPE_* variables); unset or null = the local provider. */
  stripe?: StripeSettings | null;
  /**
   * Where insight window aggregates read whole days: the daily rollups (default) or the raw facts
   * only, which the rollups are proven against and benchmarks compare with.
   */
  factSource?: 'rollups' | 'raw';
  /** How many insight answers the server keeps for reuse (0 or unset = none; see answerCache.ts). */
  answerCacheEntries?: number;
  /** AI provider keys, endpoints, models, timeouts and prices; unset = read from the environment when first needed. */
  providers?: ProviderSettings;
  /** Fewest answers on each side of a change before it is stated (STATS_MIN_SAMPLE; unset = server/stats DEFAULT_MIN_SAMPLE). */
  minSample?: number;
  /** The job queue, workers and spending limits; unset = the defaults (tests). */
  jobs?: JobSettings;
}

export interface JobSettings {
  /** Whether the web server also runs a worker (WORKER_IN_PROCESS). */
  workerInProcess: boolean;
  /** Jobs one worker process runs at once. */
  concurrency: number;
  retry: RetryPolicy;
  /** Longest attempt; a worker that died releases its jobs after it. */
  timeoutMs: number;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** PostgreSQL: how often attempts that ran past timeoutMs (a dead worker's) are found and retried. */
  superviseMs: number;
  /** Per provider id, per worker process. */
  providerLimits: Record<string, ProviderLimit>;
  /** A brand's runs pause for the rest of the UTC day once its runs of the day cost this much (0 = no cap). */
  costCapUsdPerBrandDay: number;
}

/** What every route handler can reach. Tests build one with a fixed clock. */
export interface ServerContext {
  db: Db;
  config: ServerConfig;
  /** Injected so tests and the demo data agree on "now". */
  now: () => Date;
  /** Where runs are enqueued (the scheduler, "start immediately"); without one they run inline (tests, tools). */
  jobs?: JobQueue;
}

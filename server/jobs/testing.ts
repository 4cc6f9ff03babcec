import type { JobSettings } from '../http/context';

/** Job settings for tests: one job at a time, retries after milliseconds, no cost cap. */
export const TEST_JOB_SETTINGS: JobSettings = {
  workerInProcess: true,
  concurrency: 1,
  retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
  timeoutMs: 10_000,
  pollMs: 500,
  superviseMs: 1000,
  providerLimits: {},
  costCapUsdPerBrandDay: 0,
};

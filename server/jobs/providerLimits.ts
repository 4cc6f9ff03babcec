import Bottleneck from 'bottleneck';

/** How much of a provider one worker process may use at once. */
export interface ProviderLimit {
  /** Requests in flight at once. */
  concurrency: number;
  /** Requests started per minute (spread evenly: one every 60/rpm seconds). */
  requestsPerMinute: number;
  /** Tokens (in + out) per minute, as a bucket that refills every second; 0 = no token limit. */
  tokensPerMinute: number;
}

/** Tokens one run is assumed to use until its answer says how many it used: prompt, search context, answer. */
export const ESTIMATED_TOKENS_PER_RUN = 2000;

export interface ProviderGate {
  /**
   * Runs `call` when the provider's limits allow; `tokensUsed` of its result (when known) corrects
   * the token estimate it was admitted with.
   */
  run<T>(call: () => Promise<T>, tokensUsed?: (result: T) => number | null): Promise<T>;
  /** The provider asked us to wait (429 Retry-After): no call of this process starts before then. */
  pauseFor(ms: number): void;
  /** When the current pause ends (epoch ms), or 0. */
  pausedUntil(): number;
}

export interface ProviderGates {
  gate(provider: string): ProviderGate;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One gate per provider, with bottleneck: a limiter for concurrency and requests per minute and a
 * token bucket for tokens per minute. Limits hold per worker process (see docs/operations.md).
 */
export function createProviderGates(limits: (provider: string) => ProviderLimit): ProviderGates {
  const gates = new Map<string, ProviderGate>();
  const limiters: Bottleneck[] = [];

  function make(provider: string): ProviderGate {
    const limit = limits(provider);
    const requests = new Bottleneck({
      maxConcurrent: Math.max(1, limit.concurrency),
      minTime: limit.requestsPerMinute > 0 ? Math.ceil(60_000 / limit.requestsPerMinute) : 0,
    });
    const tokenCap = limit.tokensPerMinute > 0 ? limit.tokensPerMinute : null;
    const tokens = tokenCap
      ? new Bottleneck({
          reservoir: tokenCap,
          reservoirIncreaseAmount: Math.max(1, Math.floor(tokenCap / 60)),
          reservoirIncreaseInterval: 1000,
          reservoirIncreaseMaximum: tokenCap,
        })
      : null;
    limiters.push(requests, ...(tokens ? [tokens] : []));
    let pausedUntil = 0;

    return {
      async run(call, tokensUsed) {
        const estimate = tokenCap ? Math.min(ESTIMATED_TOKENS_PER_RUN, tokenCap) : 0;
        if (tokens) await tokens.schedule({ weight: estimate }, async () => undefined);
        const result = await requests.schedule(async () => {
          // A pause holds this call's place: the limiter starts nothing else meanwhile.
          for (let wait = pausedUntil - Date.now(); wait > 0; wait = pausedUntil - Date.now()) await sleep(wait);
          return call();
        });
        const used = tokensUsed?.(result);
        if (tokens && used != null && used !== estimate) await tokens.incrementReservoir(estimate - used);
        return result;
      },
      pauseFor(ms) {
        pausedUntil = Math.max(pausedUntil, Date.now() + ms);
      },
      pausedUntil: () => pausedUntil,
    };
  }

  return {
    gate(provider) {
      let g = gates.get(provider);
      if (!g) gates.set(provider, (g = make(provider)));
      return g;
    },
    async stop() {
      await Promise.all(limiters.map((l) => l.stop({ dropWaitingJobs: true }).catch(() => undefined)));
    },
  };
}

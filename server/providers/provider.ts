/** What an AI provider returns for one prompt run: the answer text and its citation list. */
export interface RawCitation {
  url: string;
  title: string | null;
  author: string | null;
  /** ISO-8601 */
  publishedAt: string | null;
}

/** How a run's answer was obtained; stored on the run and shown on Prompt detail. */
export interface RunProvenance {
  /** the model that answered ('simulated' for the simulated provider; null when unknown) */
  model: string | null;
  /** false when the simulated provider wrote the answer */
  real: boolean;
  /** whether the provider was asked to search the web */
  webSearch: boolean;
  /** two-letter country the answer was requested for */
  requestedCountry: string;
  latencyMs: number;
  inputTokens: number | null;
  outputTokens: number | null;
  /** from the configured prices per 1M tokens; null when a token count or a price is unknown */
  costUsd: number | null;
}

/** The text and sources of an answer, as the extractor reads them. */
export interface AnswerContent {
  answerText: string;
  citations: RawCitation[];
}

export interface ProviderAnswer extends AnswerContent {
  provenance: RunProvenance;
}

/** Provenance of an answer the simulated provider (or the demo generator) wrote. */
export function simulatedProvenance(location: string, latencyMs = 0): RunProvenance {
  return { model: 'simulated', real: false, webSearch: false, requestedCountry: location, latencyMs, inputTokens: 0, outputTokens: 0, costUsd: 0 };
}

export interface AnswerRequest {
  promptText: string;
  provider: string;
  /** two-letter country code the prompt is run from */
  location: string;
  at: Date;
  /** aborts the request (the queue's job timeout or shutdown) */
  signal?: AbortSignal;
  /** names the simulated provider may mention; real providers ignore it */
  context?: { brandName: string; competitors: string[] };
}

export interface AnswerProvider {
  readonly id: string;
  answer(req: AnswerRequest): Promise<ProviderAnswer>;
}

export const PROVIDERS = ['openai', 'perplexity', 'google', 'microsoft'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

/** What an AI provider returns for one prompt run: the answer text and its citation list. */
export interface RawCitation {
  url: string;
  title: string | null;
  author: string | null;
  /** ISO-8601 */
  publishedAt: string | null;
}

export interface ProviderAnswer {
  answerText: string;
  citations: RawCitation[];
}

export interface AnswerRequest {
  promptText: string;
  provider: string;
  /** two-letter country code the prompt is run from */
  location: string;
  at: Date;
  /** names the simulated provider may mention; real providers ignore it */
  context?: { brandName: string; competitors: string[] };
}

export interface AnswerProvider {
  readonly id: string;
  answer(req: AnswerRequest): Promise<ProviderAnswer>;
}

export const PROVIDERS = ['openai', 'perplexity', 'google', 'microsoft'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

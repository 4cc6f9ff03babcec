import { ProviderError, toProviderError } from '../errors';
import type { RawCitation, RunProvenance } from '../provider';
import { costOf, type Prices } from '../settings';

/** The instruction every real provider gets: answer as for a user in the requested country. */
export function countryInstruction(country: string): string {
  const code = country.toUpperCase();
  let name = code;
  try {
    name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    // an unusual code keeps its letters
  }
  return `The user is located in ${name} (${code}). Answer as you would for someone there, with sources.`;
}

/** Runs one SDK call, timing it, and turns whatever it throws into a ProviderError. */
export async function call<T>(provider: string, fn: () => Promise<T>): Promise<{ value: T; latencyMs: number }> {
  const started = performance.now();
  try {
    const value = await fn();
    return { value, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    throw toProviderError(err, provider);
  }
}

/** Citations in the order first cited, one per url. */
export function uniqueCitations(list: RawCitation[]): RawCitation[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    if (!c.url || seen.has(c.url)) return false;
    seen.add(c.url);
    return true;
  });
}

export const tokens = (n: unknown): number | null => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null);

export function requireText(text: unknown, provider: string): string {
  if (typeof text !== 'string' || text.trim() === '') throw new ProviderError(provider, 'bad_response', `${provider}: the reply has no answer text`);
  return text;
}

/**
 * The provenance of a real provider's answer: the model the reply names (else the one asked for),
 * and its cost from the configured prices unless the provider reported its own.
 */
export function realProvenance(p: {
  replyModel: unknown;
  askedModel: string;
  webSearch: boolean;
  country: string;
  latencyMs: number;
  inputTokens: number | null;
  outputTokens: number | null;
  prices: Prices;
  reportedCostUsd?: unknown;
}): RunProvenance {
  const reported = typeof p.reportedCostUsd === 'number' && Number.isFinite(p.reportedCostUsd) && p.reportedCostUsd >= 0 ? p.reportedCostUsd : null;
  return {
    model: typeof p.replyModel === 'string' && p.replyModel ? p.replyModel : p.askedModel,
    real: true,
    webSearch: p.webSearch,
    requestedCountry: p.country,
    latencyMs: p.latencyMs,
    inputTokens: p.inputTokens,
    outputTokens: p.outputTokens,
    costUsd: reported ?? costOf(p.prices, p.inputTokens, p.outputTokens),
  };
}

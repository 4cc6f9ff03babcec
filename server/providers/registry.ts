import { PROVIDERS, type AnswerProvider } from './provider';
import { createSimulatedProvider } from './simulated';

/**
 * The provider used to run prompts, by id. Real adapters will be chosen here when their key is
 * configured (OPENAI_API_KEY for openai, PERPLEXITY_API_KEY for perplexity); they are not written
 * yet, so every id gets the simulated provider for now, key or not.
 */
/** How callers find the provider for an id (injected by tests). */
export type ProviderLookup = (id: string) => AnswerProvider;

const instances = new Map<string, AnswerProvider>();

export function isProviderId(id: string): id is (typeof PROVIDERS)[number] {
  return (PROVIDERS as readonly string[]).includes(id);
}

export function getProvider(id: string): AnswerProvider {
  if (!isProviderId(id)) throw new Error(`Unknown provider: ${id}`);
  let p = instances.get(id);
  if (!p) {
    p = createSimulatedProvider(id);
    instances.set(id, p);
  }
  return p;
}

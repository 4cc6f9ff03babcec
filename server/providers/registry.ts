import { createGeminiProvider } from './adapters/gemini';
import { createAzureProvider, createOpenAiProvider } from './adapters/openai';
import { createPerplexityProvider } from './adapters/perplexity';
import { PROVIDERS, type AnswerProvider, type ProviderId } from './provider';
import { readProviderSettings, type ProviderSettings } from './settings';
import { createSimulatedProvider } from './simulated';

/** How callers find the provider for an id (injected by tests). */
export type ProviderLookup = (id: string) => AnswerProvider;

export function isProviderId(id: string): id is (typeof PROVIDERS)[number] {
  return (PROVIDERS as readonly string[]).includes(id);
}

/** The real adapter for an id when its key (and for Azure its endpoint and deployment) is configured, else null. */
function realProvider(id: ProviderId, s: ProviderSettings): AnswerProvider | null {
  switch (id) {
    case 'openai':
      return s.openai.apiKey ? createOpenAiProvider({ ...s.openai, apiKey: s.openai.apiKey }) : null;
    case 'perplexity':
      return s.perplexity.apiKey ? createPerplexityProvider({ ...s.perplexity, apiKey: s.perplexity.apiKey }) : null;
    case 'google':
      return s.google.apiKey ? createGeminiProvider({ ...s.google, apiKey: s.google.apiKey }) : null;
    case 'microsoft': {
      const { apiKey, endpoint, deployment } = s.microsoft;
      return apiKey && endpoint && deployment ? createAzureProvider({ ...s.microsoft, apiKey, endpoint, deployment }) : null;
    }
  }
}

/** Which providers answer for real under these settings (the rest are simulated). */
export function realProviderIds(s: ProviderSettings): ProviderId[] {
  return PROVIDERS.filter((id) =>
    id === 'microsoft' ? Boolean(s.microsoft.apiKey && s.microsoft.endpoint && s.microsoft.deployment) : Boolean(s[id].apiKey),
  );
}

/**
 * A lookup over these settings: each id gets its real adapter when configured, the simulated
 * provider otherwise (its runs are then marked simulated). Instances are made once and reused.
 */
export function createProviderRegistry(settings: ProviderSettings): ProviderLookup {
  const instances = new Map<string, AnswerProvider>();
  return (id: string) => {
    if (!isProviderId(id)) throw new Error(`Unknown provider: ${id}`);
    let p = instances.get(id);
    if (!p) {
      p = realProvider(id, settings) ?? createSimulatedProvider(id);
      instances.set(id, p);
    }
    return p;
  };
}

const bySettings = new WeakMap<ProviderSettings, ProviderLookup>();

/** The registry for one settings object (the server's configuration), made once. */
export function registryFor(settings: ProviderSettings): ProviderLookup {
  let lookup = bySettings.get(settings);
  if (!lookup) {
    lookup = createProviderRegistry(settings);
    bySettings.set(settings, lookup);
  }
  return lookup;
}

let fromEnvironment: ProviderLookup | null = null;

/** The provider for an id under the process environment's settings (where no server configuration is at hand). */
export function getProvider(id: string): AnswerProvider {
  fromEnvironment ??= createProviderRegistry(readProviderSettings(process.env));
  return fromEnvironment(id);
}

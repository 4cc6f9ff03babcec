/** AI providers behind one interface; the simulated provider is the default (see registry.ts). */
export type { RawCitation, ProviderAnswer, AnswerRequest, AnswerProvider, ProviderId } from './provider.js';
export { PROVIDERS } from './provider.js';
export { createSimulatedProvider, type SimulatedProviderOptions } from './simulated.js';
export { getProvider, isProviderId } from './registry.js';

/** AI providers behind one interface; the simulated provider is the default (see registry.ts). */
export type { RawCitation, AnswerContent, ProviderAnswer, RunProvenance, AnswerRequest, AnswerProvider, ProviderId } from './provider';
export { PROVIDERS, simulatedProvenance } from './provider';
export { ProviderError, toProviderError, type ProviderErrorClass } from './errors';
export { createSimulatedProvider, type SimulatedProviderOptions } from './simulated';
export { getProvider, isProviderId } from './registry';

/** AI providers behind one interface; the simulated provider is the default (see registry.ts). */
export type { RawCitation, ProviderAnswer, AnswerRequest, AnswerProvider, ProviderId } from './provider';
export { PROVIDERS } from './provider';
export { createSimulatedProvider, type SimulatedProviderOptions } from './simulated';
export { getProvider, isProviderId } from './registry';

import OpenAI, { AzureOpenAI } from 'openai';
import type { AnswerProvider } from '../provider';
import type { ApiProviderSettings, AzureSettings } from '../settings';
import { createResponsesAdapter } from './openaiResponses';

/** ChatGPT's answers: the OpenAI Responses API with web search. The SDK does not retry (the job queue owns retries). */
export function createOpenAiProvider(s: ApiProviderSettings & { apiKey: string }): AnswerProvider {
  const client = new OpenAI({ apiKey: s.apiKey, baseURL: s.baseUrl ?? 'https://api.openai.com/v1', timeout: s.timeoutMs, maxRetries: 0 });
  return createResponsesAdapter({ id: 'openai', client, model: s.model, webSearch: true, prices: s.prices });
}

/**
 * Microsoft's answers: Copilot has no public API, so an Azure OpenAI deployment stands in, with
 * the Responses API web search tool where the deployment supports it (AZURE_OPENAI_WEB_SEARCH).
 * The base URL is given explicitly: the SDK would otherwise also read OPENAI_BASE_URL and refuse
 * an endpoint beside it.
 */
export function createAzureProvider(s: AzureSettings & { apiKey: string; endpoint: string; deployment: string }): AnswerProvider {
  const client = new AzureOpenAI({
    apiKey: s.apiKey,
    baseURL: `${s.endpoint}/openai`,
    apiVersion: s.apiVersion,
    deployment: s.deployment,
    timeout: s.timeoutMs,
    maxRetries: 0,
  });
  return createResponsesAdapter({ id: 'microsoft', client, model: s.deployment, webSearch: s.webSearch, prices: s.prices });
}

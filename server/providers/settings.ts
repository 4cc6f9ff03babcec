/**
 * Provider configuration from the environment. A provider whose key is unset answers with the
 * simulated provider (and its runs are marked simulated). Defaults are documented in
 * docs/operations.md; prices are list prices per 1M tokens when written and should be set to
 * the account's own.
 */
export interface Prices {
  /** USD per 1M input tokens */
  inputPer1M: number;
  /** USD per 1M output tokens */
  outputPer1M: number;
  /** USD per request on top of tokens (web search / grounding fees) */
  perRequest: number;
}

export interface ApiProviderSettings {
  apiKey: string | null;
  /** null = the SDK's default endpoint */
  baseUrl: string | null;
  model: string;
  timeoutMs: number;
  prices: Prices;
}

export interface GoogleSettings extends ApiProviderSettings {
  /** Follow grounding redirect URLs to the source's own URL (one HEAD request per citation). */
  resolveRedirects: boolean;
}

export interface AzureSettings {
  apiKey: string | null;
  /** https://<resource>.openai.azure.com */
  endpoint: string | null;
  deployment: string | null;
  apiVersion: string;
  /** Ask for the Responses API web search tool (only where the deployment supports it). */
  webSearch: boolean;
  timeoutMs: number;
  prices: Prices;
}

export interface ProviderSettings {
  openai: ApiProviderSettings;
  perplexity: ApiProviderSettings;
  google: GoogleSettings;
  microsoft: AzureSettings;
}

export class ProviderSettingsError extends Error {}

export const PROVIDER_DEFAULTS = {
  openai: { model: 'gpt-4.1-mini', timeoutMs: 60_000, prices: { inputPer1M: 0.4, outputPer1M: 1.6, perRequest: 0.025 } },
  perplexity: { model: 'sonar', timeoutMs: 60_000, prices: { inputPer1M: 1, outputPer1M: 1, perRequest: 0.005 } },
  google: { model: 'gemini-2.5-flash', timeoutMs: 60_000, prices: { inputPer1M: 0.3, outputPer1M: 2.5, perRequest: 0.035 } },
  microsoft: { apiVersion: '2025-04-01-preview', timeoutMs: 60_000, prices: { inputPer1M: 0.4, outputPer1M: 1.6, perRequest: 0.025 } },
} as const;

const text = (env: NodeJS.ProcessEnv, ...names: string[]): string | null => {
  for (const n of names) {
    const v = env[n]?.trim();
    if (v) return v;
  }
  return null;
};

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new ProviderSettingsError(`${name} must be a number of at least ${min}, got "${env[name]}"`);
  return n;
}

function url(env: NodeJS.ProcessEnv, ...names: string[]): string | null {
  const raw = text(env, ...names);
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ProviderSettingsError(`${names[0]} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ProviderSettingsError(`${name} must be 1 or 0, got "${env[name]}"`);
}

function prices(env: NodeJS.ProcessEnv, prefix: string, d: Prices): Prices {
  return {
    inputPer1M: number(env, `${prefix}_PRICE_INPUT_PER_1M`, d.inputPer1M),
    outputPer1M: number(env, `${prefix}_PRICE_OUTPUT_PER_1M`, d.outputPer1M),
    perRequest: number(env, `${prefix}_PRICE_PER_REQUEST`, d.perRequest),
  };
}

export function readProviderSettings(env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const d = PROVIDER_DEFAULTS;
  const api = (prefix: string, defaults: { model: string; timeoutMs: number; prices: Prices }, keyNames: string[], baseNames: string[]): ApiProviderSettings => ({
    apiKey: text(env, ...keyNames),
    baseUrl: url(env, ...baseNames),
    model: text(env, `${prefix}_MODEL`) ?? defaults.model,
    timeoutMs: number(env, `${prefix}_TIMEOUT_MS`, defaults.timeoutMs, 1),
    prices: prices(env, prefix, defaults.prices),
  });
  const microsoft: AzureSettings = {
    apiKey: text(env, 'AZURE_OPENAI_API_KEY'),
    endpoint: url(env, 'AZURE_OPENAI_ENDPOINT'),
    deployment: text(env, 'AZURE_OPENAI_DEPLOYMENT'),
    apiVersion: text(env, 'AZURE_OPENAI_API_VERSION') ?? d.microsoft.apiVersion,
    webSearch: flag(env, 'AZURE_OPENAI_WEB_SEARCH', true),
    timeoutMs: number(env, 'AZURE_OPENAI_TIMEOUT_MS', d.microsoft.timeoutMs, 1),
    prices: prices(env, 'AZURE_OPENAI', d.microsoft.prices),
  };
  const azureSet = [microsoft.apiKey, microsoft.endpoint, microsoft.deployment].filter(Boolean).length;
  if (azureSet > 0 && azureSet < 3) {
    throw new ProviderSettingsError('Azure OpenAI is partly configured: set AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY and AZURE_OPENAI_DEPLOYMENT, or none of them');
  }
  return {
    openai: api('OPENAI', d.openai, ['OPENAI_API_KEY'], ['OPENAI_BASE_URL']),
    perplexity: api('PERPLEXITY', d.perplexity, ['PERPLEXITY_API_KEY'], ['PERPLEXITY_BASE_URL']),
    google: {
      ...api('GEMINI', d.google, ['GEMINI_API_KEY', 'GOOGLE_API_KEY'], ['GEMINI_BASE_URL', 'GOOGLE_GEMINI_BASE_URL']),
      resolveRedirects: flag(env, 'GEMINI_RESOLVE_REDIRECTS', true),
    },
    microsoft,
  };
}

/** Cost of one answer from its token counts; null when a count is unknown. */
export function costOf(prices: Prices, inputTokens: number | null, outputTokens: number | null): number | null {
  if (inputTokens == null || outputTokens == null) return null;
  const usd = (inputTokens * prices.inputPer1M + outputTokens * prices.outputPer1M) / 1_000_000 + prices.perRequest;
  return Math.round(usd * 1e8) / 1e8;
}

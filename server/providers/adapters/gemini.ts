import { GoogleGenAI, type GenerateContentResponse, type GroundingChunk } from '@google/genai';
import { BadResponseError, parseRetryAfter, ProviderError } from '../errors';
import type { AnswerProvider, AnswerRequest, ProviderAnswer, RawCitation } from '../provider';
import type { GoogleSettings } from '../settings';
import { call, countryInstruction, realProvenance, requireText, tokens, uniqueCitations } from './common';

/** Grounding chunks of the Gemini API point at redirect URLs, not at the source itself. */
export const isGroundingRedirect = (url: string) => /\/grounding-api-redirect\//.test(url);

/**
 * Where a redirect URL leads: one HEAD request without following it, reading Location. Null when it
 * does not redirect or the request fails (the caller then falls back to the chunk's domain).
 */
export async function resolveRedirect(url: string, timeoutMs: number, fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchFn(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const location = res.headers.get('location');
    return res.status >= 300 && res.status < 400 && location ? new URL(location, url).toString() : null;
  } catch {
    return null;
  }
}

const DOMAIN = /^(?=.{4,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/i;

/**
 * A chunk's citation: its own URL when it is not a redirect; a redirect resolved to the source's
 * URL when allowed and possible; else the source's domain (Vertex AI gives `domain`, the Gemini API
 * puts the domain in `title`) as https://domain/, so sources still count by domain.
 */
async function citationOf(chunk: GroundingChunk, s: GoogleSettings, fetchFn?: typeof fetch): Promise<RawCitation | null> {
  const web = chunk.web;
  if (!web?.uri) return null;
  const title = web.title ?? null;
  if (!isGroundingRedirect(web.uri)) return { url: web.uri, title, author: null, publishedAt: null };
  if (s.resolveRedirects) {
    const resolved = await resolveRedirect(web.uri, Math.min(5_000, s.timeoutMs), fetchFn);
    if (resolved) return { url: resolved, title, author: null, publishedAt: null };
  }
  const domain = [web.domain, web.title].find((d): d is string => typeof d === 'string' && DOMAIN.test(d.trim()));
  return domain ? { url: `https://${domain.trim().toLowerCase()}/`, title, author: null, publishedAt: null } : { url: web.uri, title, author: null, publishedAt: null };
}

/**
 * Gemini's answers through @google/genai with Google Search grounding. The Gemini API takes no
 * country for search, so the country is in the system instruction. The SDK's own retries stay off
 * (the job queue owns retries); its errors carry no headers, so Retry-After is read from the 429
 * response by a per-call wrapping fetch.
 */
export function createGeminiProvider(s: GoogleSettings & { apiKey: string }, deps: { fetch?: typeof fetch } = {}): AnswerProvider {
  const baseFetch = deps.fetch ?? fetch;
  const ai = new GoogleGenAI({
    apiKey: s.apiKey,
    httpOptions: { ...(s.baseUrl ? { baseUrl: s.baseUrl } : {}), timeout: s.timeoutMs, retryOptions: { attempts: 1 } },
  });
  return {
    id: 'google',
    async answer(req: AnswerRequest): Promise<ProviderAnswer> {
      const country = req.location.toUpperCase();
      // Per call, so concurrent calls never see each other's header.
      let retryAfter: string | null = null;
      const capturingFetch: typeof fetch = async (input, init) => {
        const res = await baseFetch(input, init);
        if (res.status === 429 || res.status === 503) retryAfter = res.headers.get('retry-after');
        return res;
      };
      let response: GenerateContentResponse;
      let latencyMs: number;
      try {
        ({ value: response, latencyMs } = await call('google', async () => {
          const r = await ai.models.generateContent({
            model: s.model,
            contents: req.promptText,
            config: {
              systemInstruction: countryInstruction(country),
              tools: [{ googleSearch: {} }],
              abortSignal: req.signal,
              httpOptions: { fetch: capturingFetch },
            },
          });
          if (!r || !Array.isArray(r.candidates)) throw new BadResponseError('google: the reply has no candidates');
          return r;
        }));
      } catch (err) {
        if (err instanceof ProviderError && retryAfter && err.retryAfterMs === undefined) {
          const ms = parseRetryAfter({ 'retry-after': retryAfter });
          if (ms !== undefined) throw new ProviderError('google', err.errorClass, err.message, { status: err.status, retryAfterMs: ms, cause: err.cause });
        }
        throw err;
      }
      const candidate = response.candidates?.[0];
      const answerText = requireText(candidate?.content?.parts?.map((p) => p.text ?? '').join('') ?? '', 'google');
      const chunks = candidate?.groundingMetadata?.groundingChunks ?? [];
      const citations = uniqueCitations((await Promise.all(chunks.map((c) => citationOf(c, s, baseFetch)))).filter((c): c is RawCitation => c !== null));
      return {
        answerText,
        citations,
        provenance: realProvenance({
          replyModel: response.modelVersion, askedModel: s.model, webSearch: true, country, latencyMs,
          inputTokens: tokens(response.usageMetadata?.promptTokenCount), outputTokens: tokens(response.usageMetadata?.candidatesTokenCount),
          prices: s.prices,
        }),
      };
    },
  };
}

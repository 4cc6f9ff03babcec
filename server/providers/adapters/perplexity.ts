import Perplexity from '@perplexity-ai/perplexity_ai';
import { BadResponseError } from '../errors';
import type { AnswerProvider, AnswerRequest, ProviderAnswer, RawCitation } from '../provider';
import type { ApiProviderSettings } from '../settings';
import { call, countryInstruction, realProvenance, requireText, tokens, uniqueCitations } from './common';

interface SonarReply {
  model?: unknown;
  choices?: { message?: { content?: unknown } }[];
  search_results?: { url?: unknown; title?: unknown; date?: unknown }[] | null;
  citations?: unknown[] | null;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; cost?: { total_cost?: unknown } | null } | null;
}

function textOf(reply: SonarReply): string {
  const content = reply.choices?.[0]?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => (c && typeof c === 'object' && 'text' in c ? String((c as { text: unknown }).text) : '')).join('');
  return '';
}

/** `search_results` (with titles and dates) when present, else the older bare `citations` url list. */
function citationsOf(reply: SonarReply): RawCitation[] {
  const results = Array.isArray(reply.search_results) ? reply.search_results : [];
  if (results.length > 0) {
    return uniqueCitations(
      results
        .filter((r) => typeof r?.url === 'string')
        .map((r) => ({ url: String(r.url), title: typeof r.title === 'string' ? r.title : null, author: null, publishedAt: typeof r.date === 'string' ? r.date : null })),
    );
  }
  const urls = Array.isArray(reply.citations) ? reply.citations.filter((u): u is string => typeof u === 'string') : [];
  return uniqueCitations(urls.map((url) => ({ url, title: null, author: null, publishedAt: null })));
}

/**
 * Perplexity's answers through its official SDK: a Sonar model over chat completions, the country
 * in `web_search_options.user_location`. When the reply reports its own cost (usage.cost), that
 * figure is stored; otherwise the configured prices apply.
 */
export function createPerplexityProvider(s: ApiProviderSettings & { apiKey: string }): AnswerProvider {
  const client = new Perplexity({ apiKey: s.apiKey, baseURL: s.baseUrl ?? 'https://api.perplexity.ai', timeout: s.timeoutMs, maxRetries: 0 });
  return {
    id: 'perplexity',
    async answer(req: AnswerRequest): Promise<ProviderAnswer> {
      const country = req.location.toUpperCase();
      const { value: reply, latencyMs } = await call('perplexity', async () => {
        const r = (await client.chat.completions.create(
          {
            model: s.model,
            messages: [
              { role: 'system', content: countryInstruction(country) },
              { role: 'user', content: req.promptText },
            ],
            web_search_options: { user_location: { country } },
            stream: false,
          },
          { signal: req.signal },
        )) as unknown as SonarReply;
        if (!r || typeof r !== 'object' || !Array.isArray(r.choices)) throw new BadResponseError('perplexity: the reply has no choices');
        return r;
      });
      const answerText = requireText(textOf(reply), 'perplexity');
      return {
        answerText,
        citations: citationsOf(reply),
        provenance: realProvenance({
          replyModel: reply.model, askedModel: s.model, webSearch: true, country, latencyMs,
          inputTokens: tokens(reply.usage?.prompt_tokens), outputTokens: tokens(reply.usage?.completion_tokens),
          prices: s.prices, reportedCostUsd: reply.usage?.cost?.total_cost,
        }),
      };
    },
  };
}

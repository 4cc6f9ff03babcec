import type OpenAI from 'openai';
import type { Response } from 'openai/resources/responses/responses';
import { BadResponseError } from '../errors';
import type { AnswerProvider, AnswerRequest, ProviderAnswer, RawCitation } from '../provider';
import type { Prices } from '../settings';
import { call, countryInstruction, realProvenance, requireText, tokens, uniqueCitations } from './common';

/**
 * An answer through the Responses API with the web search tool, used by the OpenAI adapter and
 * the Azure OpenAI one (same API, different client). The country goes to the tool as the
 * approximate user location; the answer's `url_citation` annotations are its citations.
 */
export interface ResponsesAdapterOptions {
  id: string;
  client: OpenAI;
  model: string;
  webSearch: boolean;
  prices: Prices;
}

function citationsOf(response: Response): RawCitation[] {
  const out: RawCitation[] = [];
  for (const item of response.output ?? []) {
    if (item.type !== 'message') continue;
    for (const part of item.content ?? []) {
      if (part.type !== 'output_text') continue;
      for (const a of part.annotations ?? []) {
        if (a.type === 'url_citation' && typeof a.url === 'string') out.push({ url: a.url, title: a.title ?? null, author: null, publishedAt: null });
      }
    }
  }
  return uniqueCitations(out);
}

function textOf(response: Response): string {
  const parts: string[] = [];
  for (const item of response.output ?? []) {
    if (item.type !== 'message') continue;
    for (const part of item.content ?? []) if (part.type === 'output_text' && typeof part.text === 'string') parts.push(part.text);
  }
  return parts.join('\n');
}

export function createResponsesAdapter(opts: ResponsesAdapterOptions): AnswerProvider {
  return {
    id: opts.id,
    async answer(req: AnswerRequest): Promise<ProviderAnswer> {
      const country = req.location.toUpperCase();
      const { value: response, latencyMs } = await call(opts.id, async () => {
        const r = await opts.client.responses.create(
          {
            model: opts.model,
            instructions: countryInstruction(country),
            input: req.promptText,
            ...(opts.webSearch ? { tools: [{ type: 'web_search' as const, user_location: { type: 'approximate' as const, country } }] } : {}),
          },
          { signal: req.signal },
        );
        if (!r || typeof r !== 'object' || !Array.isArray((r as Response).output)) throw new BadResponseError(`${opts.id}: the reply has no output list`);
        return r;
      });
      const answerText = requireText(textOf(response), opts.id);
      return {
        answerText,
        citations: citationsOf(response),
        provenance: realProvenance({
          replyModel: response.model, askedModel: opts.model, webSearch: opts.webSearch, country, latencyMs,
          inputTokens: tokens(response.usage?.input_tokens), outputTokens: tokens(response.usage?.output_tokens),
          prices: opts.prices,
        }),
      };
    },
  };
}

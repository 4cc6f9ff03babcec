/**
 * Replies in each provider's documented response shape, for the fake provider server. The answer
 * names the prompt and the requested country, so a test can tell which request a stored run came
 * from; every reply carries three citations and token usage.
 */
export interface FakeAnswerInput {
  prompt: string;
  country: string | null;
  model: string;
  /** the fake server's origin: Gemini's redirect URLs point back at it so they can be resolved */
  origin: string;
}

export const FAKE_USAGE = { input: 120, output: 80 } as const;

/** The brands and sources every fake answer names, in order. */
export const FAKE_BRANDS = ['Asana', 'Trello', 'Notion'] as const;
export const FAKE_SOURCES = [
  { url: 'https://www.g2.com/categories/project-management', title: 'Best Project Management Software' },
  { url: 'https://zapier.com/blog/best-project-management-software/', title: 'The best project management software in 2026' },
  { url: 'https://www.reddit.com/r/projectmanagement/comments/abc/tools/', title: 'Which tool do you use?' },
] as const;

export function fakeAnswerText(input: FakeAnswerInput): string {
  return [
    `For "${input.prompt}" (asked from ${input.country ?? 'anywhere'}), these come up most often:`,
    `1. **${FAKE_BRANDS[0]}** – a reliable, well-regarded choice for growing teams.`,
    `2. **${FAKE_BRANDS[1]}** – simple boards, great for small projects.`,
    `3. **${FAKE_BRANDS[2]}** – flexible docs and databases.`,
  ].join('\n');
}

/** OpenAI Responses API (also Azure OpenAI's): a web_search_call item, then a message with url_citation annotations. */
export function openaiResponse(input: FakeAnswerInput): unknown {
  const text = fakeAnswerText(input);
  return {
    id: 'resp_fake_1',
    object: 'response',
    created_at: 1_764_000_000,
    status: 'completed',
    model: input.model,
    output: [
      { type: 'web_search_call', id: 'ws_fake_1', status: 'completed', action: { type: 'search', query: input.prompt } },
      {
        type: 'message',
        id: 'msg_fake_1',
        status: 'completed',
        role: 'assistant',
        content: [
          {
            type: 'output_text',
            text,
            annotations: FAKE_SOURCES.map((s, i) => ({ type: 'url_citation', start_index: i, end_index: i + 1, url: s.url, title: s.title })),
          },
        ],
      },
    ],
    usage: {
      input_tokens: FAKE_USAGE.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: FAKE_USAGE.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: FAKE_USAGE.input + FAKE_USAGE.output,
    },
  };
}

/** Perplexity chat completions: the answer, `search_results` (title, url, date) and the older `citations` url list. */
export function perplexityResponse(input: FakeAnswerInput): unknown {
  return {
    id: 'pplx_fake_1',
    model: input.model,
    created: 1_764_000_000,
    object: 'chat.completion',
    usage: {
      prompt_tokens: FAKE_USAGE.input,
      completion_tokens: FAKE_USAGE.output,
      total_tokens: FAKE_USAGE.input + FAKE_USAGE.output,
      search_context_size: 'low',
      cost: { input_tokens_cost: 0.00012, output_tokens_cost: 0.00008, request_cost: 0.005, total_cost: 0.0052 },
    },
    citations: FAKE_SOURCES.map((s) => s.url),
    search_results: FAKE_SOURCES.map((s) => ({ title: s.title, url: s.url, date: '2026-10-01', last_updated: '2026-10-02' })),
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: fakeAnswerText(input) }, delta: { role: 'assistant', content: '' } }],
  };
}

/**
 * Gemini generateContent with Google Search grounding: chunks point at redirect URLs (the real API's
 * are on vertexaisearch.cloud.google.com; here on the fake itself, so they can be followed) with the
 * source's domain as title, as the Gemini API returns them; the first chunk also carries `domain`,
 * as Vertex AI does.
 */
export function geminiResponse(input: FakeAnswerInput): unknown {
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ text: fakeAnswerText(input) }] },
        finishReason: 'STOP',
        index: 0,
        groundingMetadata: {
          webSearchQueries: [input.prompt],
          searchEntryPoint: { renderedContent: '<div></div>' },
          groundingChunks: FAKE_SOURCES.map((s, i) => ({
            web: {
              uri: `${input.origin}/grounding-api-redirect/FAKE${i}`,
              title: new URL(s.url).hostname.replace(/^www\./, ''),
              ...(i === 0 ? { domain: new URL(s.url).hostname } : {}),
            },
          })),
          groundingSupports: [{ segment: { startIndex: 0, endIndex: 10, text: 'For' }, groundingChunkIndices: [0, 1, 2] }],
        },
      },
    ],
    usageMetadata: { promptTokenCount: FAKE_USAGE.input, candidatesTokenCount: FAKE_USAGE.output, totalTokenCount: FAKE_USAGE.input + FAKE_USAGE.output },
    modelVersion: input.model,
    responseId: 'gem_fake_1',
  };
}

/** Where the fake's redirect URLs lead (what a HEAD request to them would find). */
export function geminiRedirectTarget(path: string): string | null {
  const m = /\/grounding-api-redirect\/FAKE(\d+)$/.exec(path);
  return m ? (FAKE_SOURCES[Number(m[1])]?.url ?? null) : null;
}

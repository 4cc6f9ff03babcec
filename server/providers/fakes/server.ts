import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { geminiRedirectTarget, geminiResponse, openaiResponse, perplexityResponse, type FakeAnswerInput } from './replies';

/**
 * A local stand-in for the OpenAI, Azure OpenAI, Perplexity and Gemini HTTP APIs, answering in
 * their documented shapes so the real SDKs can be pointed at it through their base URL.
 *
 * Routes (any prefix, so every SDK's base URL works):
 *   POST …/responses                    OpenAI / Azure OpenAI Responses API
 *   POST …/chat/completions             Perplexity
 *   POST …/models/<model>:generateContent  Gemini
 *   GET|HEAD /grounding-api-redirect/…  Gemini's redirect URLs (302 to the source)
 */
export type FakeBehaviour =
  | 'ok'
  /** 429 with Retry-After (retryAfter seconds, default 2) */
  | 'rate_limited'
  /** 500 with an error body */
  | 'server_error'
  /** 401 */
  | 'auth'
  /** never answers (until the client gives up or the server closes) */
  | 'hang'
  /** 200 with a body that is not JSON */
  | 'malformed'
  /** 200 with JSON that has none of the documented fields */
  | 'bad_shape';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  api: 'openai' | 'perplexity' | 'gemini' | 'redirect' | 'unknown';
  behaviour: FakeBehaviour;
}

export interface FakeProviderServerOptions {
  /** Delay before every answer, in ms (default 0): a provider's thinking time, for throughput benchmarks. */
  latencyMs?: number;
  /** What every request gets unless a scripted behaviour is queued (default 'ok'). */
  behaviour?: FakeBehaviour;
  /** Retry-After seconds sent with 'rate_limited' (default 2). */
  retryAfter?: number;
  /** Keep at most this many requests in `requests` (default 10 000; a benchmark sends more). */
  keepRequests?: number;
}

export interface FakeProviderServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Base URLs as each SDK expects them. */
  baseUrls: { openai: string; perplexity: string; gemini: string; azureEndpoint: string };
  requests: FakeRequest[];
  /** Counts every request answered (not capped like `requests`). */
  served(): number;
  /** Changes the default behaviour. */
  behave(b: FakeBehaviour): void;
  /** Queues behaviours for the next requests, in order, before the default applies again. */
  script(...bs: FakeBehaviour[]): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

function apiOf(method: string, path: string): FakeRequest['api'] {
  if (path.includes('/grounding-api-redirect/')) return 'redirect';
  if (method !== 'POST') return 'unknown';
  if (path.endsWith('/responses')) return 'openai';
  if (path.endsWith('/chat/completions')) return 'perplexity';
  if (/\/models\/[^/]+:generateContent$/.test(path)) return 'gemini';
  return 'unknown';
}

function countryOf(api: FakeRequest['api'], body: Record<string, unknown>): string | null {
  if (api === 'openai') {
    const tools = Array.isArray(body.tools) ? (body.tools as { user_location?: { country?: string } }[]) : [];
    return tools.find((t) => t.user_location?.country)?.user_location?.country ?? null;
  }
  if (api === 'perplexity') {
    return (body.web_search_options as { user_location?: { country?: string } } | undefined)?.user_location?.country ?? null;
  }
  if (api === 'gemini') {
    const sys = JSON.stringify(body.systemInstruction ?? body.system_instruction ?? '');
    return /located in [^"]*\(([A-Z]{2})\)/.exec(sys)?.[1] ?? null;
  }
  return null;
}

function promptOf(api: FakeRequest['api'], body: Record<string, unknown>): string {
  if (api === 'openai') return typeof body.input === 'string' ? body.input : JSON.stringify(body.input ?? '');
  if (api === 'perplexity') {
    const msgs = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : [];
    return String(msgs.filter((m) => m.role === 'user').at(-1)?.content ?? '');
  }
  if (api === 'gemini') {
    const contents = Array.isArray(body.contents) ? (body.contents as { parts?: { text?: string }[] }[]) : [];
    return contents.at(-1)?.parts?.map((p) => p.text ?? '').join('') ?? '';
  }
  return '';
}

const ERROR_BODY = {
  openai: (status: number, message: string) => ({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: null } }),
  gemini: (status: number, message: string) => ({ error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } }),
};

export async function startFakeProviderServer(opts: FakeProviderServerOptions = {}): Promise<FakeProviderServer> {
  let latency = opts.latencyMs ?? 0;
  let fallback: FakeBehaviour = opts.behaviour ?? 'ok';
  const queue: FakeBehaviour[] = [];
  const keep = opts.keepRequests ?? 10_000;
  const requests: FakeRequest[] = [];
  let served = 0;
  const hanging = new Set<http.ServerResponse>();
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const api = apiOf(req.method ?? 'GET', path);
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const behaviour = api === 'redirect' ? 'ok' : (queue.shift() ?? fallback);
      if (requests.length < keep) requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body, api, behaviour });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        served++;
        const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text);
      };
      const answer = () => {
        if (api === 'redirect') {
          const target = geminiRedirectTarget(path);
          served++;
          res.writeHead(target ? 302 : 404, target ? { location: target } : {});
          res.end();
          return;
        }
        if (api === 'unknown') return send(404, { error: { message: `no fake for ${req.method} ${path}` } });
        const errorBody = api === 'gemini' ? ERROR_BODY.gemini : ERROR_BODY.openai;
        switch (behaviour) {
          case 'hang':
            hanging.add(res);
            res.on('close', () => hanging.delete(res));
            return;
          case 'rate_limited':
            return send(429, errorBody(429, 'Rate limit reached, please retry later'), { 'retry-after': String(opts.retryAfter ?? 2) });
          case 'server_error':
            return send(500, errorBody(500, 'The server had an error while processing your request'));
          case 'auth':
            return send(401, errorBody(401, 'Incorrect API key provided'));
          case 'malformed':
            return send(200, '{"id": "resp_broken", "output": [ {"type": "mess');
          case 'bad_shape':
            return send(200, { unexpected: true });
          default: {
            const model = api === 'gemini' ? (/\/models\/([^/:]+):/.exec(path)?.[1] ?? 'gemini') : String(body.model ?? 'unknown');
            const input: FakeAnswerInput = { prompt: promptOf(api, body), country: countryOf(api, body), model, origin };
            const reply = api === 'openai' ? openaiResponse(input) : api === 'perplexity' ? perplexityResponse(input) : geminiResponse(input);
            return send(200, reply, api === 'openai' ? { 'x-request-id': 'req_fake' } : {});
          }
        }
      };
      if (latency > 0 && api !== 'redirect') setTimeout(answer, latency);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrls: { openai: `${origin}/v1`, perplexity: origin, gemini: origin, azureEndpoint: origin },
    requests,
    served: () => served,
    behave: (b) => {
      fallback = b;
    },
    script: (...bs) => {
      queue.push(...bs);
    },
    setLatency: (ms) => {
      latency = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { fastifyPath, loadCatalogue, type CatalogueCall } from '../../server/catalogue/load';
import type { TestServer } from '../support/harness';
import { LAST_CALLS, requestFor, windows, type WalkIds, type WalkRequest } from './requests';

export const catalogue = loadCatalogue();

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
for (const s of catalogue.shared) ajv.addSchema(s);
const validators = new Map<string, ValidateFunction>();

/** The catalogue's response schema for a call, compiled once. */
export function responseValidator(call: CatalogueCall): ValidateFunction {
  let v = validators.get(call.id);
  if (!v) {
    v = ajv.compile(call.response);
    validators.set(call.id, v);
  }
  return v;
}

export function urlFor(call: CatalogueCall, req: WalkRequest): string {
  let url = fastifyPath(call.path).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`${call.id}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  if (req.query) url += `?${new URLSearchParams(req.query)}`;
  return url;
}

export async function send(
  server: TestServer,
  call: CatalogueCall,
  req: WalkRequest,
  cookie: string | undefined,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (req.multipart) {
    const boundary = '----answerscopewalk';
    const { field, filename, contentType, data } = req.multipart;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return server.app.inject({
      method: call.method,
      url: urlFor(call, req),
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }
  const hasBody = req.body !== undefined && call.method !== 'GET';
  return server.app.inject({
    method: call.method,
    url: urlFor(call, req),
    headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    payload: hasBody ? JSON.stringify(req.body) : undefined,
  });
}

/** The error shape every non-2xx JSON answer must have. */
export function isErrorShape(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return typeof b.message === 'string' && typeof b.code === 'string' && 'details' in b;
}

export function json(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

/**
 * The walk's order: reads first, then the mutations later calls depend on, and the calls that end
 * the session or the account last (LAST_CALLS).
 */
export function orderedCalls(): CatalogueCall[] {
  return Object.values(catalogue.calls).sort((a, b) => {
    const ra = LAST_CALLS.indexOf(a.id), rb = LAST_CALLS.indexOf(b.id);
    return ra - rb || a.id.localeCompare(b.id);
  });
}

/** The ids a walk needs, read from the demo data: the demo user's first brand, a prompt that ran, a competitor. */
export async function discoverWalkIds(server: TestServer, cookie: string): Promise<WalkIds> {
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { cookie }, payload });
  const me = (await inject('GET', '/api/users/me')).json();
  const brandId: string = me.userBrands[0].id;
  const w = windows(server.now);
  const table = (await inject('POST', '/api/prompts/table', { brandId, ...w, providers: null, location: null })).json();
  const prompts = Array.isArray(table) ? table : table.prompts;
  const ranking = (await inject('POST', '/api/brands/performance/ranking-list', { brandId, ...w, providers: null, location: null })).json();
  const competitor = ranking.find((r: { brandName: string }) => r.brandName !== me.userBrands[0].name).brandName;
  const promptId = prompts.find((p: { currentPeriodRuns: number }) => p.currentPeriodRuns > 0).promptId;
  return { brandId, promptId, competitor, now: server.now };
}

export interface WalkAnswer {
  call: CatalogueCall;
  request: WalkRequest;
  response: LightMyRequestResponse;
}

/**
 * Calls every catalogue call once in walk order as the demo user, carrying forward the ids later
 * calls need (the scratch brand, the checkout session, the stored picture). Calls that end a
 * session or an account get a session of their own. `onAnswer` sees each answer as it comes.
 */
export async function walkEveryCall(
  server: TestServer,
  ids: WalkIds,
  cookie: string,
  onAnswer?: (answer: WalkAnswer) => void,
): Promise<WalkAnswer[]> {
  const answers: WalkAnswer[] = [];
  for (const call of orderedCalls()) {
    const request = requestFor(call.id, ids);
    if (!request) continue;
    let useCookie = cookie;
    if (call.id.startsWith('auth.logout') || call.id === 'auth.refresh' || call.id === 'auth.login') useCookie = await server.login();
    if (call.id === 'users.me.deactivate') useCookie = await server.login('new@example.com');
    const response = await send(server, call, request, useCookie);
    if (response.statusCode < 300) {
      if (call.id === 'brands.create') ids.scratchBrandId = response.json().brand.id;
      if (call.id === 'onboarding.checkout-session') ids.checkoutSession = response.json().sessionId;
      if (call.id === 'users.me.profile-picture') ids.pictureFile = String(response.json().profilePicture).split('/').pop();
    }
    const answer = { call, request, response };
    answers.push(answer);
    onAnswer?.(answer);
  }
  return answers;
}

import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { fastifyPath, loadCatalogue, type CatalogueCall } from '../../server/catalogue/load';
import type { TestServer } from '../support/harness';
import type { WalkRequest } from './requests';

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
